"""Combat odds notation (E95-E97): a fleet written as text -> ship types and counts.

`parse_fleet(text)` returns a `FleetSpec` or raises `NotationError`, whose `.msg`
is a translatable `Msg` naming the problem (E97 rejections 1-8; the rejections
that need both fleets, 8 "attacker" and 9, are checked by `check_pair`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Optional

from ...text import Msg, msg, tr
from ..data import BLUEPRINTS, PARTS, SHIPS, SPECIES, TABLES, ship_stats
from .core import ShipType, blueprint_type, npc_type

NPCS = ("ancient", "gcds")
SUPPLY = {**TABLES.ships, "ancient": 2, "gcds": 1}  # E97 rejection 3
PLURALS = {f"{s}s": s for s in (*SHIPS, "ancient")}
COUNT_DIGITS = 6  # a count longer than this is over any supply (rejection 3) and is never read as a number
_GROUP = re.compile(r"^(?:([0-9]+) )?([^()]+?)(?:\(([^()]*)\))?$")  # E96: counts in ASCII digits


class NotationError(ValueError):
    def __init__(self, key: str, **args: Any) -> None:
        self.msg: Msg = msg("eclipse.odds.err." + key, **args)
        super().__init__(tr(self.msg))


@dataclass(frozen=True)
class FleetSpec:
    species: Optional[str]  # None: no prefix (Terran blueprints)
    groups: tuple[tuple[ShipType, int], ...]  # in the order written

    @property
    def npc(self) -> bool:
        return any(t.npc for t, _ in self.groups)


def normalise(text: str) -> str:
    """E96: case and repeated spaces do not matter; spaces around : , ( ) are ignored."""
    return re.sub(r" ?([:,()]) ?", r"\1", " ".join(text.lower().split()))


def split_groups(body: str) -> list[str]:
    """Commas outside parentheses separate groups (E96)."""
    out, depth, cur = [], 0, ""
    for ch in body:
        depth += (ch == "(") - (ch == ")")
        if depth not in (0, 1):
            raise NotationError("syntax", text=body)
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if depth:
        raise NotationError("syntax", text=body)
    return out + [cur]


def parse_fleet(text: str) -> FleetSpec:
    """E96/E97: parse and validate one fleet."""
    body = normalise(text)
    species = None
    if ":" in body:
        species, body = body.split(":", 1)
        if species not in SPECIES:
            raise NotationError("species", name=species)
    if not body:
        raise NotationError("empty")
    layout = SPECIES[species or "terran"].blueprints
    groups, seen, ancient_parts = [], set(), set()
    for raw in split_groups(body):
        ship, count, parts = _group(raw)
        if ship in seen:
            raise NotationError("twice", ship=ship)  # E97 rejection 2
        seen.add(ship)
        if not 1 <= count <= SUPPLY[ship]:
            raise NotationError("count", ship=ship, count=count, most=SUPPLY[ship])  # rejection 3
        if ship in NPCS:
            if parts is not None or species is not None:
                raise NotationError("npc_parts", ship=ship)  # rejection 8
            groups.append((npc_type(ship), count))
            continue
        if parts is not None:
            _check_blueprint(layout, ship, parts)
            for p in parts:
                if PARTS[p].ancient:
                    if p in ancient_parts:
                        raise NotationError("ancient_part", part=p)  # rejection 7
                    ancient_parts.add(p)
        groups.append((blueprint_type(layout, ship, parts), count))
    kinds = {t.ship in NPCS for t, _ in groups}
    if len(kinds) > 1 or ({"ancient", "gcds"} <= seen):
        raise NotationError("npc_mixed")  # rejection 8
    return FleetSpec(species, tuple(groups))


def _group(raw: str) -> tuple[str, int, Optional[list[str]]]:
    m = _GROUP.match(raw)
    if m is None or not raw:
        raise NotationError("syntax", text=raw)
    name = m.group(2)
    if name[0].isdigit():
        raise NotationError("syntax", text=raw)  # E96: a count is followed by a space
    ship = PLURALS.get(name, name)
    if ship not in SHIPS and ship not in NPCS:
        raise NotationError("type", name=name)  # rejection 1
    digits = m.group(1) or "1"
    if len(digits) > COUNT_DIGITS:  # rejection 3 without reading the number (int() of 4,300 digits fails)
        raise NotationError("count", ship=ship, count=digits[:COUNT_DIGITS] + "…", most=SUPPLY[ship])
    count = int(digits)
    parts = None
    if m.group(3) is not None:
        parts = [p for p in m.group(3).split(",")] if m.group(3) else []
        for p in parts:
            if p not in PARTS:
                raise NotationError("part", name=p)  # rejection 1
    return ship, count, parts


def _check_blueprint(layout: str, ship: str, parts: list[str]) -> None:
    slots = len(BLUEPRINTS[layout][ship].slots)
    if len(parts) > slots:
        raise NotationError("slots", ship=ship, n=len(parts), slots=slots)  # rejection 4
    st = ship_stats(layout, ship, parts)
    if st["used"] > st["produced"]:
        raise NotationError("energy", ship=ship, used=st["used"], produced=st["produced"])  # rejection 5
    if ship == "starbase" and st["drives"]:
        raise NotationError("starbase_drive")  # rejection 6
    if ship != "starbase" and not st["drives"]:
        raise NotationError("no_drive", ship=ship)  # rejection 6


def check_pair(attacker: FleetSpec, defender: FleetSpec) -> None:
    """E97 rejections 8 (NPCs always defend) and 9 (Draco never fights Ancients, E85)."""
    if attacker.npc:
        raise NotationError("npc_attacker")
    if attacker.species == "draco" and any(t.ship == "ancient" for t, _ in defender.groups):
        raise NotationError("draco_ancient")
