"""Counted marks on island spaces, explored or not (robinson-scenarios.md M3, K0.13).

A mark is a short kind name kept in `RobinsonState.marks[space]`, one entry per marker, so a space
may hold several of a kind. The kinds the scenarios use: "fog" (white, K2.3), "cross" (blue, K2.7),
"black" (a burned totem, K5.5), "wasteland" (black, K6.8). A tile whose marks include a kind in
`HIDES_TERRAIN` does not make its terrain explored (M4, K2.3(b), K6.8).
"""
from __future__ import annotations

from .state import RobinsonState

HIDES_TERRAIN = frozenset({"fog", "wasteland", "city"})  # K5.6: the standing City hides its Hills


def marks_at(s: RobinsonState, space: int) -> list[str]:
    """The marks on a space, in the order they were put there (a copy)."""
    return list(s.marks.get(space, ()))


def count(s: RobinsonState, space: int, kind: str) -> int:
    return s.marks.get(space, []).count(kind)


def has(s: RobinsonState, space: int, kind: str) -> bool:
    return kind in s.marks.get(space, ())


def add(s: RobinsonState, space: int, kind: str) -> None:
    s.marks.setdefault(space, []).append(kind)


def remove(s: RobinsonState, space: int, kind: str) -> bool:
    """Take one mark of that kind off the space; False when there was none."""
    here = s.marks.get(space)
    if not here or kind not in here:
        return False
    here.remove(kind)
    if not here:
        del s.marks[space]
    return True


def spaces_with(s: RobinsonState, kind: str) -> list[int]:
    """The spaces holding at least one mark of that kind, in space order."""
    return sorted(sp for sp, here in s.marks.items() if kind in here)


def hides_terrain(s: RobinsonState, space: int) -> bool:
    """M4: a fog or wasteland mark keeps this tile's terrain from counting as explored."""
    return any(k in HIDES_TERRAIN for k in s.marks.get(space, ()))
