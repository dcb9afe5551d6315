"""The co-operative bot moves the camp (R73, Night step 2) when the new tile is worth more than
what the move costs: Production there (R26, R27: the camp's +1 food/wood tokens move along),
a natural shelter while none is built, against the Roof and Palisade the move halves (or loses
with a natural-only shelter).  The same weighing picks the tile of a forced move (camp→adj)."""
from __future__ import annotations

from ..data import TILES
from ..island import kind, sources
from ..scenarios import of as scenario_of
from ..state import RobinsonState
from ..tallies import half_loss
from .odds import animals, p_above
from .worth import DISC, Worth

STAY = 1.0  # a move must be worth at least this much more than staying (the unknown has a cost)


def _production(s: RobinsonState, sp: int, tokens: list[str]) -> tuple[int, int]:
    """Food and wood that tile would give each Production, with these tokens on it (R26, R27)."""
    live = sources(s, sp)
    food = sum(1 for x in live if kind(x) == "F")
    wood = sum(1 for x in live if kind(x) == "W")
    return food + int(food > 0 and "+F" in tokens), wood + int(wood > 0 and "+W" in tokens)


def _tracks(s: RobinsonState, sp: int) -> tuple[bool, int, int]:
    """Shelter, Roof and Palisade with the camp on `sp` (R73)."""
    if sp == s.camp:
        return s.shelter or TILES[s.island[sp].tile].shelter, s.roof, s.palisade
    natural_only = not s.shelter and TILES[s.island[s.camp].tile].shelter
    shelter = s.shelter or TILES[s.island[sp].tile].shelter
    if natural_only:
        return shelter, 0, 0
    return shelter, s.roof - half_loss(s.roof), s.palisade - half_loss(s.palisade)


def tile_worth(s: RobinsonState, w: Worth, sp: int) -> float:
    """The rounds left with the camp on `sp`: its Production, the shelter, the Roof's levels against
    the clouds (R67), the Palisade against storms and the red die (R69, R70)."""
    camp_tokens = [t for t in s.island[s.camp].tokens if t in ("+F", "+W")]
    tokens = list(s.island[sp].tokens) + ([] if sp == s.camp else camp_tokens)
    food, wood = _production(s, sp, tokens)
    shelter, roof, pal = _tracks(s, sp)
    later = [x for x in w.rounds if x > w.rnd]
    need = len(w.cost_of) or 1
    fed = min(2.0 * w.hurt_one, 1.6)
    goal = scenario_of(s).goal
    v = 0.0
    for x in later:
        d = DISC ** (x - w.rnd)
        more = goal.mouths_in(s, x) if goal is not None else 0  # K6.4: the children eat too
        v += d * (min(food, need + more) * fed + max(0, food - need - more) * 0.2 + wood * w.wood_later)
        v -= d * (0.0 if shelter else w.hurt_all)
        v -= d * sum(p_above(x, r, 0, w.scen) for r in range(roof, 5)) * (w.wood_later + 1.2) * 0.5
        v -= d * (w.hurt_all * 0.6 / 3 if animals(x, w.scen) and pal == 0 else 0.0)
    return v


def camp_pick(s: RobinsonState, ids: list[str]) -> str:
    """`stay` or `camp:<space>` at Night (R72 step 2), by the worth of the rounds left."""
    w = Worth(s)
    here = tile_worth(s, w, s.camp)
    best, best_v = "stay", STAY
    for mid in ids:
        if mid.startswith("camp:"):
            v = tile_worth(s, w, int(mid[5:])) - here
            if v > best_v:
                best, best_v = mid, v
    return best
