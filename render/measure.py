"""Every text a board draws, where and how high: texts follow the pixels they were drawn on.

A text drawn with `ImageDraw.text` is noted on the image it was drawn on (`Drawn`: the string, its font,
where); the note travels with the pixels when the image is pasted into another (moved by the paste's
offset), copied, converted, cropped or reduced (a supersampled sprite: its texts shrink with it).  So the
final page of any renderer knows every text on it, even one drawn long ago on a cached layer or sprite.
Noting costs a tuple per text; the texts are laid out when an image's texts are first read (`sheet`: each text's
box and an index of them by place, render/text_sheet.py), once per image and texts: a crop reads its first
image's sheet with an offset, a paste moves only the texts on what it pasted (kept per place it was pasted at).

Two readers:
- the focus view (render/focus.py) finds where on the board the texts its options name are (a hex "222",
  a coordinate "-4,3", the acting player's name) to show that part of the board;
- the legibility measure (`smallest`, `bench legibility`, tests/render/test_focus_legibility.py): the text
  height of a text is its font's pixel size at the final image's scale, and an image reads on a phone
  (shown about 400 px wide) when the smallest text height is at least 2.25 % of the image's width (9 px at
  400 px).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, NamedTuple, Optional

from PIL import Image, ImageDraw

from .text_sheet import Sheet

PHONE_WIDTH = 400  # px: how wide Discord shows an image on a phone
PHONE_MIN_TEXT = 9  # px: the smallest text that reads there
MIN_RATIO = PHONE_MIN_TEXT / PHONE_WIDTH  # 2.25 % of the image's width

_ATTR = "_drawn_texts"
_SHARED = "_drawn_shared"  # (how many texts, them as a tuple, `Placed.kept`) for the image as it is
_SHEET = "sheet"  # `Placed.kept`'s key of its texts as a `Sheet`
_MOVES = "moves"  # `Placed.kept`'s key of its texts moved as pasted: (dx, dy, scale, clip) -> (texts, boxes)
MOVES_KEPT = 16  # moves kept per image and texts
VIEWS_KEPT = 64  # parts of an image read as sheets, kept with its sheet
_SEEN = "seen"  # `Placed.kept`'s key of (the image's size, its texts on it as a `Sheet`)


class Drawn(NamedTuple):
    """One text as it sits on an image: drawn at `xy` with `font`, then moved by (dx, dy) and scaled.  A named
    tuple: every paste, crop or reduce of an image makes one per text it carries, so it is built cheaply.
    `inked`: its box as drawn (`_drawn_box`), once worked out; every move of it keeps it."""

    text: str
    font: Any
    xy: tuple[float, float]
    anchor: Optional[str]
    spacing: float = 4
    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0
    inked: Optional[tuple[float, float, float, float]] = None

    @property
    def size(self) -> float:
        """The text's height on this image: its font's pixel size, scaled as the image was."""
        return float(getattr(self.font, "size", 0)) * self.scale

    @property
    def box(self) -> tuple[float, float, float, float]:
        """Its inked box on this image (left, top, right, bottom); the box as drawn is worked out once
        (`_drawn_box`), whichever image it was moved to."""
        inked = self.inked
        if inked is None:
            inked = _drawn_box(self.text, self.font, self.xy, self.anchor, self.spacing)
        x0, y0, x1, y1 = inked
        s, dx, dy = self.scale, self.dx, self.dy
        return (x0 * s + dx, y0 * s + dy, x1 * s + dx, y1 * s + dy)

    def moved(self, dx: float, dy: float, scale: float = 1.0) -> "Drawn":
        return Drawn(self.text, self.font, self.xy, self.anchor, self.spacing, self.dx * scale + dx,
                     self.dy * scale + dy, self.scale * scale, self.inked)


@lru_cache(maxsize=1)
def _scratch() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=8192)
def _drawn_box(text: str, font: Any, xy: tuple[float, float], anchor: Optional[str],
               spacing: float) -> tuple[float, float, float, float]:
    """The inked box of a text where it was drawn.  The same texts sit at the same places on board after board
    (legends, panels, static layers), so the boxes are kept, up to 8,192 of them (the fonts they name are
    the process's own cached faces).  A line's box is its box drawn at the origin moved to `xy`, as Pillow
    works it out (`_origin_box`: the same number drawn on many places is measured once)."""
    if "\n" in text:
        x0, y0, x1, y1 = _scratch().textbbox(xy, text, font=font, anchor=anchor, spacing=spacing)
        return (x0, y0, x1, y1)
    x0, y0, x1, y1 = _origin_box(text, font, anchor)
    x, y = xy
    return (x0 + x, y0 + y, x1 + x, y1 + y)


@lru_cache(maxsize=4096)
def _origin_box(text: str, font: Any, anchor: Optional[str]) -> tuple[float, float, float, float]:
    """The inked box of one line of text drawn at (0, 0) (kept, up to 4,096: numbers, names and labels recur
    all over a board)."""
    x0, y0, x1, y1 = _scratch().textbbox((0, 0), text, font=font, anchor=anchor)
    return (x0, y0, x1, y1)


_EMPTY = Sheet([], [])


class Placed(NamedTuple):
    """The texts another image carried (`entries`, as they were then), moved by (dx, dy) after scaling by
    `scale`: what a paste, crop or reduce notes, so that moving pixels costs one note however many texts they
    carry; the texts are moved only when read, and only those read (`visible`)."""

    entries: tuple[Any, ...]
    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0
    clip: Optional[tuple[int, int]] = None  # the source's size: only texts at least partly on it were pasted
    # shared by every paste of the same image with the same texts (a cached sprite or layer pasted board after
    # board, a board cropped to several windows): its texts as a `Sheet`, worked out once when first read
    kept: Optional[dict[Any, Any]] = None


def _sheet(entries: tuple[Any, ...], kept: Optional[dict[Any, Any]]) -> Sheet:
    """The texts of `entries` where they lie, each with its box (kept in `kept`: worked out once per image and
    texts, however many times it is pasted or cropped)."""
    found = kept.get(_SHEET) if kept is not None else None
    if found is not None:
        return found  # type: ignore[no-any-return]
    drawn: list[Drawn] = []
    boxes: list[tuple[float, float, float, float]] = []
    for entry in entries:
        if type(entry) is Drawn:
            if entry.inked is None:
                entry = Drawn(entry.text, entry.font, entry.xy, entry.anchor, entry.spacing, entry.dx, entry.dy,
                              entry.scale, _drawn_box(entry.text, entry.font, entry.xy, entry.anchor, entry.spacing))
            drawn.append(entry)
            boxes.append(entry.box)
        else:
            _add_placed(entry, drawn, boxes)
    found = Sheet(drawn, boxes)
    if kept is not None:
        kept[_SHEET] = found
    return found


def _add_placed(entry: Placed, drawn: list[Drawn], boxes: list[tuple[float, float, float, float]]) -> None:
    """A Placed's texts moved by it, after `drawn` (their boxes after `boxes`): of a paste (`clip`) only those
    that lay at least partly on the pasted image, found from its sheet's index.  Kept with the pasted image's
    texts per move (`MOVES_KEPT` moves at most): a sprite, a cell or a panel pasted where it was on the board
    before is not moved text by text again."""
    sheet, vdx, vdy = _view(entry.entries, entry.kept)
    s = entry.scale
    mdx, mdy = vdx * s + entry.dx, vdy * s + entry.dy
    moves = entry.kept.setdefault(_MOVES, {}) if entry.kept is not None else {}
    key = (mdx, mdy, s, entry.clip)
    found = moves.get(key)
    if found is None:
        if entry.clip is None:
            chosen: Iterable[int] = range(len(sheet.drawn))
        else:
            chosen = sheet.within(vdx, vdy, entry.clip[0], entry.clip[1])
        if mdx == 0 and mdy == 0 and s == 1:
            found = ([sheet.drawn[i] for i in chosen], [sheet.boxes[i] for i in chosen])
        else:
            moved = [sheet.drawn[i].moved(mdx, mdy, s) for i in chosen]
            found = (moved, [d.box for d in moved])
        if len(moves) >= MOVES_KEPT:
            del moves[next(iter(moves))]
        moves[key] = found
    drawn.extend(found[0])
    boxes.extend(found[1])


def _view(entries: tuple[Any, ...], kept: Optional[dict[Any, Any]]) -> tuple[Sheet, float, float]:
    """(sheet, dx, dy): the texts of `entries` are the sheet's moved by (dx, dy).  A crop (one unscaled Placed, no
    clip), or a crop of a crop, is its first image's sheet with an offset: none of its texts moved until read."""
    if len(entries) == 1 and type(entries[0]) is Placed and entries[0].clip is None and entries[0].scale == 1:
        entry = entries[0]
        sheet, dx, dy = _view(entry.entries, entry.kept)
        return sheet, dx + entry.dx, dy + entry.dy
    return _sheet(entries, kept), 0.0, 0.0


