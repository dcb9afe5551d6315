"""Flotilla: what the generic check (tests/conformance/test_words.py: no id, key,
placeholder, seat id or internal name in any label, event, prompt or log line) cannot know of Flotilla.
Over random playouts that reach every kind of decision, no text names an artifact by its id
("traders-3"), and every move leaves an event (a silent move would be shown by its id in `/game log`)."""
from __future__ import annotations

import re

from rules.flotilla import ENGINE
from rules.flotilla import texts as T
from rules.playout import iter_playout, playout_rng
from rules.text import LOCALES, Msg, tr
from tests.conformance.test_words import problems_in

NAMES = {"s1": "Alice", "s2": "Bob", "s3": "Chiara", "s4": "Dmitri", "s5": "Eve"}
ARTIFACT_ID = re.compile(r"\b(?:speakers|traders|founders|delvers)-\d|\bs[1-5]\b")


def wordless(m: Msg, ids: set[str]) -> list[str]:
    out = []
    for loc in LOCALES:
        text = tr(m, loc, NAMES)
        out += [f"{loc}: {text!r}: {p}" for p in problems_in(text, ids)]
        if ARTIFACT_ID.search(text) or not text.strip():
            out.append(f"{loc}: {text!r}")
    return out


def test_the_check_catches_artifact_and_seat_ids():
    assert wordless(T.m("ev.play", seat=T.seat("s1"), card="traders-3"), set())
    assert wordless(T.m("did.site", seat=T.seat("s1"), cell="6,0"), {"site:6,0"}) == []


GAMES = [(3, 2), (4, 5), (5, 9), (4, 11), (3, 17), (5, 23)]


def test_every_kind_of_decision_is_reached_and_told():
    kinds: set[str] = set()
    for players, seed in GAMES:
        kinds |= _check_game(players, seed)
    # the playouts reached every kind of decision (cell/rot: placing; bcell/brot: building; depth/load: diving)
    assert {"play", "inf", "res", "tx", "sail", "turn", "pl", "cell", "rot", "keep", "bt", "bcell", "brot",
            "reroll", "wild"} <= kinds, kinds


def _check_game(players: int, seed: int) -> set[str]:
    state = ENGINE.setup([f"s{i + 1}" for i in range(players)], seed)
    kinds: set[str] = set()
    for step in iter_playout(ENGINE, state, playout_rng(seed)):
        legal = ENGINE.legal_moves(step.before, step.seat)
        ids = {m.id for m in legal}
        kinds.add(step.move.id.split(":")[0])
        problems = [p for m in legal for p in wordless(m.text, ids)]
        assert step.after.events, f"move {step.move.id!r} left no event: /game log would show its id"
        problems += [f"after {step.move.id}: {p}" for ev in step.after.events for p in wordless(ev, ids)]
        assert not problems, (players, seed, problems[:5])
    assert not wordless(ENGINE.outcome(step.after).summary, set())
    return kinds
