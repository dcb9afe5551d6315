"""What happens between decisions (E99, E101): `settle` runs after every applied option.

It finishes completed frames, applies forced decisions (E99) and walks through the automatic
parts of the round (phases.py, battle/phase.py) until some seat has a real decision to make,
or the game is over.
"""
from __future__ import annotations

from typing import Any, Callable

from ..decisions import Frame, Moves, kinds_of
from ..text import seat_ref
from .battle.phase import COMBAT_FRAMES, settle_combat
from .board import controlled, m, production, return_targets, trade_rate, upkeep
from .colony import colony_options
from .data import RESOURCES
from .diplomacy import settle_dip
from .frames import FRAMES, STACK, Action, After, AncTech, ColHex, Control, Cube, Disco, Turn, Upkeep
from .moves import (OPTIONS, ancient_tech_choices, discovery_usable, nothing_left, placements, reaction_open,
                    words)
from .pending import frame
from .phases import collapse, end_turn, end_upkeep, finish_action
from .state import EclipseState
from .turns import apply_option


def settle(state: EclipseState) -> None:
    """Apply everything automatic until a seat must decide (E99)."""
    while state.phase != "over":
        f = frame(state)
        if f is None or not SETTLE[f.kind](state, f):
            return


# Each kind's automatic step: True when something moved on (settle looks again), False when a seat
# must decide now.

def _turn(state: EclipseState, f: Turn) -> bool:
    seat = state.turn
    if seat is None:
        raise ValueError("a turn frame without the seat whose turn it is")
    p = state.players[seat]
    if (p.track <= 0 or not _reacts(state, seat)) and not colony_options(state, seat):
        apply_option(state, seat, "pass")  # E101: only `pass` left: passed without asking
        return True
    return False


def _action(state: EclipseState, f: Action) -> bool:
    if f.left <= 0 or nothing_left(state, f):
        f.left = 0
        finish_action(state)
        return True
    if f.kind == "explore" and f.drawn and f.pos is not None and \
            not any(placements(state, f.seat, h, f.pos) for h in f.drawn):
        apply_option(state, f.seat, "discard")  # E35/E103: no legal orientation
        return True
    if f.kind == "explore" and f.placed and not _disc_allowed(state, f):
        apply_option(state, f.seat, "disc:no")
        return True
    if f.kind == "upgrade" and f.undone and _only_stop(state, f):
        apply_option(state, f.seat, "stop")
        return True
    if (f.src or f.at or f.picking or f.part or f.what or f.react) and _play_forced(state, f):
        return True
    return False


# The later steps of an action that cost nothing, draw nothing and show nothing hidden (E99): where one of
# them is the only option, nothing a trade, a wait or a colony ship could change, the engine takes it.
FORCED_STEPS = ("to", "rs", "part", "put", "ship", "go", "at")


def _play_forced(state: EclipseState, f: Action) -> bool:
    """E99 (forced decisions): the only option of a step listed in FORCED_STEPS (Influence's one destination,
    the one tile to return or slot to fill, a Reaction's one ship, a ship's one way on, the old Build's one
    hex), not marked as revealing or drawing, is applied without asking; the log says it was the only
    choice, so a replay of the chosen moves takes it again."""
    core = OPTIONS[f.kind](state, f.seat, f)
    if len(core) != 1 or core[0][2] or core[0][0].partition(":")[0] not in FORCED_STEPS:
        return False
    oid, text, _ = core[0]
    state.events.append(m("ev.forced", seat=seat_ref(f.seat), what=words(text)))
    apply_option(state, f.seat, oid)
    return True


def _only_stop(state: EclipseState, f: Action) -> bool:
    """E99 (forced decisions), E106: after `undo returns` with no part left to place, `stop` is the only
    option, and no trade can add one (placing a part costs nothing): the action ends without asking.
    (The first decision of an activation is `nothing_left`'s, which counts trades.)"""
    core = OPTIONS[f.kind](state, f.seat, f)
    return [o[0] for o in core] == ["stop"]


