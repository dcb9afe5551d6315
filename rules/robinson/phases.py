"""The round (R16, R94) and its deterministic phases: Morale (R22-R25),
Production (R26-R29), the woodpile step (S3), the end of the Action phase
(R46), Weather (R66-R71) and Night (R72-R74).  `advance` runs automatic steps
until a seat must decide or the game is over."""
from __future__ import annotations

import json

from . import effects, marks
from .asks.core import Prompt, ask, kind as ask_kind
from .combat import built, helmet
from .cont import later, step
from .data import DICE, INVENTIONS, TILES
from .frames import Items, Step
from .island import adjacent_tiles, has_shelter, kind, sources
from .tallies import (fp_char, gain_det, heal, in_camp, living, lose_det, over, pay, players,
                    set_morale, wound, wound_all)
from .scenarios import check_round_end, check_win, of as scenario_of
from .scenarios import family, jenny
from .scenarios.castaways import room
from .state import RobinsonState, no_res
from .windows import clouds, open_night, open_window
from ..text import Msg, join
from .texts import card as card_msg, char, m, sub
from .asks.jenny_rest import ask_rest
from .asks.meals import extra_meals
from .tallies import end
from .move_kinds import HUNGRY

MORALE_D = {-3: -3, -2: -2, -1: -1, 0: 0, 1: 1, 2: 2}  # R23; +3 is a choice


def header(s: RobinsonState, phase: str) -> None:
    """A line naming the phase that begins (R16), so the thread shows every phase."""
    s.events.append(m("ev.phase", phase=sub("img.phase", phase)))


def start_round(s: RobinsonState) -> None:
    """R94: night-outside characters come back, then the win check; then the Event phase (R18)."""
    s.events.append(m("ev.round", n=s.round))
    for c in s.chars.values():
        if c.out:
            c.out = False
            for k, v in c.supply.items():
                s.avail[k] += v
            c.supply = no_res()
            kept, c.kept = c.kept, []
            effects.arrive(s, kept)  # R45: "on arrival" tokens convert as they reach Available
            for name, uses in c.treasures.items():  # kept treasures become the group's items
                s.items[name] = uses
                s.events.append(m("ev.item_back", who=char(c.name), item=card_msg("item:" + name)))
            c.treasures = {}
    delayed, s.delayed = s.delayed, []
    for entry in delayed:  # R94 (2): "next round start" effects in the order gained
        who, _, code = entry.partition("|")
        effects.apply(s, [code], "delayed", who)
        if over(s):
            return
    if check_win(s):
        return
    at_start = scenario_of(s).at_round_start
    if at_start is not None:  # M11, K5.6: the scenario's map change, before the Event phase
        at_start(s)
    if s.round == 1:  # R18
        morale_phase(s)
    else:
        s.phase = "event"


@step("morale")
def _morale_step(s: RobinsonState, f: Step) -> None:
    morale_phase(s)


def morale_phase(s: RobinsonState) -> None:
    s.phase = "morale"
    header(s, "morale")
    if len(s.seats) == 1:  # R22/R15
        set_morale(s, 1)
    if s.morale == 3:
        return  # the FP's seat chooses (R23)
    n = MORALE_D[s.morale]
    who = fp_char(s)
    if n > 0:
        gain_det(s, who, n)
    elif n < 0:
        lose_det(s, who, -n)  # R24
    after_morale(s)


def morale_choice(s: RobinsonState, heal_it: bool) -> None:
    who = fp_char(s)
    if heal_it:
        heal(s, who, 1)
    else:
        gain_det(s, who, 2)
    after_morale(s)


def after_morale(s: RobinsonState) -> None:
    if over(s):
        return
    if built(s, "Diary"):  # R25
        gain_det(s, fp_char(s), 1, card_msg("invention:Diary"))
    if built(s, "Drums"):
        gain_det(s, fp_char(s), 2, card_msg("invention:Drums"))
    production(s)


def production(s: RobinsonState) -> None:
    """R26-R29: the camp tile's sources, camp tokens, the Shortcut; event modifiers."""
    header(s, "production")
    produce(s)


