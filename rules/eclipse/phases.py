"""Turn order and the round's phases (E24-E29, E62, E64-E65, E68-E76): the steps between decisions.

`settle` (settle.py) calls these as the round goes on: a turn passes, an action ends, the Action
phase ends and the Combat phase starts (battle/phase.py walks it), control changes hands after the
battles, Upkeep, collapse, Cleanup and the end of the game.
"""
from __future__ import annotations

from ..text import seat_ref
from .board import m, score_parts
from .colony import colony_options
from .data import RESOURCES, TABLES
from .diplomacy import check_breaks, dissolve
from .frames import STACK, Action, After, Combat, Cube, Turn, Upkeep
from .pending import active
from .setup import draw_techs
from .state import EclipseState

ABOVE_EVERY_HEX = "999"  # the Combat phase walks hexes downwards from here (E50)


def end_turn(state: EclipseState) -> None:
    """E26/E29: the turn passes clockwise; when every seat has passed the phase ends."""
    seats = active(state)
    if all(state.players[s].passed for s in seats):
        end_action_phase(state)
        return
    turn = state.turn
    assert turn is not None  # the Action phase, where a seat has the turn
    i = state.order.index(turn)
    for k in range(1, len(state.order) + 1):
        nxt = state.order[(i + k) % len(state.order)]
        if nxt in seats:
            state.turn = nxt
            return


def finish_action(state: EclipseState) -> None:
    """An action is over (E101); colony ships may still be used before the turn ends."""
    f = STACK.top_as(state.stack, Action)
    STACK.pop(state.stack)
    check_breaks(state, f.seat)  # E48: at the end of each action or Reaction
    if f.kind == "influence":  # E37: flip up to 2 colony ships face up, without asking
        p = state.players[f.seat]
        p.colony_ships_up = min(p.colony_ships, p.colony_ships_up + 2)
    if _new_colony_option(state, f):
        STACK.push(state.stack, After.new(kind="after", seat=f.seat))
    else:
        end_turn(state)


def _new_colony_option(state: EclipseState, f: Action) -> bool:
    """E102/E104: the end of an action asks about colony ships only when it can colonise somewhere the
    seat was not offered at its last decision of the action (the ships Influence just flipped face up,
    a disc just placed, a cube just back on its track); otherwise the question was asked there already.
    A frame saved before `cols` was kept asks whenever a colony ship can be used."""
    now = colony_options(state, f.seat)
    if not now or f.cols is None:
        return bool(now)
    seen = set(f.cols)
    return any(o[0] not in seen for o in now)


def end_action_phase(state: EclipseState) -> None:
    if state.first_pass is not None:
        state.start = state.first_pass  # E27
    _fix_start(state)
    start_combat(state)


def start_combat(state: EclipseState) -> None:
    """E62: the Combat phase, its steps walked by battle/phase.py."""
    state.phase = "combat"
    state.stack = [Combat.new(kind="combat", step="battles", at=ABOVE_EVERY_HEX)]


def begin_upkeep(state: EclipseState) -> None:
    state.phase = "upkeep"
    i = state.order.index(state.start)
    q = [s for s in state.order[i:] + state.order[:i] if not state.players[s].collapsed]
    state.stack = [Upkeep.new(kind="upkeep", q=q, step="colony")]  # E68 RULING: from the next Start Player


def _fix_start(state: EclipseState) -> None:
    """E72: a collapsed Start Player hands the marker clockwise."""
    seats = active(state)
    if not seats or state.start in seats:
        return
    i = state.order.index(state.start)
    state.start = next(s for s in state.order[i + 1:] + state.order[:i] if s in seats)


def lose_control(state: EclipseState) -> None:
    """E64: a controller with no cubes left loses a hex where another player has ships."""
    for hid in sorted(state.hexes, reverse=True):
        h = state.hexes[hid]
        owner = h.owner
        if (owner is not None and not any(h.cubes) and h.orbital != 2
                and any(s != owner and any(v.values()) for s, v in h.ships.items())):
            h.owner = None
            state.players[owner].track += 1
            state.events.append(m("ev.lose_control", seat=seat_ref(owner), hex=hid))


def control_todo(state: EclipseState) -> list[list[str]]:
    """E65: the [seat, hex] disc decisions to ask, in E50 order (no Ancients, Draco
    excepted; never while the GCDS stands)."""
    todo = []
    for hid in sorted(state.hexes, reverse=True):
        h = state.hexes[hid]
        if h.owner is None and not h.gcds:
            for s, v in h.ships.items():
                if any(v.values()) and (not h.ancients or state.players[s].species == "draco"):
                    todo.append([s, hid])
    return todo


def collapse(state: EclipseState, seat: str) -> None:
    """E72: score frozen now; every piece of the seat leaves the game."""
    p = state.players[seat]
    p.frozen_score = score_parts(state, seat)
    p.frozen_storage = sum(p.storage)
    dissolve(state, seat)  # E72 RULING: relations end
    for h in state.hexes.values():
        h.ships.pop(seat, None)
        if seat in h.arrival:
            h.arrival.remove(seat)
        if h.owner == seat:
            h.owner = None
            h.cubes = [0] * len(h.cubes)
            if h.orbital == 2:
                h.orbital = 1
    p.collapsed = p.passed = True
    p.colony_ships_up = p.colony_ships = p.track = p.discs_acted = 0
    p.reputation, p.kept_discoveries, p.ancient_parts = [], [], []
    p.techs = {"military": [], "grid": [], "nano": []}
    state.events.append(m("ev.collapse", seat=seat_ref(seat)))
    if not active(state):
        game_over(state)


def end_upkeep(state: EclipseState) -> None:
    if state.round >= TABLES.rounds or not active(state):  # E25 RULING: no Cleanup in round 9
        game_over(state)
        return
    drawn = draw_techs(state, TABLES.tech_cleanup[str(len(state.seats))])  # E74 step 1
    state.events.append(m("ev.cleanup", n=len(drawn)))
    for seat in active(state):  # E74 steps 2-3
        p = state.players[seat]
        p.track += p.discs_acted
        p.discs_acted = 0
        grave, p.graveyard = p.graveyard, [0, 0, 0]
        kinds = [RESOURCES[i] for i in range(3) for _ in range(grave[i])]
        if kinds:
            state.stack.insert(0, Cube.new(kind="cube", seat=seat, kinds=kinds))  # under the turn
        p.colony_ships_up = p.colony_ships
        p.passed = False
    state.round += 1  # E74 step 4
    state.first_pass = None
    _fix_start(state)
    state.phase = "action"
    state.turn = state.start
    state.stack.insert(0, Turn.new(kind="turn"))
    state.stack.sort(key=lambda fr: fr.kind == "cube")
    state.events.append(m("ev.round", round=state.round, start=seat_ref(state.start)))


def game_over(state: EclipseState) -> None:
    """E25: the end after round 9; E72: at once when no seat is left in the game (every score frozen)."""
    state.phase = "over"
    state.stack = []
    state.turn = None
    if not active(state):
        state.events.append(m("ev.all_collapsed", round=state.round))
    else:
        state.events.append(m("ev.game_over", round=state.round))

