"""Issue 15 item 1 for Eclipse: every move in words, in English and Spanish.

Over random playouts: every option's label and every event renders from the catalogs in both
languages (never a catalogue key, never a raw move id such as `bld:interceptor`, `ctl:no`), and
every public move says something (its events), so the thread and `/game log` never fall back to
the move id.  A private decision (E22, E45, E61: `Engine.is_private`) says nothing of its option.
"""
from __future__ import annotations

import re

import pytest

from rules.eclipse import ENGINE as E
from rules.playout import iter_playout, playout_rng
from rules.text import CATALOG, JOIN_KEY, LOCALES, SEAT_KEY, Msg, tr

from ..test_eclipse_kit import game, home, play

MOVE_ID = re.compile(r"\b[a-z]+:[a-z0-9*]")  # `bld:interceptor`, `ctl:no`, `part:ion-cannon`, `to:track`
CATALOG_KEY = re.compile(r"\b(?:eclipse|core|host)\.[a-z_]|\b(?:mv|ev|prompt|sq|ship|part|tech|side|where)\.[a-z_]")


def missing_keys(text: Msg | str) -> list[str]:
    """Keys of `text` (arguments included) that a catalog lacks in some language."""
    if isinstance(text, str):
        return []
    out = []
    if text.key not in (SEAT_KEY, JOIN_KEY):
        out += [f"{text.key} ({loc})" for loc in LOCALES if text.key not in CATALOG.table[loc]]
    for v in text.args.values():
        if isinstance(v, Msg):
            out += missing_keys(v)
    return out


def problems(text: Msg, ids: set[str]) -> list[str]:
    found = missing_keys(text)
    for loc in LOCALES:
        s = tr(text, loc, {})
        if MOVE_ID.search(s) or CATALOG_KEY.search(s) or "{" in s or any(i in s for i in ids):
            found.append(f"{loc}: {s!r}")
    return found


def check_step(before, seat, move, after) -> list[str]:
    legal = E.legal_moves(before, seat)
    ids = {m.id for m in legal if ":" in m.id}
    bad = [f"label of {m.id}: {p}" for m in legal for p in problems(m.text, ids)]
    bad += [f"event after {move.id}: {p}" for e in after.events for p in problems(e, ids)]
    if not after.events and not E.is_private(before, seat):
        bad.append(f"{move.id} said nothing: the log would show its id")
    return bad


@pytest.mark.parametrize("seed,players", [(11, 2), (12, 3), (13, 4)])
def test_random_playouts_every_label_and_event_in_words(seed, players):
    """Issue 15 item 1 over whole random games (E24-E120: every decision a playout meets)."""
    state = E.setup([f"p{i}" for i in range(1, players + 1)], seed)
    bad: list[str] = []
    for step in iter_playout(E, state, playout_rng(seed)):
        bad += check_step(step.before, step.seat, step.move, step.after)
    assert not bad, "\n".join(sorted(set(bad))[:30])


def test_the_check_fails_on_an_id_a_key_or_a_silent_move():
    """The check above can fail: a raw id, a key without a template, and a silent public move."""
    assert problems(Msg(key="eclipse.ev.chose", args={"seat": "p1", "what": "bld:interceptor"}), set())
    assert problems(Msg(key="eclipse.mv.nonexistent"), set())
    assert problems(Msg(key="eclipse.ev.chose", args={"seat": "p1", "what": "x"}), set()) == []
    s = game(["terran union", "terran alliance"])
    seat = s.turn
    mv = next(m for m in E.legal_moves(s, seat) if m.id == "act:build")
    after = E.apply(s, seat, "act:build")
    quiet = after.model_copy(update={"events": []})
    assert check_step(s, seat, mv, quiet) == ["act:build said nothing: the log would show its id"]


def test_sub_steps_are_told_by_their_label():
    """E107 (Build: what, then where), E104 (Influence: from, then to): the first step of each
    chain is told by its label, in both languages."""
    s = game(["terran union", "terran alliance"])
    seat = s.turn
    s.players[seat].storage[2] = 10
    s = play(s, "act:build", "bld:interceptor")
    assert [tr(e, "en", {seat: "Ann"}) for e in s.events] == ["Ann: Build: Interceptor (3 Materials)."]
    assert [tr(e, "es", {seat: "Ann"}) for e in s.events] == ["Ann: Construir: Interceptor (3 de Materiales)."]
    s = game(["terran union", "terran alliance"])
    seat = s.turn
    hid = home(s, seat)
    s = play(s, "act:influence", f"from:{hid}")
    assert tr(s.events[0], "en", {seat: "Ann"}) == f"Ann: Take a disc from hex {hid}."
    assert tr(s.events[0], "es", {seat: "Ann"}) == f"Ann: Tomar un disco del hexágono {hid}."
