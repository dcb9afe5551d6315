"""Castaways' position value, one logistic per round (rules/robinson/castaways_odds.py): what the hard
level's rollouts are scored by at a round's start (S3, S5: the woodpile and Fire by round 10-12; R75, R76: one
death loses), fitted on greedy games by tools/fit_robinson_eval.py."""
from __future__ import annotations

import json
import sys
from math import exp

import pytest

from rules.rng import Rng
from rules.robinson import ENGINE as E
from rules.robinson import castaways_odds as odds
from rules.robinson import search_hooks as hooks
from rules.robinson.data import CHARACTERS
from rules.robinson.scenarios.castaways import NEEDS
from rules.robinson.state import RobinsonOptions
from tools import fit_robinson_eval as tool
from tools.fit_robinson_eval import FIXED_BY_ROUND, NAMES, fit, games


def at_round(seats, seed, rnd, options=None):
    """The position at the start of round `rnd` of a greedy game (None if it ended before)."""
    s = E.setup(seats, seed, options)
    rng = Rng.from_seed(seed)
    while not E.is_over(s) and s.round < rnd:
        seat = E.to_act(s)[0]
        s = E.apply(s, seat, E.greedy_move(s, seat, rng).id)
    return None if E.is_over(s) else s


@pytest.fixture(scope="module")
def late():
    s = next(x for x in (at_round(["p1"], seed, 9) for seed in range(1, 40)) if x is not None)
    assert s.round == 9
    return s


def test_s1_every_round_of_castaways_has_its_logistic_over_the_same_features():
    assert sorted(odds.ROUNDS) == list(range(1, 13))  # S1: 12 rounds
    assert odds.NAMES == NAMES == hooks.FEATURES + ("kept",) + odds.MORE
    for bias, weights in odds.ROUNDS.values():
        assert len(weights) == len(NAMES)
        assert weights[NAMES.index("kept")] == FIXED_BY_ROUND["kept"] == hooks.KEPT_Z  # R87: never below 0


def test_s3_s5_the_woodpile_weighs_more_as_the_rounds_run_out(late):
    """The same five wood short of the pile costs more of the chance in round 11 than in round 5 (S5: the pile
    must be finished by round 12), and a finished pile with Fire is worth more than one stage short."""
    def gap(rnd):
        full, short = E.copy_state(late), E.copy_state(late)
        full.round = short.round = rnd
        full.pile = list(NEEDS)
        short.pile = list(NEEDS[:4]) + [0]
        return E.evaluate(full)["p1"] - E.evaluate(short)["p1"]
    assert gap(11) > gap(5) > 0


def test_r75_r76_a_character_near_death_lowers_the_chance(late):
    s = E.copy_state(late)
    who = s.seat_char["p1"]
    dying = E.copy_state(s)
    dying.chars[who].wounds = CHARACTERS[who].life - 1  # one wound from death
    assert E.evaluate(dying)["p1"] < E.evaluate(s)["p1"]


def test_only_castaways_reads_the_rounds_logistic(late):
    """The other scenarios keep the whole-game logistic (search_hooks.py BIAS, WEIGHTS)."""
    s = at_round(["p1"], 3, 4, RobinsonOptions(scenario="jenny"))
    assert s is not None
    z = hooks.BIAS + sum(w * x for w, x in zip(hooks.WEIGHTS, hooks.features(s))) + hooks.KEPT_Z * hooks.kept_worth(s)
    assert E.evaluate(s)["p1"] == pytest.approx(1 / (1 + exp(-z)))
    assert hooks.win_chance(late) == pytest.approx(odds.chance(late, hooks.base_features(late)))


def test_the_fit_recovers_a_logistic_and_holds_a_fixed_weight():
    """tools/fit_robinson_eval.py's Newton fit: data drawn from a known logistic give its weights back, and a
    held weight stays where it is set."""
    rng = Rng.from_seed(7)
    xs, ys = [], []
    for _ in range(3000):
        x = (rng.below(1000) / 100.0, rng.below(1000) / 250.0)
        z = -2.0 + 0.5 * x[0] - 0.8 * x[1]
        p = 1 / (1 + pow(2.718281828459045, -z))
        xs.append(x)
        ys.append(int(rng.below(10_000) < p * 10_000))
    bias, w = fit(xs, ys, l2=0.0)
    assert bias == pytest.approx(-2.0, abs=0.35) and w[0] == pytest.approx(0.5, abs=0.08)
    assert w[1] == pytest.approx(-0.8, abs=0.15)
    _, held = fit(xs, ys, l2=0.0, fixed={1: -0.3})
    assert held[1] == -0.3 and held[0] != w[0]


