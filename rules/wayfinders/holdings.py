"""What a seat holds on the board: its islands and the permanent abilities they give."""
from __future__ import annotations

from typing import NamedTuple

from .islands import ISLANDS, Island
from .state import CELLS, HOME, WayfindersState

BASE_LIMIT = 3  # W19
CELL_INDEX = {c: i for i, c in enumerate(CELLS)}


class Abilities(NamedTuple):
    keep_extra: int  # W36: +1 hand limit each
    free: frozenset[str]  # W37: colours entered without toll
    wild: frozenset[str]  # W38: colours whose tokens cover any icon


def islands_of(state: WayfindersState, seat: str) -> list[tuple[str, Island]]:
    """(cell, island) for every island tile holding this seat's cube; home never counts (W24, E8)."""
    out = [(cell, ISLANDS[c.island]) for cell, c in state.board.items()
           if seat in c.slots and c.island is not None]
    if len(out) > 1:
        out.sort(key=lambda ci: CELL_INDEX[ci[0]])
    return out


def abilities(state: WayfindersState, seat: str) -> Abilities:
    keep = 0
    free: set[str] = set()
    wild: set[str] = set()
    for _, isl in islands_of(state, seat):
        if isl.effect == "keep_extra":
            keep += 1
        elif isl.effect == "free_passage":
            free.add(isl.colour)
        elif isl.effect == "wildcard":
            wild.add(isl.colour)
    return Abilities(keep, frozenset(free), frozenset(wild))


def hand_limit(state: WayfindersState, seat: str) -> int:
    return BASE_LIMIT + abilities(state, seat).keep_extra


def effect_tags(state: WayfindersState, seat: str) -> list[str]:
    """Permanent abilities held, for the view: "keep_extra", "free_passage:B", "wildcard:R"."""
    out = []
    for _, isl in islands_of(state, seat):
        if isl.effect == "keep_extra":
            out.append("keep_extra")
        elif isl.effect in ("free_passage", "wildcard"):
            out.append(f"{isl.effect}:{isl.colour}")
    return out


def toll_colour(state: WayfindersState, cell: str, free: frozenset[str]) -> str | None:
    """The toll icon for entering `cell` (W14), or None when entry is free (airstrip, home, W37, E15)."""
    c = state.board[cell]
    if cell == HOME or c.slots or c.island is None:
        return None
    colour = ISLANDS[c.island].colour
    return None if colour in free else colour


def cubes_on_board(state: WayfindersState, seat: str) -> int:
    """Airstrip cubes on the board, home cube included (W21, W35)."""
    return sum(1 for cell in CELLS if seat in state.board[cell].slots)
