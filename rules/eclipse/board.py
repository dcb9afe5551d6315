"""Player board and galaxy helpers on the plain-data state (E17-E23, E32, E44, E75)."""
from __future__ import annotations

from typing import Any, Optional

from ..text import Msg
from .data import HEXES, RESOURCES, SPECIES, TABLES, TECHS, Species
from .geometry import neighbour, pos_id, wormholes
from .state import EclipseState, Player
from ..unvalidated import new_msg

TRACK_CAP = 11  # E18: a population track holds at most 11 cubes


def m(key: str, **args: Any) -> Msg:
    return new_msg("eclipse." + key, args)


def res_msg(i: int) -> Msg:
    return m(f"res.{RESOURCES[i]}")


def upkeep(p: Player) -> int:
    """E17: the value of the leftmost empty circle of the influence track."""
    return TABLES.upkeep[min(p.track, 13)]


def production(p: Player, i: int) -> int:
    """E18: the leftmost uncovered square of population track i."""
    return TABLES.production[min(p.population[i], TRACK_CAP)]


def owns(p: Player, tech: str) -> bool:
    return tech in p.techs[TECHS[tech].category]


def price(p: Player, tech: str) -> int:
    return tech_price(p.techs, tech)


def tech_price(techs: dict[str, list[str]], tech: str) -> int:
    """E19/E39: cost minus the discount of the techs held in its category, never below the minimum."""
    t = TECHS[tech]
    have = len(techs[t.category])
    return max(t.min, t.cost - TABLES.tech_discount[min(have, 6)])


def species_of(p: Player) -> Species:
    """The species data of a player who has picked its species (E13)."""
    if p.species is None:
        raise ValueError("the player has not picked a species yet")
    return SPECIES[p.species]


def trade_rate(p: Player) -> int:
    return species_of(p).trade


def has_wormhole_generator(p: Player) -> bool:
    return "wormhole generator" in p.techs["nano"]


def coord_index(state: EclipseState) -> dict[str, str]:
    """Position id -> hex id of every placed hex."""
    return {pos_id(h.q, h.r): hid for hid, h in state.hexes.items()}


def connected(state: EclipseState, a: str, b: str, d: int, half: bool) -> bool:
    """Hexes a -> b (b in direction d of a): a full wormhole connection, or a half
    one when `half` (Wormhole Generator, E88)."""
    ha, hb = state.hexes[a], state.hexes[b]
    x = d in wormholes(a, ha.rotation)
    y = (d + 3) % 6 in wormholes(b, hb.rotation)
    return (x and y) or (half and (x or y))


def neighbours(state: EclipseState, hid: str, index: Optional[dict[str, str]] = None) -> list[tuple[int, str]]:
    """(direction, hex id) of the placed hexes next to hex `hid`."""
    index = index if index is not None else coord_index(state)
    h = state.hexes[hid]
    out = []
    for d in range(6):
        other = index.get(pos_id(*neighbour(h.q, h.r, d)))
        if other is not None:
            out.append((d, other))
    return out


def enemies(state: EclipseState, hid: str, seat: str) -> int:
    """E44 `E`: opponent ships in the hex (Ancients not for Draco, the GCDS always)."""
    h = state.hexes[hid]
    n = sum(sum(v.values()) for s, v in h.ships.items() if s != seat)
    if h.ancients and state.players[seat].species != "draco":
        n += h.ancients
    return n + (1 if h.gcds else 0)


def own_ships(state: EclipseState, hid: str, seat: str) -> int:
    return sum(state.hexes[hid].ships.get(seat, {}).values())


def unpinned(state: EclipseState, hid: str, seat: str) -> bool:
    """E44: the seat has an unpinned ship in the hex (`O > E`; never with the GCDS)."""
    o = own_ships(state, hid, seat)
    return o > 0 and not state.hexes[hid].gcds and o > enemies(state, hid, seat)


def controlled(state: EclipseState, seat: str) -> list[str]:
    return [hid for hid, h in state.hexes.items() if h.owner == seat]


def advanced_ok(p: Player, kind: str) -> bool:
    """E32: an advanced square needs the matching Advanced tech."""
    if not kind.endswith("*"):
        return True
    need = {"money*": "advanced economy", "science*": "advanced labs", "materials*": "advanced mining"}[kind]
    return owns(p, need)


def cube_tracks(kind: str) -> tuple[int, ...]:
    """The tracks a cube on a square of this kind may come from / go back to (E32)."""
    if kind == "grey":
        return (0, 1, 2)
    if kind == "orbital":
        return (0, 1)
    return (RESOURCES.index(kind.rstrip("*")),)


def return_targets(p: Player, kind: str) -> list[int]:
    """Tracks with room that a cube leaving a square of `kind` may go to (E18, E32, E118)."""
    fits = [i for i in cube_tracks(kind) if p.population[i] < TRACK_CAP]
    if fits:
        return fits
    return [i for i in range(3) if p.population[i] < TRACK_CAP]


def hex_cubes(state: EclipseState, hid: str) -> list[str]:
    """Kinds of the occupied squares of a hex (orbital included)."""
    h = state.hexes[hid]
    kinds = [k for k, f in zip(HEXES[hid].squares, h.cubes) if f]
    if h.orbital == 2:
        kinds.append("orbital")
    return kinds


def tech_vp(n: int) -> int:
    return TABLES.tech_vp[min(n, 7)]


def score_parts(state: EclipseState, seat: str) -> dict[str, int]:
    """E75: every VP source of one seat."""
    p = state.players[seat]
    if p.frozen_score is not None:
        return dict(p.frozen_score)
    mine = controlled(state, seat)
    parts = {
        "reputation": sum(p.reputation),
        "ambassadors": sum(1 for s, q in state.players.items() if s != seat and seat in q.ambassadors_given),
        "hexes": sum(HEXES[h].vp for h in mine),
        "discoveries": 2 * len(p.kept_discoveries),
        "monoliths": 3 * sum(1 for h in mine if state.hexes[h].monolith),
        "techs": sum(tech_vp(len(v)) for v in p.techs.values()),
        "traitor": -2 if p.traitor else 0,  # E48
        "species": 0,
    }
    if p.species == "planta":
        parts["species"] = len(mine)
    elif p.species == "draco":
        parts["species"] = sum(h.ancients for h in state.hexes.values())
    return parts


def storage_total(p: Player) -> int:
    return sum(p.storage) if p.frozen_storage is None else p.frozen_storage