def test_r30_the_fit_can_take_the_positions_reached_after_another_plan():
    """`--depart`: at that share of the planning decisions (R30) a seat plays one of the hard level's other plans
    whole, so the round starts that follow are those the search's rollouts reach after a departure; without it,
    the greedy games themselves."""
    greedy = games(1, 3)
    again = games(1, 3)
    departed = games(1, 3, depart=1.0)
    assert [r.x for r in greedy] == [r.x for r in again]  # the same seed, the same greedy games
    assert [r.round for r in departed][:2] == [1, 2] and all(len(r.x) == len(NAMES) for r in departed)
    solo = [r for r in departed if r.players == 1]
    assert solo[0].x == next(r for r in greedy if r.players == 1).x  # round 1 starts before any plan
    # the other plans lead elsewhere (the first ones may only explore another tile alike: the same numbers)
    assert any(a.x != b.x for a, b in zip([r for r in greedy if r.players == 1], solo))


def test_r76_two_characters_read_their_own_set_and_solo_keeps_its_own(late, tmp_path):
    """With two characters either death loses (R76) and determination is split between them, so such a table
    reads the "group" set of the weights file (fitted on games with two characters) and a solo game the solo
    set; a file without that section gives both the solo set."""
    pair = at_round(["p1", "p2"], 3, 5)
    assert pair is not None and odds.GROUP != odds.ROUNDS

    def by(table, s):
        bias, weights = table[s.round]
        x = hooks.base_features(s) + odds.more_features(s)
        return 1 / (1 + exp(-(bias + sum(w * v for w, v in zip(weights, x)))))
    assert E.evaluate(pair)["p1"] == pytest.approx(by(odds.GROUP, pair))
    assert E.evaluate(pair)["p1"] != pytest.approx(by(odds.ROUNDS, pair))
    assert E.evaluate(late)["p1"] == pytest.approx(by(odds.ROUNDS, late))
    data = json.loads(odds.WEIGHTS_FILE.read_text(encoding="utf-8"))
    del data["group"]
    path = tmp_path / "odds.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    names, solo, group = odds.load(path)
    assert names == odds.NAMES and solo == odds.ROUNDS and group == solo


def test_the_fit_of_the_group_set_plays_only_the_games_with_two_characters():
    """`--players=2`: only the table of two characters is played (its rows fit the "group" set)."""
    rows = games(1, 3, tables=(2,))
    assert rows and {r.players for r in rows} == {2}
    assert [r.x for r in rows] == [r.x for r in games(1, 3) if r.players == 2]


def test_r76_the_fit_writes_one_tables_set_and_refuses_to_write_both(monkeypatch):
    """Each table reads its own set (R76): `--players=1` fits solo games only and writes the solo set,
    `--players=2` the group set; `--write` without `--players` is refused and plays nothing."""
    played: list[tuple[int, ...]] = []
    written: list[tuple[bool, bool]] = []
    monkeypatch.setattr(tool, "games", lambda n, first, depart=0.0, tables=(1, 2): played.append(tables) or [])
    monkeypatch.setattr(tool, "report", lambda train, held, write, source="", group=False: written.append((write, group)))
    for argv, tables, result in ((["10", "--players=1", "--write"], (1,), (True, False)),
                                 (["10", "--players=2", "--write"], (2,), (True, True)),
                                 (["10"], (1, 2), (False, False))):
        played.clear()
        written.clear()
        monkeypatch.setattr(sys, "argv", ["fit", *argv])
        tool.main()
        assert played == [tables, tables] and written == [result]
    played.clear()
    monkeypatch.setattr(sys, "argv", ["fit", "10", "--write"])
    with pytest.raises(SystemExit, match="--players=1"):
        tool.main()
    assert played == []
