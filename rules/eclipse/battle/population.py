"""Attacking population (E63, E115, E23): after the battles, in E50 order.

Frame `{"k": "popatk", "hex", "seat": attacker, "left": damage points or None,
"grave": [kinds whose box the owner picks]}` and, for those, the owner's
`{"k": "grave", "seat", "kinds"}` decision.
"""
from __future__ import annotations

from ...text import seat_ref
from ..board import hex_cubes, m, owns, res_msg
from ..data import HEXES, RESOURCES
from ..pending import Opt
from ..state import EclipseState
from ..frames import STACK, Cube, PopulationAttack
from .core import ShipType, cannon_dice, die_hits, player_type, roll_dice
from .hits import side_ships

CUBE = ShipType("", "cube", 0, 0, 0, 0)  # E63: cubes have shield 0


def attackers(state: EclipseState, hid: str) -> list[str]:
    """E63: players with ships in a hex where another player has cubes (NPCs never)."""
    h = state.hexes[hid]
    if h.owner is None or not hex_cubes(state, hid):
        return []
    return [s for s in h.ships if s != h.owner and side_ships(h, s)]


def boxes(kind: str) -> list[int]:
    """E63/E23: the graveyard boxes a destroyed cube of this square may go to."""
    if kind == "grey":
        return [0, 1, 2]
    if kind == "orbital":
        return [0, 1]
    return [RESOURCES.index(kind.rstrip("*"))]


def kill(state: EclipseState, f: PopulationAttack, kind: str) -> None:
    """One cube of that square kind leaves the hex for its owner's graveyard."""
    h = state.hexes[f.hex]
    owner = h.owner
    if owner is None:
        raise ValueError(f"nobody owns the population of {f.hex}")
    if kind == "orbital":
        h.orbital = 1
    else:
        i = next(i for i, (k, x) in enumerate(zip(HEXES[f.hex].squares, h.cubes)) if k == kind and x)
        h.cubes[i] = 0
    choice = boxes(kind)
    if len(choice) == 1:
        state.players[owner].graveyard[choice[0]] += 1
    else:
        f.grave.append(kind)
    state.events.append(m("ev.cube_killed", seat=seat_ref(owner), hex=f.hex, kind=m(f"sq.{kind}")))


def _kill_all(state: EclipseState, f: PopulationAttack, why: str) -> None:
    state.events.append(m(f"ev.pop_{why}", seat=seat_ref(f.seat), hex=f.hex))
    for kind in hex_cubes(state, f.hex):
        kill(state, f, kind)


def start(state: EclipseState, f: PopulationAttack) -> None:
    """E63/E115 step 1: Neutron Bombs and Planta cubes without a roll; else one roll per cannon."""
    hid, seat = f.hex, f.seat
    h = state.hexes[hid]
    f.left = 0
    if not hex_cubes(state, hid) or h.owner is None or h.owner == seat or not side_ships(h, seat):
        return
    if owns(state.players[seat], "neutron bombs"):
        return _kill_all(state, f, "neutron")
    if state.players[h.owner].species == "planta":  # U20
        return _kill_all(state, f, "planta")
    points, shown = 0, []
    for ship in side_ships(h, seat):
        t = player_type(state, seat, ship)
        for d in roll_dice(state.rng, cannon_dice(t, h.ships[seat][ship])):
            shown.append(str(d.roll) if d.damage == 1 else f"{d.roll}({d.damage})")
            if die_hits(d.roll, t, CUBE):
                points += d.damage  # U22: each point of damage destroys one cube
    state.events.append(m("ev.pop_roll", seat=seat_ref(seat), hex=hid, dice=" ".join(shown) or "-", n=points))
    if points >= len(hex_cubes(state, hid)):
        for kind in hex_cubes(state, hid):
            kill(state, f, kind)
    else:
        f.left = points


def step(state: EclipseState, f: PopulationAttack) -> bool:
    """Forced parts; True when the frame is finished (popped, owner's box choices queued)."""
    if f.left is None:
        start(state, f)
    assert f.left is not None  # start rolled the damage
    while f.left > 0:
        kinds = sorted(set(hex_cubes(state, f.hex)))
        if len(kinds) > 1:
            return False
        if not kinds:
            break
        kill(state, f, kinds[0])
        f.left -= 1
    owner = state.hexes[f.hex].owner
    STACK.swap(state.stack, f, *([Cube.new(kind="grave", seat=owner, kinds=f.grave)] if f.grave else []))
    return True


def options(state: EclipseState, seat: str, f: PopulationAttack | Cube) -> list[Opt]:
    if isinstance(f, Cube):  # "grave": the owner's box for a destroyed cube
        kind = f.kinds[0]
        return [(f"box:{RESOURCES[b]}", m("mv.grave_box", kind=m(f"sq.{kind}"), res=res_msg(b)), True)
                for b in boxes(kind)]
    return [(f"kill:{k}", m("mv.kill_cube", kind=m(f"sq.{k}"), hex=f.hex), True)
            for k in sorted(set(hex_cubes(state, f.hex)))]


def apply(state: EclipseState, seat: str, f: PopulationAttack | Cube, head: str, arg: str) -> None:
    if isinstance(f, Cube):  # "grave"
        state.players[seat].graveyard[RESOURCES.index(arg)] += 1
        f.kinds.pop(0)
        if not f.kinds:
            STACK.remove(state.stack, f)
        return
    assert f.left is not None  # the attacker picks cubes once the damage is rolled
    kill(state, f, arg)
    f.left -= 1
