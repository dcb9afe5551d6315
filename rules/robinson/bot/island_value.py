"""The co-operative bot and the island: what an Explore may bring (R62: terrains the inventions
need, sources within reach, discovery tokens, a natural shelter; the tiles left in the island
stack are known as a set, never their order), and what the sources within reach let the pawns
gather in the rounds left (R35, R61)."""
from __future__ import annotations

from typing import Callable

from ..data import INVENTIONS, TILES
from ..island import distances, explored_terrains, kind, sources
from ..plan import buildable
from ..state import RobinsonState
from .worth import REACH, Worth, reach

# Wood or food a round the pawns can still take from one more source, by the sources of that kind
# already within reach (each source once a round, R35).
MORE = (0.8, 0.45, 0.2, 0.08)
PAWN = 1.2  # what else the pawn that gathers it could have done


def camp_food(s: RobinsonState) -> int:
    """Food the camp tile gives each Production (R26, R27)."""
    live = [x for x in sources(s, s.camp) if kind(x) == "F"]
    return len(live) + int(bool(live) and "+F" in s.island[s.camp].tokens)


def source_worth(w: Worth, res: str, have: float, where: float = 1.0) -> float:
    """One more source of `res` at that reach: what it adds in the rounds left (never more wood than
    the woodpile and the weather still need), beyond the pawn that gathers it."""
    more = MORE[min(3, int(have + 0.5))] * where
    stream = more * sum(0.93 ** (x - w.rnd) for x in w.rounds[1:])
    if res == "W":
        useful = min(stream, max(1.0, 0.6 * w.outlook.gap))
        return useful * max(0.0, w.wood_later - PAWN)
    hungry = max(0.0, w.camp - camp_food(w.s) - have * 0.5)  # meals the camp tile does not cover (R72)
    useful = min(stream, hungry * len(w.rounds[1:]))
    return useful * max(0.0, min(2.0 * w.hurt_one, 2.6) - PAWN)


def tile_value(s: RobinsonState, w: Worth, tile: int, d: int, need: dict[str, float],
               have: dict[str, float] | None = None) -> float:
    """One tile explored `d` steps from the camp: terrains the inventions still need, its sources
    within reach, its discovery tokens, a natural shelter next to a camp with none (R73)."""
    t = TILES[tile]
    have = reach(s) if have is None else have
    where = REACH.get(d, 0.3)
    v = need.get(t.terrain, 0.0) + 0.45 * t.disc + (1.5 if t.shelter and not w.pj.shelter and d == 1 else 0.0)
    for src in t.sources:
        v += source_worth(w, kind(src), have[kind(src)], where)
    return v


def explore_value(s: RobinsonState, w: Worth, space: int, need: dict[str, float]) -> float:
    """The average tile left in the island stack, placed on `space` (R62)."""
    left = s.island_stack
    if not left:
        return 0.0
    d = distances(s).get(space, 3)
    have = reach(s)
    v = sum(tile_value(s, w, tile, d, need, have) for tile in left)
    planned = sum(st.action == "explore" for st in s.plan)  # each further tile this round adds less
    return v / len(left) / (1 + 0.5 * planned)


def terrain_need(s: RobinsonState, w: Worth, invention: Callable[[Worth, str], float]) -> dict[str, float]:
    """Terrains some buildable invention still waits for, at part of that invention's worth."""
    have = explored_terrains(s)
    need: dict[str, float] = {}
    for name in buildable(s):
        for t in INVENTIONS[name].needs:
            if t not in INVENTIONS and t not in have:
                need[t] = max(need.get(t, 0.0), invention(w, name) * 0.55)
    return need
