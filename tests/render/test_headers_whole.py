"""A board's header never cuts a sentence with "…": a long caption wraps, and an entry that no longer fits
is left out whole (the post says it too)."""
from __future__ import annotations

import pytest

import rules
from render import render_board
from render.common import font, whole_lines
from rules.playout import iter_playout, playout_rng

from .text_spy import drawn_texts

LONG = ("Ana Beatriz de la Fuente Martínez: elige una carta de tripulación para jugar este turno o pasa; quedan "
        "muchas cosas por decidir y esta frase es larga a propósito para que no quepa en una línea.")
CAPTION = [LONG, "Bruno colocó una loseta en -4,3.", LONG, LONG, LONG]


def test_whole_lines_wraps_and_leaves_out_what_does_not_fit_whole():
    f = font(16)
    lines = whole_lines(CAPTION, f, 500, 5)
    assert all(f.getlength(line) <= 500 for line in lines) and not any("…" in line for line in lines)
    assert " ".join(lines).startswith(LONG) and "Bruno colocó una loseta en -4,3." in lines
    assert " ".join(lines).count("Ana Beatriz") == 1  # the next long entry needs more than the lines left
    assert whole_lines([LONG], f, 500, 1) == []


@pytest.mark.parametrize("key", sorted(rules.GAMES))
def test_no_header_line_ends_cut(key, monkeypatch):
    engine = rules.GAMES[key]
    seats = [f"p{i + 1}" for i in range(engine.min_players)]
    state = engine.setup(seats, 1)
    for step in iter_playout(engine, state, playout_rng(1)):
        state = step.after
        if step.index >= 12:
            break
    drawn = drawn_texts(monkeypatch)
    render_board(engine.view(state, seats[0]), {s: s for s in seats}, CAPTION, locale="es")
    words = set(LONG.split())
    cut = [t for t in drawn if t.rstrip().endswith("…") and set(t.split()) & words]
    assert not cut, cut
    assert any(t.endswith("una línea.") for t in drawn)  # the first entry is drawn to its end
