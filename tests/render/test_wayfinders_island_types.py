"""Wayfinders: the board names each island's type (its colour) on the tile and in the legend, in the reader's
language, and never shows an internal tile id such as `res06`."""
from __future__ import annotations

import re

import pytest

from render.wayfinders import draw
from render.wayfinders_islands import island_tile

from .text_spy import drawn_texts
from .views import mid_game

TILE_ID = re.compile(r"\b(?:res|sco|per)\d{2}\b")


@pytest.mark.parametrize("locale, words", [("en", ["volcanic", "ice", "tropical", "desert", "mountain",
                                                   "Island type = its colour:"]),
                                           ("es", ["volcánica", "hielo", "tropical", "desierto", "montaña",
                                                   "Tipo de isla = su color:"])])
def test_the_board_names_island_types_and_no_tile_ids(locale, words, monkeypatch):
    island_tile.cache_clear()  # tiles are cached: draw them again so the spy sees their words
    drawn = drawn_texts(monkeypatch)
    draw(mid_game(), {}, None, locale=locale)
    assert not [t for t in drawn if TILE_ID.search(t)]
    for word in words:
        assert word in drawn, word