def produce(s: RobinsonState, pick: str | None = None) -> None:
    """R26-R29 once the Shortcut's source is known (`pick`, asked when it matters, `sp:<source>`)."""
    got = {"F": 0, "W": 0}
    camp = s.island[s.camp]
    fogged = marks.has(s, s.camp, "fog")  # K2.3(c): a fogged camp tile gives nothing, its tokens included
    for src in [] if fogged else sources(s, s.camp):
        got[kind(src)] += 1
    for tok, k in (("+F", "F"), ("+W", "W")):
        if tok in camp.tokens and any(kind(x) == k for x in sources(s, s.camp)) and not fogged:
            got[k] += camp.tokens.count(tok)  # one each (R27); several only where they stack (K6.6)
    if fogged:
        s.events.append(m("ev.fog_camp"))
    mods = s.prod_mods
    for sp, spot in s.island.items():
        if "shortcut" in spot.tokens and "Shortcut" in s.built and spot.face_up and not marks.has(s, sp, "fog"):
            live = list(dict.fromkeys(sources(s, sp)))
            wanted = sorted((x for x in live if not ({"noall", "no" + kind(x)} & set(mods))),
                            key=lambda x: kind(x) != "F")  # E31: food first (the default)
            if pick is None and len(wanted) > 1:  # R28: the FP's seat picks one source
                ask(s, "prodsc", wanted, space=str(sp))
                return
            if live:
                got[kind(pick if pick in live else (wanted or live)[0])] += 1
    if "noall" in mods:
        got = {"F": 0, "W": 0}
    if "noF" in mods:
        got["F"] = 0
    if "noW" in mods:
        got["W"] = 0
    if "half" in mods:  # ½Prod: floor(total/2), the FP picks the mix (R29, `hp:<food>`)
        total = (got["F"] + got["W"]) // 2
        mixes = half_mixes(got["F"], got["W"])
        if len(mixes) > 1:
            s.pending = {"kind": "halfprod", "seat": s.seats[s.fp], "F": str(got["F"]), "W": str(got["W"]),
                         "less": ";".join(x for x in mods if x.startswith("less"))}
            s.prod_mods = []
            return
        got = {"F": mixes[0], "W": total - mixes[0]}
    finish_production(s, got, mods)


def _prodsc_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    return m("mv.shortcut_source", src=sub("src", a), space=int(p["space"]), res=sub("res", kind(a)))


@ask_kind("prodsc", "sp", _prodsc_label, lambda s, p: m("prompt.shortcut_source", space=int(p["space"])))
def _prodsc_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    produce(s, a)


def half_mixes(food: int, wood: int) -> list[int]:
    """R29 ½Prod: the food counts the FP may take; never more of a type than normal."""
    total = (food + wood) // 2
    return [f for f in range(min(food, total), -1, -1) if total - f <= wood]


def half_pick(s: RobinsonState, food: int) -> None:
    p = s.pending
    assert p is not None
    s.pending = None
    total = (int(p["F"]) + int(p["W"])) // 2
    finish_production(s, {"F": food, "W": total - food}, [x for x in p["less"].split(";") if x])


def finish_production(s: RobinsonState, got: dict[str, int], mods: list[str]) -> None:
    for mod in mods:
        if mod.startswith("less"):
            got["F"] = max(0, got["F"] - int(mod[4:]))
    s.prod_mods = []
    s.events.append(m("ev.production", food=got["F"], wood=got["W"]))
    s.avail["F"] += got["F"]
    s.avail["W"] += got["W"]
    wood_step(s)


def wood_step(s: RobinsonState) -> None:
    """S3: before planning, the FP's seat may move wood to the current stage."""
    if room(s) > 0 and s.avail["W"] > 0:
        s.phase = "wood"
        return
    start_planning(s)


def start_planning(s: RobinsonState) -> None:
    s.phase = "plan"
    header(s, "plan")
    s.plan = []
    s.confirmed = []
    s.edits = {}
    s.gathered = {}


def end_action(s: RobinsonState) -> None:
    """R46: new items take effect in build order, Future goes to Available, then S5."""
    s.actor = None
    if s.options.scenario == "jenny":
        ask_rest(s)  # K3.7, K3.12: her own pawn rests last, as Rest resolves last (R39), if the FP's seat says so
        if s.pending is not None:
            return
    end_action_items(s)


@step("jenny_rested")
def _jenny_rested_step(s: RobinsonState, f: Step) -> None:
    end_action_items(s)  # after Jenny's Rest was answered (asks/jenny_rest.py)


def end_action_items(s: RobinsonState) -> None:
    """R46: the Action phase's new items, then the rest of its end."""
    for item in s.future_built:
        s.built.append(item)
        s.events.append(m("ev.built", item=card_msg("invention:" + item)))
    new, s.future_built = s.future_built, []
    item_effects(s, new)


@step("items")
def _items_step(s: RobinsonState, f: Items) -> None:
    item_effects(s, f.left)


