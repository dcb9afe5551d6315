"""The public view (R98: everything is shared) and the prompt of the pending decision."""
from __future__ import annotations

from ..text import Msg
from . import asks
from .data import CHARACTERS, INVENTIONS, TILES
from .island import has_shelter, natural_shelter
from .phases import weather_dice
from .plan import buildable, invention_ready
from .scenarios import cannibal, cursed, family, jenny, of as scenario_of
from .scenarios.castaways import NEEDS
from .stacks import size_range
from .state import CharacterView, FamilyView, InventionView, RobinsonState, RobinsonView, SpaceView, StackView
from .texts import card, m, sub


def build_view(s: RobinsonState, to_act: list[str]) -> RobinsonView:
    island: dict[int, SpaceView] = {}
    for sp, spot in s.island.items():
        t = TILES[spot.tile]
        island[sp] = {"tile": spot.tile if spot.face_up else None, "face_up": spot.face_up,
                      "terrain": t.terrain if spot.face_up else None,
                      "sources": list(t.sources) if spot.face_up else [],
                      "exhausted": list(spot.exhausted), "tokens": list(spot.tokens),
                      "shelter": t.shelter and spot.face_up, "totem": t.totem and spot.face_up,
                      "beast": t.beast and spot.face_up}
    inventions: list[InventionView] = []
    open_now = set(buildable(s))
    gates = scenario_of(s).gates  # K3.10: a gated invention is not ready while its gate is closed
    for name in list(dict.fromkeys(s.built + s.future_built + buildable(s) + list(scenario_of(s).inventions))):
        inventions.append({"name": name, "kind": INVENTIONS[name].kind, "built": name in s.built,
                           "goal": name in s.dealt,  # K6.1: one of Family Robinson's dealt inventions
                           "future": name in s.future_built, "ready": invention_ready(s, name) and (name not in gates or name in open_now)})
    chars: list[CharacterView] = []
    for name, c in s.chars.items():
        chars.append({"name": name, "seat": c.seat, "wounds": c.wounds, "life": CHARACTERS[name].life,
                      "arrows": list(CHARACTERS[name].arrows), "det": c.det, "dead": c.dead,
                      "out": c.out, "special": list(c.special), "limits": list(s.limits.get(name, [])),
                      # R74/R98: what a character outside keeps until it is back, shown to all
                      "supply": {k: v for k, v in c.supply.items() if v}, "kept": list(c.kept),
                      "treasures": dict(c.treasures)})
    # "waiting": pawns a stack still needs before it can be carried out (R38: others' may join)
    plan: list[StackView] = [{"action": st.action, "target": st.target, "pawns": list(st.pawns), "owners": list(st.owners),
             "auto": st.base >= 2, "pay": dict(st.pay),
             "waiting": max(0, size_range(s, st)[0] - len(st.pawns)) if s.phase == "plan" else 0}
            for st in (s.plan or s.queue)]
    return RobinsonView(
        seats=list(s.seats), to_act=list(to_act), round=s.round, rounds=scenario_of(s).rounds, phase=s.phase,
        first_player=s.seats[s.fp], result=s.result, morale=s.morale, weapon=s.weapon, roof=s.roof,
        palisade=s.palisade, shelter=s.shelter, natural_shelter=natural_shelter(s), avail=dict(s.avail),
        future=dict(s.future), tokens=list(s.tokens), island=island, camp=s.camp,
        island_left=len(s.island_stack), threat=list(s.threat), hunt_deck=len(s.hunt_deck),
        beast_deck=len(s.beast_deck), event_deck=len(s.event_deck), inventions=inventions,
        items=dict(s.items), action_tokens={k: list(v) for k, v in s.action_tokens.items() if v},
        weather_tokens=list(s.weather_tokens), weather_dice=weather_dice(s),
        pile=list(s.pile) if scenario_of(s).woodpile else [], pile_needs=list(NEEDS) if scenario_of(s).woodpile else [],
        scenario=s.options.scenario, totems=dict(s.totems), marks={sp: list(k) for sp, k in s.marks.items()},
        family=family_view(s),
        jenny=None if s.jenny is None else {"wounds": s.jenny.wounds, "life": jenny.DEATH,
                                            "rescued": s.jenny.rescued},
        temple=cursed.view(s), cannibal=cannibal.view(s),
        characters=chars + ([{"name": "Dog"}] if s.dog else []), plan=plan,
        confirmed=list(s.confirmed))


def family_view(s: RobinsonState) -> FamilyView | None:
    """K6.1, K6.4: Family Robinson's goal and progress, and what the children eat tonight."""
    if not family.playing(s):
        return None
    return {"dealt": list(s.dealt), "built": len(s.dealt) - len(family.missing(s)),
            "shelter": has_shelter(s), "children": family.CHILDREN.get(s.round, 0),
            "children_from": min(family.CHILDREN), "over": s.result is not None}


def prompt(s: RobinsonState, seat: str) -> Msg:
    if s.pending is not None and s.pending.get("kind") == "reroll":
        return m("prompt.reroll")
    if s.pending is not None and s.pending.get("kind") == "mystery":
        return m("prompt.mystery", n=int(s.pending["resolved"]))
    if s.pending is not None and s.pending.get("kind") == "ntwin":
        return m("prompt.ntwin")
    if s.pending is not None and s.pending.get("kind") == "wxwin":
        return m("prompt.wxwin")
    if s.pending is not None and s.pending.get("kind") == "mark":
        return m("prompt.mark", n=int(s.pending["n"]) - len(s.mem.get(s.pending["card"], [])))
    if s.pending is not None and s.pending.get("kind") == "fire":
        return m("prompt.signs_of_fire")
    if s.pending is not None and s.pending.get("kind") == "hut":
        return m("prompt.hut")
    if s.pending is not None and s.pending.get("kind") == "halfprod":
        return m("prompt.half_prod")
    if s.pending is not None and s.pending.get("kind") == "medallion":
        return m("prompt.medallion", n=int(s.pending["n"]))
    if s.pending is not None and s.pending.get("kind") == "hungry":
        chosen = len([c for c in s.pending["chosen"].split(";") if c])
        return m("prompt.hungry", n=int(s.pending["n"]) - chosen)
    if s.pending is not None and s.pending.get("kind") in asks.KINDS:
        return asks.prompt(s)
    if s.pending is not None and "kind" in s.pending:
        return m("prompt.pick")
    if s.pending is not None:
        return m("prompt.adventure", card=card(s.pending["card"]))
    return sub("prompt", s.phase)
