"""Parts of decision images kept between posts: a board's window with its numbered places (render/focus.py
`_window`) and a folded row (render/fold.py `fold`) are the same image whenever the part of the board they are
cut from is the same, pixel for pixel, with the same texts at the same places; a move leaves most of a board as
it was, so the next post often shows a part already drawn.  Only parts wider than the image (those folded) are
kept, `KEPT` of each at most (`render.kept.PanelCache`), each holding its texts itself (`render.measure.settle`),
none of the board.
"""
from __future__ import annotations

import hashlib
from typing import Callable, Hashable, Sequence

from PIL import Image

from . import measure
from .fold import KEPT_REWRAPPED, fold
from .focus_places import Box, inside
from .kept import PanelCache
from .measure import Drawn

KEPT = 6  # windows kept, and folded rows kept
WINDOWS: PanelCache[tuple[Image.Image, frozenset[int]]] = PanelCache(KEPT)
FOLDS: PanelCache[Image.Image] = PanelCache(KEPT)


def _content(part: Image.Image) -> Hashable:
    """What a part of a board draws: its pixels (a digest of them) and its texts, where they lie on it."""
    texts = tuple((d.text, d.font, d.box, d.scale) for d in measure.visible(part))
    return part.mode, part.size, hashlib.sha1(part.tobytes()).digest(), texts


def _settled(img: Image.Image) -> Image.Image:
    """`img` holding its texts itself, to be kept."""
    measure.settle(img)
    return img


def window(board: Image.Image, box: Box, found: Sequence[tuple[int, Drawn]], section: bool, width: int,
           make: Callable[..., tuple[Image.Image, set[int]]]) -> tuple[Image.Image, set[int]]:
    """`make(board, box, found, section)` (a window of the board with its places numbered), kept when the window is
    wider than `width` (folded): the same window of the same part, with the same places, is drawn once."""
    part = board.crop(box)
    if part.width <= width:
        return make(board, box, found, section)
    held = tuple((i, d.text, tuple(v - o for v, o in zip(d.box, (box[0], box[1], box[0], box[1]))))
                 for i, d in found if inside(d.box, box))

    def draw() -> tuple[Image.Image, frozenset[int]]:
        img, marked = make(board, box, found, section)
        return _settled(img), frozenset(marked)

    img, marked = WINDOWS.get((_content(part), held, section), draw)
    return img, set(marked)


def folded(board: Image.Image, box: Box, width: int) -> Image.Image:
    """`fold(board, box, width)`, kept when the band is wider than `width`: the same band is folded once."""
    part = board.crop(box)
    if part.width <= width:
        return fold(board, box, width)
    return FOLDS.get(_content(part), lambda: _settled(fold(board, box, width)))


def forget() -> None:
    WINDOWS.clear()
    FOLDS.clear()
    KEPT_REWRAPPED.clear()


__all__ = ["FOLDS", "KEPT", "WINDOWS", "folded", "forget", "window"]
