"""Flotilla rulings about the engine itself (Part 3): E38, E39, E46, checked over random games."""
from __future__ import annotations

import pytest

from rules.contract import IllegalMove
from rules.flotilla import ENGINE
from rules.playout import iter_playout, playout_rng

from .test_flotilla_kit import act, active, new

STOPS = {"sail": "sail:stop", "trans": "tx:stop", "place": "pl:stop", "keep": "keep:stop", "build": "bt:stop",
         "nudge": "nudge:skip", "set_die": "setdie:skip", "reroll": "reroll:done"}


def _games():
    for n, seed in ((3, 21), (4, 22), (5, 23)):
        yield from iter_playout(ENGINE, new(n, seed), playout_rng(seed))


def test_E39_every_move_that_uses_the_generator_is_marked_and_games_replay_exactly():
    """E39: draws, dice and set-up use the generator inside the state; a move after which the
    generator has moved or a tile has left the bag is marked as revealing (barrier), and the same seed and
    move ids give the same game."""
    moves: list[tuple[str, str]] = []
    drawing = 0
    for step in iter_playout(ENGINE, new(4, 31), playout_rng(31)):
        moves.append((step.seat, step.move.id))
        drew = set(step.before.bag) - set(step.after.bag)  # a tile left the bag (returns do not count)
        if step.before.rng.state != step.after.rng.state or drew:
            drawing += 1
            assert step.move.barrier, (step.index, step.move.id)
    final = step.after
    assert drawing > 50
    s = new(4, 31)
    for seat, mid in moves:
        s = ENGINE.apply(s, seat, mid)
    assert ENGINE.dump(s) == ENGINE.dump(final)
    assert ENGINE.dump(new(4, 31)) != ENGINE.dump(new(4, 32))  # set-up itself is drawn


def test_E46_no_chain_traps_a_player():
    """E46: a seat that must act always has a move; at the start of a turn the Captain is always
    playable (F13); every optional chain offers its stop at every step."""
    seen: set[str] = set()
    for step in _games():
        st = step.after
        if st.over:
            continue
        ids = [m.id for m in ENGINE.legal_moves(st, ENGINE.to_act(st)[0])]
        assert ids, (step.index, st.todo[:1])
        if not st.todo:
            assert "play:captain" in ids
            continue
        kind = st.todo[0].kind
        if kind in STOPS:
            seen.add(kind)
            assert STOPS[kind] in ids, (step.index, kind, ids)
    assert {"sail", "trans", "place"} <= seen


def test_E38_leaving_is_for_the_host_an_abandoned_game_asks_nothing():
    """E38: the rules have no move for leaving; when the host abandons the game the engine asks
    no one, offers nothing and refuses every move."""
    s = act(new(), "play:trader")
    seat = active(s)
    assert not any(m.id.startswith(("leave", "resign", "quit")) for m in ENGINE.legal_moves(s, seat))
    gone = ENGINE.abandon(s)
    assert ENGINE.to_act(gone) == [] and all(ENGINE.legal_moves(gone, x) == [] for x in gone.order)
    with pytest.raises(IllegalMove):
        ENGINE.apply(gone, seat, "tx:stop")
    assert ENGINE.view(gone, seat).to_act == [] and ENGINE.outcome(gone) is None
    assert ENGINE.to_act(s) == [seat]  # the state abandoned is untouched