def _shared(img: Image.Image) -> Optional[tuple[int, tuple[Any, ...], dict[Any, Any]]]:
    """(how many texts, them as a tuple, what is kept of them) for `img` as it is now; None when it carries no
    text.  The same while it carries the same texts (texts are only ever added)."""
    found = getattr(img, _ATTR, None)
    if not found:
        return None
    shared = getattr(img, _SHARED, None)
    if shared is None or shared[0] != len(found):
        shared = (len(found), tuple(found), {})
        setattr(img, _SHARED, shared)
    return shared  # type: ignore[no-any-return]


def texts(img: Image.Image) -> list[Drawn]:
    """The texts drawn on `img` (or on what was pasted into it), oldest first."""
    shared = _shared(img)
    if shared is None:
        return []
    sheet, dx, dy = _view(shared[1], shared[2])
    if dx == 0 and dy == 0:
        return list(sheet.drawn)
    return [d.moved(dx, dy) for d in sheet.drawn]


def settle(img: Image.Image) -> None:
    """Make what `img` carries its texts as they lie on it now (each with its box), so that an image kept between
    boards holds none of the images its texts came from."""
    found = texts(img)
    setattr(img, _ATTR, found)
    if hasattr(img, _SHARED):
        delattr(img, _SHARED)


def note(img: Image.Image, drawn: Iterable[Drawn | Placed]) -> None:
    """Add texts to what `img` carries (a composer that moves pixels some other way says where they went)."""
    found = getattr(img, _ATTR, None)
    if found is None:
        found = []
        setattr(img, _ATTR, found)
    found.extend(drawn)


