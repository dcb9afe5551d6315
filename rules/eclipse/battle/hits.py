"""Ships in a battle, damage and hits (E56, E57, E60, E113) on the plain-data hex.

Damage lives in the hex (`h.damage = {side: {ship: [damage of each damaged ship,
highest first]}}`), so it carries over between the battles of one hex (E60) and
the board image can draw it; repair (E66) drops it.  A side is a seat or "npc"
(the Ancients or the GCDS, E49).
"""
from __future__ import annotations

from ..state import EclipseState, Hex
from .core import SIZE, ShipType, die_hits, npc_type, player_type

NPC = "npc"
NPC_SIZE = {"gcds": 9, "ancient": 4}  # for the suggestion only: the GCDS is the biggest target
KILL_DRAWS = {"interceptor": 1, "starbase": 1, "ancient": 1, "cruiser": 2, "dreadnought": 3, "gcds": 3}  # E61


def count(h: Hex, side: str, ship: str) -> int:
    if side == NPC:
        return h.ancients if ship == "ancient" else int(bool(h.gcds))
    return h.ships.get(side, {}).get(ship, 0)


def side_ships(h: Hex, side: str) -> list[str]:
    """The ship types a side has in the hex now."""
    if side == NPC:
        return (["ancient"] if h.ancients else []) + (["gcds"] if h.gcds else [])
    return [s for s, n in h.ships.get(side, {}).items() if n]


def ship_type(state: EclipseState, side: str, ship: str) -> ShipType:
    return npc_type(ship) if side == NPC else player_type(state, side, ship)


def damages(h: Hex, side: str, ship: str) -> list[int]:
    """Damage of every ship of the type, highest first (undamaged ships as 0)."""
    dmg = h.damage.get(side, {}).get(ship, [])
    return dmg + [0] * (count(h, side, ship) - len(dmg))


def _set_damages(h: Hex, side: str, ship: str, values: list[int]) -> None:
    hurt = sorted((v for v in values if v), reverse=True)
    by_side = h.damage.setdefault(side, {})
    if hurt:
        by_side[ship] = hurt
    else:
        by_side.pop(ship, None)
        if not by_side:
            h.damage.pop(side)
            if not h.damage:
                h.drop("damage")


def remove_ships(state: EclipseState, hid: str, side: str, ship: str, n: int = 1) -> None:
    """n ships of a type leave the hex (destroyed: back to the owner's supply, E56;
    NPC ships leave the game, E78)."""
    h = state.hexes[hid]
    if side == NPC:
        if ship == "ancient":
            h.ancients -= n
        else:
            h.gcds = False
        return
    mine = h.ships[side]
    mine[ship] -= n
    if not mine[ship]:
        del mine[ship]
    if not any(mine.values()):
        del h.ships[side]
        if side in h.arrival:
            h.arrival.remove(side)


def clear_damage(h: Hex, side: str, ship: str) -> None:
    _set_damages(h, side, ship, [])


def hit(state: EclipseState, hid: str, side: str, ship: str, before: int, amount: int) -> bool:
    """E56: `amount` damage on one ship of the type that has `before` damage; True when
    it is destroyed (damage > hull; excess is lost)."""
    h = state.hexes[hid]
    vals = damages(h, side, ship)
    vals.remove(before)
    if before + amount > ship_type(state, side, ship).hull:
        _set_damages(h, side, ship, vals)
        if side in state.players:
            state.players[side].built[ship] -= 1
        remove_ships(state, hid, side, ship)
        return True
    _set_damages(h, side, ship, vals + [before + amount])
    return False


def groups(state: EclipseState, hid: str, side: str, ships: list[str], roll: int,
           firing: ShipType) -> list[tuple[str, int]]:
    """E113: (type, damage so far) of the live opponent ships this die hits."""
    h = state.hexes[hid]
    out = []
    for ship in ships:
        if count(h, side, ship) and die_hits(roll, firing, ship_type(state, side, ship)):
            out += [(ship, d) for d in sorted(set(damages(h, side, ship)), reverse=True)]
    return out


def _size(ship: str) -> float:
    return SIZE.get(ship, NPC_SIZE.get(ship, 0))


def suggest(state: EclipseState, hid: str, side: str, ships: list[str], dice: list[list[int]],
            firing: ShipType) -> list[tuple[int, str, int]]:
    """E57 (molip's AutoAssignHits, with each die's damage): (die index, type, damage
    so far of the ship it goes to), in the order to apply them; dice left out are lost.  Destroy pass: largest
    types first, within a type the ships needing the fewest points first, each taking
    the lowest qualifying rolls that destroy it; damage pass: every die left to the most
    damaged surviving ship of the largest type it hits."""
    h = state.hexes[hid]
    live = {s: damages(h, side, s) for s in ships if count(h, side, s)}
    kinds = {s: ship_type(state, side, s) for s in live}
    order = sorted(live, key=_size, reverse=True)
    plan: list[tuple[int, str, int]] = []
    free = set(range(len(dice)))
    for s in order:  # destroy pass
        hull = kinds[s].hull
        for i in sorted(range(len(live[s])), key=lambda k: hull + 1 - live[s][k]):
            need = hull + 1 - live[s][i]
            able = sorted((j for j in free if die_hits(dice[j][0], firing, kinds[s])), key=lambda j: dice[j][0])
            if sum(dice[j][1] for j in able) < need:
                break
            got = 0
            for j in able:
                if got >= need:
                    break
                plan.append((j, s, live[s][i]))
                live[s][i] += dice[j][1]
                got += dice[j][1]
                free.discard(j)
            live[s][i] = -1  # destroyed in the plan
    for s in order:  # damage pass
        for j in sorted(free):
            if not die_hits(dice[j][0], firing, kinds[s]):
                continue
            alive = [k for k, d in enumerate(live[s]) if d >= 0]
            if not alive:
                break
            k = max(alive, key=lambda x: live[s][x])
            plan.append((j, s, live[s][k]))
            live[s][k] += dice[j][1]
            if live[s][k] > kinds[s].hull:
                live[s][k] = -1
            free.discard(j)
    return plan
