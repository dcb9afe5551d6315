"""Turn order and phases (E24-E29, E62, E68-E74, E99, E101): what happens between decisions.

`settle` runs after every applied option: it finishes completed frames, applies
forced decisions (E99) and walks through the automatic parts of the round
until some seat has a real decision to make, or the game is over.
"""
from __future__ import annotations

from typing import Any

from ..text import seat_ref
from .board import (controlled, enemies, m, production, return_targets, score_parts, trade_rate, upkeep)
from .data import RESOURCES, T
from .moves import (active, ancient_tech_choices, build_hexes, colonise, discovery_usable, explore_positions,
                    frame, influence_sources, placements)


def end_turn(state: Any) -> None:
    """E26/E29: the turn passes clockwise; when every seat has passed the phase ends."""
    seats = active(state)
    if all(state.players[s]["passed"] for s in seats):
        end_action_phase(state)
        return
    i = state.order.index(state.turn)
    for k in range(1, len(state.order) + 1):
        nxt = state.order[(i + k) % len(state.order)]
        if nxt in seats:
            state.turn = nxt
            return


def finish_action(state: Any) -> None:
    """An action is over (E101); colony ships may still be used before the turn ends."""
    f = state.stack.pop()
    from .diplomacy import check_breaks  # E48: at the end of each action or Reaction
    check_breaks(state, f["seat"])
    if f["k"] == "influence":  # E37: flip up to 2 colony ships face up, without asking
        p = state.players[f["seat"]]
        p["col_up"] = min(p["col"], p["col_up"] + 2)
    if colonise(state, f["seat"]):
        state.stack.append({"k": "after", "seat": f["seat"]})
    else:
        end_turn(state)


def end_action_phase(state: Any) -> None:
    if state.first_pass is not None:
        state.start = state.first_pass  # E27
    _fix_start(state)
    from .battle_phase import start_combat  # E62 (battle_phase.py)
    start_combat(state)


def begin_upkeep(state: Any) -> None:
    state.phase = "upkeep"
    i = state.order.index(state.start)
    q = [s for s in state.order[i:] + state.order[:i] if not state.players[s]["out"]]
    state.stack = [{"k": "upkeep", "q": q, "step": "colony"}]  # E68 RULING: from the next Start Player


def _fix_start(state: Any) -> None:
    """E72: a collapsed Start Player hands the marker clockwise."""
    seats = active(state)
    if not seats or state.start in seats:
        return
    i = state.order.index(state.start)
    state.start = next(s for s in state.order[i + 1:] + state.order[:i] if s in seats)


def lose_control(state: Any) -> None:
    """E64: a controller with no cubes left loses a hex where another player has ships."""
    for hid in sorted(state.hexes, reverse=True):
        h = state.hexes[hid]
        owner = h["owner"]
        if (owner is not None and not any(h["pop"]) and h["orb"] != 2
                and any(s != owner and any(v.values()) for s, v in h["ships"].items())):
            h["owner"] = None
            state.players[owner]["track"] += 1
            state.events.append(m("ev.lose_control", seat=seat_ref(owner), hex=hid))


def control_todo(state: Any) -> list[list[str]]:
    """E65: the [seat, hex] disc decisions to ask, in E50 order (no Ancients, Draco
    excepted; never while the GCDS stands)."""
    todo = []
    for hid in sorted(state.hexes, reverse=True):
        h = state.hexes[hid]
        if h["owner"] is None and not h["gcds"]:
            for s, v in h["ships"].items():
                if any(v.values()) and (not h["anc"] or state.players[s]["species"] == "draco"):
                    todo.append([s, hid])
    return todo


