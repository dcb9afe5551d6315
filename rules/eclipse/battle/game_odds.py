"""Odds of a battle waiting in a running game, on odds.fleet_odds (E98).

`hex_odds(state, hex, None)` is the next battle the Combat phase would fight there (the
latest two sides, E51) with its attacker's exact chance of winning, ships' current
blueprints and damage (E60) included; `pending_battles(state, seat)` lists the hexes
where `seat` is about to fight.  `seat_odds(state, seat)` gathers what a player asks
for in the game: the battles waiting where the seat has ships, the battle under way
(from its next engagement round when the missiles have fired, E53), and, while the
seat moves a ship (E108 step 2), the battle each next step would cause.  Large fleets
can take seconds (see odds.MAX_WORK).
"""
from __future__ import annotations

from typing import NamedTuple, Optional

from ..movement import shift, steps_from
from ..frames import STACK, Fight
from ..pending import frame, seat_to_act
from ..state import EclipseState, copy_state
from .fight import battle_sides, has_battle
from .core import ShipType
from .hits import NPC, count, damages, ship_type, side_ships
from .notation import NotationError
from .odds import MAX_WORK, fleet_odds


class Odds(NamedTuple):
    hex: str
    attacker: str  # a seat, or "npc" (never: NPCs always defend, E51)
    defender: str
    win: float  # the attacker's exact chance (E98)
    when: str  # "next": the hex's next battle from its start; "running": under way, from its next
    # engagement round (the volley fired); "move": if the moving ship steps into the hex
    ship: str = ""  # for "move": the moving ship type
    npc: str = ""  # when the Ancients or the GCDS defend: "ancient" or "gcds"


class Fleets(NamedTuple):
    """A battle as the odds solver takes it (odds.fleet_odds)."""
    attacker: str
    defender: str
    attack: list[tuple[ShipType, int]]  # (ShipType, count) groups
    defend: list[tuple[ShipType, int]]
    hurt: tuple[list[list[int]], list[list[int]]]  # per side and group, the damage on each ship (E60)
    from_round: bool  # the missile volley already fired (E53)


def _npc(state: EclipseState, hid: str, defender: str) -> str:
    return "" if defender != NPC else "gcds" if state.hexes[hid].gcds else "ancient"


def pending_battles(state: EclipseState, seat: str) -> list[str]:
    """Hexes, in E50 order, where the seat's ships would fight a battle now (E49)."""
    return [hid for hid in sorted(state.hexes, reverse=True)
            if state.hexes[hid].ships.get(seat) and has_battle(state, hid)]


def running(state: EclipseState, hid: str) -> Optional[Fight]:
    """The fight frame whose battle in this hex is under way (E112), if any."""
    f = STACK.top(state.stack)
    if not isinstance(f, Fight) or f.hex != hid or f.b is None:
        return None
    return f


def battle_fleets(state: EclipseState, hid: str, f: Optional[Fight]) -> Optional[Fleets]:
    """The hex's battle as the odds solver takes it: the next one from its start with the damage already
    on the ships (E60), or with the hex's fight frame `f` under way, its own pair, the owners' order of
    equal-initiative types (E112) and, once the volley is over, from a round.  None: no battle there."""
    if not has_battle(state, hid):
        return None
    h = state.hexes[hid]
    b = f.b if f is not None else None
    defender, attacker = (b["d"], b["a"]) if b is not None else battle_sides(state, hid)[-2:]
    dice = f.dice if f is not None else []
    from_round = b is not None and (b["stage"] == "round" or (b["stage"] == "volley" and bool(b["i"] or dice)))
    groups: list[list[tuple[ShipType, int]]] = []
    hurt: list[list[list[int]]] = []
    for side in (attacker, defender):
        prefs = b["prefs"].get(side, []) if b is not None else []
        ships = sorted(side_ships(h, side), key=lambda s: prefs.index(s) if s in prefs else len(prefs))
        groups.append([(ship_type(state, side, s), count(h, side, s)) for s in ships])
        hurt.append([damages(h, side, s) for s in ships])
    return Fleets(attacker, defender, groups[0], groups[1], (hurt[0], hurt[1]), bool(from_round))


def hex_odds(state: EclipseState, hid: str, f: Optional[Fight], max_work: Optional[int] = None
          ) -> Optional[tuple[str, str, float, bool]]:
    """(attacker, defender, the attacker's chance of winning, from a round?) of the hex's battle
    (`battle_fleets`).  Past `max_work` (odds.MAX_WORK by default) raises NotationError("too_big")."""
    got = battle_fleets(state, hid, f)
    if got is None:
        return None
    win = fleet_odds(got.attack, got.defend, got.hurt, got.from_round, max_work or MAX_WORK)
    return got.attacker, got.defender, win, got.from_round


def chance(state: EclipseState, seat: str, hid: str, max_work: int) -> Optional[float]:
    """The seat's own chance of winning the battle in the hex (under way, else the next one),
    when the seat fights in it and it is small enough to compute within `max_work`."""
    try:
        got = hex_odds(state, hid, running(state, hid), max_work)
    except NotationError:
        return None
    if got is None or seat not in got[:2]:
        return None
    return got[2] if seat == got[0] else 1.0 - got[2]


def move_odds(state: EclipseState, seat: str, max_work: Optional[int] = None) -> list[Odds]:
    """E108 step 2: for each hex the seat's moving ship may step into now, the battle that
    step would leave there (the ship in the hex, E43).  With `max_work`, steps to battles
    too large to compute within it are left out."""
    f = frame(state)
    if f is None or f.kind != "move" or f.at is None or f.ship is None or seat_to_act(state) != seat:
        return []
    out = []
    for n in sorted(steps_from(state, seat, f.at)):
        after = copy_state(state)  # only the step itself: nothing after it is settled
        shift(after, seat, f.ship, f.at, n)
        try:
            got = hex_odds(after, n, None, max_work)
        except NotationError:
            if max_work is None:
                raise
            continue
        if got is not None:
            out.append(Odds(n, got[0], got[1], got[2], "move", f.ship, _npc(after, n, got[1])))
    return out


def seat_odds(state: EclipseState, seat: str, hid: Optional[str] = None) -> list[Odds]:
    """Every battle the seat is about to fight or cause (only in hex `hid` when given): the
    hexes where its ships face a battle (E49), in E50 order, then the steps of its move."""
    out = []
    for h in pending_battles(state, seat):
        if hid is None or h == hid:
            f = running(state, h)
            got = hex_odds(state, h, f)
            if got is not None:
                out.append(Odds(h, got[0], got[1], got[2], "running" if got[3] else "next", "",
                                _npc(state, h, got[1])))
    return out + [o for o in move_odds(state, seat) if hid is None or o.hex == hid]
