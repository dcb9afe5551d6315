"""Strings drawn and measured are kept per process (render.glyphs `KEPT_MASKS`, `_kept_length`):
a board draws mostly the strings of the one before, and FreeType drawing them again was a quarter of a
board's CPU.  What is kept must draw exactly what FreeType draws."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, ImageFont

from render import glyphs, render_board
from render.common import font
from rules import GAMES
from rules.playout import iter_playout, playout_rng

NAMES = {"p1": "Ana", "p2": "Bo", "p3": "Chidi"}


def _views(key: str, count: int) -> list:
    engine = GAMES[key]
    seats = ["p1", "p2", "p3"][: max(engine.min_players, 3)]
    steps = list(iter_playout(engine, engine.setup(seats, 11, None), playout_rng(11)))
    return [engine.view(steps[len(steps) * (k + 1) // (count + 1)].after, None) for k in range(count)]


def test_a_string_is_drawn_by_freetype_once_then_kept(monkeypatch):
    glyphs.forget_kept()
    asked: list[str] = []
    real = ImageFont.FreeTypeFont.getmask2

    def spy(self, text, *args, **kwargs):
        asked.append(text)
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", spy)
    img = Image.new("RGB", (300, 80), (255, 255, 255))
    d = ImageDraw.Draw(img)
    d.text((10, 10), "Harbour 12", font=font(18), fill=(200, 0, 0))
    d.text((10, 40), "Harbour 12", font=font(18), fill=(0, 0, 200))  # another ink, same whole-pixel start
    assert asked == ["Harbour 12"]
    d.text((10, 40), "Harbour 12", font=font(20), fill=(0, 0, 200))  # another size is another face
    assert asked == ["Harbour 12", "Harbour 12"]
    # both inks came out in their own colour: the grey mask does not depend on the ink
    top, bottom = img.crop((0, 0, 300, 38)), img.crop((0, 38, 300, 80))
    assert (200, 0, 0) in {c for _, c in top.getcolors(4096)} and (0, 0, 200) not in {c for _, c in top.getcolors(4096)}
    assert (0, 0, 200) in {c for _, c in bottom.getcolors(4096)}


def test_boards_drawn_with_kept_strings_are_the_very_same_images(monkeypatch):
    """Every game: a board drawn with every string drawn and measured by FreeType, and the same board drawn
    from kept strings (after other boards, other inks and places, filled the caches) are the same PNG."""
    for key in sorted(GAMES):
        views = _views(key, 3)
        with monkeypatch.context() as m:  # nothing kept: straight to FreeType
            m.setattr(glyphs.SafeFont, "getmask2", glyphs.SafeFont._mask2)
            m.setattr(glyphs.SafeFont, "getlength", glyphs.SafeFont._length)
            reference = render_board(views[0], NAMES, ["Bo played", "Ana must act"])
        glyphs.forget_kept()
        for view in views:
            render_board(view, NAMES, ["Ana must act", "Bo played"], locale="es")
            render_board(view, NAMES, ["Bo played", "Ana must act"])
        assert glyphs.KEPT_MASKS.hits > 0
        assert render_board(views[0], NAMES, ["Bo played", "Ana must act"]) == reference, key


def test_the_strings_kept_are_bounded():
    """Masks within their byte budget, least recently used dropped first; lengths within their count."""
    kept = glyphs.KeptMasks(budget=20_000)
    f = font(15)
    for k in range(400):
        kept.get(("label", k), lambda k=k: f.getmask2(f"label {k}", "L"))
        assert kept.used <= 20_000
    assert 0 < len(kept) < 400 and ("label", 399) in kept._items and ("label", 0) not in kept._items
    kept.get(("label", 399), lambda: pytest.fail("kept, not drawn again"))
    glyphs.forget_kept()
    for k in range(glyphs.LENGTHS_KEPT + 50):
        f.getlength(f"label {k}")
    assert glyphs._kept_length.cache_info().currsize == glyphs.LENGTHS_KEPT
    assert f.getlength("label 3") == ImageFont.FreeTypeFont.getlength(f, "label 3")
