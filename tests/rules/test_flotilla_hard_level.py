"""Flotilla's hard level (rules/flotilla/search_hooks.py): the generic tree search on the hard policy (the engine's
`search_policy`, bot_profile.HARD), leaves valued by its worth as chances (F62-F65); the root race on shared
samples measured weaker with four players and is not used."""
from __future__ import annotations

import pytest

from rules.bots import bot_rng, settle
from rules.flotilla import ENGINE as E
from rules.flotilla import bot, search_hooks
from rules.flotilla.bot_profile import HARD
from rules.rng import Rng
from rules.search import SearchConfig, ismcts, search, tuned

SEATS = ["p1", "p2", "p3"]


@pytest.fixture(scope="module")
def decisions():
    """Every tenth decision of a three-player game of the hard policy with more than one legal move, from round 3
    on."""
    s = E.setup(SEATS, 5)
    rng = Rng.from_seed(5)
    out, n = [], 0
    while not E.is_over(s):
        seat = E.to_act(s)[0]
        if s.round >= 3 and len(E.move_ids(s, seat)) > 1:
            n += 1
            if n % 10 == 0:
                out.append(s)
        s = E.apply(s, seat, E.search_policy(s, seat, rng).id)
    return out


def test_the_hard_level_searches_a_tree_and_does_not_race(monkeypatch, decisions):
    """No race: the race (paired.py) won 0 of 8 four-player games against greedy (docs/strength/README.md); the
    one setting is the early stop."""
    config = tuned(E)
    assert config == SearchConfig(clear_after=search_hooks.CLEAR_AFTER, clear_share=search_hooks.CLEAR_SHARE)
    assert not config.paired and config.policy_rounds == 0
    raced = []
    monkeypatch.setattr(ismcts, "paired_search", lambda *a, **k: raced.append(a))
    s = decisions[4]
    result = search(E, s, E.to_act(s)[0], Rng.from_seed(1), tuned(E, iterations=20))
    assert raced == [] and 0 < result.iterations <= 20 and sum(result.visits.values()) == result.iterations


def test_f62_f65_the_value_is_each_seats_chance_from_its_worth_and_sharper_once_the_end_is_triggered(decisions):
    # F63-F65: the most VP wins; the greedy worth in VP stands for the final score, a lead counts more near the end.
    s = E.copy_state(decisions[6])
    worth = {x: bot.evaluate(s, x, HARD) for x in SEATS}
    values = E.evaluate(s)
    assert sum(values.values()) == pytest.approx(1.5)  # three pairs, each sharing one
    ahead = max(SEATS, key=lambda x: (worth[x], x))
    behind = min(SEATS, key=lambda x: (worth[x], x))
    assert worth[ahead] > worth[behind] and values[ahead] > values[behind]
    s.end_round = s.round + 1  # F62: the end triggered
    late = E.evaluate(s)
    assert late[ahead] - late[behind] > values[ahead] - values[behind]
    assert search_hooks.SCALE_END < search_hooks.SCALE


def test_a_searched_decision_is_the_same_for_the_same_seed_and_budget_and_always_legal(decisions):
    for s in decisions[2:20:4]:
        seat = E.to_act(s)[0]
        config = tuned(E, iterations=24)
        a = search(E, s, seat, Rng.from_seed(3), config)
        assert a == search(E, s, seat, Rng.from_seed(3), config)
        assert 0 < a.iterations <= 24 and len(a.visits) >= 2
        assert all(0.0 <= a.sums[c] / a.visits[c] <= 1.0 for c in a.visits)
        chosen = settle(E, s, seat, E.legal_moves(s, seat), a, 7)
        assert chosen.id in E.move_ids(s, seat)


def test_the_race_keeps_the_greedy_move_unless_another_is_clearly_better(decisions):
    same = 0
    for s in decisions[1:7]:
        seat = E.to_act(s)[0]
        result = search(E, s, seat, Rng.from_seed(s.round), tuned(E, iterations=30))
        chosen = settle(E, s, seat, E.legal_moves(s, seat), result, 1)
        greedy = E.search_policy(s, seat, bot_rng(1, s.moves_made, seat))
        same += chosen.id == greedy.id
    assert same >= 1


def test_the_search_stops_once_one_move_clearly_leads_and_chooses_what_the_whole_budget_would(decisions):
    """A budget of 640 iterations (about a 0.5 s decision): where one move holds `CLEAR_SHARE` of the visits after
    `CLEAR_AFTER` iterations the search stops there, and the move it settles on is the whole budget's (here on 3
    of these 4 decisions: the fourth is a Build's rotation, all six alike by the greedy worth)."""
    whole = tuned(E, iterations=640, clear_after=10**9)
    early = tuned(E, iterations=640)
    stopped = same = 0
    for s in decisions[3:15:3]:
        seat = E.to_act(s)[0]
        a = search(E, s, seat, Rng.from_seed(9), early)
        b = search(E, s, seat, Rng.from_seed(9), whole)
        assert a.iterations <= b.iterations
        if a.iterations < b.iterations:
            stopped += 1
            top = max(a.visits.values())
            assert a.iterations >= search_hooks.CLEAR_AFTER and top >= search_hooks.CLEAR_SHARE * a.iterations
        moves = E.legal_moves(s, seat)
        same += settle(E, s, seat, moves, a, 7).id == settle(E, s, seat, moves, b, 7).id
    assert stopped >= 1 and same >= 3
