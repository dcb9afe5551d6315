"""A bench game that does not end is stopped and named (tools/bot_games.py `Stalled`), not played for hours."""
from __future__ import annotations

import pytest

from rules import GAMES
from tools import bot_games
from tools.bot_games import Series, Stalled, play


def test_a_bench_game_past_the_stall_round_or_its_moves_is_reported_with_its_deal(monkeypatch):
    # Two hard Wayfinders seats once passed for ever, and a figure's run spent hours on one deal.
    engine = GAMES["wayfinders"]
    monkeypatch.setattr(bot_games, "STALL_ROUND", 3)
    with pytest.raises(Stalled, match=r"wayfinders, deal 7, levels \['greedy', 'greedy'\]: past round 3"):
        play(engine, ["greedy", "greedy"], 7, (None, None), Series())
    monkeypatch.setattr(bot_games, "STALL_ROUND", 200)
    with pytest.raises(Stalled, match="no end after 5 moves"):
        play(engine, ["greedy", "greedy"], 7, (None, None), Series(), max_moves=5)
    state = play(engine, ["greedy", "greedy"], 7, (None, None), Series())  # a whole game ends as ever
    assert engine.is_over(state)
