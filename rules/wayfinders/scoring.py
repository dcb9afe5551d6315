"""End-of-game scoring (W23-W35)."""
from __future__ import annotations

from ..ranking import competition_ranks
from .grid import ALL_BLOCKS, FAR, ORTHOGONAL, SURROUNDING
from .holdings import cubes_on_board, islands_of
from .islands import Island
from .state import HOME, WayfindersState


def _groups(cells: set[str]) -> int:
    """W29: connected components under orthogonal adjacency."""
    seen: set[str] = set()
    groups = 0
    for start in cells:
        if start in seen:
            continue
        groups += 1
        stack = [start]
        seen.add(start)
        while stack:
            cur = stack.pop()
            for nb in ORTHOGONAL[cur]:
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    stack.append(nb)
    return groups


def max_squares(cells: set[str]) -> int:
    """W34/E10: the largest number of pairwise disjoint 2x2 blocks fully owned (`cells` holds
    C3 when the home island counts, W24)."""
    full = [b for b in ALL_BLOCKS if b <= cells]

    def best(i: int, used: frozenset[str]) -> int:
        if i == len(full):
            return 0
        skip = best(i + 1, used)
        if full[i] & used:
            return skip
        return max(skip, 1 + best(i + 1, used | full[i]))

    return best(0, frozenset())


def home_counts(state: WayfindersState, seat: str) -> bool:
    """W24: the home island (the seat's setup airstrip) is one of its islands for the geometry
    effects, unless the game option `home_not_scored` keeps the earlier house ruling."""
    return not state.options.home_not_scored and seat in state.board[HOME].slots


def blue_value(state: WayfindersState, seat: str, cell: str, isl: Island,
               mine: list[tuple[str, Island]]) -> int:
    """The value of one scoring island (W25-W34) for `seat`, who has an airstrip on it.

    `mine` holds island tiles only: the colour, cost and distance effects (W25-W27, W33)
    never see home; the others read `cells`, which holds C3 when home counts (W24)."""
    u = isl.unit or 0
    eff = isl.effect
    cells = {c for c, _ in mine}
    if home_counts(state, seat):
        cells.add(HOME)
    if eff == "per_colour":
        k = sum(1 for _, i in mine if i.colour == isl.colour)
    elif eff == "per_cost_min":
        k = sum(1 for _, i in mine if len(i.cost) >= (isl.n or 0))  # printed cost (E14)
    elif eff == "per_distinct_colour":
        k = len({i.colour for _, i in mine})
    elif eff == "per_shared":
        k = sum(1 for c in cells if any(s != seat for s in state.board[c].slots))
    elif eff == "per_group":
        k = _groups(cells)
    elif eff == "per_column":
        k = sum(1 for c in cells if c[0] == cell[0])
    elif eff == "per_row":
        k = sum(1 for c in cells if c[1] == cell[1])
    elif eff == "per_surrounding":
        k = sum(1 for c in SURROUNDING[cell] if c in cells)  # home among them counts (E9)
    elif eff == "per_far":
        k = len(cells & FAR)  # home is at distance 0
    elif eff == "per_square":
        k = max_squares(cells)
    else:  # pragma: no cover - guarded by the island loader
        raise ValueError(f"unknown scoring effect {eff}")
    return u * k


def breakdown(state: WayfindersState, seat: str) -> dict[str, int]:
    """W23: fixed island points, scoring islands, tokens in hand, workers still on the board."""
    mine = islands_of(state, seat)
    fixed = sum(i.vp for _, i in mine if i.back != "blue")
    scoring = sum(blue_value(state, seat, c, i, mine) for c, i in mine if i.back == "blue")
    tokens = sum(state.players[seat].hand.values())
    workers = sum(h.count(seat) for h in state.workers)
    return {"islands": fixed, "scoring": scoring, "tokens": tokens, "workers": workers}


def score(state: WayfindersState, seat: str) -> int:
    return sum(breakdown(state, seat).values())


def island_values(state: WayfindersState, seat: str) -> dict[str, int]:
    """Cell -> points that island gives `seat` (fixed or scoring value)."""
    mine = islands_of(state, seat)
    return {c: (blue_value(state, seat, c, i, mine) if i.back == "blue" else i.vp) for c, i in mine}


def ranks(scores: dict[str, int], airstrips: dict[str, int]) -> dict[str, int]:
    """W35: higher score first; tie -> more cubes on the board; still tied -> shared rank
    (standard competition ranks: 1, 1, 3)."""
    return competition_ranks({s: (scores[s], airstrips[s]) for s in scores})


def final_ranks(state: WayfindersState, scores: dict[str, int]) -> dict[str, int]:
    return ranks(scores, {s: cubes_on_board(state, s) for s in scores})
