"""Every move has words: over random games of every engine, no player-facing text
(move labels in English and Spanish, prompts, events, the host's `/game log` lines and turn-post lines)
shows a move id, a catalogue key or an unfilled placeholder.

A move id is caught when it has a colon (`tx:buy:y`, `bcell:6,0`) or is one of the legal ids of the
moment with a colon or a dot in it; a catalogue key is a dotted lower-case name (`wayfinders.move.end`),
which is also what `tr` shows for a key no catalog has.  Ids without either (`end`, `return`) are words.
"""
from __future__ import annotations

import re

import pytest

import rules
from cogs.info import log_line
from host.tables import log_summary
from rules.playout import iter_playout, playout_rng
from rules.text import LOCALES, Msg, tr
from storage.models import MoveRow

from .privacy import make_table

KEY = re.compile(r"(?<![\w/.])[a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+){2,}(?!\w)")
COLON_ID = re.compile(r"(?<![\w/])[A-Za-z][\w-]*:[\w.,:-]*\w(?!\w)")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
SEAT_ID = re.compile(r"\bp[1-6]\b")  # a seat id the names did not replace (make_table's seats are p1..p6)
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an internal name ("ok_rest", "plan_timeout")
TILE_ID = re.compile(r"\b[a-z]{3}\d{2}\b")  # an internal tile id ("res06", "sco13")
GAMES_PER_ENGINE = 3
EVERY = 4  # the labels and prompt of every 4th decision (events and log lines of every move)


def problems_in(text: str, ids: set[str]) -> list[str]:
    found = [f"key {k!r}" for k in KEY.findall(text)] + [f"id {k!r}" for k in COLON_ID.findall(text)]
    found += [f"placeholder {k!r}" for k in PLACEHOLDER.findall(text)]
    found += [f"seat id {k!r}" for k in SEAT_ID.findall(text)] + [f"name {k!r}" for k in SNAKE.findall(text)]
    found += [f"tile id {k!r}" for k in TILE_ID.findall(text)]
    return found + [f"id {i!r}" for i in ids if (":" in i or "." in i) and i in text]


def check(where: str, text: Msg, names: dict[str, str], ids: set[str], out: list[str]) -> None:
    for locale in LOCALES:
        said = tr(text, locale, names)
        out += [f"{where} [{locale}] {p}: {said[:160]!r}" for p in problems_in(said, ids)]


def words_problems(key: str, seed: int, players: int) -> list[str]:
    engine = rules.GAMES[key]
    state = engine.setup([f"p{i + 1}" for i in range(players)], seed)
    out: list[str] = []
    for step in iter_playout(engine, state, playout_rng(seed)):
        where = f"{key} seed {seed} move {step.index} ({step.move.id})"
        table = make_table(engine, step.before, step.index)
        names = table.names
        moves = engine.legal_moves(step.before, step.seat)
        ids = {m.id for m in moves}
        if step.index % EVERY == 0:
            for m in moves:
                check(f"{where} label of {m.id}", m.text, names, ids, out)
            check(f"{where} prompt", engine.prompt(step.before, step.seat), names, ids, out)
        said = log_summary(table, step.seat, step.after, step.move)  # the turn post's lines and the log's
        for event in said:
            check(f"{where} event", event, names, ids, out)
        entry = MoveRow(game_id=1, seq=step.index + 1, seat=step.seat, move_id=step.move.id, at=0.0,
                        summary=[e.model_dump(mode="json") for e in said])
        for locale in LOCALES:
            line = log_line(entry, locale, names)
            out += [f"{where} /game log [{locale}] {p}: {line[:160]!r}" for p in problems_in(line, ids)]
        if len(out) > 20:
            break
    return out


CASES = [pytest.param(key, seed, engine.min_players + seed % (engine.max_players - engine.min_players + 1),
                      id=f"{key}-{seed}")
         for key, engine in rules.GAMES.items() for seed in range(GAMES_PER_ENGINE)]


@pytest.mark.parametrize("key, seed, players", CASES)
def test_player_facing_text_has_words_not_ids_or_keys(key, seed, players):
    found = words_problems(key, seed, players)
    assert not found, "\n".join(found[:20])


def test_the_check_catches_ids_keys_and_placeholders():
    assert problems_in("alice: tx:buy:y", set())
    assert problems_in("built bcell:6,0", set())
    assert problems_in("see wayfinders.move.end", set())
    assert problems_in("Fly to {cell}", set())
    assert problems_in("alice played p:g.2.wood:c", {"p:g.2.wood:c"})
    assert problems_in("p2 passed", set()) and problems_in("timeout: plan_timeout", set())
    assert problems_in("Build an airstrip on B2 (res03)", set())
    assert not problems_in("Fly to C5 (island, pay B B) at 12:30, e.g. later.", {"end", "fly:C5"})


def test_plurals_agree_with_their_number_in_both_languages():
    from rules.text import msg
    import rules.wayfinders  # noqa: F401 - its catalog
    one = msg("wayfinders.prompt.flybuild", cell="C3", n=1, cubes=1)
    many = msg("wayfinders.prompt.flybuild", cell="C3", n=0, cubes=9)
    assert "1 token, 1 cube left" in tr(one, "en") and "0 tokens, 9 cubes left" in tr(many, "en")
    assert "1 ficha, te queda 1 cubo" in tr(one, "es") and "0 fichas, te quedan 9 cubos" in tr(many, "es")


GUESSED_PLURAL = re.compile(r"\w\((?:s|es)\)")  # "token(s)", "ración(es)"


def test_no_catalog_text_guesses_a_plural():
    import host.i18n  # noqa: F401 - the host catalogs
    from rules.text import CATALOG
    found = [f"{loc} {key}: {text}" for loc in LOCALES for key, text in CATALOG.table[loc].items()
             if GUESSED_PLURAL.search(text)]
    assert not found, "\n".join(found[:20])
