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

from render.names import board_names
from render.robinson import draw
from rules.robinson.combat import built
from rules.robinson.island import has_shelter
from rules.robinson.scenarios import family

from tests.render.text_spy import drawn_texts

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


def test_k6_4_the_won_games_last_board_says_no_more_of_the_childrens_meals(monkeypatch):
    """K6.4: the children eat at a Night; once the game has ended no Night is to come, so the finished board's goal
    panel keeps its progress and leaves out "Tonight the children eat N food" (it told the Night just played)."""
    s, _ = replay(next(p for p in LINES if "2p" in p.stem))
    assert family.CHILDREN.get(s.round, 0) > 0  # won in a round whose Night fed the children
    drawn = drawn_texts(monkeypatch)
    draw(E.view(s, None), board_names({"p1": "alice", "p2": "bob"}), "en")
    assert any("9/9" in t or "9 of 9" in t for t in drawn), [t for t in drawn if "/" in t][:5]
    assert not any("children eat" in t for t in drawn)
