"""Eclipse's hard level (rules/eclipse/search_hooks.py `TUNING`, worth.py): the root's whole actions race on
shared samples, each judged by greedy play to the next round's start and valued by the fitted position value;
the fitter (tools/fit_eclipse_eval.py) and its weights."""
from __future__ import annotations

import pytest

from rules.bots import bot_rng, settle
from rules.eclipse import ENGINE as E
from rules.eclipse import search_hooks
from rules.eclipse.pending import frame, seat_to_act
from rules.eclipse.state import copy_state
from rules.eclipse.worth import EARLY, FEATURES, LATE, SPREAD, features, logistic, margin, progress, win_shares
from rules.rng import Rng
from rules.search import search, tuned
from tools.fit_eclipse_eval import games

SEATS = ["p1", "p2"]


@pytest.fixture(scope="module")
def turns():
    """Action-phase turns of a greedy two-player game, one a round from round 2 on."""
    s = E.setup(SEATS, 4)
    rng = Rng.from_seed(4)
    out, seen = [], set()
    while not E.is_over(s):
        f = frame(s)
        if f is not None and f.kind == "turn" and s.round >= 2 and s.round not in seen:
            seen.add(s.round)
            out.append(s)
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
    return out


def test_the_hard_level_races_whole_actions_judged_to_the_next_round():
    config = tuned(E)
    assert config.paired and config.tree_depth == 1 and config.policy_rounds == 1
    assert config.policy_moves >= 200  # a whole round of two to six players fits in it


def test_the_weights_are_data_and_points_count_for_more_late_in_the_game():
    assert len(EARLY) == len(LATE) == len(FEATURES)
    points = FEATURES.index("points")
    assert LATE[points] > EARLY[points] > 0


def test_win_shares_add_up_to_one_and_follow_the_margin(turns):
    s = turns[3]
    feats = {x: features(s, x) for x in SEATS}
    shares = win_shares(s, feats)
    assert sum(shares.values()) == pytest.approx(1.0)
    m = margin(feats["p1"], feats["p2"], progress(s))
    assert shares["p1"] == pytest.approx(logistic(SPREAD * m)) and (shares["p1"] > 0.5) == (m > 0)
    ahead = dict(feats)
    ahead["p1"] = (feats["p1"][0] + 5,) + feats["p1"][1:]
    assert win_shares(s, ahead)["p1"] > shares["p1"]
    three = {**feats, "p3": feats["p2"]}
    assert sum(win_shares(s, three).values()) == pytest.approx(1.0)


def test_a_lost_battle_takes_the_losers_ships_out_of_its_fleet(turns):
    s = turns[2]
    home = next(h for h, x in s.hexes.items() if x.owner == "p1" and x.ships.get("p1"))
    fleet = FEATURES.index("fleet")
    assert features(s, "p1", {home: "p1"})[fleet] < features(s, "p1")[fleet]


def test_a_searched_turn_is_the_same_for_the_same_seed_and_budget_and_always_legal(turns):
    s = turns[1]
    seat = seat_to_act(s)
    config = tuned(E, iterations=40)
    a = search(E, s, seat, Rng.from_seed(3), config)
    assert a == search(E, s, seat, Rng.from_seed(3), config)
    assert 0 < a.iterations <= 40 and len(a.visits) >= 2
    chosen = settle(E, s, seat, E.legal_moves(s, seat), a, 7)
    assert chosen.id in E.move_ids(s, seat)


def test_the_race_keeps_the_greedy_action_unless_another_is_clearly_better(turns):
    """Over a game's turns the searched move is the greedy one at some turns: never a departure for its own sake."""
    same = 0
    for s in turns[:6]:
        seat = seat_to_act(s)
        result = search(E, s, seat, Rng.from_seed(s.round), tuned(E, iterations=60))
        chosen = settle(E, s, seat, E.legal_moves(s, seat), result, 1)
        greedy = E.greedy_move(s, seat, bot_rng(1, s.moves_made, seat))
        same += chosen.id == greedy.id
    assert same >= 1


