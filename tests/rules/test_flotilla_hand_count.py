"""Flotilla: identical crew cards in a hand are one move, whose label says how many the hand holds (the
`/game me` hand lists them as one line with the count too)."""
from __future__ import annotations

import collections

from rules import GAMES
from rules.flotilla.data import CARDS
from rules.text import tr


def test_identical_cards_are_one_move_with_their_count():
    engine = GAMES["flotilla"]
    state = engine.setup(["p1", "p2", "p3"], 0).model_copy(deep=True)
    seat = engine.to_act(state)[0]
    kinds = collections.defaultdict(list)
    for cid, card in CARDS.items():
        kinds[card.kind].append(cid)
    twins = next(k for k, ids in kinds.items() if len(ids) >= 2)
    state.players[seat].hand = list(state.players[seat].hand) + kinds[twins]
    plays = [m for m in engine.legal_moves(state, seat) if m.id == f"play:{twins}"]
    assert len(plays) == 1
    assert "(2 in hand;" in tr(plays[0].text, "en") and "(2 en tu mano;" in tr(plays[0].text, "es")
    single = next(m for m in engine.legal_moves(state, seat) if m.id == "play:captain")
    assert "in hand" not in tr(single.text, "en")


def test_the_hand_panel_lists_identical_cards_once_with_a_count(monkeypatch):
    from render.flotilla import _kinds
    twins = [cid for cid, card in CARDS.items() if card.kind == "envoy"]
    assert _kinds(["captain", *twins]) == [("captain", 1), (twins[0], 2)]
