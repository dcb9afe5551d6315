"""Moving the engines onto the engine core changed no game.

tests/conformance/core_digests.json holds the digests of 200 random games per engine and
player count, recorded before the change (tests/conformance/equivalence.py).  This test
replays the first SAMPLE seeds of each (a quick sample for CI); the full set is compared with
`python -m tests.conformance.equivalence`.
"""
from __future__ import annotations

import pytest

import rules

from .equivalence import GAMES_RECORDED, cases, game_digest, load

SAMPLE = 8  # seeds per engine and player count (the full 200 run by hand: see the module doc)
RECORDED = load()


def test_the_fixture_covers_every_engine_and_player_count():
    assert {f"{k}:{n}" for k, n in cases()} == set(RECORDED)
    assert all(len(v) == GAMES_RECORDED for v in RECORDED.values())


@pytest.mark.parametrize("key,players", list(cases()))
def test_random_games_are_byte_identical_to_the_recorded_ones(key, players):
    want = RECORDED[f"{key}:{players}"][:SAMPLE]
    got = [game_digest(rules.GAMES[key], players, seed) for seed in range(SAMPLE)]
    assert got == want
