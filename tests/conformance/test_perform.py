"""`Engine.perform` plays an option the caller has just listed (the host's human moves: host/choices.py) to
the same state as `apply` by its id, without touching the state it was given."""
from __future__ import annotations

import pytest

from rules import GAMES
from rules.playout import playout_rng, random_move

from .toy_game import TOY

ENGINES = {**GAMES, "toy": TOY}


@pytest.mark.parametrize("key", sorted(ENGINES))
def test_perform_on_a_listed_option_is_apply_by_its_id(key):
    engine = ENGINES[key]
    state = engine.setup([f"p{i}" for i in range(engine.sample_players())], 5)
    rng = playout_rng(5)
    checked = 0
    for _ in range(40):
        seats = engine.to_act(state)
        if not seats:
            break
        seat = seats[0]
        before = engine.dump(state)
        for option in list(engine.options(state, seat))[:6]:
            assert engine.dump(engine.perform(state, seat, option)) == engine.dump(engine.apply(state, seat, option.id))
            checked += 1
        assert engine.dump(state) == before  # neither touched the given state
        state = engine.apply(state, seat, random_move(engine, state, seat, rng).id)
    assert checked > 10
