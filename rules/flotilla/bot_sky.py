"""The greedy bot's sense of a Skyside position: what the reserve tiles will score once built (F41-F43).

A reserve tile with the barrels for its cost is a "kit": worth a share of the
A x B it would score on the best free cell now.  Building it turns that share
into real VP (plus a bigger group for the next tile of its colour), so a good
build is worth more than keeping the kit, and a bad one less.

A free construction site is worth `site` (the profile's, bot_profile.py) while
outposts and Skyside objectives remain (F31): an outpost that floats costs 20
currency more (F32), and most Skyside outposts floated before this counted.
"""
from __future__ import annotations

from .data import TILES
from .effects import sites
from .hexes import neighbours
from .sky import GUILD_OF, build_cells, build_cost, colour_group, tile_score
from .state import FACE, OWNER, TILE, FlotillaState, Player

KIT = 0.8     # a tile ready to build, as a share of what it would score now
PART = 0.25   # a tile still missing barrels
BARREL = 0.55  # a barrel that no reserve tile needs
MAP = 2.0     # each built tile: the next tiles of its colour will score more (B, F42)


def groups(state: FlotillaState, seat: str) -> dict[str, tuple[str, int]]:
    """Own Skyside tiles -> (id of their colour group: its first cell, the group's size)."""
    out: dict[str, tuple[str, int]] = {}
    for cell, e in state.board.items():
        if cell in out or e[OWNER] != seat or e[FACE] != "sky" or e[TILE] == "start":
            continue
        group = colour_group(state, cell, TILES[e[TILE]].colour)
        for c in group:
            out[c] = (cell, len(group))
    return out


def best_b(state: FlotillaState, seat: str, cells: list[str], grp: dict[str, tuple[str, int]]) -> dict[str, int]:
    """Colour -> the largest B a new tile of that colour would have on one of `cells`."""
    best: dict[str, int] = {}
    for cell in cells:
        by_colour: dict[str, dict[str, int]] = {}
        for n in neighbours(cell):
            if n in grp:
                gid, size = grp[n]
                by_colour.setdefault(TILES[state.board[n][TILE]].colour, {})[gid] = size
        for colour, gs in by_colour.items():
            best[colour] = max(best.get(colour, 1), 1 + sum(gs.values()))
    return best


def outposts_wanted(state: FlotillaState, p: Player) -> bool:
    """Whether an outpost still counts for `p`: one left to place and an objective left on its side (F31)."""
    return p.outposts < 6 and any(t < 3 for t in state.objectives[p.side].values())


def sky_value(state: FlotillaState, seat: str, site_worth: float) -> float:
    """Barrels, reserve tiles, free sites (each worth `site_worth`) and pending Build scores of a Skyside
    player, in VP."""
    p = state.players[seat]
    v: float = sum(a * b for a, b in (tile_score(state, c) for c in state.built))  # F41.4: scored at the Build's end
    grp = groups(state, seat)
    cells = build_cells(state, seat)
    bs = best_b(state, seat, cells, grp) if cells else {}
    own = [TILES[state.board[c][TILE]] for c in grp]
    left = dict(p.barrels)
    site = site_worth if site_worth and outposts_wanted(state, p) else 0.0
    if site:
        v += site * min(len(sites(state, seat)), 6 - p.outposts)
    worth = []
    for t in p.tiles:
        tile = TILES[t]
        a = min(4, state.dials[GUILD_OF[tile.colour]] + tile.building
                + sum(1 for o in own if o.building and o.colour == tile.colour))
        worth.append((a * bs.get(tile.colour, 1) if cells else 1, t))
    for score, t in sorted(worth, reverse=True):
        colour, cost = TILES[t].colour, build_cost(state, t)
        if left[colour] >= cost:
            left[colour] -= cost
            v += KIT * score + BARREL * cost + (KIT * site if TILES[t].site else 0.0)  # a site it would bring
        else:
            v += PART * score + BARREL * left[colour]
            left[colour] = 0
    v += BARREL * sum(left.values())
    v += MAP * len(grp)  # a built tile makes the next ones of its colour score more
    return v


def missing_barrels(state: FlotillaState, p: Player) -> int:
    """Barrels the reserve tiles need beyond those held."""
    need: dict[str, int] = {}
    for t in p.tiles:
        need[TILES[t].colour] = need.get(TILES[t].colour, 0) + build_cost(state, t)
    return sum(max(0, n - p.barrels[c]) for c, n in need.items())


__all__ = ["missing_barrels", "outposts_wanted", "sky_value"]
