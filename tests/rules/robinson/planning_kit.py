"""Planning positions for the tests of the hard level's plans (test_plan_alternatives.py):
the first planning decision (R30) of a round of greedy games, solo and with two characters."""
from __future__ import annotations

import pytest

from rules.bots import bot_rng
from rules.robinson import ENGINE as E


def planning_at(seats, seed, rnd):
    """The first planning decision of round `rnd` of a greedy game (None if the game ended first)."""
    s = E.setup(seats, seed)
    while not (s.phase == "plan" and s.round == rnd):
        if E.is_over(s):
            return None
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, bot_rng(seed, s.moves_made, seat)).id)
    return s


@pytest.fixture(scope="module")
def positions():
    out = [planning_at(seats, seed, rnd) for seats, seed, rnd in
           ((["p1"], 3, 2), (["p1"], 3, 5), (["p1", "p2"], 3, 2), (["p1", "p2"], 4, 4))]
    return [s for s in out if s is not None]
