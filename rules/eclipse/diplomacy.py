"""Diplomacy for 4 or more players (E46-E48, E111).

Plain data on the player: `rel` = {partner: track of the cube on the Ambassador
this player gave}, `traitor` (E48), `proposed` = ["round:seat", ...] (E47: one
proposal per partner and round).  Frames: "dipl" (the answer), "ambc" (the track
of the giver's cube), "ambroom" (a reputation tile back to the bag to make room).
"""
from __future__ import annotations

from ..text import seat_ref
from .board import connected, coord_index, m, neighbours, res_msg, species_of
from .data import RESOURCES
from .frames import STACK, Ambassador, Cube, DiplomacyFrame, MakeRoom, Proposal
from .pending import Opt
from .state import EclipseState, Player

AMBASSADORS = 3  # E3


def held(state: EclipseState, seat: str) -> int:
    """Ambassadors a seat holds (one from each partner)."""
    return sum(1 for s, p in state.players.items() if s != seat and seat in p.ambassadors_given)


def _slots(p: Player) -> tuple[int, int, int]:
    a, e, r = species_of(p).rep
    return a, e, r


def _can_take(state: EclipseState, seat: str) -> bool:
    """E47 condition 5: an unused Ambassador and room for one more (a reputation tile's
    slot counts as room: the tile can go back to the bag)."""
    p = state.players[seat]
    a, e, _ = _slots(p)
    return len(p.ambassadors_given) < AMBASSADORS and held(state, seat) + 1 <= e + a


def _touching(state: EclipseState, x: str) -> set[str]:
    """E47 condition 1: the seats whose hexes a full wormhole connection joins to a hex of x."""
    index = coord_index(state)
    out: set[str] = set()
    for hid, h in state.hexes.items():
        if h.owner != x:
            continue
        for d, n in neighbours(state, hid, index):
            o = state.hexes[n].owner
            if o not in (None, x) and o not in out and connected(state, hid, n, d, False):
                out.add(o)
    return out


def _intruding(state: EclipseState, x: str, y: str) -> bool:
    """x has ships in a hex where y has a disc or ships (E47 condition 2, E48)."""
    for h in state.hexes.values():
        if any(h.ships.get(x, {}).values()) and (h.owner == y or any(h.ships.get(y, {}).values())):
            return True
    return False


def _free(state: EclipseState, x: str) -> bool:
    """E47 conditions 4-6 for one side: no Traitor card, an Ambassador and room, a cube."""
    p = state.players[x]
    return not p.collapsed and not p.traitor and sum(p.population) > 0 and _can_take(state, x)


def may_relate(state: EclipseState, x: str, y: str) -> bool:
    return (y not in state.players[x].ambassadors_given and _free(state, x) and _free(state, y)
            and not _intruding(state, x, y) and not _intruding(state, y, x) and y in _touching(state, x))


def proposals(state: EclipseState, seat: str) -> list[Opt]:
    """E111 step 1: a free move of the seat whose Action-phase turn it is (4+ players)."""
    if len(state.seats) < 4 or not _free(state, seat):
        return []
    done = state.players[seat].proposals
    near = _touching(state, seat)
    return [(f"propose:{y}", m("mv.propose", seat=seat_ref(y)), False) for y in state.order
            if y in near and f"{state.round}:{y}" not in done and may_relate(state, seat, y)]


def propose(state: EclipseState, seat: str, other: str) -> None:
    state.players[seat].proposals.append(f"{state.round}:{other}")
    STACK.push(state.stack, Proposal.new(kind="dipl", seat=other, from_=seat))
    state.events.append(m("ev.propose", seat=seat_ref(seat), other=seat_ref(other)))


def options(state: EclipseState, seat: str, f: DiplomacyFrame) -> list[Opt]:
    if f.kind == "dipl":
        return [("accept", m("mv.accept"), False), ("decline", m("mv.decline"), False)]
    if f.kind == "ambc":
        p = state.players[seat]
        return [(f"amb:{RESOURCES[t]}", m("mv.amb_track", res=res_msg(t)), False) for t in range(3) if p.population[t]]
    return [(f"drop:{v}", m("mv.drop_rep", v=v), False) for v in sorted(set(state.players[seat].reputation))]


def apply(state: EclipseState, seat: str, f: DiplomacyFrame, head: str, arg: str) -> None:
    STACK.remove(state.stack, f)
    if head == "decline":
        state.events.append(m("ev.decline", seat=seat_ref(seat)))
    elif head == "accept" and isinstance(f, Proposal):  # E111 step 3: the proposer gives first (pushed last)
        STACK.push(state.stack, Ambassador.new(kind="ambc", seat=f.from_, to=seat),
                   Ambassador.new(kind="ambc", seat=seat, to=f.from_))
        state.events.append(m("ev.relations", seat=seat_ref(f.from_), other=seat_ref(seat)))
    elif head == "amb" and isinstance(f, Ambassador):
        give(state, seat, f.to, RESOURCES.index(arg))
    else:
        p = state.players[seat]
        p.reputation.remove(int(arg))
        state.rep_bag.append(int(arg))
        state.rng.shuffle(state.rep_bag)


def give(state: EclipseState, seat: str, to: str, track: int) -> None:
    """E46: an Ambassador carrying a cube from one of the giver's tracks."""
    giver = state.players[seat]
    giver.population[track] -= 1
    giver.ambassadors_given = {**giver.ambassadors_given, to: track}  # set: saved even once emptied (E48)
    q = state.players[to]
    a, e, r = _slots(q)
    if len(q.reputation) + held(state, to) > a + e + r and q.reputation:  # E47 RULING: make room
        STACK.push(state.stack, MakeRoom.new(kind="ambroom", seat=to))


def settle_dip(state: EclipseState, f: DiplomacyFrame) -> bool:
    """Forced choices: one track with a cube (E99)."""
    if isinstance(f, Ambassador):
        opts = options(state, f.seat, f)
        if len(opts) == 1:
            apply(state, f.seat, f, "amb", opts[0][0][4:])
            return True
    return False


def check_breaks(state: EclipseState, seat: str) -> None:
    """E48: after an action or Reaction of `seat`, relations with a partner whose hex or
    ships it shares break; `seat` takes the Traitor card; both cubes go back (E118)."""
    p = state.players[seat]
    for other in list(p.ambassadors_given):
        if not _intruding(state, seat, other):
            continue
        for s in state.players.values():
            s.drop("traitor")
        p.traitor = True
        for x, y in ((seat, other), (other, seat)):
            rel = state.players[x].ambassadors_given
            if y in rel:
                del rel[y]
                STACK.push(state.stack, Cube.new(kind="cube", seat=x, kinds=["grey"]))
        state.events.append(m("ev.broken", seat=seat_ref(seat), other=seat_ref(other)))


def dissolve(state: EclipseState, seat: str) -> None:
    """E72 RULING: a collapsed seat's Ambassadors leave the game (their holders lose the VP);
    the Ambassadors it held go back to their owners, whose cubes return by E118; a Traitor
    card it held goes back to the supply."""
    p = state.players[seat]
    p.ambassadors_given = {}
    p.drop("traitor")
    for other, q in state.players.items():
        if other != seat and seat in q.ambassadors_given:
            del q.ambassadors_given[seat]
            STACK.push(state.stack, Cube.new(kind="cube", seat=other, kinds=["grey"]))
