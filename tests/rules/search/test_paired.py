"""The root race on shared samples (rules/search/paired.py, `SearchConfig.paired`), on the toy game."""
from __future__ import annotations

import pytest

import rules.search.paired as paired
from rules.rng import Rng
from rules.search import SearchConfig, best_move, search
from tests.conformance.toy_game import TOY
from tests.rules.search.test_ismcts import toy_turn, wins_at_once

RACE = SearchConfig(iterations=120, tree_depth=1, paired=True, rollout_moves=30)


def test_the_race_finds_the_winning_move_and_drops_the_clearly_worse_ones():
    s = toy_turn(3, [1, 1])
    result = search(TOY, s, "p1", Rng.from_seed(2), RACE)
    move = best_move(result)
    assert move == "take:3" and wins_at_once(s, "p1", move)
    others = [n for c, n in result.visits.items() if c != "take:3"]
    assert others and max(others) <= result.visits["take:3"] and min(others) < result.visits["take:3"]
    assert sum(result.visits.values()) == result.iterations < RACE.iterations  # the race ended with one move left


def test_the_same_seed_and_budget_give_the_same_race():
    s = toy_turn(9, [1, 2])
    a = search(TOY, s, "p1", Rng.from_seed(5), RACE)
    assert a == search(TOY, s, "p1", Rng.from_seed(5), RACE)
    assert any(search(TOY, s, "p1", Rng.from_seed(k), RACE) != a for k in (6, 7, 8))


def test_every_candidate_of_a_pass_plays_from_the_same_sample(monkeypatch):
    samples, played = [], []
    real_det, real_roll = paired.determinize, paired.leaf_rollout

    def det(engine, state, seat, rng):
        samples.append(real_det(engine, state, seat, rng))
        return samples[-1]

    def roll(engine, state, rng, config, stop=None):
        played.append((len(samples), rng.state))  # the pass it belongs to and its generator's seed
        return real_roll(engine, state, rng, config, stop)

    monkeypatch.setattr(paired, "determinize", det)
    monkeypatch.setattr(paired, "leaf_rollout", roll)
    s = toy_turn(9, [1, 2])
    result = search(TOY, s, "p1", Rng.from_seed(3), RACE._replace(iterations=30, race_after=99))
    width = len(result.visits)
    assert width >= 3 and len(played) == result.iterations == width * len(samples)
    for n in range(1, len(samples) + 1):
        seeds = {seed for k, seed in played if k == n}
        assert len(seeds) == 1  # one generator seed per pass, shared by all its candidates
    assert len({seed for _, seed in played}) == len(samples)


def test_a_budget_that_runs_out_within_a_pass_ends_the_race_without_it():
    s = toy_turn(9, [1, 2])
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 7  # within the second pass

    result = search(TOY, s, "p1", Rng.from_seed(1), RACE._replace(iterations=1000), stop=stop)
    assert set(result.visits.values()) == {1} and result.iterations == len(result.visits)


def test_too_small_a_budget_for_one_pass_leaves_the_greedy_move():
    s = toy_turn(9, [1, 2])
    result = search(TOY, s, "p1", Rng.from_seed(1), RACE._replace(iterations=2))
    assert result.visits == {} and best_move(result, prefer="take:1") == "take:1"


def test_the_greedy_move_stands_while_it_is_still_in_the_race():
    from rules.search import SearchResult

    kept = SearchResult(visits={"a": 6, "b": 6, "c": 3}, sums={"a": 4.0, "b": 3.0, "c": 0.0}, iterations=15)
    assert best_move(kept, prefer="b", margin=0.01) == "b"  # a's better mean was not clearly better
    dropped = SearchResult(visits={"a": 6, "b": 4, "c": 3}, sums={"a": 4.0, "b": 2.0, "c": 0.0}, iterations=13)
    assert best_move(dropped, prefer="b", margin=0.01) == "a"  # b left the race: a was clearly better



def test_a_race_won_at_its_first_check_is_won_by_the_survivor_only_with_race_survivor(monkeypatch):
    """Values that never vary between samples end the race at its first check with every candidate played as
    often: the greedy move, out of the race, still ties for the most visits unless the survivor counts one more."""
    monkeypatch.setattr(paired, "seat_values", lambda engine, s, scale: {"p1": 0.1 * (9 - s.pile), "p2": 0.5})
    s = toy_turn(9, [1, 2])
    plain = search(TOY, s, "p1", Rng.from_seed(2), RACE._replace(rollout_moves=0, race_after=2))
    assert set(plain.visits.values()) == {2} and best_move(plain, prefer="take:1", margin=0.01) == "take:1"
    marked = search(TOY, s, "p1", Rng.from_seed(2), RACE._replace(rollout_moves=0, race_after=2, race_survivor=True))
    assert marked.visits["take:3"] == 3 and set(v for c, v in marked.visits.items() if c != "take:3") == {2}
    assert marked.sums["take:3"] / 3 == pytest.approx(0.3)  # counted at its mean
    assert best_move(marked, prefer="take:1", margin=0.01) == "take:3"


