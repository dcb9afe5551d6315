"""A bench's levels: "hard@S" names the hard level at S seconds of CPU a decision, in the command line's check,
the games' budget and the report's wording alike (tools/bench_levels.py)."""
from __future__ import annotations

import pytest

from tools.bench_levels import split_level
from tools.bot_games import hard_budget
from tools.search_bench import known_level
from tools.strength_figures import shown


def test_a_level_with_seconds_is_the_hard_level_at_that_budget_everywhere():
    assert split_level("hard@0.5") == ("hard", 0.5) and split_level("greedy") == ("greedy", None)
    assert hard_budget("hard@2", (0.5, None)) == ("hard", (2.0, None))
    assert hard_budget("hard@2", (None, 40)) == ("hard", (None, 40))  # an iteration budget holds for every hard seat
    assert hard_budget("hard", (0.5, None)) == ("hard", (0.5, None))
    assert shown("hard@0.5") == "hard at 0.5 s" and shown("hard@2") == "hard at 2 s" and shown("random") == "random"


@pytest.mark.parametrize("level", ["hard@", "hard@x", "greedy@1", "hard@0", "hard@-1", "expert"])
def test_a_bad_level_is_refused_by_the_command_line(level):
    assert not known_level(level)


def test_the_levels_of_the_bots_are_known():
    assert all(known_level(x) for x in ("random", "greedy", "hard", "hard@0.5", "hard@2"))