def item_effects(s: RobinsonState, items: list[str]) -> None:
    """R46 (items in build order; the Shortcut's tile is asked, §3.6), then the rest of the phase end."""
    for i, item in enumerate(items):
        before = (s.weapon, s.palisade)
        effects.apply(s, INVENTIONS[item].effect, "invention:" + item)
        for attr, old in zip(("weapon", "palisade"), before):
            if getattr(s, attr) > old:
                s.bonus[f"{item}.{attr}"] = getattr(s, attr) - old
        if over(s):
            return
        if s.pending is not None:
            later(s, "items", json.dumps(items[i + 1:]))
            return
    s.phase = "weather"
    for k, v in s.future.items():
        s.avail[k] += v
    s.future = no_res()
    toks, s.future_tokens = s.future_tokens, []
    effects.arrive(s, toks)
    for c in s.chars.values():  # R74: what each gained this Action phase is no longer traced
        c.gained, c.found, c.found_items = {}, [], []
    if "items_off" in s.flags:
        s.flags.remove("items_off")
    if check_win(s):
        return
    weather_phase(s)


def weather_dice(s: RobinsonState) -> list[str]:
    dice = list(scenario_of(s).weather[s.round])  # K0.4: the scenario's dice for the round
    if "red" in s.weather_tokens and "animals" not in dice:  # R66, E7
        dice.append("animals")
    return dice


def weather_phase(s: RobinsonState) -> None:
    s.phase = "weather"
    header(s, "weather")
    if weather_dice(s):
        return  # the FP rolls (a barrier move)
    if not open_window(s, []):
        resolve_weather(s, [])


def roll_weather(s: RobinsonState) -> None:
    faces = [(d, DICE[d][s.rng.below(6)]) for d in weather_dice(s)]
    s.events.append(m("ev.weather_roll", faces=join([sub("wxface", f) for _, f in faces], ", ")))
    if not open_window(s, [f for _, f in faces]):  # E20: Large Leaves, Blankets, Hooch
        resolve_weather(s, [f for _, f in faces])


def resolve_weather(s: RobinsonState, faces: list[str], mods: dict[str, int] | None = None) -> None:
    weather_effects(s, faces, mods)
    if not over(s):
        night_phase(s)


def weather_effects(s: RobinsonState, faces: list[str], mods: dict[str, int] | None = None) -> None:
    """R67-R70 for the characters in camp (R71); clouds after R68's modifiers."""
    rain, snow = clouds(s, faces, mods or {})
    if rain or snow:
        s.events.append(m("ev.clouds", rain=rain, snow=snow, roof=s.roof))
    if snow:
        pay(s, "W", snow, why=m("why_snow"))
    above = max(0, rain + snow - s.roof)
    if above and not over(s):
        pay(s, "W", above, why=m("why_roof"))
        if not over(s):
            pay(s, "F", above, why=m("why_roof"))
    for f in faces:
        if over(s):
            return
        if f == "food" and not built(s, "Corral"):
            pay(s, "F", 1, why=m("why_food_die"))
        elif f == "palisade":
            effects.track(s, "pal", -1, why=m("why_pal_die"))
        elif f == "beast":
            for who in in_camp(s):
                n = max(0, 3 - s.weapon)
                wound(s, who, n - (helmet(s) if n else 0), "beast")
                if over(s):
                    return
            if jenny.rescued(s):  # K3.7: the weather dice hit her too
                jenny.hurt(s, max(0, 3 - s.weapon), "beast")
                if over(s):
                    return
    if "storm" in s.weather_tokens and not over(s):
        effects.track(s, "pal", -1, why=m("why_storm"))
    s.weather_tokens = []


def night_phase(s: RobinsonState) -> None:
    """R72 (1) eating: when the food covers some meals but not all, the FP's seat chooses who goes
    hungry (`hg:<character>`, one at a time); then (2) the camp-move choice when there is somewhere to go."""
    s.phase = "night"
    header(s, "night")
    if s.options.scenario == "jenny":
        jenny.night(s)  # K3.5: her raft's 2 wounds come first
        if over(s):
            return
    if family.playing(s):
        family.children_eat(s)  # K6.4: the children eat first
        if over(s):
            return
    if not open_night(s):  # E20: healing before eating
        night_meals(s)


def night_meals(s: RobinsonState) -> None:
    eaters = in_camp(s) + jenny.at_table(s)  # K3.12: rescued Jenny may be the one who goes hungry
    short = len(eaters) - (s.avail["F"] + s.avail["NF"])
    if 0 < short < len(eaters):
        s.pending = {"kind": "hungry", "seat": s.seats[s.fp], "n": str(short), "chosen": ""}
        return
    night_eat(s, eaters if short > 0 else [])


def hungry_options(s: RobinsonState) -> list[tuple[str, str, str, bool]]:
    chosen = (s.pending or {}).get("chosen", "").split(";")
    return [(f"hg:{c}", HUNGRY, c, False) for c in in_camp(s) + jenny.at_table(s) if c not in chosen]


