"""Eclipse combat core (E52-E56, E59, E77, E89-E92): pure pieces shared by the
battles of the running game and by the exact odds calculator (odds.py).

Nothing here knows about hexes, sides' entry order, retreats or reputation: those
belong to the game's battle modules.  Everything is a small pure function over
immutable values; randomness only through a passed-in `Rng` (`state.rng`).

API
---
`ShipType`            frozen numbers of one ship type of one side (what fires and is hit
                      together, E52): `owner`, `ship`, `initiative`, `computer`, `shield`
                      (positive, E55), `hull`, `cannons` (damage of each cannon die of ONE
                      ship, E55), `missiles` (damage of each missile die of one ship, E53).
`blueprint_type(layout, ship, slots=None, owner="")`
                      stats from a blueprint layout (data.BLUEPRINTS key) and its slot
                      list (None = printed); reuses `data.ship_stats` (E89-E92).
`npc_type(kind, owner="npc")`  `ancient` or `gcds` (E77).
`player_type(state, seat, ship)` a seat's current blueprint in a game state.
`hex_types(state, hex_id)`      {side: [ShipType...]} of the ships present in a hex.
`needed(firing, target)`        the roll a die needs: clamp(6 - computer + shield, 2, 6) (E55).
`die_hits(roll, firing, target)` natural 6 always hits, natural 1 always misses (E55).
`roll_dice(rng, damages)`       one `Die(roll, damage)` per entry, rolled with `rng.die()`.
`cannon_dice(t, n)` / `missile_dice(t, n)`  damages rolled by n ships of type t.
`hittable(die, firing, targets)` which of the targets that die may be given to (E56).
`hit_ship(damage, amount, hull)` new damage of a ship, or None when it is destroyed:
                      destroyed when damage > hull (E56); excess damage is lost.
`firing_order(defender, attacker)` [(role, ShipType)] by initiative, ties to the defender
                      (E52); types of one side with equal initiative keep the order given
                      (the owner's choice).  `volley_order` keeps those with missiles (E53).
`stalemate(types)`    True when no ship type still in the battle has a cannon (E59).

The fleet model (`Group`, `Fleet`) is a tuple of groups, one per ship type, each
holding the sorted damage of its surviving ships; `alive`, `fleet_hit` work on it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple, Optional, Sequence

from ..data import BLUEPRINTS, PARTS, SPECIES, ship_stats
from ..state import EclipseState

NPC_STATS = {  # E77 (first edition tokens)
    "ancient": {"initiative": 2, "computer": 1, "shield": 0, "hull": 1, "cannons": (1, 1)},
    "gcds": {"initiative": 0, "computer": 1, "shield": 0, "hull": 7, "cannons": (1, 1, 1, 1)},
}
SIZE = {"dreadnought": 8, "cruiser": 6, "starbase": 5, "interceptor": 4}  # E57 size order


@dataclass(frozen=True)
class ShipType:
    owner: str
    ship: str
    initiative: int
    computer: int
    shield: int
    hull: int
    cannons: tuple[int, ...] = ()
    missiles: tuple[int, ...] = ()

    @property
    def npc(self) -> bool:
        return self.ship in NPC_STATS


class Die(NamedTuple):
    roll: int
    damage: int


def _dice(slots: Iterable[Optional[str]], field: str) -> tuple[int, ...]:
    out: list[int] = []
    for name in slots:
        if name is not None:
            out.extend(getattr(PARTS[name], field))
    return tuple(sorted(out, reverse=True))


def blueprint_type(layout: str, ship: str, slots: Optional[Sequence[Optional[str]]] = None,
                   owner: str = "") -> ShipType:
    """E52/E89-E92: a blueprint's combat numbers (printed slots when `slots` is None)."""
    grid = list(BLUEPRINTS[layout][ship].slots if slots is None else slots)
    st = ship_stats(layout, ship, grid)
    return ShipType(owner, ship, st["initiative"], st["computer"], st["shield"], st["hull"],
                    _dice(grid, "dice"), _dice(grid, "missiles"))


def npc_type(kind: str, owner: str = "npc") -> ShipType:
    """E77: the Ancient ship or the GCDS."""
    return ShipType(owner=owner, ship=kind, missiles=(), **NPC_STATS[kind])


