"""Galaxy geometry (E12-E14, E93): axial positions, rings, rotation, wormholes.

Directions d = 0..5 run clockwise from "up" (E12); the edge at clock position
c (E93) is direction (c // 2) % 6.  A tile rotated k x 60 degrees clockwise has
its printed wormhole in direction d at direction (d + k) % 6.
"""
from __future__ import annotations

from functools import lru_cache

from .data import HEXES

STEPS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def pos_id(q: int, r: int) -> str:
    return f"{q},{r}"


def parse_pos(pid: str) -> tuple[int, int]:
    q, r = pid.split(",")
    return int(q), int(r)


def neighbour(q: int, r: int, d: int) -> tuple[int, int]:
    dq, dr = STEPS[d]
    return q + dq, r + dr


def distance(q: int, r: int) -> int:
    """Hex distance from the Galactic Center (E12)."""
    return (abs(q) + abs(r) + abs(q + r)) // 2


def ring_of(q: int, r: int) -> str:
    """The stack a position draws from (E12): 1 -> I, 2 -> II, 3+ -> III."""
    d = distance(q, r)
    return "I" if d == 1 else "II" if d == 2 else "III"


def clock_to_dir(clock: int) -> int:
    return (clock // 2) % 6


@lru_cache(maxsize=None)
def printed_dirs(hex_id: str) -> frozenset[int]:
    return frozenset(clock_to_dir(c) for c in HEXES[hex_id].wormholes)


@lru_cache(maxsize=None)
def wormholes(hex_id: str, rot: int) -> frozenset[int]:
    """Directions with a wormhole for a tile rotated `rot` x 60 degrees clockwise (E93)."""
    return frozenset((d + rot) % 6 for d in printed_dirs(hex_id))


@lru_cache(maxsize=None)
def distinct_rotations(hex_id: str) -> tuple[int, ...]:
    """One rotation per distinct wormhole layout (E99 grouping of orientations)."""
    seen: dict[frozenset[int], int] = {}
    for rot in range(6):
        seen.setdefault(wormholes(hex_id, rot), rot)
    return tuple(seen.values())


def start_slot(direction: int) -> tuple[int, int]:
    """The start position in direction d: two steps from the centre (E13)."""
    dq, dr = STEPS[direction]
    return 2 * dq, 2 * dr