def _placed(img: Image.Image, dx: float = 0.0, dy: float = 0.0, scale: float = 1.0,
            clip: Optional[tuple[int, int]] = None) -> Optional[Placed]:
    """What `img` carries, as it is now, moved; None when it carries no text.  Every Placed of the same image
    while it carries the same texts shares one tuple of them and one `kept`."""
    shared = _shared(img)
    return None if shared is None else Placed(shared[1], dx, dy, scale, clip, shared[2])


def resized(img: Image.Image, size: tuple[int, int]) -> Image.Image:
    """`img` scaled to `size` (its width's ratio for both sides), its texts carried scaled: a smaller text is
    measured smaller."""
    out = img.resize(size, Image.Resampling.LANCZOS)
    placed = _placed(img, 0.0, 0.0, size[0] / img.width)
    setattr(out, _ATTR, [placed] if placed is not None else [])
    return out


def _on(box: tuple[float, float, float, float], size: tuple[int, int]) -> bool:
    """A text's box lies at least partly on an image of that size."""
    x0, y0, x1, y1 = box
    return x1 > 0 and y1 > 0 and x0 < size[0] and y0 < size[1]


def sheet(img: Image.Image) -> Sheet:
    """The texts whose box lies at least partly on the image, as a `Sheet` (each with its box on it, and an index
    of them by place): looked up in the index of the image's texts (of its first image, for a crop), only those
    found moved; worked out once per image and texts (the finders of the decision in view read it many times)."""
    shared = _shared(img)
    if shared is None:
        return _EMPTY
    kept = shared[2]
    found = kept.get(_SEEN)
    if found is not None and found[0] == img.size:
        return found[1]  # type: ignore[no-any-return]
    whole, dx, dy = _view(shared[1], kept)
    view = (_SEEN, dx, dy, img.width, img.height)  # the same part of the same image, cropped again: read once
    seen = whole.memo.get(view)
    if seen is None:
        on = whole.within(dx, dy, img.width, img.height)
        if dx == 0 and dy == 0:
            seen = whole if len(on) == len(whole.drawn) else Sheet([whole.drawn[i] for i in on],
                                                                   [whole.boxes[i] for i in on])
        else:
            drawn = [whole.drawn[i].moved(dx, dy) for i in on]
            seen = Sheet(drawn, [d.box for d in drawn])
        if len(whole.memo) < VIEWS_KEPT:
            whole.memo[view] = seen
    kept[_SEEN] = (img.size, seen)
    return seen


