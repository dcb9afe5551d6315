"""Final ranks of the competitive games are standard competition ranks (rules/ranking.py):
W35 (Wayfinders), F65 (Flotilla), Eclipse E76 all share a rank on a full tie, and the ranks
after a tie skip the places it fills."""
from __future__ import annotations

from rules.ranking import competition_ranks


def test_three_tied_then_one_behind_rank_1_1_1_4():
    """Eclipse E76: four players tied 3-3-3 and one behind are 1, 1, 1, 4."""
    assert competition_ranks({"a": 3, "b": 3, "c": 3, "d": 1}) == {"a": 1, "b": 1, "c": 1, "d": 4}


def test_ranks_skip_the_places_a_tie_fills_and_read_tuples_highest_first():
    assert competition_ranks({"a": (40, 8), "b": (40, 8), "c": (40, 7), "d": (10, 9)}) == \
        {"a": 1, "b": 1, "c": 3, "d": 4}
    assert competition_ranks({"a": 5, "b": 7, "c": 7, "d": 2}) == {"a": 3, "b": 1, "c": 1, "d": 4}
    assert competition_ranks({"solo": 0}) == {"solo": 1}
