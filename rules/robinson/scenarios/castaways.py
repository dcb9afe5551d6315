"""Scenario 1, Castaways: the woodpile (S3, S7) and the win check (S5)."""
from __future__ import annotations

from ..combat import built
from ..data import SCENARIO, SCENARIO_INVENTIONS
from ..state import RobinsonState
from ..tallies import end
from ..texts import m
from .base import from_data

CASTAWAYS = from_data("castaways", SCENARIO_INVENTIONS, woodpile=True)
NEEDS: list[int] = list(SCENARIO["pile"])


def stage(s: RobinsonState) -> int | None:
    """The leftmost incomplete stage, or None when the pile is complete."""
    for i, need in enumerate(NEEDS):
        if s.pile[i] < need:
            return i
    return None


def room(s: RobinsonState) -> int:
    """What the current stage still takes (0 without a woodpile: another scenario)."""
    i = stage(s) if s.options.scenario == "castaways" else None
    return 0 if i is None else NEEDS[i] - s.pile[i]


def wins_with(s: RobinsonState, n: int) -> bool:
    """S5: n wood put on the pile now would win at once (round 10-12, the Fire built, only the last stage
    left and n covering it)."""
    i = stage(s) if s.options.scenario == "castaways" else None
    return i == len(NEEDS) - 1 and s.round >= SCENARIO["win_from"] and built(s, "Fire") and n >= room(s)


def add_wood(s: RobinsonState, n: int, limited: bool = True) -> int:
    """Put n wood on the current stage; any excess is lost (S4, S6, S7).  Returns what was placed."""
    i = stage(s) if s.options.scenario == "castaways" else None
    if i is None or n <= 0:
        return 0
    put = min(n, NEEDS[i] - s.pile[i])
    s.pile[i] += put
    s.events.append(m("ev.pile", n=put, stage=i + 1, have=s.pile[i], need=NEEDS[i]))
    if n > put:
        s.events.append(m("ev.pile_lost", n=n - put))
    check_win(s)
    return put


def check_win(s: RobinsonState) -> bool:
    """S5: round 10-12, Fire built, all 5 stages complete."""
    if s.result is None and s.round >= SCENARIO["win_from"] and built(s, "Fire") and stage(s) is None:
        end(s, "won", "goal")
        return True
    return False