def hungry_pick(s: RobinsonState, who: str) -> None:
    p = s.pending
    assert p is not None
    chosen = [c for c in p["chosen"].split(";") if c] + [who]
    if len(chosen) < int(p["n"]):
        p["chosen"] = ";".join(chosen)
        return
    s.pending = None
    night_eat(s, chosen)


def night_eat(s: RobinsonState, hungry: list[str]) -> None:
    """R72 (1) with the hungry characters known (rescued Jenny among them or eating last, K3.7, K3.12),
    extra meals, characters outside (R74); then (2)."""
    starved = [c for c in hungry if c != jenny.WHO]
    meals = len(in_camp(s)) - len(starved)
    pay(s, "F", meals, if_possible=True, said=False)  # the meals line tells the food
    # K3.7, K3.12: rescued Jenny eats after the characters, unless she is the one who goes hungry;
    # her meal is counted in the same line as theirs, so the line tells all the food eaten.
    her_meal = bool(jenny.eats(s)) and jenny.WHO not in hungry and s.avail["F"] + s.avail["NF"] > 0
    if her_meal:
        pay(s, "F", 1, if_possible=True, said=False)
    s.events.append(meals_line(meals, her_meal))
    for who in starved:
        s.events.append(m("ev.hungry", who=char(who)))
        wound(s, who, 2, "hunger")
        if over(s):
            return
    if jenny.eats(s) and not her_meal:
        jenny.hurt(s, 2, "hunger")
        if over(s):
            return
    extra_meals(s)  # asks the FP's seat while food remains (E31), then night_outside


def meals_line(meals: int, her_meal: bool) -> Msg:
    """R72 (1), K3.7: the Night's one line of meals, Jenny's counted with the characters' ("2 meals
    eaten, Jenny's among them: -2 food."; hers alone: "Jenny eats 1 food.")."""
    if not her_meal:
        return m("ev.eat", n=meals)
    return m("ev.eat_jenny", n=meals + 1) if meals else m("ev.jenny_eats")


@step("night_outside")
def _night_outside_step(s: RobinsonState, f: Step) -> None:
    night_outside(s)  # after the extra meals (asks/meals.py)


def night_outside(s: RobinsonState) -> None:
    """R74 eating outside the camp; then R72 (2) the camp-move choice if there is somewhere to go."""
    for c in living(s):
        ch = s.chars[c]
        if ch.out:  # R74
            if ch.supply["F"] + ch.supply["NF"]:
                ch.supply["F" if ch.supply["F"] else "NF"] -= 1
            else:
                wound(s, c, 2, "hunger")
            if over(s):
                return
    if not adjacent_tiles(s):
        night_rest(s)


def outside_unsheltered(s: RobinsonState, who: str) -> bool:
    """R74: a character outside takes the no-shelter wound unless its tile has a natural shelter."""
    sp = int((s.mem.pop("out:" + who, None) or ["-1"])[0])
    spot = s.island.get(sp)
    return not (spot is not None and spot.face_up and TILES[spot.tile].shelter)


def night_rest(s: RobinsonState) -> None:
    """R72 (3)-(6)."""
    shelter = has_shelter(s)
    if not shelter:
        s.events.append(m("ev.no_shelter"))
    for who in living(s):
        if (outside_unsheltered(s, who) if s.chars[who].out else not shelter):  # R72 (3), R74
            wound(s, who, 1, "cold")
            if over(s):
                return
    if not shelter and jenny.rescued(s):  # K3.7: she takes the no-shelter wound
        jenny.hurt(s, 1, "cold")
        if over(s):
            return
    if "poison" in s.flags and not built(s, "Medicine"):  # Mystery: Poison
        wound_all(s, in_camp(s), 1, "wounds")
        if over(s):
            return
    keep = min(2, s.avail["F"]) if built(s, "Cellar") else 0
    if s.avail["F"] - keep:
        s.events.append(m("ev.spoil", n=s.avail["F"] - keep))
    s.avail["F"] = keep
    for c in s.chars.values():
        c.used = []
        c.supply["F"] = 0
    s.limits = {}
    s.flags = []
    s.extra_meal = 0
    if check_round_end(s):  # K0.9: a scenario's win at the end of a round (K2.1, K6.1), before R72(6)
        return
    if s.round >= scenario_of(s).rounds:  # R72(6), R96; K0.1 the scenario's rounds
        end(s, "lost", "time" if s.options.scenario == "castaways" else s.options.scenario + "_time")
        return
    s.round += 1
    if players(s) > 1:
        s.fp = (s.fp + 1) % players(s)
    start_round(s)