def test_the_root_chains_are_listed_once_per_state(turns, monkeypatch):
    s = turns[0]
    seat = seat_to_act(s)
    calls = []
    real = search_hooks._macro_moves

    def counted(engine, state, who):
        calls.append(state)
        return real(engine, state, who)

    monkeypatch.setattr(search_hooks, "_macro_moves", counted)
    first = E.macro_moves(s, seat)
    assert E.macro_moves(s, seat) == first and len(calls) == 1
    other = copy_state(s)  # an equal state, another object: listed again
    assert E.macro_moves(other, seat) == first and len(calls) == 2


def test_the_fitter_records_every_pair_of_seats_both_ways():
    [rows] = games(1, 11, [2])
    assert rows and len(rows) % 2 == 0
    half = len(rows) // 2
    for (a, b, prog, y), (b2, a2, prog2, y2) in zip(rows[:half], rows[half:]):
        assert (a, b, prog) == (a2, b2, prog2) and y + y2 == 1.0
    assert {prog for _, _, prog, _ in rows} <= {i / 8 for i in range(9)}


def test_the_fit_keeps_every_weight_above_its_floor_when_asked():
    """A feature that goes with losing in the games fitted gets a negative weight, unless the fit forbids it."""
    from tools.fit_wayfinders_eval import fit
    rows = []
    for k in range(40):
        good, bad = (k % 5, k % 3), (0, 0)
        a, b = (float(good[0]), float(good[1])), (float(bad[0]), float(bad[1]))
        y = 1.0 if good[0] > 0 else 0.5
        rows += [(a, b, 0.5, y), (b, a, 0.5, 1.0 - y)]
        rows += [((0.0, 1.0), (0.0, 0.0), 0.5, 0.0), ((0.0, 0.0), (0.0, 1.0), 0.5, 1.0)]
    early, late = fit(rows, steps=200)
    assert early[0] > 0 and early[1] < 0
    early, late = fit(rows, steps=200, floor=0.0)
    assert early[0] > 0 and min(early + late) >= 0.0 and early[1] == 0.0
    early, late = fit(rows, steps=200, floor=0.1)
    assert min(early + late) > 0.0


def test_a_three_player_turn_is_searched_to_a_legal_move_valued_for_every_seat():
    s = E.setup(["p1", "p2", "p3"], 6)
    rng = Rng.from_seed(6)
    while not (frame(s) is not None and frame(s).kind == "turn" and s.round == 3):
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
    seat = seat_to_act(s)
    result = search(E, s, seat, Rng.from_seed(1), tuned(E, iterations=30))
    assert result.visits and all(0.0 <= result.sums[c] / result.visits[c] <= 1.0 for c in result.visits)
    assert settle(E, s, seat, E.legal_moves(s, seat), result, 2).id in E.move_ids(s, seat)


def test_from_four_seats_only_the_greedy_action_and_the_two_best_of_the_first_pass_race_on():
    assert tuned(E, 3).race_keep == 0 and tuned(E, 2).race_after == 5
    assert tuned(E, 4).race_keep == 3 and tuned(E, 4).race_after == 3 and tuned(E, 6).race_keep == 3
    s = E.setup(["p1", "p2", "p3", "p4"], 6)
    rng = Rng.from_seed(6)
    while not (frame(s) is not None and frame(s).kind == "turn" and s.round == 2):
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
    seat = seat_to_act(s)
    result = search(E, s, seat, Rng.from_seed(1), tuned(E, 4, iterations=24, race_after=99))
    raced = [c for c, n in result.visits.items() if n > 1]
    assert len(result.visits) > 3 and len(raced) == 3 and min(result.visits.values()) == 1
    assert E.macro_moves(s, seat)[0][0] in raced  # the greedy action always races on
    assert settle(E, s, seat, E.legal_moves(s, seat), result, 2).id in E.move_ids(s, seat)
