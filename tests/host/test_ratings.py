"""Elo-style ratings (host/ratings.py): two-player math, ties, pairwise multiplayer, finishing order."""
from __future__ import annotations

import pytest

from host.ratings import K, START, Placing, expected, game_changes, ratings


def test_expected_score_is_symmetric_and_half_for_equals():
    assert expected(1500, 1500) == 0.5
    assert expected(1600, 1400) + expected(1400, 1600) == pytest.approx(1.0)
    assert expected(1900, 1500) == pytest.approx(1 / (1 + 10 ** (-1)))


def test_two_equal_players_move_k_over_two():
    r = ratings([Placing(1, 10.0, (("a", 1), ("b", 2)))])
    assert r["a"] == pytest.approx(START + K / 2)
    assert r["b"] == pytest.approx(START - K / 2)


def test_a_draw_between_equals_changes_nothing_and_an_upset_moves_more():
    assert game_changes({}, {"a": 1, "b": 1}) == {"a": 0.0, "b": 0.0}
    favourite = game_changes({"a": 1700, "b": 1500}, {"a": 1, "b": 2})["a"]
    upset = game_changes({"a": 1700, "b": 1500}, {"a": 2, "b": 1})["b"]
    assert 0 < favourite < K / 2 < upset < K


def test_multiplayer_is_pairwise_by_rank_and_zero_sum():
    ch = game_changes({}, {"a": 1, "b": 2, "c": 3})
    # a beats b and c: 2 wins x (K/2) x 0.5; c loses both; b one of each
    assert ch["a"] == pytest.approx(K / 2 * (0.5 + 0.5))
    assert ch["b"] == pytest.approx(0.0)
    assert ch["c"] == pytest.approx(-K / 2)
    assert sum(ch.values()) == pytest.approx(0.0)
    tie = game_changes({}, {"a": 1, "b": 1, "c": 2})
    assert tie["a"] == tie["b"] == pytest.approx(K / 2 * 0.5)


def test_games_count_in_finishing_order_not_in_the_given_order():
    late = Placing(2, 20.0, (("a", 2), ("b", 1)))
    early = Placing(1, 10.0, (("a", 1), ("b", 2)))
    assert ratings([late, early]) == ratings([early, late])
    r = ratings([early, late])
    # after a win and a loss against the same opponent, the later loss (as the favourite) weighs more
    assert r["a"] < START < r["b"]


def test_a_game_with_one_rated_player_changes_nothing():
    assert ratings([Placing(1, 1.0, (("a", 1),))]) == {"a": START}