def visible(img: Image.Image) -> list[Drawn]:
    """The texts whose box lies at least partly on the image (a crop keeps only those), oldest first."""
    return list(sheet(img).drawn)


def smallest(img: Image.Image) -> float:
    """The smallest text height on the image divided by its width (0 when it carries no text)."""
    sizes = [t.size for t in visible(img) if t.text.strip()]
    return min(sizes) / img.width if sizes and img.width else 0.0


# ---- the hooks: Pillow's own methods, wrapped once so that noted texts follow the pixels --------------------

_REAL: dict[str, Any] = {}


def _text(self: ImageDraw.ImageDraw, xy: Any, text: Any, fill: Any = None, font: Any = None, anchor: Any = None,
          spacing: float = 4, *args: Any, **kwargs: Any) -> None:
    _REAL["text"](self, xy, text, fill, font, anchor, spacing, *args, **kwargs)
    image = getattr(self, "_image", None)
    if image is not None and isinstance(text, str) and text.strip():
        note(image, (Drawn(text, font if font is not None else self.getfont(), (float(xy[0]), float(xy[1])),
                           anchor, spacing),))


def _paste(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> None:
    _REAL["paste"](self, im, box, mask)
    if isinstance(im, Image.Image) and getattr(im, _ATTR, None):
        if isinstance(box, Image.Image) or box is None:
            dx, dy = 0, 0
        else:
            dx, dy = box[0], box[1]
        placed = _placed(im, dx, dy, clip=im.size)  # what a crop left outside `im` is not pasted
        if placed is not None:
            note(self, (placed,))


def _carried(name: str, shift: Any = None) -> Any:
    real = getattr(Image.Image, name)

    def method(self: Image.Image, *args: Any, **kwargs: Any) -> Any:
        out = real(self, *args, **kwargs)
        if isinstance(out, Image.Image) and out is not self and getattr(self, _ATTR, None):
            if shift is None:  # the same texts where they were: what is kept of them is shared too
                setattr(out, _ATTR, list(getattr(self, _ATTR)))
                setattr(out, _SHARED, _shared(self))
            else:
                setattr(out, _ATTR, [_placed(self, *shift(args, kwargs))])
        return out

    method.__name__ = name
    method.__doc__ = real.__doc__
    return method


def _cropped(args: tuple, kwargs: dict) -> tuple[float, float, float]:
    box = args[0] if args else kwargs.get("box")
    return (0.0, 0.0, 1.0) if box is None else (-box[0], -box[1], 1.0)


def _reduced(args: tuple, kwargs: dict) -> tuple[float, float, float]:
    factor = args[0] if args else kwargs["factor"]
    f = factor if isinstance(factor, (int, float)) else factor[0]
    return (0.0, 0.0, 1 / f)


def install() -> None:
    """Wrap Pillow's drawing of text and its moves of pixels (once per process)."""
    if _REAL:
        return
    _REAL["text"] = ImageDraw.ImageDraw.text
    _REAL["paste"] = Image.Image.paste
    carried = {name: _carried(name) for name in ("copy", "convert")}
    carried["crop"] = _carried("crop", _cropped)
    carried["reduce"] = _carried("reduce", _reduced)
    ImageDraw.ImageDraw.text = _text  # type: ignore[method-assign]
    Image.Image.paste = _paste  # type: ignore[method-assign]
    for name, method in carried.items():
        setattr(Image.Image, name, method)


install()

__all__ = ["Drawn", "MIN_RATIO", "Placed", "PHONE_MIN_TEXT", "PHONE_WIDTH", "Sheet", "install", "note", "settle",
           "sheet", "smallest", "texts", "visible"]
