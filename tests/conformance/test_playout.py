"""rules/playout.py: seeded random playouts (used by the conformance suite and bots)."""
from __future__ import annotations

import ast
import math
from collections import Counter
from pathlib import Path

import pytest

import rules.playout as playout
from rules.playout import PlayoutError, pick_seat, play_random, random_move
from rules.rng import Rng

from .toy_game import ToyEngine

TOY = ToyEngine()
SEATS = ["s1", "s2", "s3"]


def choose_state(seed: int = 0):
    """A toy state in the 'choose' phase (several moves to pick from)."""
    s = TOY.setup(SEATS, seed)
    for seat in SEATS:
        s = TOY.apply(s, seat, "stance:1")
    assert s.phase == "choose"
    return s


def test_play_random_is_a_function_of_its_arguments():
    a = play_random(TOY, SEATS, 5)
    b = play_random(TOY, SEATS, 5)
    assert a[1] == b[1] and TOY.dump(a[0]) == TOY.dump(b[0])
    logs = {tuple(play_random(TOY, SEATS, seed)[1]) for seed in range(10)}
    assert len(logs) >= 9


def test_play_random_log_replays_to_its_final_state():
    for seed in range(5):
        final, log = play_random(TOY, SEATS, seed, {"short": True})
        assert final.options.short
        s = TOY.setup(SEATS, seed, {"short": True})
        for seat, mid in log:
            s = TOY.apply(s, seat, mid)
        assert TOY.dump(s) == TOY.dump(final)
        assert TOY.to_act(final) == [] and TOY.outcome(final) is not None


def test_max_moves_is_the_length_limit():
    final, log = play_random(TOY, SEATS, 3)
    assert play_random(TOY, SEATS, 3, max_moves=len(log))[1] == log
    with pytest.raises(PlayoutError, match=f"did not end within {len(log) - 1} moves.*seed=3"):
        play_random(TOY, SEATS, 3, max_moves=len(log) - 1)


def test_random_move_is_uniform():
    s = choose_state()
    seat = TOY.to_act(s)[0]
    ids = [mv.id for mv in TOY.legal_moves(s, seat)]
    assert len(ids) >= 4
    rng = Rng.from_seed(1)
    n = 600 * len(ids)
    counts = Counter(random_move(TOY, s, seat, rng).id for _ in range(n))
    assert set(counts) == set(ids)
    for mid in ids:  # binomial(n, 1/k): 5 standard deviations either side
        sd = math.sqrt(n * (1 / len(ids)) * (1 - 1 / len(ids)))
        assert abs(counts[mid] - n / len(ids)) < 5 * sd, counts


def test_simultaneous_seats_are_picked_uniformly():
    rng = Rng.from_seed(2)
    counts = Counter(pick_seat(SEATS, rng) for _ in range(3000))
    assert all(900 < counts[s] < 1100 for s in SEATS), counts
    firsts = Counter(play_random(TOY, SEATS, seed)[1][0][0] for seed in range(150))
    assert all(firsts[s] > 25 for s in SEATS), firsts


class Weighted(ToyEngine):
    def __init__(self, weights):
        self.weights = weights

    def playout_weight(self, state, seat, move):
        return self.weights(move)


def test_playout_weight_hook_biases_the_pick():
    s = choose_state()
    seat = TOY.to_act(s)[0]
    only_roll = Weighted(lambda mv: 1.0 if mv.id == "roll" else 0.0)
    rng = Rng.from_seed(3)
    assert {random_move(only_roll, s, seat, rng).id for _ in range(200)} == {"roll"}
    nine_to_one = Weighted(lambda mv: 9.0 if mv.id == "roll" else 1.0 / (len(TOY.legal_moves(s, seat)) - 1))
    counts = Counter(random_move(nine_to_one, s, seat, rng).id for _ in range(2000))
    assert 1700 < counts["roll"] < 1900, counts
    zero = Weighted(lambda mv: 0.0)  # all zero: uniform
    assert len({random_move(zero, s, seat, rng).id for _ in range(300)}) == len(TOY.legal_moves(s, seat))
    final, log = play_random(only_roll, SEATS, 4)
    assert all(mid in ("roll", "use", "one") for _, mid in log[3:])


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf")])
def test_bad_weights_are_refused(bad):
    with pytest.raises(PlayoutError, match="playout_weight"):
        random_move(Weighted(lambda mv: bad), choose_state(), "s1", Rng.from_seed(0))


def test_no_move_for_the_seat_to_act_is_an_error():
    with pytest.raises(PlayoutError, match="no legal move"):
        random_move(TOY, choose_state(), "s2", Rng.from_seed(0))  # s2 is not to act: no moves


def test_playout_is_pure():
    """No clock, no global random: only rules.rng seeded by an argument."""
    tree = ast.parse(Path(playout.__file__).read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            imported.add(node.module.split(".")[0])
    assert not imported & {"random", "time", "datetime", "secrets", "os", "numpy", "uuid"}, imported
