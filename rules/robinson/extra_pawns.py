"""Extra pawns a stack needs (R34): distance beyond the first step (less what Basket and Raft
waive), and one per time-consuming token on the action or on the tile where it takes place: a
Gather's target tile, the camp's tile for a Build (R55, R88).

A time-consuming token on an action acts on the next action of that kind only (R88): the stack that
carries it (`Stack.tok`, "<action>.TC", see plan.targets) needs the extra pawn, the others do not.
A token on a tile stays with the tile and counts for every action there."""
from __future__ import annotations

from . import marks
from .combat import built
from .island import distances
from .scenarios import cursed
from .state import RobinsonState, Stack

PAWN_MARKS = ("fog", "village")  # M5: marks whose space takes one more pawn per mark (K2.3(a), K5.4)


def build_extras(s: RobinsonState, carries_tc: bool) -> int:
    """R34/R55: a Build's extra pawns: one if it carries the Build action's time-consuming token
    (R88), one for such a token on the camp tile (Builds happen at the camp; a tile's token stays
    there, also when the camp moves onto it later: Swamp, After the Hurricane, R88)."""
    return int(carries_tc) + int("TC" in s.island[s.camp].tokens) + marked(s, s.camp)


def marked(s: RobinsonState, space: int) -> int:
    """M5, K2.3(a), K5.4: one more pawn for each pawn-taking mark on the action's space (fog, a village:
    at most one each)."""
    return sum(marks.count(s, space, k) for k in PAWN_MARKS)


def cross_extras(s: RobinsonState, space: int, carries_tc: bool) -> int:
    """K2.7: a Cross is a Build on its tile, reached by the Gather rules: the Build action's
    time-consuming token it carries, distance pawns (Raft waives one, the Basket carries nothing here),
    the tile's time-consuming token and its fog [PROPOSED reading]."""
    dist = distances(s).get(space, 0)
    return int(carries_tc) + far(s, "explore", dist) + int("TC" in s.island[space].tokens) + marked(s, space)


def special_extras(s: RobinsonState, target: str, carries_tc: bool) -> int:
    """K0.11: a special Explore of a tile (K2.6, the temple) needs the distance and mark pawns of an
    Explore of that tile; one that is on no tile (K3.6, Jenny's raft) needs none."""
    sp = cursed.temple(s) if target == cursed.TEMPLE else None
    if sp is None:
        return 0
    return far(s, "explore", distances(s).get(sp, 1)) + int(carries_tc) + marked(s, sp)


def far(s: RobinsonState, action: str, dist: int) -> int:
    """R34 distance pawns: one per step beyond the first; Basket (Gather) and Raft (Gather or
    Explore) each waive one, never below 0."""
    waive = int(built(s, "Raft")) + int(action == "gather" and built(s, "Basket"))
    return max(0, dist - 1 - waive)


def extras_of(s: RobinsonState, st: Stack) -> int:
    """The extra pawns the stack's target needs (R34), as `targets` computes them."""
    parts = st.target.split(".")
    if st.action == "build" and len(parts) > 3 and parts[3].isdigit():  # a tile-targeted build (K2.7)
        return cross_extras(s, int(parts[3]), "build.TC" in st.tok)
    if st.action == "build":
        return build_extras(s, "build.TC" in st.tok)
    if st.action in ("gather", "explore") and not parts[1].isdigit():
        return special_extras(s, st.target, "explore.TC" in st.tok)
    if st.action in ("gather", "explore"):
        sp = int(parts[1])
        dist = distances(s).get(sp, 1)
        tile_tc = int(st.action == "gather" and sp in s.island and "TC" in s.island[sp].tokens)
        return far(s, st.action, dist) + int(f"{st.action}.TC" in st.tok) + tile_tc + marked(s, sp)
    return 0
