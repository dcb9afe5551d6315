"""Who decides now, their legal options and the labels (the decision stack)."""
from __future__ import annotations

from typing import Any

from ..text import Msg, join
from . import abilities, asks, plan, rerolls, scenario_tokens, stacks
from .adventures import describe
from .data import ADVENTURES
from .effects.adventure_codes import hut_options, mark_options
from .island import adjacent_tiles
from .scenarios import cannibal
from .move_kinds import (ABILITY, CHOOSE_CHARACTER, DISCOVERY_TOKEN, HALF_PRODUCTION, HUNGRY, ITEM, LOOK_PICK,
                         MARK_ITEM, MEDALLION, MYSTERY_DRAW, NIGHT_WINDOW, REROLL, RUINED_HUT, SIGNS_OF_FIRE,
                         WEATHER_WINDOW)
from .phases import half_mixes, hungry_options
from .scenarios.castaways import room
from .setup import choosable, chooser
from .state import RobinsonState, Stack
from .texts import card as card_msg, char, m, res, sub
from .windows import night_options, options as wx_options

Opt = tuple[str, str, Any, bool]  # (id, kind, arg, barrier)


def deciders(s: RobinsonState) -> list[str]:
    if s.result is not None or s.abandoned:
        return []
    fp = s.seats[s.fp]
    if s.pending is not None:
        return [s.pending["seat"]]
    if s.phase == "setup":  # R2 option `choose_characters`: one seat at a time, in seat order
        return [chooser(s) or fp]
    if s.phase == "plan":
        return [x for x in s.seats if x not in s.confirmed]
    if s.phase == "resolve":
        return [s.queue[0].owners[0]] if s.queue else []
    return [fp]


def options(s: RobinsonState, seat: str) -> list[Opt]:
    if seat not in deciders(s):
        return []
    ph = s.phase
    if s.pending is not None:
        # R8, R87: the items and tokens usable now go with every prompt too (the FP's food items
        # while picking who goes hungry); using one leaves the prompt waiting (abilities.use_in_prompt)
        base = _prompt_options(s)
        if s.pending.get("kind") == "hungry":
            return base
        return base + abilities.prompt_items(s, {o[0] for o in base})
    if ph == "setup":  # R2: pick a character, or one at random (E31's default; draws: a barrier)
        last = len(s.seat_char) == len(s.seats) - 1  # the last pick starts round 1
        return [(f"ch:{c}", CHOOSE_CHARACTER, c, last) for c in choosable(s)] + [("ch:random", CHOOSE_CHARACTER, None, True)]
    return _phase_options(s, seat, ph)


def _prompt_options(s: RobinsonState) -> list[Opt]:
    """The answers to the pending prompt (R97)."""
    if s.pending is not None:
        if s.pending.get("kind") == "reroll":
            return rerolls.options(s)
        if s.pending.get("kind") == "mystery":  # R92: both draw or shuffle: barriers
            return [("my:go", MYSTERY_DRAW, True, True), ("my:stop", MYSTERY_DRAW, False, True)]
        if s.pending.get("kind") == "ntwin":
            return night_options(s)
        if s.pending.get("kind") == "wxwin":
            return wx_options(s)
        if s.pending.get("kind") == "mark":
            return mark_options(s)
        if s.pending.get("kind") == "fire":
            return [(f"sf:{x}", SIGNS_OF_FIRE, x, True) for x in s.pending["sources"].split(";")]
        if s.pending.get("kind") == "hut":
            return hut_options(s)
        if s.pending.get("kind") == "halfprod":
            return [(f"hp:{f}", HALF_PRODUCTION, f, False) for f in half_mixes(int(s.pending["F"]), int(s.pending["W"]))]
        if s.pending.get("kind") == "medallion":
            return abilities.medallion_options(s)
        if s.pending.get("kind") == "hungry":  # R72, and food items first if wanted (R8, R87)
            return hungry_options(s) + abilities.food_options(s)
        if s.pending.get("kind") in asks.KINDS:
            return asks.options(s)
        if "kind" in s.pending:
            return abilities.pick_options(s)
        return [(f"adv:{i}", "adv", i, True) for i in range(len(ADVENTURES[s.pending["card"]].opts))]
    return []


