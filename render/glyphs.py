"""Any text drawn legibly with the shipped DejaVu faces: no empty boxes, right-to-left in order.

Every font of the boards comes from `render.common.font`, which returns a
`SafeFont`: before Pillow measures or draws a string, `layout(text, path)`
prepares it.  ASCII goes through untouched (the fast path of every label);
otherwise

- a user-perceived character (`render.names.graphemes`) whose glyph the face
  lacks (an emoji, a CJK ideograph) is drawn as `REPLACEMENT`, never as the
  face's empty .notdef box; a missing mark or format character is dropped.  A
  glyph is "missing" when its mask equals the mask of a code point no face has
  (cached per face and character);
- right-to-left text (Hebrew, Arabic) is laid out by raqm (bidi + shaping)
  when Pillow has it, else shaped and reordered in pure Python
  (`render.bidi`), so the order is right either way.
"""
from __future__ import annotations

import threading
import unicodedata
from collections import OrderedDict
from functools import lru_cache
from typing import Any, Callable

from PIL import ImageFont, features

from .bidi import needs_bidi, shape_arabic, visual
from .names import BIDI_CONTROLS, ISOLATES, graphemes

REPLACEMENT = "?"
RAQM = features.check("raqm")  # tests switch it off to exercise the pure-Python path

_PROBE_SIZE = 24
_NO_GLYPH = "\U0010fffd"  # a private-use code point of plane 16: no face maps it, so it draws .notdef


@lru_cache(maxsize=8)
def _probe(path: str) -> tuple[ImageFont.FreeTypeFont, tuple]:
    fnt = ImageFont.truetype(path, _PROBE_SIZE, layout_engine=ImageFont.Layout.BASIC)
    return fnt, _mask(fnt, _NO_GLYPH)


def _mask(fnt: ImageFont.FreeTypeFont, ch: str) -> tuple:
    m = fnt.getmask(ch)
    return m.size, bytes(m)


@lru_cache(maxsize=65536)
def has_glyph(ch: str, path: str) -> bool:
    """True when the face at `path` draws `ch` with a glyph of its own (not .notdef)."""
    fnt, notdef = _probe(path)
    return _mask(fnt, ch) != notdef


def _cluster(g: str, path: str) -> str:
    """One user-perceived character as drawable text: itself, without the marks/format characters the face
    lacks, or REPLACEMENT when its base character has no glyph."""
    base_missing = False
    kept = []
    for i, ch in enumerate(g):
        if ch in ISOLATES:  # kept for the layout (a name's isolate), never drawn
            kept.append(ch)
            continue
        if ch in BIDI_CONTROLS:
            continue
        if has_glyph(ch, path):
            kept.append(ch)
        elif i == 0 and unicodedata.category(ch) != "Cf":
            base_missing = True
    return REPLACEMENT if base_missing else "".join(kept)


@lru_cache(maxsize=8192)
def drawable(text: str, path: str) -> str:
    """`text` (logical order) with every character the face cannot draw replaced or dropped."""
    if text.isascii():
        return text
    return "".join(_cluster(g, path) for g in graphemes(text))


@lru_cache(maxsize=8192)
def layout(text: str, path: str, raqm: bool) -> tuple[str, bool]:
    """(string to hand to the face, whether it needs raqm layout).  With raqm, right-to-left text stays in
    logical order for raqm to reorder and shape; without, it comes back shaped and in visual order.  A line
    is a left-to-right paragraph (the boards' sentences are English or Spanish); a name in it is an
    isolate with its own direction (render.names.board_names)."""
    ready = drawable(text, path)
    if not needs_bidi(ready):
        return "".join(c for c in ready if c not in ISOLATES), False
    if raqm:
        return ready, True
    shaped = shape_arabic(ready)
    if not all(has_glyph(c, path) for c in shaped if c not in ready):
        shaped = ready  # a joined form the face lacks: keep the isolated letters
    return visual(shaped, 0), False