def settle(state: Any) -> None:
    """Apply everything automatic until a seat must decide (E99)."""
    while state.phase != "over":
        f = frame(state)
        if f is None:
            return
        k = f["k"]
        if k == "turn":
            seat = state.turn
            p = state.players[seat]
            if (p["track"] <= 0 or not _reacts(state, seat)) and not colonise(state, seat):
                from .turns import apply_option  # E101: only `pass` left: passed without asking
                apply_option(state, seat, "pass")
                continue
            return
        if k in ("research", "influence", "build", "explore", "upgrade", "move"):
            if f["left"] <= 0 or _nothing_left(state, f):
                f["left"] = 0
                finish_action(state)
                continue
            if k == "explore" and f.get("drawn") and not any(
                    placements(state, f["seat"], h, f["pos"]) for h in f["drawn"]):
                from .turns import apply_option  # E35/E103: no legal orientation: discarded
                apply_option(state, f["seat"], "discard")
                continue
            if k == "explore" and f.get("placed") and not _disc_allowed(state, f):
                from .turns import apply_option
                apply_option(state, f["seat"], "disc:no")
                continue
            return
        if k == "after":
            if not colonise(state, f["seat"]):
                state.stack.pop()
                end_turn(state)
                continue
            return
        if k == "disco":
            if not discovery_usable(state, f["seat"], f["tile"]):
                from .turns import apply_option  # E91 RULING: only `keep` possible
                apply_option(state, f["seat"], "dsc:keep")
                continue
            return
        if k == "anctech":
            if len(ancient_tech_choices(state, f["seat"])) <= 1:
                state.stack.pop()
                continue
            return
        if k == "cube":
            targets = return_targets(state.players[f["seat"]], f["kinds"][0])
            if len(targets) == 1:
                from .turns import apply_option
                apply_option(state, f["seat"], f"cube:{RESOURCES[targets[0]]}")
                continue
            return
        if k == "control":
            todo = f["todo"]
            while todo and (state.players[todo[0][0]]["track"] <= 0
                            or state.hexes[todo[0][1]]["owner"] is not None):
                todo.pop(0)
            if not todo:
                state.stack.pop()  # back to the Combat phase frame (battle_phase.py)
                continue
            return
        if k in ("dipl", "ambc", "ambroom"):
            from .diplomacy import settle_dip
            if settle_dip(state, f):
                continue
            return
        if k in _COMBAT:
            from .battle_phase import settle_combat
            if settle_combat(state, f):
                continue
            return
        if k == "colhex":
            if not colonise(state, f["seat"], [f["hex"]]):
                state.stack.pop()
                continue
            return
        if k == "upkeep":
            if _upkeep_step(state, f):
                continue
            return
        return


_COMBAT = ("combat", "fight", "rep", "popatk", "grave")


def _reacts(state: Any, seat: str) -> bool:
    from .moves import _turn
    return len(_turn(state, seat, {})) > 1


def can_start(state: Any, seat: str, action: str) -> bool:
    """E26 RULING (issue 15), E99: an action is offered only when its first activation can do
    something, counting trades that would pay for it."""
    return not _nothing_left(state, {"k": action, "seat": seat})


def _nothing_left(state: Any, f: dict) -> bool:
    """E99: the first decision of an activation offers only `stop` and no trade can
    make another option payable: the action ends without asking."""
    if f.get("drawn") or f.get("placed") or f.get("src") or f.get("what") or f.get("at"):
        return False
    if f.get("part") or f.get("picking") or f.get("ret") or f.get("undone"):
        return False
    seat, k = f["seat"], f["k"]
    p = state.players[seat]
    if k == "explore":
        return not explore_positions(state, seat)
    if k == "influence":
        return not influence_sources(state, seat)
    if k == "move":
        from .movement import ship_groups
        return not ship_groups(state, seat)
    if k == "upgrade":
        from .upgrade import can_react_upgrade
        return not can_react_upgrade(p)
    rate = trade_rate(p)
    if k == "research":
        from .board import owns, price
        from .data import TECHS
        best = p["res"][1] + p["res"][0] // rate + p["res"][2] // rate
        return not any(price(p, t) <= best for t in state.supply
                       if not owns(p, t) and len(p["techs"][TECHS[t].category]) < 7)
    if k == "build":
        from .data import BUILDABLE, SPECIES
        from .board import owns
        best = p["res"][2] + p["res"][0] // rate + p["res"][1] // rate
        for i, what in enumerate(BUILDABLE):
            if what in ("starbase", "orbital", "monolith") and not owns(p, what):
                continue
            if what in T.ships and p["built"][what] >= T.ships[what]:
                continue
            if SPECIES[p["species"]].costs[i] <= best and build_hexes(state, seat, what):
                return False
        return True
    return False