def _phase_options(s: RobinsonState, seat: str, ph: str) -> list[Opt]:
    # R8, R87: items and discovery tokens "en cualquier momento": with every decision of a phase
    items = abilities.item_options(s)
    if ph == "event":  # E20: Storm Glass may look at the top card before the draw (among the items)
        return [("draw", "draw", None, True)] + items
    if ph == "morale":
        return [("m:d", "morale", False, False), ("m:h", "morale", True, False)] + items
    if ph == "wood":
        top = min(room(s), s.avail["W"])
        return [(f"wood:{n}", "wood", n, False) for n in range(top + 1)] + items
    if ph == "plan":
        out: list[Opt] = [(mid, "place", (t, pawns), False) for mid, t, pawns in plan.place_options(s, seat)]
        out += [(mid, "support", (i, letter), False) for mid, i, letter in stacks.support_options(s, seat)]
        out += [(mid, "lead", (i, who), False) for mid, i, who in stacks.lead_options(s, seat)]
        out += [(mid, "unplace", i, False) for mid, i in stacks.unplace_options(s, seat)]
        if stacks.can_confirm(s, seat):
            out.append(("ok", "ok", None, False))
        else:  # R30: the rest on Rest, unfinished stacks undone, and confirm
            out.append(("ok:rest", "ok", "rest", False))
        return out + abilities.options(s, seat)
    if ph == "resolve":
        st = s.queue[0]
        if st.action == "camp" and len(s.seats) == 4:
            return [("go:d", "go", "d", True), ("go:m", "go", "m", True)] + items
        out = [("go", "go", "", True)]
        if st.action == "hunt":  # fight bonuses before the fight (E20)
            who = s.chars[st.pawns[0]]
            if who.name == "Soldier" and who.det >= 3 and "frenzy" not in who.used and \
                    "noabil" not in s.limits.get(who.name, []):
                out.append(("go:frenzy", "go", "frenzy", True))
            out += [(f"go:it.{i.replace(' ', '_')}", "go", "it." + i, True) for i in sorted(s.items)
                    if i in abilities.FIGHT_ITEMS and s.items[i] > 0
                    and not (i == "Sabre" and "sabre" in s.flags)]  # the Sabre: once per round
            out += scenario_tokens.fight_options(s)  # K2.8, K3.11: the Ritual Knife, the Old Pistol
        return out + items
    if ph == "weather":
        return [("roll", "roll", None, True)] + items
    if ph == "night":
        return [("stay", "stay", None, False)] + [(f"camp:{sp}", "camp", sp, False) for sp in adjacent_tiles(s)] + items
    return []


def pawn_names(s: RobinsonState, seat: str, pawns: str) -> Msg:
    return join([char(plan.letter_name(s, seat, x)) for x in pawns], ", ")


def target_msg(s: RobinsonState, key: str) -> Msg:
    parts = key.split(".")
    head = parts[0]
    if head == "thr":
        card = s.threat[int(parts[1])] or "event:?"
        item = plan.check_item(key)
        if item:  # E28: a weapon item committed to the requirement
            return m("tgt.threat_with", card=card_msg(card), item=card_msg("item:" + item))
        return m("tgt.threat", card=card_msg(card))
    if head == "b":
        if parts[1] == "inv" and len(parts) > 3 and parts[3].isdigit():  # K2.7: a Cross on a tile
            return m("tgt.cross", space=int(parts[3]))
        if parts[1] == "inv":
            return m("tgt.invention", item=card_msg("invention:" + parts[2]))
        return sub("tgt.build", parts[1])
    if head == "g":
        return m("tgt.gather", src=sub("src", parts[2]), space=int(parts[1]))
    if head == "h" and len(parts) == 3 and parts[2].isdigit():  # K5.5: a burning, a special Hunt
        return m("tgt.burn_city" if int(parts[2]) == cannibal.CITY_SPACE and s.totems.get(int(parts[2])) == 6
                 else "tgt.burn", space=int(parts[2]))
    if key == "x.raft":  # K3.6: the special Explore on the Raft
        return m("tgt.rescue")
    if key == "x.temple":  # K2.6: the temple search
        return m("tgt.temple")
    if head == "x":
        return m("tgt.explore", space=int(parts[1]))
    if head == "r" and len(parts) == 3:  # K6.5: Reclamation of a wasteland marker or an exhausted source
        if parts[2] == "waste":
            return m("tgt.reclaim_waste", space=int(parts[1]))
        return m("tgt.reclaim_source", src=sub("src", parts[2]), space=int(parts[1]))
    return sub("tgt", head)