class SafeFont(ImageFont.FreeTypeFont):
    """A FreeType face (basic layout) that routes every string through `layout` before measuring or
    drawing it, and right-to-left strings to a raqm twin of itself when raqm is there."""

    _raqm_twin: ImageFont.FreeTypeFont | None = None

    def _route(self, text: Any) -> tuple[Any, Any]:
        if not isinstance(text, str) or text.isascii():
            return None, text
        ready, complex_ = layout(text, str(self.path), RAQM)
        if not complex_:
            return None, ready
        if self._raqm_twin is None:
            self._raqm_twin = ImageFont.truetype(self.path, self.size, layout_engine=ImageFont.Layout.RAQM)
        return self._raqm_twin, ready

    # Each of Pillow's text methods takes (text, mode, direction, ...): the raqm twin lays a line out as a
    # left-to-right paragraph unless the caller chose a direction.
    def getmask2(self, text, mode="", direction=None, features=None, language=None, stroke_width=0,  # type: ignore[override]
                 anchor=None, ink=0, start=None, *args, **kwargs):
        """The mask of `text` as ImageDraw.text draws it: a grey-level mask (mode "L", the one of RGB boards) is
        kept (`_kept_mask`), since a board draws mostly the same strings as the one before; a colour mask
        (mode "RGBA", which ImageDraw changes in place and which depends on the ink) never is."""
        if mode == "L" and features is None and not args and set(kwargs) <= {"stroke_filled"}:
            return _kept_mask(self, text, direction, language, stroke_width, anchor,
                              tuple(start) if start is not None else None, bool(kwargs.get("stroke_filled")))
        return self._mask2(text, mode, direction, features, language, stroke_width, anchor, ink, start,
                           *args, **kwargs)

    def _mask2(self, text, *args, **kwargs):
        twin, ready = self._route(text)
        return twin.getmask2(ready, *_ltr(args, kwargs), **kwargs) if twin else super().getmask2(ready, *args, **kwargs)

    def getmask(self, text, *args, **kwargs):  # type: ignore[override]
        twin, ready = self._route(text)
        return twin.getmask(ready, *_ltr(args, kwargs), **kwargs) if twin else super().getmask(ready, *args, **kwargs)

    def getbbox(self, text, *args, **kwargs):  # type: ignore[override]
        twin, ready = self._route(text)
        return twin.getbbox(ready, *_ltr(args, kwargs), **kwargs) if twin else super().getbbox(ready, *args, **kwargs)

    def getlength(self, text, mode="", direction=None, features=None, language=None):  # type: ignore[override]
        """The advance of `text` (kept per face and string: wrapping and fitting measure the same words)."""
        if features is None and isinstance(text, str):
            return _kept_length(self, text, mode, direction, language, RAQM)
        return self._length(text, mode, direction, features, language)

    def _length(self, text, *args, **kwargs):
        twin, ready = self._route(text)
        return (twin.getlength(ready, *_ltr(args, kwargs), **kwargs) if twin
                else super().getlength(ready, *args, **kwargs))


# Strings drawn and measured, kept per process.  A grey mask takes about as many bytes as the pixels it
# covers (a label: a few hundred bytes, a caption line: up to 25 KB): the masks are kept within a byte budget.
MASK_BYTES_KEPT = 16 * 2**20
LENGTHS_KEPT = 8192


class KeptMasks:
    """The most recently used masks, within `budget` bytes (least recently used dropped first); thread-safe
    (boards may be drawn in threads)."""

    def __init__(self, budget: int):
        self.budget = budget
        self.used = 0
        self.hits = self.misses = 0
        self._items: OrderedDict[tuple, tuple[tuple, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple, make: Callable[[], tuple]) -> tuple:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found[0]
            self.misses += 1
        value = make()  # FreeType, outside the lock
        width, height = value[0].size
        size = width * height + 256
        with self._lock:
            if key not in self._items and size <= self.budget:
                self._items[key] = (value, size)
                self.used += size
                while self.used > self.budget:
                    self.used -= self._items.popitem(last=False)[1][1]
        return value

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = self.hits = self.misses = 0


KEPT_MASKS = KeptMasks(MASK_BYTES_KEPT)


def _kept_mask(face: SafeFont, text: str, direction: Any, language: Any, stroke_width: float, anchor: Any,
               start: Any, stroke_filled: bool) -> tuple:
    # the ink only colours an "RGBA" mask: a grey one is the same whatever the ink; RAQM (the layout in use,
    # which tests switch) is part of the key
    key = (face, text, direction, language, stroke_width, anchor, start, stroke_filled, RAQM)
    return KEPT_MASKS.get(key, lambda: face._mask2(text, "L", direction, None, language, stroke_width, anchor, 0,
                                                   start, stroke_filled=stroke_filled))


@lru_cache(maxsize=LENGTHS_KEPT)
def _kept_length(face: SafeFont, text: str, mode: str, direction: Any, language: Any, raqm: bool) -> float:
    return face._length(text, mode, direction, None, language)


def forget_kept() -> None:
    """Drop the strings kept (a test that watches what FreeType is asked to draw starts from none)."""
    KEPT_MASKS.clear()
    _kept_length.cache_clear()


def _ltr(args: tuple, kwargs: dict) -> tuple:
    """`args` (mode, direction, ...) with the direction "ltr" unless one is given (kwargs updated alike)."""
    if len(args) >= 2:
        return (args[0], args[1] or "ltr", *args[2:])
    kwargs["direction"] = kwargs.get("direction") or "ltr"
    return args


__all__ = ["KEPT_MASKS", "KeptMasks", "LENGTHS_KEPT", "MASK_BYTES_KEPT", "RAQM", "REPLACEMENT", "SafeFont", "drawable",
           "forget_kept", "has_glyph", "layout"]
