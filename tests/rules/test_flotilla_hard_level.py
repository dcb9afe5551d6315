"""Flotilla's hard level (rules/flotilla/search_hooks.py `TUNING`, worth.py): the root's moves race on shared
samples, each judged by greedy play to the next round's start and valued by the position value fitted on greedy
games (F62-F65); the fitter (tools/fit_flotilla_eval.py)."""
from __future__ import annotations

import json
from itertools import combinations

import pytest

from rules.bots import bot_rng, settle
from rules.flotilla import ENGINE as E
from rules.flotilla.data import BOARD
from rules.flotilla.scoring import barrels_total, seal_awards
from rules.flotilla.worth import EARLY, FEATURES, LATE, WEIGHTS_FILE, features, margin, progress, win_chances
from rules.rng import Rng
from rules.search import ismcts, search, tuned
from tools.fit_flotilla_eval import games, round_start

SEATS = ["p1", "p2", "p3"]


@pytest.fixture(scope="module")
def starts():
    """The round starts of a greedy three-player game (seat 1 to choose its card), one a round."""
    s = E.setup(SEATS, 5)
    rng = Rng.from_seed(5)
    out = []
    while not E.is_over(s):
        if round_start(s) and (not out or out[-1].round != s.round):
            out.append(s)
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
    return out


def test_the_hard_level_races_the_roots_moves_judged_to_the_next_round(monkeypatch, starts):
    config = tuned(E)
    assert config.paired and config.tree_depth == 1 and config.policy_rounds == 1
    assert config.policy_moves >= 100  # a round of five players' turns (about 4 decisions each) fits in it
    raced = []
    real = ismcts.paired_search

    def counted(*args, **kwargs):
        raced.append(args[1])
        return real(*args, **kwargs)

    monkeypatch.setattr(ismcts, "paired_search", counted)
    s = starts[4]
    search(E, s, E.to_act(s)[0], Rng.from_seed(1), tuned(E, iterations=20))
    assert raced == [s]


def test_the_weights_are_data_and_no_feature_counts_against_its_seat():
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert set(data["early"]) == set(FEATURES) == set(data["late"])
    assert len(EARLY) == len(LATE) == len(FEATURES) and min(EARLY + LATE) >= 0.0
    vp = FEATURES.index("vp")
    assert EARLY[vp] > 0 and LATE[vp] > 0


def test_f63_f64_the_features_are_the_final_scorings_parts(starts):
    s = starts[-1]
    awards = seal_awards(s)
    for seat in SEATS:
        p = s.players[seat]
        f = dict(zip(FEATURES, features(s, seat)))
        assert f["vp"] == p.vp  # F62: the VP gained in play
        assert f["seals"] == sum(awards[seat].values())  # F64: 10 and 5 per guild
        assert f["coins"] == p.coins and f["barrels"] == barrels_total(p)  # F63: per 5 and per 2
        assert f["tox"] <= 0 and f["tox"] in BOARD.tox_penalty  # F63: the toxicity penalty
        assert f["crew"] == len(p.hand) + len(p.discard)  # F65: crew owned breaks a tie


def test_f62_progress_follows_the_vp_supply_and_is_whole_once_the_end_is_triggered(starts):
    progs = [progress(s) for s in starts]
    assert progs[0] == 0.0 and progs == sorted(progs) and progs[-1] == 1.0
    s = E.copy_state(starts[3])
    assert progress(s) < 1.0
    s.end_round = s.round + 1  # F62, F67: the end triggered
    assert progress(s) == 1.0


def test_f65_a_lead_in_vp_makes_a_seat_likelier_to_finish_ahead_and_more_so_late(starts):
    s = E.copy_state(starts[8])
    before = win_chances(s)
    assert sum(before.values()) == pytest.approx(1.5)  # three pairs, each sharing one
    s.players["p1"] = s.players["p1"].model_copy(update={"vp": s.players["p1"].vp + 6})
    early = win_chances(s)
    assert sum(early.values()) == pytest.approx(1.5)
    assert early["p1"] > before["p1"] and early["p2"] < before["p2"] and early["p3"] < before["p3"]
    a, b = features(s, "p1"), features(s, "p2")
    s.end_round = s.round + 1  # F62: the end triggered, the late weights alone
    assert margin(a, b, 1.0) - margin(features(starts[8], "p1"), b, 1.0) == pytest.approx(6 * LATE[0])
    assert LATE[0] > EARLY[0]  # a VP of lead counts for more as the supply empties


def test_a_searched_decision_is_the_same_for_the_same_seed_and_budget_and_always_legal(starts):
    for s in starts[2:12:3]:
        seat = E.to_act(s)[0]
        config = tuned(E, iterations=24)
        a = search(E, s, seat, Rng.from_seed(3), config)
        assert a == search(E, s, seat, Rng.from_seed(3), config)
        assert 0 < a.iterations <= 24 and len(a.visits) >= 2
        assert all(0.0 <= a.sums[c] / a.visits[c] <= 1.0 for c in a.visits)
        chosen = settle(E, s, seat, E.legal_moves(s, seat), a, 7)
        assert chosen.id in E.move_ids(s, seat)


def test_the_race_keeps_the_greedy_move_unless_another_is_clearly_better(starts):
    same = 0
    for s in starts[1:7]:
        seat = E.to_act(s)[0]
        result = search(E, s, seat, Rng.from_seed(s.round), tuned(E, iterations=30))
        chosen = settle(E, s, seat, E.legal_moves(s, seat), result, 1)
        greedy = E.greedy_move(s, seat, bot_rng(1, s.moves_made, seat))
        same += chosen.id == greedy.id
    assert same >= 1


def test_the_fitter_records_every_pair_of_seats_at_every_third_round_start():
    [rows] = games(1, 11, [3])
    assert rows and len(rows) % 3 == 0  # three seats: three pairs a round start
    m = len(rows) // 3
    block = {pair: rows[k * m:(k + 1) * m] for k, pair in enumerate(combinations(SEATS, 2))}
    for one, two, three in zip(block[("p1", "p2")], block[("p1", "p3")], block[("p2", "p3")]):
        assert one[0] == two[0] and one[1] == three[0] and two[1] == three[1]  # the same seats' features
        assert one[2] == two[2] == three[2] and {one[3], two[3], three[3]} <= {0.0, 0.5, 1.0}
    progs = [prog for _, _, prog, _ in block[("p1", "p2")]]
    assert progs == sorted(progs) and progs[0] == 0.0 and all(0.0 <= x <= 1.0 for x in progs)
