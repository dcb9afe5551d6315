"""Record every text a renderer draws (to assert what a board says, in which language)."""
from __future__ import annotations

from PIL import ImageDraw

import render.wayfinders
import render.wayfinders_islands
from render import focus_kept, wayfinders_cells, wayfinders_panels


def drawn_texts(monkeypatch) -> list[str]:
    """The list that fills with each `ImageDraw.text` string drawn from now on (drawing still happens).  Kept
    layers, tiles, panels and decision images' parts drawn earlier are dropped first, so every text of the next
    board is drawn, and seen, again, whichever test drew a board before in this process."""
    wayfinders_panels.KEPT_PANELS.clear()
    focus_kept.forget()  # the decision images' kept windows and rows too
    wayfinders_cells.KEPT_CELLS.clear()
    for module in (render.wayfinders, render.wayfinders_islands):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    drawn: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self, xy, text, *args, **kwargs):
        drawn.append(str(text))
        return real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    return drawn
