"""D1 geometry: pointy-top hexes in axial (q, r), named by the string "q,r".

Directions 0..5 are E, NE, NW, W, SW, SE; edge i faces direction i; corner i lies
between edges i and i+1.  The vertex at corner i of H is shared by (H, i),
(H + dir i, i + 2) and (H + dir(i+1), i + 4).  A tile rotated by rho shows its
printed edge or corner k at position k + rho.
"""
from __future__ import annotations

from functools import lru_cache

DIRS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
HUB_RADIUS = 3  # the Hub: every cell at distance <= 3 from (0,0), 37 cells
DOCKS: dict[int, tuple[int, ...]] = {3: (0, 8, 16), 4: (0, 6, 12, 18), 5: (0, 5, 10, 14, 19)}


def key(q: int, r: int) -> str:
    return f"{q},{r}"


@lru_cache(maxsize=None)
def coords(cell: str) -> tuple[int, int]:
    q, r = cell.split(",")
    return int(q), int(r)


def distance(a: str, b: str = "0,0") -> int:
    (q1, r1), (q2, r2) = coords(a), coords(b)
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@lru_cache(maxsize=None)
def neighbours(cell: str) -> tuple[str, ...]:
    """The six neighbours, index = direction."""
    q, r = coords(cell)
    return tuple(key(q + dq, r + dr) for dq, dr in DIRS)


def neighbour(cell: str, d: int) -> str:
    return neighbours(cell)[d % 6]


def is_hub(cell: str) -> bool:
    return distance(cell) <= HUB_RADIUS


def berths() -> list[str]:
    """Ring-4 cells 0-23: start at (-4, +4), walk 4 steps in each direction 0..5."""
    q, r = -4, 4
    out = []
    for d in range(6):
        for _ in range(4):
            out.append(key(q, r))
            q, r = q + DIRS[d][0], r + DIRS[d][1]
    return out


BERTHS = tuple(berths())


def dock(players: int) -> list[str]:
    """The berth cells of the Dock tile for this player count; seat s takes the s-th."""
    return [BERTHS[i] for i in DOCKS[players]]


@lru_cache(maxsize=None)
def vertex(cell: str, corner: int) -> tuple[tuple[str, int], ...]:
    """The three (cell, corner) pairs that meet at corner `corner` of `cell`, sorted (a stable key)."""
    c = corner % 6
    return tuple(sorted(((cell, c), (neighbour(cell, c), (c + 2) % 6), (neighbour(cell, c + 1), (c + 4) % 6))))


def rotated(k: int, rho: int) -> int:
    """Where printed edge/corner k shows on a tile rotated by rho."""
    return (k + rho) % 6
