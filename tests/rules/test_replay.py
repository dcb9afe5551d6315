"""rules/replay.py and `Engine.step`: a recorded game replays to the very same states, with one legality check."""
from __future__ import annotations

import pytest

from rules import GAMES, IllegalMove
from rules.playout import play_random
from rules.replay import ReplayError, replay, start_state

from ..conformance.toy_game import ToyEngine


def _seats(engine, n=None):
    n = n or min(engine.max_players, max(engine.min_players, 3))
    return [f"p{i + 1}" for i in range(n)]


def assert_steps_match(engine, state, log, final):
    """`step` gives the Move `find_move` gives and the state `apply` gives at every move of `log`."""
    for seat, move_id in log:
        move, after = engine.step(state, seat, move_id)
        assert move == engine.find_move(state, seat, move_id)
        assert engine.dump(after) == engine.dump(engine.apply(state, seat, move_id))
        state = after
    assert engine.dump(state) == engine.dump(final)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_step_is_find_move_then_apply(key):
    """`step` gives the Move `find_move` gives and the state `apply` gives, on every move of random games."""
    engine = GAMES[key]
    for seed in (1, 2):
        seats = _seats(engine)
        final, log = play_random(engine, seats, seed=seed)
        assert_steps_match(engine, start_state(engine, seats, seed, None), log, final)


@pytest.mark.parametrize("key", sorted(GAMES))
def test_replay_reaches_the_playout_state_with_or_without_moves(key):
    engine = GAMES[key]
    seats = _seats(engine)
    final, log = play_random(engine, seats, seed=7)
    steps = list(replay(engine, seats, 7, None, log, with_moves=True))
    assert [(s.seat, s.move_id) for s in steps] == log
    assert all(s.move is not None and s.move.id == s.move_id for s in steps)
    assert engine.dump(steps[-1].after) == engine.dump(final)
    assert all(engine.dump(a.after) == engine.dump(b.before) for a, b in zip(steps, steps[1:]))
    plain = list(replay(engine, seats, 7, None, log))
    assert all(s.move is None for s in plain)
    assert engine.dump(plain[-1].after) == engine.dump(final)
    # from a state on the way: only the moves after it
    half = len(log) // 2
    tail = list(replay(engine, seats, 7, None, log[half:], start=steps[half - 1].after))
    assert len(tail) == len(log) - half and engine.dump(tail[-1].after) == engine.dump(final)


def test_a_move_the_rules_refuse_says_which():
    engine = GAMES["wayfinders"]
    seats = _seats(engine, 2)
    _, log = play_random(engine, seats, seed=3)
    bad = log[:4] + [(log[4][0], "place:99")] + log[5:]
    with pytest.raises(ReplayError) as exc:
        list(replay(engine, seats, 3, None, bad))
    assert exc.value.index == 4 and exc.value.move_id == "place:99"
    assert isinstance(exc.value.cause, IllegalMove)
    assert "move 5 (" in str(exc.value)


def test_the_contract_default_step_matches_find_move_and_apply():
    """An engine that does not override `step` (the conformance toy game) gets the base class's."""
    engine = ToyEngine()
    seats = ["p1", "p2"]
    final, log = play_random(engine, seats, seed=5)
    assert_steps_match(engine, engine.setup(seats, 5), log, final)
