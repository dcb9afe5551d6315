"""Family Robinson won (robinson-scenarios.md K6.1): the recorded winning lines of the walk-through, replayed
through the engine move by move from their seed's set-up.

The lines were found by `tools/robinson_line.py`, a search that plays candidate plans on the game's true state
and so sees the seeded draws to come (no player or bot can); they are not the bots' play.  Each replay must
accept every move and end the game won by K6.1 at the end of a round: every dealt invention built, a Shelter,
Roof, Palisade and Weapon at 1 or more."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.robinson.combat import built
from rules.robinson.island import has_shelter
from rules.robinson.scenarios import family

from ..robinson_kit import E, game

LINES = sorted((Path(__file__).parent / "lines").glob("family_robinson-*.json"))


def replay(path: Path):
    kept = json.loads(path.read_text())
    s = game(len(kept["seats"]), kept["seed"], scenario=kept["scenario"])
    rounds = []
    for seat, move in kept["moves"]:
        assert s.result is None and seat in E.to_act(s)
        rounds.append(s.round)
        s = E.apply(s, seat, move)  # an illegal move raises IllegalMove
    return s, rounds


def test_there_is_a_won_line_alone_and_one_with_two_players():
    players = sorted(len(json.loads(p.read_text())["seats"]) for p in LINES)
    assert players == [1, 2]


@pytest.mark.parametrize("path", LINES, ids=lambda p: p.stem)
def test_k6_1_the_recorded_line_wins_family_robinson_at_the_end_of_a_round(path):
    s, rounds = replay(path)
    assert s.result == "won" and s.end_reason == "family_robinson_goal" and not E.to_act(s)
    assert family.goal_met(s) and not family.missing(s) and len(s.dealt) == family.POOL_ON_BOARD
    assert all(built(s, n) for n in s.dealt) and has_shelter(s) and min(s.roof, s.palisade, s.weapon) >= 1
    assert s.round <= 12 and rounds[-1] == s.round  # won within the 12 rounds (K6.2), at the end of the last
    assert s.phase == "over" and E.outcome(s).won
