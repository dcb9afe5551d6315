"""Each game's fixed 256-colour palette, so a board maps to it instead of building one per image.

Building a palette (a half-size copy, an octree over it) was a third of a board's encoding.  A game's boards
share their colours (its art, the six player colours, the anti-aliased blends between them), so one palette
per game, made once from many boards of random games (`python -m tools.palettes` writes `palettes.json`), maps
every board of that game as closely as one built for the image.  `render_board` names the game whose board is
drawn (`drawing`); `render.common.to_png` maps the image to that game's palette (`current`) and keeps its
checks: a board that the palette would visibly change (new art, new colours) gets a palette of its own, or full
colour, as before.  Pure: the palettes are read from the file once per process.
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Optional

from PIL import Image

PALETTES_FILE = Path(__file__).parent / "palettes.json"

_DRAWING: ContextVar[Optional[str]] = ContextVar("board_game", default=None)


@lru_cache(maxsize=1)
def _table() -> dict[str, str]:
    """Game key -> its palette as hex (768 bytes: 256 RGB colours)."""
    try:
        return json.loads(PALETTES_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}


def palette_image(colours: bytes) -> Image.Image:
    """A 1x1 "P" image carrying `colours` (RGB triples) as its palette, the form Pillow maps images to."""
    img = Image.new("P", (1, 1))
    img.putpalette(colours)
    return img


@lru_cache(maxsize=16)
def game_palette(game: str) -> Optional[Image.Image]:
    """The fixed palette of `game`'s boards, or None for a game that has none (it keeps a palette per image)."""
    code = _table().get(game)
    return palette_image(bytes.fromhex(code)) if code else None


@contextmanager
def drawing(game: Optional[str]) -> Iterator[None]:
    """While the context lasts, boards encoded in it (this thread) are `game`'s."""
    token = _DRAWING.set(game)
    try:
        yield
    finally:
        _DRAWING.reset(token)


def current() -> Optional[Image.Image]:
    """The fixed palette of the game whose board is being drawn here, if any."""
    game = _DRAWING.get()
    return game_palette(game) if game else None


__all__ = ["PALETTES_FILE", "current", "drawing", "game_palette", "palette_image"]
