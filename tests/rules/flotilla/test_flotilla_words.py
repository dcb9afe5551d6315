"""Issue 15 item 1 for Flotilla: every move has words.  Over random playouts, every legal move's
label, every event and every prompt, in English and Spanish, reads as text: no move id
(`tx:buy:y`, `bcell:6,0`), no catalogue key, no seat id, no internal artifact id.  A move that
says nothing would be shown by its id in `/game log` (cogs/info.log_line), so every move must
also leave at least one event."""
from __future__ import annotations

import re

from rules.flotilla import ENGINE
from rules.playout import iter_playout, playout_rng
from rules.text import CATALOG, JOIN_KEY, LOCALES, SEAT_KEY, Msg, tr

NAMES = {"s1": "Alice", "s2": "Bob", "s3": "Chiara", "s4": "Dmitri", "s5": "Eve"}
# something that looks like an identifier, never like words: a colon glued to what follows
# ("tx:buy", "sail:stop"), snake_case, a leftover {placeholder}, an artifact id ("traders-3"), a seat id
ID_LIKE = re.compile(r"[a-z]+:[a-z0-9,\-]|\b[a-z]+_[a-z_]+\b|[{}]|\b(?:speakers|traders|founders|delvers)-\d"
                     r"|\bs[1-5]\b")


def missing_keys(m: Msg) -> list[str]:
    """Keys of `m` (and of its Msg arguments) absent from a catalogue."""
    out = []
    if m.key not in (SEAT_KEY, JOIN_KEY):
        out += [f"{m.key} ({loc})" for loc in LOCALES if m.key not in CATALOG.table[loc]]
    for v in m.args.values():
        if isinstance(v, Msg):
            out += missing_keys(v)
    return out


def wordless(m: Msg, ids: set[str]) -> list[str]:
    """What is wrong with `m` as player text: its missing keys, then any id-like text in either language."""
    problems = missing_keys(m)
    for loc in LOCALES:
        text = tr(m, loc, NAMES)
        if "flotilla." in text or text.strip() == "":
            problems.append(f"{loc}: {text!r}")
        if ID_LIKE.search(text):
            problems.append(f"{loc}: {text!r} has {ID_LIKE.search(text).group(0)!r}")
        problems += [f"{loc}: {text!r} names move id {i!r}" for i in ids if i in text]
    return problems


def test_the_check_catches_ids_and_keys():
    from rules.flotilla import texts as T
    assert wordless(T.m("no.such.key"), set())
    assert wordless(T.m("did.buy", seat=T.seat("s1"), colour="tx:buy:y", cost=3), set())
    assert wordless(T.m("did.site", seat=T.seat("s9"), cell="6,0"), {"site:6,0"}) == []
    assert wordless(T.m("did.site", seat=T.seat("s1"), cell="bcell:6,0"), {"bcell:6,0"})
    assert wordless(T.m("ev.play", seat=T.seat("s1"), card="traders-3"), set())


GAMES = [(3, 2), (4, 5), (5, 9), (4, 11), (3, 17), (5, 23)]


def test_every_label_event_and_prompt_is_words():
    kinds: set[str] = set()
    for players, seed in GAMES:
        kinds |= _check_game(players, seed)
    # the playouts reached every kind of decision (cell/rot: placing; bcell/brot: building; depth/load: diving)
    assert {"play", "inf", "res", "tx", "sail", "turn", "pl", "cell", "rot", "keep", "bt", "bcell", "brot",
            "reroll", "wild"} <= kinds, kinds


def _check_game(players: int, seed: int) -> set[str]:
    seats = [f"s{i + 1}" for i in range(players)]
    state = ENGINE.setup(seats, seed)
    problems: list[str] = []
    kinds: set[str] = set()
    for ev in state.events:
        problems += wordless(ev, set())
    for step in iter_playout(ENGINE, state, playout_rng(seed)):
        legal = ENGINE.legal_moves(step.before, step.seat)
        ids = {m.id for m in legal}
        kinds.add(step.move.id.split(":")[0])
        for m in legal:
            problems += wordless(m.text, ids)
        problems += wordless(ENGINE.prompt(step.before, step.seat), ids)
        assert step.after.events, f"move {step.move.id!r} left no event: /game log would show its id"
        for ev in step.after.events:
            problems += [f"after {step.move.id}: {p}" for p in wordless(ev, ids | {step.move.id})]
        assert not problems, (players, seed, problems[:5])
    outcome = ENGINE.outcome(step.after)
    assert not wordless(outcome.summary, set())
    return kinds
