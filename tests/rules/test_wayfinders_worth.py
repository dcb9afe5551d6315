"""Wayfinders' position value (rules/wayfinders/worth.py): the hard level's chance of each seat to finish ahead."""
from __future__ import annotations

import json

from rules.wayfinders.worth import EARLY, FEATURES, LATE, WEIGHTS_FILE, features, progress, win_chances

from .wayfinders_kit import airstrip, game, set_hand


def test_the_weights_are_data_with_one_weight_per_feature_early_and_late():
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert set(data["early"]) == set(FEATURES) == set(data["late"])
    assert len(EARLY) == len(LATE) == len(FEATURES)


def test_w23_a_lead_in_points_makes_a_seat_likelier_to_finish_ahead_and_more_so_late_in_the_game():
    s = game(2, a1="res09")  # 5 points (W23), no scoring effect
    even = win_chances(s)
    assert even == {"p1": 0.5, "p2": 0.5}  # the same position for both
    airstrip(s, "A1", "p1")
    assert features(s, "p1")[0] - features(s, "p2")[0] == 5
    s.players["p2"].cubes -= 1  # p2 built as many airstrips, on nothing that scores
    early = win_chances(s)
    assert abs(sum(early.values()) - 1.0) < 1e-9 and early["p1"] > 0.55 > 0.45 > early["p2"]
    assert progress(s) < 0.5
    s.final_round = True  # W21: the last round: the same lead is worth more
    assert progress(s) == 1.0
    assert win_chances(s)["p1"] > early["p1"]


def test_w19_tokens_count_only_within_the_hand_limit():
    s = game(2)
    set_hand(s, "p1", "BBGGRRYY")
    set_hand(s, "p2", "BBGGRRYYVVBBGG")  # past the limit: the extra tokens are worth nothing here
    assert features(s, "p1")[2] == features(s, "p2")[2]


def test_three_seats_each_get_their_mean_chance_against_the_others():
    s = game(3)
    chances = win_chances(s, {"p2": 3.0})  # the search's price of wandering: points off p2's board
    assert abs(sum(chances.values()) - 1.5) < 1e-9  # three pairs, each sharing one
    assert chances["p2"] < chances["p1"] and chances["p2"] < chances["p3"]
