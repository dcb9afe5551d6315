"""Helpers for the Eclipse rule tests (and tests of the helpers themselves)."""
from __future__ import annotations

from rules.eclipse import ENGINE as E
from rules.eclipse.pending import seat_to_act


def game(sides, seed=0, options=None):
    """A game after the species picks: seat p{i+1} plays sides[i]."""
    seats = [f"p{i + 1}" for i in range(len(sides))]
    s = E.setup(seats, seed, options)
    while s.phase == "species":
        seat = seat_to_act(s)
        s = E.apply(s, seat, "sp:" + sides[seats.index(seat)].replace(" ", "-"))
    return s


def ids(state, seat=None):
    seat = seat or seat_to_act(state)
    return [m.id for m in E.legal_moves(state, seat)]


def play(state, *move_ids):
    for mid in move_ids:
        state = E.apply(state, seat_to_act(state), mid)
    return state


def home(state, seat):
    return next(h for h, x in state.hexes.items() if x.owner == seat and h.startswith("2"))


def test_game_gives_each_seat_its_side():
    s = game(["terran union", "eridani", "hydran", "orion"])
    assert [s.players[f"p{i}"].side for i in range(1, 5)] == ["terran union", "eridani", "hydran", "orion"]
    assert s.phase == "action" and seat_to_act(s) == s.start
