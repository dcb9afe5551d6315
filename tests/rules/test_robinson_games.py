"""Complete Castaways games (R16, R17, R96, S5, E19): lost by bots from set-up with
1, 2 and 4 players, won through the engine's own moves from a late position,
and every phase visible in the log."""
from __future__ import annotations

import pytest

from rules.bots import choose
from rules.playout import pick_seat, play_random, playout_rng
from rules.robinson import phases
from rules.text import tr
from tests.rules.robinson_kit import E, game


def bot_game(n: int, seed: int, level: str = "greedy"):
    s = E.setup([f"p{i + 1}" for i in range(n)], seed)
    rng = playout_rng(seed)
    log = []
    while E.to_act(s):
        seat = pick_seat(E.to_act(s), rng)
        mv = choose(E, s, seat, level, seed)
        s = E.apply(s, seat, mv.id)
        log += [e.key for e in s.events]
    return s, log


@pytest.mark.parametrize("n", [1, 2, 4])
def test_r17_r96_a_complete_bot_game_ends_for_everyone(n):
    s, log = bot_game(n, 11)
    out = E.outcome(s)
    assert out.coop and out.won is (s.result == "won") and set(out.scores) == set(s.seats)
    assert s.result in ("won", "lost") and E.to_act(s) == [] and s.round <= 12  # R99
    assert "robinson.ev.production" in log and "robinson.ev.round" in log
    assert "robinson.ev.draw" in log and "robinson.ev.plan_done" in log  # Event and Action phases shown
    assert tr(out.summary)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_random_games_end_by_the_rules(n):
    for seed in range(3):
        final, _ = play_random(E, [f"p{i}" for i in range(n)], seed)
        assert final.result == "lost" and final.end_reason in ("death", "time")


def late_game(n: int = 2):
    """A real game advanced by the engine to round 9's Night, then set to a strong position."""
    s = game(n, 4)
    s.round, s.phase = 9, "night"
    s.built = ["Fire"]
    s.shelter, s.roof = True, 3
    s.avail.update(F=6, W=2)
    s.pile = [1, 2, 3, 4, 4]
    return s


def test_s5_win_on_the_last_wood_of_round_ten():
    s = late_game(2)
    phases.night_phase(s)  # eat, then night steps 3-6 and round 10 begins
    assert s.round == 10 and s.result is None
    fp = s.seats[s.fp]
    assert s.phase == "event"
    s = E.apply(s, fp, "draw")
    while s.phase == "morale":
        s = E.apply(s, fp, "m:d")
    assert s.phase == "wood" and "wood:1" in [m.id for m in E.legal_moves(s, fp)]
    s = E.apply(s, fp, "wood:1")
    out = E.outcome(s)
    assert s.result == "won" and out.won and out.winners() == s.seats and E.to_act(s) == []


def test_e19_pile_and_fire_in_round_nine_win_at_the_start_of_round_ten():
    s = late_game(2)
    s.pile = [1, 2, 3, 4, 5]
    phases.night_phase(s)
    assert s.result == "won" and s.round == 10


def test_s5_no_win_before_round_ten():
    s = late_game(2)
    s.round = 8
    s.pile = [1, 2, 3, 4, 5]
    phases.night_phase(s)
    assert s.result is None and s.round == 9


def test_r72_r96_surviving_round_twelve_without_the_goal_is_a_loss():
    s = late_game(2)
    s.round = 12
    s.built = []
    phases.night_phase(s)
    assert s.result == "lost" and s.end_reason == "time" and s.round == 12
