"""host/choices.py: a seat's legal list built once is the engine's legal moves, each with the option behind
it; a text or a button id resolves to one of them or is refused quoting what was typed."""
from __future__ import annotations

import pytest

from host.choices import Choices, resolve
from host.refusal import Refusal
from rules import GAMES


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_list_is_the_legal_moves_and_each_move_has_its_option(key):
    engine = GAMES[key]
    state = engine.setup([f"p{i}" for i in range(engine.sample_players())], 11)
    seat = engine.to_act(state)[0]
    choices = Choices.listed(engine, state, seat)
    assert choices.moves == engine.legal_moves(state, seat)
    for move in choices.moves:
        option = choices.option_of(move)
        assert (option.id, option.barrier) == (move.id, move.barrier)


def test_a_text_resolves_among_the_list_or_is_refused_quoting_it():
    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2"], 11)
    seat = engine.to_act(state)[0]
    moves = Choices.listed(engine, state, seat).moves
    assert resolve(engine, state, seat, moves, "RETURN", "en", {}).id == "return"
    assert resolve(engine, state, seat, moves, "return", "en", {}, typed="/wayfinders return").id == "return"
    with pytest.raises(Refusal) as refused:
        resolve(engine, state, seat, moves, "swim", "en", {})
    assert "swim" in str(refused.value.text.args)
    with pytest.raises(Refusal):  # a shortcut's id must be one of the moves exactly
        resolve(engine, state, seat, moves, "retur", "en", {}, typed="/wayfinders retur")
