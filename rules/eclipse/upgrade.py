"""Upgrade (E40, E106) and placing an ancient part from a Discovery tile (E91, E110).

A blueprint is a list of slot contents.  A slot holds a part *tile* exactly
when its content differs from the printed part (E40 "printed parts"): returning
the tile uncovers the printed part or empties the slot; a printed part can be
covered, never removed.  Ancient parts are tiles too and leave the game when
covered or returned (E40, E91).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Optional

from ..text import Msg, seat_ref
from .board import m, owns, species_of
from .data import BLUEPRINTS, PARTS, SHIPS, ship_stats
from .frames import Action
from .pending import Opt
from .state import EclipseState, Player


def printed(p: Player, ship: str) -> list[Optional[str]]:
    return BLUEPRINTS[species_of(p).blueprints][ship].slots


def valid(p: Player, ship: str, slots: list[Optional[str]]) -> bool:
    """E40: energy used <= energy produced; ships keep a drive, starbases have none."""
    return _valid(species_of(p).blueprints, ship, tuple(slots))


@lru_cache(maxsize=4096)
def _valid(layout: str, ship: str, slots: tuple[Optional[str], ...]) -> bool:
    st = ship_stats(layout, ship, list(slots))
    if st["used"] > st["produced"]:
        return False
    return st["drives"] == 0 if ship == "starbase" else st["drives"] >= 1


def all_valid(p: Player, bp: dict[str, list[Optional[str]]]) -> bool:
    return all(valid(p, s, bp[s]) for s in SHIPS)


def usable_parts(p: Player) -> list[str]:
    """Supply parts the seat may use (E89: their tech researched, or none needed) and
    ancient parts kept beside the board (E91)."""
    out = [n for n, x in PARTS.items() if not x.ancient and (x.tech is None or owns(p, x.tech))]
    return out + [n for n in dict.fromkeys(p.ancient_parts)]


def slots_for(p: Player, part: str) -> list[tuple[str, int]]:
    """E106 step 2 (RULING: never onto a slot already showing that part): slots where the
    part leaves every blueprint satisfying E40."""
    out = []
    ok = {s: valid(p, s, p.blueprints[s]) for s in SHIPS}
    bad = sum(1 for v in ok.values() if not v)
    for ship in SHIPS:
        if bad > 1 or (bad == 1 and ok[ship]):
            continue  # another blueprint stays broken whatever goes here
        cur = p.blueprints[ship]
        for i, have in enumerate(cur):
            if have == part:
                continue
            new = list(cur)
            new[i] = part
            if valid(p, ship, new):
                out.append((ship, i))
    return out


def tiles(p: Player) -> list[tuple[str, int, str]]:
    """The part tiles on the blueprints (ship, slot, part): the slots showing another part than the printed one."""
    out = []
    for ship in SHIPS:
        pr = printed(p, ship)
        out += [(ship, i, x) for i, x in enumerate(p.blueprints[ship]) if x is not None and x != pr[i]]
    return out


def put_text(p: Player, part: str, ship: str, i: int) -> Msg:
    """The label of putting `part` into slot i of a blueprint: the slot numbered from 1 as the player board draws
    it, and what the part replaces there (or that the slot is empty), so nothing is covered unseen (E106)."""
    old = p.blueprints[ship][i]
    args = dict(part=m(f"part.{part.replace(' ', '-')}"), ship=m(f"ship.{ship}"), slot=i + 1)
    if old is None:
        return m("mv.put_part_empty", **args)
    return m("mv.put_part_over", old=m(f"part.{old.replace(' ', '-')}"), **args)


def upgrade_options(state: EclipseState, seat: str, f: Action) -> list[Opt]:
    p = state.players[seat]
    if f.part:
        return [(f"put:{s}:{i}", put_text(p, f.part, s, i), False) for s, i in slots_for(p, f.part)]
    if f.picking:
        return [(f"rs:{s}:{i}", m("mv.return_tile", part=m(f"part.{x.replace(' ', '-')}"),
                                  ship=m(f"ship.{s}"), slot=i + 1), False) for s, i, x in tiles(p)]
    out = [(f"part:{n.replace(' ', '-')}", m("mv.pick_part", part=m(f"part.{n.replace(' ', '-')}")), False)
           for n in usable_parts(p) if slots_for(p, n)]
    if not f.undone and tiles(p):
        out.append(("ret", m("mv.return"), False))
    if f.ret:
        out.append(("undo", m("mv.undo_returns"), False))
    first = not f.ret and not f.undone
    if all_valid(p, p.blueprints) and not (f.react and first) or f.undone:
        out.append(("stop", m("mv.stop"), False))
    return out


def apply_upgrade(state: EclipseState, seat: str, f: Action, head: str, arg: str) -> bool:
    """Apply one Upgrade decision; True when the action is over (stop)."""
    p = state.players[seat]
    if head == "stop":
        return True
    if head == "ret":
        f.picking = True
    elif head == "rs":
        ship, slot = arg.split(":")
        i = int(slot)
        if f.ret is None:
            f.ret = []
        f.ret.append([ship, i, p.blueprints[ship][i]])
        p.blueprints[ship][i] = printed(p, ship)[i]
        f.picking = False
    elif head == "undo":
        returned = f.ret or []
        f.drop("ret")
        for ship, i, part in reversed(returned):
            p.blueprints[ship][i] = part
        f.undone = True
    elif head == "part":
        f.part = arg.replace("-", " ")
    elif head == "put":
        ship, slot = arg.split(":")
        part = f.part
        assert part is not None  # picked by "part" (upgrade_options offers `put` only then)
        for k in ("part", "ret", "undone"):
            f.drop(k)
        place(state, seat, part, ship, int(slot))
        f.left -= 1
    return False


def place(state: EclipseState, seat: str, part: str, ship: str, i: int) -> None:
    p = state.players[seat]
    if PARTS[part].ancient:
        p.ancient_parts.remove(part)
    p.blueprints[ship][i] = part
    state.events.append(m("ev.upgrade", seat=seat_ref(seat), part=m(f"part.{part.replace(' ', '-')}"),
                          ship=m(f"ship.{ship}")))


def can_react_upgrade(p: Player) -> bool:
    """E28/E109: a Reaction Upgrade is offered only when its activation can place a part."""
    return bool(tiles(p)) or any(slots_for(p, n) for n in usable_parts(p))
