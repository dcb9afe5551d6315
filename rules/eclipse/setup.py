"""Set-up (E5-E16, E100): supply, bags, stacks, Galactic Center, species choice, homes."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from ..rng import Rng
from ..text import seat_ref
from .board import m, species_of
from .data import BLUEPRINTS, DISCOVERIES, HEXES, SHIPS, SIDES, SPECIES, TABLES, TECHS
from .geometry import start_slot
from .frames import Species
from .state import EclipseOptions, EclipseState, Hex, Player


def parse_options(raw: BaseModel | dict[str, Any] | None) -> EclipseOptions:
    if isinstance(raw, EclipseOptions):
        return raw
    if isinstance(raw, BaseModel):
        raw = raw.model_dump()
    return EclipseOptions.model_validate(raw or {})


def new_hex(hid: str, q: int, r: int, rot: int) -> Hex:
    h = HEXES[hid]
    return Hex(q=q, r=r, rotation=rot, owner=None, cubes=[0] * len(h.squares), orbital=0, monolith=False, ships={},
               arrival=[], ancients=h.ancients, gcds=h.gcds, discovery=None)


def draw_techs(state: EclipseState, n: int) -> list[str]:
    """E5/E74: draw n tiles (or what is left) onto the supply board."""
    drawn = []
    for _ in range(min(n, len(state.tech_bag))):
        t = state.tech_bag.pop()
        state.supply[t] = state.supply.get(t, 0) + 1
        drawn.append(t)
    return drawn


def new_game(seats: list[str], seed: int, raw: BaseModel | dict[str, Any] | None) -> EclipseState:
    options = parse_options(raw)
    n = len(seats)
    if not 2 <= n <= 6:
        raise ValueError("Eclipse takes 2 to 6 players")
    rng = Rng.from_seed(seed)
    start = seats[rng.below(n)]  # E10 RULING
    stacks: dict[str, list[str]] = {}
    for ring in ("I", "II", "III"):
        ids = [h.id for h in HEXES.values() if h.ring == ring]
        rng.shuffle(ids)
        stacks[ring] = ids[: TABLES.outer_stack[str(n)]] if ring == "III" else ids  # E9
    bag = [t.name for t in TECHS.values() for _ in range(t.copies)]
    rng.shuffle(bag)
    reps = [int(v) for v, c in TABLES.reputation.items() for _ in range(c)]
    rng.shuffle(reps)
    discs = [d.tile for d in DISCOVERIES.values() for _ in range(d.copies)]
    rng.shuffle(discs)
    state = EclipseState(seats=list(seats), seed=seed, rng=rng, options=options, order=list(seats),
                         start=start, stacks=stacks, discards={"I": [], "II": [], "III": []},
                         tech_bag=bag, supply={}, rep_bag=reps, disc_bag=discs, hexes={}, players={})
    draw_techs(state, TABLES.tech_setup[str(n)])  # E7
    center = new_hex("001", 0, 0, 0)  # E8
    center.discovery = state.disc_bag.pop()
    state.hexes["001"] = center
    for s in seats:
        state.players[s] = Player(side=None, species=None)
    i = seats.index(start)
    clockwise = seats[i:] + seats[:i]
    if options.terrans_only:  # E11: Start Player first, clockwise
        queue = clockwise
    else:  # E11: from the Start Player's right, counter-clockwise; the Start Player last
        queue = [clockwise[0]] + clockwise[1:][::-1]
        queue = queue[1:] + queue[:1]
    state.stack = [Species.new(kind="species", q=queue)]
    state.events = [m("ev.setup", first=seat_ref(start))]
    return state


def available_sides(state: EclipseState) -> list[str]:
    """E11/E100: the start-tile sides still free (a pick uses up its tile)."""
    used = {SIDES[p.side].tile for p in state.players.values() if p.side}
    out = []
    for name, side in SIDES.items():
        if side.tile in used:
            continue
        if state.options.terrans_only and side.species != "terran":
            continue
        if (len(state.seats) == 2 and side.species in ("draco", "planta")
                and not state.options.draco_planta_2p):
            continue
        out.append(name)
    return out


def new_player(side: str) -> Player:
    """E15: the player board of a species, before the home hex is placed."""
    sp = SPECIES[SIDES[side].species]
    techs: dict[str, list[str]] = {"military": [], "grid": [], "nano": []}
    for t in sp.techs:  # E19 RULING: starting techs fill slot 1
        techs[TECHS[t].category].append(t)
    return Player(side=side, species=SIDES[side].species, storage=list(sp.start), track=sp.discs,
                  discs=sp.discs, discs_acted=0, population=[11, 11, 11], graveyard=[0, 0, 0],
                  colony_ships_up=sp.colony_ships, colony_ships=sp.colony_ships, techs=techs,
                  blueprints={s: list(BLUEPRINTS[sp.blueprints][s].slots) for s in SHIPS},
                  built={s: 0 for s in SHIPS}, reputation=[], kept_discoveries=[], ancient_parts=[],
                  passed=False, collapsed=False, frozen_score=None, frozen_storage=None)


def pick_side(state: EclipseState, seat: str, side: str) -> None:
    p = new_player(side)
    state.players[seat] = p
    for _ in range(species_of(p).start_reputation):  # E82: Eridani draw 2
        if state.rep_bag:
            p.reputation.append(state.rep_bag.pop())
    state.events.append(m("ev.species", seat=seat_ref(seat), side=m(f"side.{side.replace(' ', '_')}")))


def place_homes(state: EclipseState) -> None:
    """E13, E14, E16: start hexes in their slots, start ship, disc and cubes."""
    n = len(state.seats)
    i = state.seats.index(state.start)
    clockwise = state.seats[i:] + state.seats[:i]
    for seat, d in zip(clockwise, TABLES.start_directions[str(n)]):
        p = state.players[seat]
        assert p.side is not None  # every seat has picked its side (E13)
        side = SIDES[p.side]
        sp = species_of(p)
        q, r = start_slot(d)
        h = new_hex(side.hex, q, r, d)
        h.owner = seat
        p.track -= 1
        h.ships = {seat: {sp.start_ship: 1}}
        h.arrival = [seat]
        p.built[sp.start_ship] = 1
        for k, kind in enumerate(HEXES[side.hex].squares):
            if kind.endswith("*") and kind not in sp.fill_advanced:
                continue
            track = ("money", "science", "materials").index(kind.rstrip("*"))
            h.cubes[k] = 1
            p.population[track] -= 1
        state.hexes[side.hex] = h
