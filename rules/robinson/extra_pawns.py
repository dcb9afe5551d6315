"""Extra pawns a stack needs (R34): distance beyond the first step (less what Basket and Raft
waive), and one per time-consuming token on the action or on the tile where it takes place: a
Gather's target tile, the camp's tile for a Build (R55, R88).

A time-consuming token on an action acts on the next action of that kind only (R88): the stack that
carries it (`Stack.tok`, "<action>.TC", see plan.targets) needs the extra pawn, the others do not.
A token on a tile stays with the tile and counts for every action there."""
from __future__ import annotations

from .combat import built
from .island import distances
from .state import RobinsonState, Stack


def build_extras(s: RobinsonState, carries_tc: bool) -> int:
    """R34/R55: a Build's extra pawns: one if it carries the Build action's time-consuming token
    (R88), one for such a token on the camp tile (Builds happen at the camp; a tile's token stays
    there, also when the camp moves onto it later: Swamp, After the Hurricane, R88)."""
    return int(carries_tc) + int("TC" in s.island[s.camp].tokens)


def far(s: RobinsonState, action: str, dist: int) -> int:
    """R34 distance pawns: one per step beyond the first; Basket (Gather) and Raft (Gather or
    Explore) each waive one, never below 0."""
    waive = int(built(s, "Raft")) + int(action == "gather" and built(s, "Basket"))
    return max(0, dist - 1 - waive)


def extras_of(s: RobinsonState, st: Stack) -> int:
    """The extra pawns the stack's target needs (R34), as `targets` computes them."""
    parts = st.target.split(".")
    if st.action == "build":
        return build_extras(s, "build.TC" in st.tok)
    if st.action in ("gather", "explore") and not parts[1].isdigit():
        return 0  # a special Explore with no distance pawns (K3.6)
    if st.action in ("gather", "explore"):
        sp = int(parts[1])
        dist = distances(s).get(sp, 1)
        tile_tc = int(st.action == "gather" and sp in s.island and "TC" in s.island[sp].tokens)
        return far(s, st.action, dist) + int(f"{st.action}.TC" in st.tok) + tile_tc
    return 0