def test_with_race_leader_the_best_mean_still_racing_counts_one_more_though_no_check_was_reached(monkeypatch):
    """A budget too short for any check (four-player Wayfinders): every candidate played as often, so the greedy
    move ties for the most visits and stands however it scored, unless the leader counts one visit more."""
    monkeypatch.setattr(paired, "seat_values", lambda engine, s, scale: {"p1": 0.1 * (9 - s.pile), "p2": 0.5})
    s = toy_turn(9, [1, 2])
    short = RACE._replace(rollout_moves=0, race_after=99, iterations=30)
    plain = search(TOY, s, "p1", Rng.from_seed(2), short)
    assert len(set(plain.visits.values())) == 1 and best_move(plain, prefer="take:1", margin=0.01) == "take:1"
    led = search(TOY, s, "p1", Rng.from_seed(2), short._replace(race_leader=True))
    most = max(led.visits.values())
    assert [c for c, v in led.visits.items() if v == most] == ["take:3"] and most == plain.visits["take:3"] + 1
    assert led.sums["take:3"] / most == pytest.approx(0.3)  # counted at its mean
    assert best_move(led, prefer="take:1", margin=0.01) == "take:3"  # 0.2 better than the greedy move's mean
    assert best_move(led, prefer="take:2", margin=0.15) == "take:2"  # within the margin the greedy move stands


def test_candidates_that_score_alike_on_every_pass_leave_as_twins_of_the_first_only_with_race_twins(monkeypatch):
    """Two moves that lead to the same values on every sample (an item used on the way that changes nothing,
    the same source gathered elsewhere) never separate: without `race_twins` they race to the end of the
    budget; with it the later one leaves at the check and the race ends with the first listed."""
    monkeypatch.setattr(paired, "seat_values", lambda engine, s, scale: {"p1": 0.1 * min(2, 9 - s.pile), "p2": 0.5})
    s = toy_turn(9, [1, 2])  # take:2 and take:3 (and card:2, roll) score alike; take:1 is clearly worse
    config = RACE._replace(rollout_moves=0, race_after=3, iterations=90)
    plain = search(TOY, s, "p1", Rng.from_seed(2), config)
    assert plain.iterations > 60 and plain.visits["take:1"] == 3  # the twins raced on to the budget
    twins = search(TOY, s, "p1", Rng.from_seed(2), config._replace(race_twins=True))
    order = list(twins.visits)
    first = next(c for c in order if c != "take:1")
    assert twins.iterations == 3 * len(order)  # one check: one candidate left, the race is over
    assert set(twins.visits.values()) == {3}
    assert best_move(twins, prefer=first, margin=0.01) == first


def test_twins_are_only_candidates_with_the_same_value_on_every_pass():
    values = {"a": [0.2, 0.3, 0.4], "b": [0.2, 0.3, 0.4], "c": [0.2, 0.3, 0.41], "d": [0.2, 0.3, 0.4]}
    assert paired._without_twins(["a", "b", "c", "d"], values) == ["a", "c"]
    assert paired._without_twins(["c", "b", "a"], values) == ["c", "b"]


def test_race_keep_races_only_the_first_candidate_and_the_best_of_the_first_pass(monkeypatch):
    """A budget of few passes spread over many candidates never reaches a check: `race_keep` spends the passes
    after the first on the greedy move (listed first) and the others that scored highest on that pass."""
    monkeypatch.setattr(paired, "seat_values", lambda engine, s, scale: {"p1": 0.1 * (9 - s.pile), "p2": 0.5})
    s = toy_turn(9, [1, 2])  # take:3 scores highest, take:1 is the prior's favourite (listed first)
    config = RACE._replace(rollout_moves=0, race_after=99, iterations=40)
    every = search(TOY, s, "p1", Rng.from_seed(2), config)
    assert set(every.visits.values()) == {6} and list(every.visits)[0] == "take:1"
    kept = search(TOY, s, "p1", Rng.from_seed(2), config._replace(race_keep=2))
    assert kept.visits["take:1"] == kept.visits["take:3"] == 18  # 1 pass + 17 of the 34 iterations left each
    assert {c for c, n in kept.visits.items() if n == 1} == {"take:2", "card:1", "card:2", "roll"}
    assert kept.iterations == 40
    assert search(TOY, s, "p1", Rng.from_seed(2), config._replace(race_keep=6)) == every  # all of them: no screen
