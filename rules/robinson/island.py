"""Island geometry and terrain: distances through explored tiles (R34), explored
terrain (R62, E27, E33), sources and their exhaustion (E30), camp moves (R73)."""
from __future__ import annotations

from . import marks
from .data import ADJ, SCENARIOS, TILES, FOOD_SOURCES
from .state import RobinsonState


def distances(s: RobinsonState) -> dict[int, int]:
    """Steps from the camp through face-up explored tiles (E29: face-down tiles break paths).
    Unexplored spaces next to a reached tile get a distance too (the target is the last step)."""
    dist = {s.camp: 0}
    frontier = [s.camp]
    while frontier:
        nxt = []
        for a in frontier:
            for b in ADJ[a]:
                if b in dist:
                    continue
                spot = s.island.get(b)
                if spot is None:
                    dist[b] = dist[a] + 1  # unexplored: reachable as a target, not a path
                elif spot.face_up:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


def explored_terrains(s: RobinsonState) -> set[str]:
    """E33: a face-up tile of the terrain counts, unless `unexpl:T` holds or a mark hides it (M4)."""
    out: set[str] = set()
    for space, spot in s.island.items():
        if spot.face_up and "unexpected" not in spot.tokens and not marks.hides_terrain(s, space):
            out.add(TILES[spot.tile].terrain)
    return out - set(s.unexplored_terrain)


def stacks_on_camp(s: RobinsonState, tok: str) -> bool:
    """Whether several tokens of this kind may lie on the camp tile (K6.6: Family Robinson's food
    tokens, each +1); elsewhere a duplicate is discarded (R88, R73)."""
    return tok in SCENARIOS[s.options.scenario].get("stacking_tokens", ())


def natural_shelter(s: RobinsonState) -> bool:
    spot = s.island[s.camp]
    return spot.face_up and TILES[spot.tile].shelter


def has_shelter(s: RobinsonState) -> bool:
    """R37: a built Shelter or a natural shelter on the camp tile."""
    return s.shelter or natural_shelter(s)


def sources(s: RobinsonState, space: int, live: bool = True) -> list[str]:
    """Sources printed on a face-up tile (plus New Flock's token, R27), optionally non-exhausted."""
    spot = s.island.get(space)
    if spot is None or not spot.face_up:
        return []
    out: list[str] = list(TILES[spot.tile].sources)
    if "+F" in spot.tokens and not any(x in FOOD_SOURCES for x in out):
        out.append("flock")  # R27: New Flock's token is a food source in its own right
    if live:
        out = [x for x in out if x not in spot.exhausted]
    return out


def kind(source: str) -> str:
    return "W" if source == "wood" else "F"


def adjacent_tiles(s: RobinsonState, city: bool = False) -> list[int]:
    """Face-up explored tiles adjacent to the camp; without `city`, never Cannibal Island's standing City
    (K5.6, K5.9: no camp move onto it, and it is not turned face down) [PROPOSED]."""
    return [b for b in ADJ[s.camp] if b in s.island and s.island[b].face_up and (city or not marks.has(s, b, "city"))]


def nearest_sources(s: RobinsonState, want: str) -> list[tuple[int, str]]:
    """Non-exhausted sources of a kind ("food", "wood", "fish", "any") by distance, camp = 0 (§3.9)."""
    dist = distances(s)
    found = []
    for sp, spot in s.island.items():
        if sp not in dist or not spot.face_up:
            continue
        for src in sources(s, sp):
            if want == "any" or src == want or (want == "food" and kind(src) == "F"):
                found.append((dist[sp], sp, src))
    found.sort()
    return [(sp, src) for _, sp, src in found]
