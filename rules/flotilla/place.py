"""Placing ocean tiles Sinkside (F40) and artifact circles (F56, E24, E25)."""
from __future__ import annotations

from typing import Any

from .data import TILES
from .hexes import is_hub, neighbours, rotated, vertex
from .state import FACE, OWNER, ROT, TILE, FlotillaState


def depth_of(entry: list[Any]) -> str:
    """Depth for the F40 rule: a starting tile counts as Shallow (D2)."""
    t = entry[TILE]
    return "S" if t == "start" else TILES[t].depth


def can_place(state: FlotillaState, seat: str, tile: str, cell: str) -> bool:
    """F40: empty non-Hub cell, next to one of your tiles, next to no opponent tile, depth rule."""
    board = state.board
    if cell in board or is_hub(cell):
        return False
    depth = TILES[tile].depth
    mine = False
    for n in neighbours(cell):
        e = board.get(n)
        if e is None:
            if depth == "A" and is_hub(n):
                return False
            continue
        if e[OWNER] != seat:
            return False
        mine = True
        d = depth_of(e)
        if (depth == "A" and d == "S") or (depth == "S" and d == "A"):
            return False
    if depth == "A" and any(is_hub(n) for n in neighbours(cell)):
        return False
    return mine


def legal_cells(state: FlotillaState, seat: str, tile: str) -> list[str]:
    board = state.board
    cands: set[str] = set()
    for cell, e in board.items():
        if e[OWNER] == seat:
            cands.update(n for n in neighbours(cell) if n not in board)
    return sorted(c for c in cands if can_place(state, seat, tile, c))


def wedge_at(entry: list[Any], corner: int) -> str | None:
    """The artifact wedge colour a Sinkside ocean tile shows at `corner`, if any."""
    t = entry[TILE]
    if t == "start" or entry[FACE] != "sink":
        return None
    tile = TILES[t]
    if tile.wedge is None or rotated(0, entry[ROT]) != corner:
        return None
    return tile.wedge


def completed_circles(state: FlotillaState, cell: str) -> int:
    """F56: full circles (three wedges of one colour at one vertex) that the tile at `cell` completes."""
    e = state.board[cell]
    t = e[TILE]
    if t == "start" or TILES[t].wedge is None:
        return 0
    corner = rotated(0, e[ROT])
    colours = set()
    for c, k in vertex(cell, corner):
        other = state.board.get(c)
        w = wedge_at(other, k) if other is not None else None
        if w is None:
            return 0
        colours.add(w)
    return 1 if len(colours) == 1 else 0
