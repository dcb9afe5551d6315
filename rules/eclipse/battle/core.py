"""Eclipse combat core (E52-E55, E59, E77, E89-E92): pure pieces shared by the
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
`needed(firing, target)`        the roll a die needs: clamp(6 - computer + shield, 2, 6) (E55).
`die_hits(roll, firing, target)` natural 6 always hits, natural 1 always misses (E55).
`roll_dice(rng, damages)`       one `Die(roll, damage)` per entry, rolled with `rng.die()`.
`cannon_dice(t, n)` / `missile_dice(t, n)`  damages rolled by n ships of type t.
`firing_order(defender, attacker)` [(role, ShipType)] by initiative, ties to the defender
                      (E52); types of one side with equal initiative keep the order given
                      (the owner's choice).
`stalemate(types)`    True when no ship type still in the battle has a cannon (E59).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, NamedTuple, Optional, Sequence, TypedDict

from ...rng import Rng
from ..board import species_of
from ..data import BLUEPRINTS, PARTS, ship_stats
from ..state import EclipseState

class NpcStats(TypedDict):
    """An NPC ship's numbers (E77): `ShipType`'s fields but its owner, ship and missiles."""
    initiative: int
    computer: int
    shield: int
    hull: int
    cannons: tuple[int, ...]


NPC_STATS: dict[str, NpcStats] = {  # E77 (first edition tokens)
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
    return blueprint_type(species_of(p).blueprints, ship, p.blueprints[ship], owner=seat)


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


def roll_dice(rng: Rng, damages: Sequence[int]) -> list[Die]:
    """Roll one die per damage value with the state's generator (moves doing this are barriers)."""
    return [Die(rng.die(), d) for d in damages]


def firing_order(defender: Sequence[ShipType], attacker: Sequence[ShipType]) -> list[tuple[str, ShipType]]:
    """E52: higher initiative first; ties go to the defender; equal types of one side keep
    the given order (their owner's choice)."""
    rows = [(-t.initiative, 0, i, "defender", t) for i, t in enumerate(defender)]
    rows += [(-t.initiative, 1, i, "attacker", t) for i, t in enumerate(attacker)]
    return [(role, t) for *_, role, t in sorted(rows, key=lambda r: r[:3])]


def stalemate(types: Iterable[ShipType]) -> bool:
    """E59: no ship type still in the battle (either side) has a cannon."""
    return not any(t.cannons for t in types)
