"""Eclipse bots: the greedy level (rules/eclipse/greedy.py) plays legal moves and beats random play."""
from __future__ import annotations

from rules.bot_match import play_match
from rules.eclipse import ENGINE as E


def test_greedy_beats_random_players():
    wins = 0
    for seed in range(6):
        _, outcome, _ = play_match(E, ["greedy", "random", "random", "random"], seed=seed)
        wins += "p1" in outcome.winners()
    assert wins >= 5


def test_greedy_games_reach_round_nine():
    state, outcome, _ = play_match(E, ["greedy"] * 3, seed=2)
    assert state.round == 9 and state.phase == "over" and outcome.winners()
