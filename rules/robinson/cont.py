"""Continuation points (R97, E31): a phase that stops on a prompt and resumes after the answer.

When an effect needs a player's answer it sets `s.pending` and returns.  Each caller on the way
out sees `paused(s)` and records what is left of its own work with `later(s, kind, *fields)` (or
hands it to `then(s, kind, *fields)`, which runs it at once when nothing is pending); the
innermost caller records first, so `s.cont` lists the remaining work in the order it must run.
After the answer, `run(s)` carries on with `s.cont`, one step at a time, until the next prompt
or the end.  A step that pauses in turn puts its new leftovers before the older ones.

`s.cont` is a decision stack (rules/decisions.py) resolved front first: its typed frames are in
frames.py (one class per shape of step, saved as the arrays `[kind, *fields]` of plain strings), and
`STEPS` is its move map, a handler per step kind, registered with `@step(kind)` by the modules that
own them (checked to cover every kind once registry.py has loaded them all), so a game replays
exactly from its seed and its answers (R98).
"""
from __future__ import annotations

from typing import Any, Callable, TypeVar, cast

from ..decisions import Moves
from .frames import BY_KIND, CONT, ContFrame
from .state import RobinsonState
from .tallies import over

Handler = Callable[[RobinsonState, Any], None]  # called with the frame of its kind
H = TypeVar("H", bound=Handler)

STEPS: Moves[Handler] = Moves()


def step(kind: str) -> Callable[[H], H]:
    """Register the handler of the step `kind` (it is called with the state and the frame)."""
    if kind not in BY_KIND:
        raise LookupError(f"no frame class stands for the step {kind!r} (frames.py)")

    def register(fn: H) -> H:
        STEPS[kind] = fn
        return fn
    return register


def frame(kind: str, *fields: str) -> ContFrame:
    """The frame of step `kind` with its fields (an unknown kind or a wrong count is refused)."""
    return cast(ContFrame, BY_KIND[kind].make(kind, *fields))


def paused(s: RobinsonState) -> bool:
    """The work in progress must stop here: a prompt is pending or the game is over (R96)."""
    return s.pending is not None or s.result is not None


def later(s: RobinsonState, kind: str, *fields: str) -> None:
    """What is left of the caller's work, run after the answer (and after what its callees left)."""
    if not over(s):
        s.cont.append(frame(kind, *fields))


def then(s: RobinsonState, kind: str, *fields: str) -> None:
    """Go on with step `kind` now, or after the answer when a prompt stopped the work (or the game ended)."""
    if paused(s):
        later(s, kind, *fields)
    else:
        STEPS[kind](s, frame(kind, *fields))


def ahead(s: RobinsonState, *kinds: str) -> None:
    """Steps without fields put before the work already waiting, the first of them run first."""
    CONT.push(s.cont, *(frame(k) for k in kinds))


def run(s: RobinsonState) -> None:
    """Carry on with the remaining work until a prompt is pending or nothing is left."""
    while s.cont and s.pending is None and not over(s):
        f = CONT.pop(s.cont)
        rest, s.cont = s.cont, []
        STEPS[f.kind](s, f)
        s.cont += rest
    if over(s):
        s.cont = []  # R96: nothing after the ending moment is resolved


def answering(s: RobinsonState, fn: Callable[..., None], *args: Any) -> None:
    """Apply an answer: whatever it leaves for later comes before the work already waiting."""
    rest, s.cont = s.cont, []
    fn(s, *args)
    s.cont += rest