def player_type(state: EclipseState, seat: str, ship: str) -> ShipType:
    """The current blueprint of `seat`'s `ship` in a game state (its upgrades included)."""
    p = state.players[seat]
    return blueprint_type(SPECIES[p["species"]].blueprints, ship, p["bp"][ship], owner=seat)


def hex_types(state: EclipseState, hex_id: str) -> dict[str, list[ShipType]]:
    """Every side present in a hex with its ship types (NPCs under the side "npc")."""
    h = state.hexes[hex_id]
    out = {seat: [player_type(state, seat, s) for s, n in ships.items() if n]
           for seat, ships in h["ships"].items() if any(ships.values())}
    npc = [npc_type("ancient")] if h.get("anc") else []
    if h.get("gcds"):
        npc.append(npc_type("gcds"))
    if npc:
        out["npc"] = npc
    return out


def needed(firing: ShipType, target: ShipType) -> int:
    """E55: the lowest roll that hits: clamp(6 - computer + shield, 2, 6)."""
    return min(6, max(2, 6 - firing.computer + target.shield))


def die_hits(roll: int, firing: ShipType, target: ShipType) -> bool:
    """E55: a 6 always hits, a 1 always misses, otherwise roll + computer - shield >= 6."""
    return roll >= needed(firing, target)


def cannon_dice(t: ShipType, n: int = 1) -> tuple[int, ...]:
    """E54/E55: damages of the dice n ships of type t roll in an engagement round."""
    return t.cannons * n


def missile_dice(t: ShipType, n: int = 1) -> tuple[int, ...]:
    """E53: damages of the dice n ships of type t roll in the missile volley."""
    return t.missiles * n


def roll_dice(rng: Any, damages: Sequence[int]) -> list[Die]:
    """Roll one die per damage value with the state's generator (moves doing this are barriers)."""
    return [Die(rng.die(), d) for d in damages]


def hittable(die: Die, firing: ShipType, targets: Sequence[ShipType]) -> list[ShipType]:
    """E56: the target types this die may be given to (those it hits)."""
    return [t for t in targets if die_hits(die.roll, firing, t)]


def hit_ship(damage: int, amount: int, hull: int) -> Optional[int]:
    """E56: the ship's new damage, or None when destroyed (damage > hull)."""
    damage += amount
    return None if damage > hull else damage


def firing_order(defender: Sequence[ShipType], attacker: Sequence[ShipType]) -> list[tuple[str, ShipType]]:
    """E52: higher initiative first; ties go to the defender; equal types of one side keep
    the given order (their owner's choice)."""
    rows = [(-t.initiative, 0, i, "defender", t) for i, t in enumerate(defender)]
    rows += [(-t.initiative, 1, i, "attacker", t) for i, t in enumerate(attacker)]
    return [(role, t) for *_, role, t in sorted(rows, key=lambda r: r[:3])]


def volley_order(defender: Sequence[ShipType], attacker: Sequence[ShipType]) -> list[tuple[str, ShipType]]:
    """E53: the types with missile parts, in initiative order; each fires once per battle."""
    return [(r, t) for r, t in firing_order(defender, attacker) if t.missiles]


def stalemate(types: Iterable[ShipType]) -> bool:
    """E59: no ship type still in the battle (either side) has a cannon."""
    return not any(t.cannons for t in types)


# --- fleet model -------------------------------------------------------------------------

@dataclass(frozen=True)
class Group:
    kind: ShipType
    damage: tuple[int, ...]  # damage on each surviving ship, ascending

    @classmethod
    def fresh(cls, kind: ShipType, count: int) -> "Group":
        return cls(kind, (0,) * count)


Fleet = tuple[Group, ...]


def alive(fleet: Fleet) -> bool:
    return any(g.damage for g in fleet)


def fleet_hit(fleet: Fleet, group: int, ship: int, amount: int) -> Fleet:
    """`amount` damage on ship index `ship` of group `group` (E56); destroyed ships leave."""
    g = fleet[group]
    rest = list(g.damage)
    new = hit_ship(rest.pop(ship), amount, g.kind.hull)
    if new is not None:
        rest.append(new)
    return fleet[:group] + (Group(g.kind, tuple(sorted(rest))),) + fleet[group + 1:]
