"""Board geometry (W2): cells A1..E5, home C3, adjacency, distances, 2x2 blocks."""
from __future__ import annotations

from .state import CELLS, COLUMNS, HOME, ROWS


def coords(cell: str) -> tuple[int, int]:
    return COLUMNS.index(cell[0]), ROWS.index(cell[1])


def name(col: int, row: int) -> str:
    return COLUMNS[col] + ROWS[row]


def _within(col: int, row: int) -> bool:
    return 0 <= col < 5 and 0 <= row < 5


def _orth(cell: str) -> tuple[str, ...]:
    c, r = coords(cell)
    out = [name(c + dc, r + dr) for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)) if _within(c + dc, r + dr)]
    return tuple(out)


def _around(cell: str) -> tuple[str, ...]:
    c, r = coords(cell)
    return tuple(name(c + dc, r + dr) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                 if (dc or dr) and _within(c + dc, r + dr))


ORTHOGONAL: dict[str, tuple[str, ...]] = {c: _orth(c) for c in CELLS}
SURROUNDING: dict[str, tuple[str, ...]] = {c: _around(c) for c in CELLS}
HC, HR = coords(HOME)
DISTANCE: dict[str, int] = {c: abs(coords(c)[0] - HC) + abs(coords(c)[1] - HR) for c in CELLS}
FAR: frozenset[str] = frozenset(c for c in CELLS if DISTANCE[c] >= 3)  # W33: 12 cells
ISLAND_CELLS: tuple[str, ...] = tuple(c for c in CELLS if c != HOME)
# W41: the four cells face up at the start of an exploration game.
START_FACE_UP: frozenset[str] = frozenset(ORTHOGONAL[HOME])

# W34: the 16 2x2 blocks (the 4 that contain the home cell count when home does, W24).
ALL_BLOCKS: tuple[frozenset[str], ...] = tuple(
    frozenset({name(c, r), name(c + 1, r), name(c, r + 1), name(c + 1, r + 1)})
    for r in range(4) for c in range(4))