def cost_msg(cost: dict[str, int]) -> Msg:
    if not cost:
        return m("free")
    return join([m("amount", n=v, res=res(k)) for k, v in cost.items()], ", ")


def label(s: RobinsonState, seat: str, o: Opt) -> Msg:
    oid, kind, arg, _ = o
    if kind == "place":
        t, pawns = arg
        if len(pawns) < plan.sizes(t)[0]:  # R38: a stack others may join
            return m("mv.place_part", target=target_msg(s, t.key), pawns=pawn_names(s, seat, pawns),
                     n=plan.sizes(t)[0] - len(pawns), cost=cost_msg(t.cost))
        key = "mv.place_auto" if (t.fixed == 0 and len(pawns) >= 2 + t.extras) else \
            "mv.place_roll" if t.fixed == 0 else "mv.place"
        return m(key, target=target_msg(s, t.key), pawns=pawn_names(s, seat, pawns), cost=cost_msg(t.cost))
    if kind == "support":
        i, letter = arg
        return m("mv.support", target=target_msg(s, s.plan[i].target),
                 pawn=char(plan.letter_name(s, seat, letter)))
    if kind == "lead":
        i, who = arg
        return m("mv.lead", target=target_msg(s, s.plan[i].target), who=char(who))
    if kind == "unplace":
        return m("mv.unplace", target=target_msg(s, s.plan[arg].target))
    if kind == "go":
        st = s.queue[0]
        if arg == "frenzy" or arg.startswith(("it.", "tk.")):
            bonus = m("ab.frenzy") if arg == "frenzy" else sub("disc", arg[3:]) if arg.startswith("tk.") \
                else card_msg("item:" + arg[3:])
            return m("mv.go_bonus", who=char(st.pawns[0]), target=target_msg_stack(s, st), bonus=bonus)
        if arg:
            return m("mv.go_d" if arg == "d" else "mv.go_m", who=char(st.pawns[0]))
        return m("mv.go", who=char(st.pawns[0]), target=target_msg_stack(s, st))
    if kind in (ABILITY, ITEM, DISCOVERY_TOKEN):
        name, target = arg
        what = sub("ab", name) if kind == ABILITY else card_msg("item:" + name) if kind == ITEM else sub("disc", name)
        if target and target.isdigit():
            return m("mv.use_on_stack", what=what, target=target_msg(s, s.plan[int(target)].target))
        if kind == DISCOVERY_TOKEN and name == "Plough":  # K6.10: a black marker, named as Reclamation's
            _, sp, src = target.split(".")
            return m("mv.plough_waste", space=int(sp)) if src == "waste" else \
                m("mv.plough_source", src=sub("src", src), space=int(sp))
        if kind == DISCOVERY_TOKEN and name == "Old tools":  # K6.10
            return m("mv.old_tools", item=card_msg("invention:" + target))
        if target in s.chars or target == scenario_tokens.JENNY:  # K3.11: Herbs may heal rescued Jenny
            return m("mv.use_on", what=what, who=char(target))
        if target:
            return m("mv.use_on", what=what, who=sub("track", target))
        return m("mv.use", what=what)
    if kind == REROLL:
        return rerolls.label(s, arg)
    if kind == "ask":
        return asks.label(s, arg)
    if kind == LOOK_PICK:
        return abilities.pick_label(s, arg)
    if kind == "adv":
        card = (s.pending or {})["card"]  # the adventure card's prompt is pending
        codes, to_event = ADVENTURES[card].opts[arg]
        return m("mv.adv", card=card_msg(card), what=describe(codes, to_event))
    if kind == "wood":
        return m("mv.wood", n=arg)
    if kind == "ok" and arg:
        return m("mv.ok_rest")
    if kind == CHOOSE_CHARACTER:
        return m("mv.choose_char", who=char(arg)) if arg else m("mv.choose_random")
    if kind == "camp":
        return m("mv.camp", space=arg)
    if kind == "morale":
        return m("mv.morale_heal" if arg else "mv.morale_det")
    if kind == MYSTERY_DRAW:
        return m("mv.mystery_go" if arg else "mv.mystery_stop")
    if kind == NIGHT_WINDOW:
        if arg == "pass":
            return m("mv.nt_pass")
        use, _, who = arg.partition(".")
        return m("mv.use_on", what=m({"pot": "mv.nt_pot", "fireplace": "mv.nt_fireplace", "grandma": "mv.nt_grandma",
                                      "rum": "mv.nt_rum"}[use]), who=char(who))
    if kind == WEATHER_WINDOW:
        if arg == "pass":
            return m("mv.wx_pass")
        what = sub("disc", "Large Leaves") if arg == "leaves" else card_msg("item:Blankets") if arg == "blankets" \
            else m("mv.gunpowder") if arg == "gunpowder" \
            else m("mv.hooch_rain" if arg == "hooch.rain" else "mv.hooch_snow")
        return m("mv.use", what=what)
    if kind == MARK_ITEM:
        return m("mv.mark", item=card_msg("invention:" + arg))
    if kind == SIGNS_OF_FIRE:
        return m("mv.signs_of_fire", src=sub("src", arg), space=int(asks.pending_prompt(s)["space"]))
    if kind == RUINED_HUT:
        return m("mv.hut", item=card_msg("invention:" + arg))
    if kind == HALF_PRODUCTION:
        held = asks.pending_prompt(s)
        total = (int(held["F"]) + int(held["W"])) // 2
        return m("mv.half_prod", food=arg, wood=total - arg)
    if kind == MEDALLION:
        return m("mv.medallion", who=char(arg))
    if kind == HUNGRY:
        return m("mv.hungry", who=char(arg))
    return sub("mv", kind)


