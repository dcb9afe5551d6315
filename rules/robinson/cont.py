"""Continuation points (R97, E31): a phase that stops on a prompt and resumes after the answer.

When an effect needs a player's answer it sets `s.pending` and returns.  Each caller on the way
out sees `paused(s)` and records what is left of its own work with `later(s, step, *args)` (or hands it to
`then(s, step, *args)`, which runs it at once when nothing is pending); the
innermost caller records first, so `s.cont` lists the remaining work in the order it must run.
After the answer, `run(s)` carries on with `s.cont`, one step at a time, until the next prompt
or the end.  A step that pauses in turn puts its new leftovers before the older ones.

Steps are named strings with string arguments (`s.cont` is plain JSON), registered in `STEPS`
by the modules that own them, so a game replays exactly from its seed and its answers (R98).
"""
from __future__ import annotations

from typing import Callable

from .state import RobinsonState
from .tallies import over

STEPS: dict[str, Callable[[RobinsonState, list[str]], None]] = {}


def step(name: str) -> Callable:
    def register(fn: Callable[[RobinsonState, list[str]], None]) -> Callable:
        STEPS[name] = fn
        return fn
    return register


def paused(s: RobinsonState) -> bool:
    """The work in progress must stop here: a prompt is pending or the game is over (R96)."""
    return s.pending is not None or s.result is not None


def later(s: RobinsonState, name: str, *args: str) -> None:
    """What is left of the caller's work, run after the answer (and after what its callees left)."""
    if not over(s):
        s.cont.append([name, *args])


def then(s: RobinsonState, name: str, *args: str) -> None:
    """Go on with step `name` now, or after the answer when a prompt stopped the work (or the game ended)."""
    if paused(s):
        later(s, name, *args)
    else:
        STEPS[name](s, list(args))


def run(s: RobinsonState) -> None:
    """Carry on with the remaining work until a prompt is pending or nothing is left."""
    while s.cont and s.pending is None and not over(s):
        name, *args = s.cont.pop(0)
        rest, s.cont = s.cont, []
        STEPS[name](s, args)
        s.cont += rest
    if over(s):
        s.cont = []  # R96: nothing after the ending moment is resolved


def answering(s: RobinsonState, fn: Callable, *args) -> None:
    """Apply an answer: whatever it leaves for later comes before the work already waiting."""
    rest, s.cont = s.cont, []
    fn(s, *args)
    s.cont += rest
