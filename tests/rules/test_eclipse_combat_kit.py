"""Helpers for the Eclipse battle tests: hand-made boards, scripted dice, in-place moves."""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.eclipse.phases import start_combat
from rules.eclipse.board import connected
from rules.eclipse.settle import settle
from rules.eclipse.geometry import neighbour
from rules.eclipse.pending import seat_to_act
from rules.eclipse.setup import new_hex
from rules.eclipse.turns import apply_option

from .test_eclipse_kit import game, home


class Dice:
    """A stand-in for state.rng: dice come from a script (then 6s: always a hit, so battles end)."""

    def __init__(self, rolls=()):
        self.rolls = list(rolls)
        self.state = [0]

    def die(self, sides=6):
        return self.rolls.pop(0) if self.rolls else 6

    def below(self, n):
        return 0

    def shuffle(self, items):
        pass


def board(sides=("terran union", "terran alliance"), rolls=(), seed=0):
    """Two (or more) players after setup, every hex emptied of ships, scripted dice."""
    s = game(list(sides), seed=seed)
    for h in s.hexes.values():
        h.ships, h.arrival = {}, []
    for p in s.players.values():
        p.built = {k: 0 for k in p.built}
    s.__dict__["rng"] = Dice(rolls)
    return s


def ships(s, hid, seat, **kinds):
    h = s.hexes[hid]
    h.ships.setdefault(seat, {}).update(kinds)
    if seat not in h.arrival:
        h.arrival.append(seat)
    for k, n in kinds.items():
        s.players[seat].built[k] += n


def empty_hex(s, hid="101", q=9, r=9, owner=None):
    s.hexes[hid] = new_hex(hid, q, r, 0).model_copy(update={"owner": owner})
    s.hexes[hid].ancients = 0
    if owner:
        s.players[owner].track -= 1
    return hid


def next_to(s, src, hid="102", owner=None):
    """Place hex `hid` next to `src`, joined by a full wormhole connection."""
    h = s.hexes[src]
    taken = {(x.q, x.r) for x in s.hexes.values()}
    for d in range(6):
        q, r = neighbour(h.q, h.r, d)
        if (q, r) in taken:
            continue
        for rot in range(6):
            s.hexes[hid] = new_hex(hid, q, r, rot).model_copy(update={"owner": owner})
            s.hexes[hid].ancients = 0
            if connected(s, src, hid, d, False):
                if owner:
                    s.players[owner].track -= 1
                return hid
        del s.hexes[hid]
    raise AssertionError("no free connected neighbour")


def fight(s):
    """Start the Combat phase on the hand-made board (E62)."""
    start_combat(s)
    settle(s)
    return s


def opts(s):
    return [m.id for m in E.legal_moves(s, seat_to_act(s)) if not m.id.startswith("tr:")]


def act(s, *mids):
    for mid in mids:
        seat = seat_to_act(s)
        assert mid in opts(s), (mid, opts(s))
        apply_option(s, seat, mid)
        settle(s)
    return s


def events(s, key):
    return [e for e in s.events if e.key == "eclipse." + key]


__all__ = ["board", "ships", "empty_hex", "next_to", "fight", "opts", "act", "events", "home", "Dice"]
