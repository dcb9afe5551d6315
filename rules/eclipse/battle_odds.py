"""Odds of a battle waiting in a running game (issue #6 item 3), on odds.fleet_odds (E98).

`battle_odds(state, hex)` is the next battle the Combat phase would fight there (the
latest two sides, E51) with its attacker's exact chance of winning, ships' current
blueprints and damage (E60) included; `pending_battles(state, seat)` lists the hexes
where `seat` is about to fight.  Large fleets can take seconds (see odds.MAX_WORK).
"""
from __future__ import annotations

from typing import Any, Optional

from .battle import battle_sides, has_battle
from .battle_hits import count, damages, kind, side_ships


def pending_battles(state: Any, seat: str) -> list[str]:
    """Hexes, in E50 order, where the seat's ships would fight a battle now (E49)."""
    return [hid for hid in sorted(state.hexes, reverse=True)
            if state.hexes[hid]["ships"].get(seat) and has_battle(state, hid)]


def battle_odds(state: Any, hid: str) -> Optional[tuple[str, str, float]]:
    """(attacker, defender, the attacker's chance of winning) of the hex's next battle."""
    if not has_battle(state, hid):
        return None
    from .odds import fleet_odds
    h = state.hexes[hid]
    defender, attacker = battle_sides(state, hid)[-2:]
    groups, hurt = [], []
    for side in (attacker, defender):
        ships = side_ships(h, side)
        groups.append([(kind(state, side, s), count(h, side, s)) for s in ships])
        hurt.append([damages(h, side, s) for s in ships])
    return attacker, defender, fleet_odds(groups[0], groups[1], (hurt[0], hurt[1]))