def plan_menus(s: RobinsonState, seat: str) -> dict[str, list[tuple[str, Any]]]:
    """Each new stack the seat may plan (`p:<target>:<pawns>`) under its action (`a.<action>`) and its target
    (`t.<target>`); the other planning moves stand alone.  Only while planning."""
    if s.phase != "plan" or s.pending is not None or seat not in deciders(s):
        return {}
    def group(key: str) -> str:  # a threat's 1-pawn and 2-pawn actions are one target, and so are a build's
        parts = key.split(".")  # payments in wood and in fur (R36): the pawn choices name the pawns and the cost
        if parts[0] == "thr" and len(parts) == 3 and parts[2].isdigit():
            return ".".join(parts[:2])
        if parts[0] == "b" and len(parts) == 3 and parts[1] in plan.BUILD_ORDER and parts[2] in ("w", "f"):
            return ".".join(parts[:2])
        return key
    return {oid: [(f"a.{t.action}", sub("act", t.action)), (f"t.{group(t.key)}", target_msg(s, t.key))]
            for oid, t, _ in plan.place_options(s, seat)}


def target_msg_stack(s: RobinsonState, st: Stack) -> Msg:
    parts = st.target.split(".")
    if parts[0] == "thr":
        return m("tgt.threat_any")
    return target_msg(s, st.target)
