"""Leaf values of the search (rules/search/values.py): outcomes and scores as chances in [0, 1]."""
from __future__ import annotations

from rules.contract import Outcome
from rules.search import outcome_values, score_chances, seat_values
from tests.conformance.toy_game import TOY


def test_a_finished_game_is_worth_its_ranks():
    out = Outcome(scores={"a": 9, "b": 5, "c": 5}, ranks={"a": 1, "b": 2, "c": 2})
    assert outcome_values(out, ["a", "b", "c"]) == {"a": 1.0, "b": 0.25, "c": 0.25}
    two = Outcome(scores={"a": 3, "b": 3}, ranks={"a": 1, "b": 1})
    assert outcome_values(two, ["a", "b"]) == {"a": 0.5, "b": 0.5}


def test_a_cooperative_game_is_won_or_lost_by_all():
    assert outcome_values(Outcome(coop=True, won=True), ["a", "b"]) == {"a": 1.0, "b": 1.0}
    assert outcome_values(Outcome(coop=True, won=False), ["a"]) == {"a": 0.0}


def test_scores_become_chances_that_favour_the_leader():
    v = score_chances({"a": 10.0, "b": 4.0, "c": 4.0}, scale=5.0)
    assert 0.5 < v["a"] < 1.0 and v["b"] == v["c"] < 0.5
    assert abs(sum(score_chances({"a": 7.0, "b": 2.0}, 5.0).values()) - 1.0) < 1e-9


def test_a_game_without_evaluate_or_scores_is_even_until_it_ends():
    s = TOY.setup(["p1", "p2"], 1)
    assert seat_values(TOY, s) == {"p1": 0.5, "p2": 0.5}
