"""`bot.py bench truth` (tools/search_truth.py): the decisions are the greedy game's, each candidate's worth is
played to the end on shared samples, and the judge counts what the hard level's choice gained."""
from __future__ import annotations

import json
import itertools

import pytest

from rules import GAMES
from rules.bots import bot_rng
from rules.robinson.bot.alternatives import plans
from rules.robinson.search_hooks import PLANS
from rules.rng import Rng
from tools.search_truth import decisions, judge, make, picked, retune, worth

WAY = GAMES["wayfinders"]


def test_the_decisions_are_those_of_the_greedy_game_the_bench_plays():
    got = list(itertools.islice(decisions(WAY, 2, 7), 6))
    assert [k for k, *_ in got] == list(range(6))
    for k, seat, state, greedy in got:
        assert WAY.to_act(state)[0] == seat and len(WAY.move_ids(state, seat)) > 1
        assert greedy == WAY.greedy_move(state, seat, bot_rng(7, state.moves_made, seat)).id
    again = list(itertools.islice(decisions(WAY, 2, 7), 6))
    assert [(s.moves_made, g) for _, _, s, g in again] == [(s.moves_made, g) for _, _, s, g in got]


def test_a_moves_worth_is_finished_games_shares_of_opponents_beaten_and_of_first_place_W21():
    _, seat, state, greedy = next(itertools.islice(decisions(WAY, 3, 3), 20, None))
    moves = [greedy] + [m for m in WAY.move_ids(state, seat) if m != greedy][:1]
    values, firsts = worth(WAY, state, seat, moves, 2, Rng.from_seed(1))
    assert set(values) == set(firsts) == set(moves)
    # two finished games of three seats each (W21-W23): a game's value is 0, 1/2 or 1 (ties: a quarter more or less)
    assert all(round(v * 8, 9).is_integer() for v in values.values())
    assert all(round(f * 12, 9).is_integer() for f in firsts.values())  # a whole first, a half or a third
    # a first place is worth all of the value and more than nothing of it: first never beats the value
    assert all(firsts[m] <= values[m] + 1e-9 for m in moves)
    assert worth(WAY, state, seat, moves, 2, Rng.from_seed(1)) == (values, firsts)  # the same samples, the same worth


def test_make_writes_one_line_per_decision_with_the_greedy_move_valued(tmp_path):
    out = tmp_path / "truth.jsonl"
    made = make("wayfinders", 2, 5, 1, 40, 1, out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert made == len(rows) > 0
    for row in rows:
        assert row["k"] % 40 == 0 and row["greedy"] in row["values"] and len(row["values"]) > 1
        assert set(row["firsts"]) == set(row["values"])


def test_the_judge_counts_the_value_its_choice_gained_over_the_greedy_move():
    _, seat, state, greedy = next(decisions(WAY, 2, 11))
    other = next(m for m in WAY.move_ids(state, seat) if m != greedy)
    row = {"game": "wayfinders", "players": 2, "seed": 11, "k": 0, "seat": seat, "greedy": greedy,
           "values": {greedy: 0.25, other: 0.75}}
    # no CPU at all: no search answers, so the hard level plays the greedy move and gains nothing
    got = judge([row], 0.0)
    assert (got["departed"], got["gain"], got["most"]) == (0, 0.0, 0.5)
    # a row whose greedy move is not the one played counts a departure, for a move worth less here
    swapped = dict(row, greedy=other)
    got = judge([swapped], 0.0)
    assert (got["departed"], got["better"], got["worse"], got["gain"]) == (1, 0, 1, -0.5)
    # judged by the share of first place instead, where the greedy move here is worth more
    firsts = dict(swapped, firsts={greedy: 0.5, other: 0.0})
    got = judge([firsts], 0.0, "firsts")
    assert (got["departed"], got["better"], got["worse"], got["gain"]) == (1, 1, 0, 0.5)


def test_set_changes_the_tuning_for_that_table_size_only(monkeypatch):
    monkeypatch.setattr(WAY, "search_tuning", dict(WAY.search_tuning))
    retune("wayfinders", 3, ["policy_rounds=99", "race_z=1"])
    from rules.search.ismcts import tuned
    assert tuned(WAY, 3).policy_rounds == 99 and tuned(WAY, 3).race_z == 1.0
    assert tuned(WAY, 2).policy_rounds == 4 and tuned(WAY, 2).race_z == 2.0  # the two-seat table as it was
    for bad in ("nope=1", "race_z"):
        with pytest.raises(SystemExit):
            retune("wayfinders", 3, [bad])


ROB = GAMES["robinson"]


def test_chains_pick_each_rounds_first_plan_of_robinson_with_the_greedy_plan_first_R30():
    got = list(itertools.islice(picked(ROB, 1, 3, 1, chains=True), 3))
    assert len(got) == 3
    rounds = [ROB.round_number(state) for _, _, state, *_ in got]
    assert rounds == sorted(set(rounds))  # one plan decision a round (R30: the seat plans its round whole)
    for k, seat, state, greedy, moves, _ in got:
        assert state.phase == "plan" and greedy == moves[0] and len(moves) > 1
        assert all(m.split(" ")[-1].startswith("ok") for m in moves)  # every plan ends with the confirm
        # the candidates are the plans the hard level races (bot/alternatives.py), the greedy bot's among them
        assert sorted(moves) == sorted(" ".join(c) for c in plans(ROB, state, seat, PLANS))
    assert list(itertools.islice(picked(ROB, 1, 3, 2, chains=True), 2))[1][0] == got[2][0]  # every 2nd of them


def test_the_judge_plays_a_plan_whole_and_greedy_when_no_pass_finished():
    k, seat, state, greedy, moves, _ = next(picked(ROB, 1, 3, 1, chains=True))
    row = {"game": "robinson", "players": 1, "seed": 3, "k": k, "seat": seat, "greedy": greedy,
           "values": {m: (1.0 if m == moves[1] else 0.0) for m in moves}}
    got = judge([row], 0.0)  # no CPU: the greedy plan is played whole and matched, not left out
    assert (got["decisions"], got["unmatched"], got["departed"], got["gain"], got["most"]) == (1, 0, 0, 0.0, 1.0)
    # a set whose plans are none the search can play: its choice (a pass or more at 1 s) is left out, not scored
    unlisted = dict(row, greedy="p:nowhere:c ok", values={"p:nowhere:c ok": 0.5, "p:elsewhere:c ok": 0.5})
    got = judge([unlisted], 1.0)
    assert (got["decisions"], got["unmatched"]) == (0, 1)
