"""Every text a board draws, where and how high: texts follow the pixels they were drawn on.

A text drawn with `ImageDraw.text` is noted on the image it was drawn on (`Drawn`: the string, its font,
where); the note travels with the pixels when the image is pasted into another (moved by the paste's
offset), copied, converted, cropped or reduced (a supersampled sprite: its texts shrink with it).  So the
final page of any renderer knows every text on it, even one drawn long ago on a cached layer or sprite.
Noting costs a tuple per text; the box of a text is only worked out when asked (`Drawn.box`).

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

PHONE_WIDTH = 400  # px: how wide Discord shows an image on a phone
PHONE_MIN_TEXT = 9  # px: the smallest text that reads there
MIN_RATIO = PHONE_MIN_TEXT / PHONE_WIDTH  # 2.25 % of the image's width

_ATTR = "_drawn_texts"
_BOXES = (-1, -1)  # `Placed.kept`'s key of its unmoved texts with their boxes
_SHARED = "_drawn_shared"  # (how many texts, them as a tuple, `Placed.kept`) for the image as it is


class Drawn(NamedTuple):
    """One text as it sits on an image: drawn at `xy` with `font`, then moved by (dx, dy) and scaled.  A named
    tuple: every paste, crop or reduce of an image makes one per text it carries, so it is built cheaply."""

    text: str
    font: Any
    xy: tuple[float, float]
    anchor: Optional[str]
    spacing: float = 4
    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0

    @property
    def size(self) -> float:
        """The text's height on this image: its font's pixel size, scaled as the image was."""
        return float(getattr(self.font, "size", 0)) * self.scale

    @property
    def box(self) -> tuple[float, float, float, float]:
        """Its inked box on this image (left, top, right, bottom); the box as drawn is worked out once
        (`_drawn_box`), whichever image it was moved to."""
        x0, y0, x1, y1 = _drawn_box(self.text, self.font, self.xy, self.anchor, self.spacing)
        s, dx, dy = self.scale, self.dx, self.dy
        return (x0 * s + dx, y0 * s + dy, x1 * s + dx, y1 * s + dy)

    def moved(self, dx: float, dy: float, scale: float = 1.0) -> "Drawn":
        return Drawn(self.text, self.font, self.xy, self.anchor, self.spacing, self.dx * scale + dx,
                     self.dy * scale + dy, self.scale * scale)


@lru_cache(maxsize=1)
def _scratch() -> ImageDraw.ImageDraw:
    return ImageDraw.Draw(Image.new("L", (1, 1)))


@lru_cache(maxsize=8192)
def _drawn_box(text: str, font: Any, xy: tuple[float, float], anchor: Optional[str],
               spacing: float) -> tuple[float, float, float, float]:
    """The inked box of a text where it was drawn.  The same texts sit at the same places on board after board
    (legends, panels, static layers), so the boxes are kept, up to 8,192 of them (the fonts they name are
    the process's own cached faces)."""
    x0, y0, x1, y1 = _scratch().textbbox(xy, text, font=font, anchor=anchor, spacing=spacing)
    return (x0, y0, x1, y1)


class Placed(NamedTuple):
    """The texts another image carried (`entries`, as they were then), moved by (dx, dy) after scaling by
    `scale`: what a paste, crop or reduce notes, so that moving pixels costs one note however many texts they
    carry; the texts are moved one by one only when read (`texts`)."""

    entries: tuple[Any, ...]
    dx: float = 0.0
    dy: float = 0.0
    scale: float = 1.0
    clip: Optional[tuple[int, int]] = None  # the source's size: only texts at least partly on it were pasted
    # shared by every paste of the same image with the same texts (a cached sprite or layer pasted board after
    # board, a board cropped to several windows): its texts, unmoved (None) and by clip, worked out once when first read
    kept: Optional[dict[Optional[tuple[int, int]], list[Any]]] = None


def _flat(entries: Iterable[Any], dx: float, dy: float, scale: float, out: list[Drawn]) -> None:
    for entry in entries:
        if type(entry) is Drawn:
            out.append(entry if dx == 0 and dy == 0 and scale == 1 else entry.moved(dx, dy, scale))
        elif entry.clip is None:  # a Placed: its move first, then this one
            mdx, mdy, ms = entry.dx * scale + dx, entry.dy * scale + dy, entry.scale * scale
            out.extend(d if mdx == 0 and mdy == 0 and ms == 1 else d.moved(mdx, mdy, ms) for d in _unmoved(entry))
        else:  # a paste: only what lay on the pasted image, then moved as above
            out.extend(d.moved(entry.dx * scale + dx, entry.dy * scale + dy, entry.scale * scale)
                       for d in _clipped(entry))


def _unmoved(entry: Placed) -> list[Drawn]:
    """The texts a Placed carries, where they were before its move (worked out once per image and texts: a board
    cropped to several windows flattens its texts once)."""
    kept = entry.kept
    found = kept.get(None) if kept is not None else None
    if found is None:
        found = []
        _flat(entry.entries, 0.0, 0.0, 1.0, found)
        if kept is not None:
            kept[None] = found
    return found


def _clipped(entry: Placed) -> list[Drawn]:
    """The texts of a pasted image that lie at least partly on it, where they were drawn on it."""
    assert entry.clip is not None
    kept = entry.kept
    found = kept.get(entry.clip) if kept is not None else None
    if found is None:
        found = [d for d in _unmoved(entry) if _on(d.box, entry.clip)]
        if kept is not None:
            kept[entry.clip] = found
    return found


def texts(img: Image.Image) -> list[Drawn]:
    """The texts drawn on `img` (or on what was pasted into it), oldest first."""
    out: list[Drawn] = []
    _flat(getattr(img, _ATTR, ()), 0.0, 0.0, 1.0, out)
    return out


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
    while it carries the same texts (texts are only ever added) shares one tuple of them and one `kept`."""
    found = getattr(img, _ATTR, None)
    if not found:
        return None
    shared = getattr(img, _SHARED, None)
    if shared is None or shared[0] != len(found):
        shared = (len(found), tuple(found), {})
        setattr(img, _SHARED, shared)
    return Placed(shared[1], dx, dy, scale, clip, shared[2])


def _on(box: tuple[float, float, float, float], size: tuple[int, int]) -> bool:
    """A text's box lies at least partly on an image of that size."""
    x0, y0, x1, y1 = box
    return x1 > 0 and y1 > 0 and x0 < size[0] and y0 < size[1]


def visible(img: Image.Image) -> list[Drawn]:
    """The texts whose box lies at least partly on the image (a crop keeps only those)."""
    found = getattr(img, _ATTR, None)
    if found and len(found) == 1 and _a_crop(found[0]):
        return _visible_crop(found[0], img.size)  # a crop of a board: only the texts on it are moved
    return [t for t in texts(img) if _on(t.box, img.size)]


def _a_crop(entry: Any) -> bool:
    return type(entry) is Placed and entry.clip is None and entry.scale == 1


def _visible_crop(entry: Placed, size: tuple[int, int]) -> list[Drawn]:
    """`visible` of an image that carries one unscaled Placed (a crop): each text's box worked out once for
    every crop of the same image, and only the texts on this one moved."""
    dx, dy = entry.dx, entry.dy
    while len(entry.entries) == 1 and _a_crop(entry.entries[0]):  # a crop of a crop: of the first image
        entry = entry.entries[0]
        dx, dy = dx + entry.dx, dy + entry.dy
    kept = entry.kept if entry.kept is not None else {}
    boxes = kept.get(_BOXES)
    if boxes is None:
        boxes = kept[_BOXES] = [(d, d.box) for d in _unmoved(entry)]
    w, h = size
    return [d.moved(dx, dy) for d, (x0, y0, x1, y1) in boxes if x1 + dx > 0 and y1 + dy > 0 and x0 + dx < w and y0 + dy < h]


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
            if shift is None:
                setattr(out, _ATTR, list(getattr(self, _ATTR)))
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

__all__ = ["Drawn", "MIN_RATIO", "Placed", "PHONE_MIN_TEXT", "PHONE_WIDTH", "install", "note", "smallest", "texts",
           "visible"]
