"""Colony ships (E31, E32, E69, E102): the colonising options and applying one."""
from __future__ import annotations

from typing import Optional

from ..text import seat_ref
from .board import advanced_ok, controlled, cube_tracks, enemies, m, res_msg
from .data import HEXES, RESOURCES
from .pending import Opt
from .state import EclipseState


def colony_options(state: EclipseState, seat: str, hexes: Optional[list[str]] = None,
                   upkeep: bool = False) -> list[Opt]:
    """E31, E32, E69, E102: one option per hex, square kind and source track."""
    p = state.players[seat]
    if p.colony_ships_up <= 0:
        return []
    out = []
    for hid in hexes if hexes is not None else controlled(state, seat):
        h = state.hexes[hid]
        if upkeep and enemies(state, hid, seat):
            continue
        kinds = {k for k, f in zip(HEXES[hid].squares, h.cubes) if not f and advanced_ok(p, k)}
        if h.orbital == 1:
            kinds.add("orbital")
        for kind in sorted(kinds):
            for t in cube_tracks(kind):
                if p.population[t] > 0:
                    out.append((f"col:{hid}:{kind}:{RESOURCES[t]}",
                                m("mv.colonise", hex=hid, kind=m(f"sq.{kind}"), track=res_msg(t)), upkeep))
    return out


def colonise(state: EclipseState, seat: str, hid: str, kind: str, track: str) -> None:
    """E31: flip a colony ship; a cube from `track` onto an empty square of `kind`."""
    p = state.players[seat]
    h = state.hexes[hid]
    t = RESOURCES.index(track)
    p.colony_ships_up -= 1
    p.population[t] -= 1
    if kind == "orbital":
        h.orbital = 2
    else:
        h.cubes[next(i for i, (k, f) in enumerate(zip(HEXES[hid].squares, h.cubes)) if k == kind and not f)] = 1
    state.events.append(m("ev.colonise", seat=seat_ref(seat), hex=hid, kind=m(f"sq.{kind}")))