def _disc_allowed(state: Any, f: dict) -> bool:
    """E36: a disc on the track, and no Ancients (Draco excepted)."""
    p = state.players[f["seat"]]
    h = state.hexes[f["placed"]]
    return p["track"] > 0 and not h["gcds"] and (not h["anc"] or p["species"] == "draco")


def _upkeep_step(state: Any, f: dict) -> bool:
    """E68-E73 for the seat at the head of the queue; True when something moved on."""
    if not f["q"]:
        state.stack.pop()
        end_upkeep(state)
        return True
    seat = f["q"][0]
    p = state.players[seat]
    if f["step"] == "colony":
        if not colonise(state, seat, upkeep=True):
            f["step"] = "money"
            return True
        return False
    new = p["res"][0] + production(p, 0) - upkeep(p)  # E70
    if new >= 0:
        p["res"][0] = new
        p["res"][1] += production(p, 1)  # E73
        p["res"][2] += production(p, 2)
        state.events.append(m("ev.upkeep", seat=seat_ref(seat), money=new, science=p["res"][1],
                              materials=p["res"][2]))
        f["q"].pop(0)
        f["step"] = "colony"
        return True
    rate = trade_rate(p)
    if not controlled(state, seat) and p["res"][1] < rate and p["res"][2] < rate:
        collapse(state, seat)  # E72
        f["q"].pop(0)
        f["step"] = "colony"
        return True
    return False  # E71: the seat settles its bankruptcy


def collapse(state: Any, seat: str) -> None:
    """E72: score frozen now; every piece of the seat leaves the game."""
    p = state.players[seat]
    p["frozen"] = score_parts(state, seat)
    p["frozen_storage"] = sum(p["res"])
    from .diplomacy import dissolve  # E72 RULING: relations end
    dissolve(state, seat)
    for h in state.hexes.values():
        h["ships"].pop(seat, None)
        if seat in h["arrive"]:
            h["arrive"].remove(seat)
        if h["owner"] == seat:
            h["owner"] = None
            h["pop"] = [0] * len(h["pop"])
            if h["orb"] == 2:
                h["orb"] = 1
    p.update(out=True, passed=True, col_up=0, col=0, rep=[], kept=[], parts=[], track=0, acted=0)
    p["techs"] = {"military": [], "grid": [], "nano": []}
    state.events.append(m("ev.collapse", seat=seat_ref(seat)))
    if not active(state):
        game_over(state)


def end_upkeep(state: Any) -> None:
    if state.round >= T.rounds or not active(state):  # E25 RULING: no Cleanup in round 9
        game_over(state)
        return
    from .setup import draw_techs
    drawn = draw_techs(state, T.tech_cleanup[str(len(state.seats))])  # E74 step 1
    state.events.append(m("ev.cleanup", n=len(drawn)))
    for seat in active(state):  # E74 steps 2-3
        p = state.players[seat]
        p["track"] += p["acted"]
        p["acted"] = 0
        grave, p["grave"] = p["grave"], [0, 0, 0]
        kinds = [RESOURCES[i] for i in range(3) for _ in range(grave[i])]
        if kinds:
            state.stack.insert(0, {"k": "cube", "seat": seat, "kinds": kinds})
        p["col_up"] = p["col"]
        p["passed"] = False
    state.round += 1  # E74 step 4
    state.first_pass = None
    _fix_start(state)
    state.phase = "action"
    state.turn = state.start
    state.stack.insert(0, {"k": "turn"})
    state.stack.sort(key=lambda fr: fr["k"] == "cube")
    state.events.append(m("ev.round", round=state.round, start=seat_ref(state.start)))


def game_over(state: Any) -> None:
    """E25: the end after round 9; E72: at once when no seat is left in the game (every score frozen)."""
    state.phase = "over"
    state.stack = []
    state.turn = None
    if not active(state):
        state.events.append(m("ev.all_collapsed", round=state.round))
    else:
        state.events.append(m("ev.game_over", round=state.round))


__all__ = ["settle", "end_turn", "finish_action", "enemies"]
