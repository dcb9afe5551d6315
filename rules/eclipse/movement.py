"""Move with pinning and arrival order (E43, E44, E108)."""
from __future__ import annotations

from typing import Iterator

from ..text import seat_ref
from .board import connected, coord_index, enemies, has_wormhole_generator, m, neighbours, own_ships, species_of
from .data import ship_stats
from .frames import Action
from .pending import Opt
from .state import EclipseState


def movement(state: EclipseState, seat: str, ship: str) -> int:
    p = state.players[seat]
    return ship_stats(species_of(p).blueprints, ship, p.blueprints[ship])["move"]


def may_leave(state: EclipseState, seat: str, hid: str) -> bool:
    """E44: the seat's ships in the hex, counting the mover, outnumber the opponent
    ships there; never with the GCDS."""
    return not state.hexes[hid].gcds and own_ships(state, hid, seat) > enemies(state, hid, seat)


def steps_from(state: EclipseState, seat: str, hid: str, index: dict[str, str] | None = None) -> list[str]:
    """E43: adjacent explored hexes across a full wormhole connection (half with WG)."""
    half = has_wormhole_generator(state.players[seat])
    return [n for d, n in neighbours(state, hid, index) if connected(state, hid, n, d, half)]


def ship_groups(state: EclipseState, seat: str) -> list[tuple[str, str]]:
    """E108 step 1: (hex, type) of the seat's ships that may leave and have a first step."""
    return list(iter_ship_groups(state, seat))


def iter_ship_groups(state: EclipseState, seat: str) -> Iterator[tuple[str, str]]:
    """`ship_groups` one at a time (whether there is one stops at the first)."""
    index = None
    for hid, h in state.hexes.items():
        mine = h.ships.get(seat)
        if not mine or not may_leave(state, seat, hid):
            continue
        if index is None:
            index = coord_index(state)
        if not steps_from(state, seat, hid, index):
            continue
        for ship, n in mine.items():
            if n and ship != "starbase" and movement(state, seat, ship) > 0:
                yield hid, ship


def move_options(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    if f.at is None:
        out = [(f"ship:{h}:{s}", m("mv.pick_ship", ship=m(f"ship.{s}"), hex=h), False)
               for h, s in ship_groups(state, seat)]
        return out + ([] if f.react else [("stop", m("mv.stop"), False)])
    out = [(f"go:{n}", m("mv.go", hex=n), False) for n in steps_from(state, seat, f.at)]
    if f.moved:
        out.append(("here", m("mv.stop_here", hex=f.at), False))
    return out


def shift(state: EclipseState, seat: str, ship: str, src: str, dst: str) -> None:
    """One ship from src to dst, keeping the arrival order (E43 RULING)."""
    a, b = state.hexes[src], state.hexes[dst]
    mine = a.ships[seat]
    mine[ship] -= 1
    if not mine[ship]:
        del mine[ship]
    if not mine:
        del a.ships[seat]
        a.arrival.remove(seat)
    there = b.ships.setdefault(seat, {})
    there[ship] = there.get(ship, 0) + 1
    if seat not in b.arrival:
        b.arrival.append(seat)


def apply_move(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> bool:
    """Apply one Move decision; True when the action is over (stop)."""
    if head == "stop":
        return True
    if head == "ship":
        hid, ship = arg.split(":")
        f.at, f.ship, f.steps, f.moved, f.start = hid, ship, movement(state, seat, ship), 0, hid
        return False
    if head == "go":
        moving, at, steps, moved = f.ship, f.at, f.steps, f.moved
        assert moving is not None and at is not None and steps is not None and moved is not None  # set by "ship"
        shift(state, seat, moving, at, arg)
        f.at = arg
        f.steps = steps - 1
        f.moved = moved + 1
        if f.steps > 0 and may_leave(state, seat, arg):
            return False
    _end_activation(state, seat, f)
    return False


def _end_activation(state: EclipseState, seat: str, f: Action) -> None:
    state.events.append(m("ev.move", seat=seat_ref(seat), ship=m(f"ship.{f.ship}"), src=f.start,
                          dst=f.at))
    for k in ("at", "ship", "steps", "moved", "start"):
        f.drop(k)
    f.at = None
    f.left -= 1