def _after(state: EclipseState, f: After) -> bool:
    if not colony_options(state, f.seat):
        STACK.pop(state.stack)
        end_turn(state)
        return True
    return False


def _disco(state: EclipseState, f: Disco) -> bool:
    if not discovery_usable(state, f.seat, f.tile):
        apply_option(state, f.seat, "dsc:keep")  # E91 RULING: only `keep` possible
        return True
    return False


def _anctech(state: EclipseState, f: AncTech) -> bool:
    if len(ancient_tech_choices(state, f.seat)) <= 1:
        STACK.pop(state.stack)
        return True
    return False


def _cube(state: EclipseState, f: Cube) -> bool:
    targets = return_targets(state.players[f.seat], f.kinds[0])
    if len(targets) == 1:
        apply_option(state, f.seat, f"cube:{RESOURCES[targets[0]]}")
        return True
    return False


def _control(state: EclipseState, f: Control) -> bool:
    todo = f.todo
    while todo and (state.players[todo[0][0]].track <= 0 or state.hexes[todo[0][1]].owner is not None):
        todo.pop(0)
    if not todo:
        STACK.pop(state.stack)  # back to the Combat phase frame (battle/phase.py)
        return True
    return False


def _colhex(state: EclipseState, f: ColHex) -> bool:
    if not colony_options(state, f.seat, [f.hex]):
        STACK.pop(state.stack)
        return True
    return False


def _waits(state: EclipseState, f: Frame) -> bool:
    return False


def _reacts(state: EclipseState, seat: str) -> bool:
    """Whether the turn's menu (moves.turn_options) offers more than `pass`: every action before the
    seat passes (E26 RULING), after it a Reaction that can do something (E28/E109); none without a disc."""
    p = state.players[seat]
    return p.track > 0 and (not p.passed or reaction_open(state, seat))


def _disc_allowed(state: EclipseState, f: Action) -> bool:
    """E36: a disc on the track, and no Ancients (Draco excepted)."""
    p = state.players[f.seat]
    if f.placed is None:
        return False  # nothing placed: no disc to put on it
    h = state.hexes[f.placed]
    return p.track > 0 and not h.gcds and (not h.ancients or p.species == "draco")


def _upkeep_step(state: EclipseState, f: Upkeep) -> bool:
    """E68-E73 for the seat at the head of the queue; True when something moved on."""
    if not f.q:
        STACK.pop(state.stack)
        end_upkeep(state)
        return True
    seat = f.q[0]
    p = state.players[seat]
    if f.step == "colony":
        if not colony_options(state, seat, upkeep=True):
            f.step = "money"
            return True
        return False
    new = p.storage[0] + production(p, 0) - upkeep(p)  # E70
    if new >= 0:
        p.storage[0] = new
        p.storage[1] += production(p, 1)  # E73
        p.storage[2] += production(p, 2)
        state.events.append(m("ev.upkeep", seat=seat_ref(seat), money=new, science=p.storage[1],
                              materials=p.storage[2]))
        f.q.pop(0)
        f.step = "colony"
        return True
    rate = trade_rate(p)
    if not controlled(state, seat) and p.storage[1] < rate and p.storage[2] < rate:
        collapse(state, seat)  # E72
        f.q.pop(0)
        f.step = "colony"
        return True
    return False  # E71: the seat settles its bankruptcy


# the automatic step of each kind of frame (the move map of rules/decisions.py)
SETTLE: Moves[Callable[[EclipseState, Any], bool]] = Moves({
    "turn": _turn, **{k: _action for k in kinds_of(Action)}, "after": _after, "disco": _disco, "anctech": _anctech,
    "cube": _cube, "control": _control, "colhex": _colhex, "upkeep": _upkeep_step,
    **{k: settle_dip for k in ("dipl", "ambc", "ambroom")}, **{k: settle_combat for k in COMBAT_FRAMES},
    "species": _waits, "artifact": _waits, "ancpart": _waits})
SETTLE.covers(*FRAMES)
