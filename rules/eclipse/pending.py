"""The pending decision: the frame on top of the decision stack and the seat that must answer it."""
from __future__ import annotations

from typing import Any, Optional

from .frames import STACK, Combat, Control, EclipseFrame, Species, Turn, Upkeep
from .state import EclipseState

Opt = tuple[str, Any, bool]  # an option of the pending decision: id, text (a Msg, or a function making it: moves.words), barrier


def frame(state: EclipseState) -> Optional[EclipseFrame]:
    frames = state.stack
    return frames[STACK.at] if frames else None


def seat_to_act(state: EclipseState) -> Optional[str]:
    f = frame(state)
    if f is None or state.phase == "over" or state.abandoned:
        return None
    if isinstance(f, Turn):  # the most frequent first: this runs on every query of the pending decision
        return state.turn
    if isinstance(f, (Species, Upkeep)):
        return f.q[0]
    if isinstance(f, Control):
        return f.todo[0][0]
    if isinstance(f, Combat):  # the Combat phase's frame is automatic: it is never the one waiting
        return None
    return f.seat


def active(state: EclipseState) -> list[str]:
    """The seats still in the game (not collapsed, E72), in seating order."""
    return [s for s in state.order if not state.players[s].collapsed]


def end_near(state: EclipseState) -> bool:
    """A move now might end the Action phase and so reach Cleanup's tech draw (barrier)."""
    if state.phase != "action":
        return True
    return sum(1 for s in active(state) if not state.players[s].passed) <= 1
