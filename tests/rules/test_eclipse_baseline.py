"""Eclipse behaves as before its refactoring into engines that read alike: seeded random games of 2-6 players
end in the same state with the same events, and states saved by the earlier engine still load.

The saved states were written by the engine before its modules moved and its state became pydantic
models (tests/rules/eclipse_baseline); the refactoring reproduced the digests of that engine exactly.
The digests were then written again, on purpose, each time a reading of the rulebook changed the rules
of play: when no action that could do nothing was offered (E101, U12, E72), and again when the E26
ruling made every action legal while a disc is on the track, even one that can do nothing; they now
guard that behaviour.  States are compared as JSON with sorted keys: the order of fields is not behaviour."""
from __future__ import annotations

import json

import pytest

from rules.eclipse import ENGINE
from tests.rules.eclipse_baseline.digests import DIGESTS, digest, semantic_json
from tests.rules.eclipse_baseline.samples import STATES

EXPECTED = json.loads(DIGESTS.read_text())
SAVED = sorted(STATES.glob("*.json"))


@pytest.mark.parametrize("row", EXPECTED, ids=lambda r: f"{r['players']}p-{r['seed']}")
def test_random_game_ends_as_before(row):
    assert digest(row["players"], row["seed"]) == row


def test_the_baseline_covers_every_player_count():
    assert sorted({r["players"] for r in EXPECTED}) == [2, 3, 4, 5, 6]


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_a_state_saved_before_loads_and_dumps_the_same_json(path):
    text = path.read_text()
    state = ENGINE.load(text)
    assert json.loads(ENGINE.dump(state)) == json.loads(text)
    assert semantic_json(ENGINE.load(ENGINE.dump(state))) == semantic_json(state)


@pytest.mark.parametrize("path", SAVED, ids=lambda p: p.stem)
def test_a_saved_running_game_goes_on(path):
    state = ENGINE.load(path.read_text())
    for seat in ENGINE.to_act(state):
        move = ENGINE.legal_moves(state, seat)[0]
        after = ENGINE.apply(state, seat, move.id)
        assert after.moves_made == state.moves_made + 1
        assert json.loads(ENGINE.dump(state)) == json.loads(path.read_text())  # apply copies


def test_the_saved_states_cover_the_optional_parts():
    assert {p.stem for p in SAVED} >= {"species", "damage", "relations", "traitor", "collapsed", "battle", "over"}
