"""The island: 15 pointy-top hexes in rows of 3, 5, 4, 3 (sheet §3.1)."""
from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, fit_font, font, text_center, wrap_text

ROWS = ((0, 1, 2), (3, 4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14))
OFFSET = (1.5, 0.0, 0.5, 1.0)  # column of each row's first space, in hex widths
SEA = (70, 130, 170)
TERRAIN_RGB = {"Beach": (236, 214, 150), "Plains": (184, 212, 120), "River": (140, 190, 230),
               "Hills": (170, 190, 110), "Mountains": (175, 165, 155)}
UNEXPLORED = (96, 150, 186)
FACE_DOWN = (80, 84, 90)
CAMP = (200, 40, 40)


def centres(box: tuple[int, int, int, int]) -> tuple[dict[int, tuple[float, float]], float]:
    x0, y0, x1, y1 = box
    r = min((x1 - x0 - 20) / (5 * math.sqrt(3)), (y1 - y0 - 20) / 6.5)
    w = math.sqrt(3) * r
    left = x0 + (x1 - x0 - 5 * w) / 2 + w / 2
    top = y0 + (y1 - y0 - 6.5 * r) / 2 + r
    out = {}
    for row, spaces in enumerate(ROWS):
        for i, sp in enumerate(spaces):
            out[sp] = (left + (OFFSET[row] + i) * w, top + row * 1.5 * r)
    return out, r


def hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * k - 30)), cy + r * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _t(key: str, locale: str, **args: Any) -> str:
    return tr(msg(f"robinson.{key}", **args), locale)


def half_width(r: float, dy: float) -> float:
    """Half the width of a pointy-top hexagon of radius r at dy from its centre."""
    dy = abs(dy)
    return r * math.sqrt(3) / 2 if dy <= r / 2 else max(0.0, (r - dy) * math.sqrt(3))


TINY = font(14)  # the smallest size a hex's line is drawn at (`_line`)


def _fits(text: str, width: float) -> bool:
    """Whether a line fits a hex's width at some size `_line` draws (16 px down to 14)."""
    return TINY.getlength(text) <= width


def _line(d: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, width: float, size: int, bold: bool,
          fill=INK) -> None:
    """A centred line inside a hex: a smaller font (down to 14 px) if it is too wide, then an ellipsis."""
    f = fit_font(text, width, range(size, 13, -1), bold)
    text_center(d, centre, ellipsize(text, f, width), f, fill)


def _lines(tile: dict[str, Any], locale: str, totem: int | None = None, kinds: tuple[str, ...] = (),
           temple: bool = False) -> tuple[str, str, list[str]]:
    """A face-up tile's terrain, sources and marks (shelter, totem with its number once revealed in a
    scenario that numbers them (robinson-scenarios.md K0.6), beast, discovery tokens)."""
    srcs = []
    for src in tile["sources"]:
        name = _t("img.src." + src, locale)
        srcs.append(("✗" + name) if src in tile["exhausted"] else name)
    marks = []
    if tile["shelter"]:
        marks.append(_t("img.natural", locale))
    if tile["totem"]:
        marks.append(_t("img.totem", locale) if totem is None else _t("img.totem_n", locale, n=totem))
        if totem == 1 and temple:  # K2.5: Cursed Island's totem 1 is the temple
            marks.append(_t("img.temple", locale))
    if tile["beast"]:
        marks.append(_t("img.beast", locale))
    for tok in tile["tokens"]:
        marks.append(_t("img.tok." + tok, locale))
    for kind in kinds:  # counted marks (robinson-scenarios.md M3): K6.8's wasteland
        marks.append("● " + _t("img." + kind, locale))
    return _t("terrain." + tile["terrain"], locale), " ".join(srcs), marks


# K0.13: white fog, blue crosses; K5.4-K5.6: brown villages, the dark red City, black burned totems
MARK_STYLE = {"fog": (WHITE, (90, 90, 90)), "cross": ((40, 80, 170), WHITE), "village": ((150, 90, 40), WHITE),
              "city": ((130, 20, 20), WHITE), "black": (INK, WHITE)}


def counted_marks(view: Any, sp: int, locale: str) -> list[tuple[str, str]]:
    """The counted marks on a space (robinson-scenarios.md M3), explored or not: (kind, label), a
    count after the name when there are several of a kind ("fog ×2")."""
    here = list(view.marks.get(sp, ()))
    out = []
    for kind in dict.fromkeys(k for k in here if k in MARK_STYLE):  # the others are drawn on the tile (wasteland)
        n = here.count(kind)
        label = _t("img.mark." + kind, locale)
        out.append((kind, label + (f" ×{n}" if n > 1 else "")))
    return out


def draw_badges(d: ImageDraw.ImageDraw, badges: list[tuple[str, str]], centre: tuple[float, float], r: float) -> None:
    """Pills side by side, centred on `centre`: white for fog, blue for crosses (K0.13), brown for a
    village, dark red for the City, black for a burned totem (K5)."""
    if not badges:
        return
    f = font(15, True)
    widths = [f.getlength(label) + 12 for _, label in badges]
    x = centre[0] - (sum(widths) + 4 * (len(widths) - 1)) / 2
    for (kind, label), w in zip(badges, widths):
        fill, ink = MARK_STYLE.get(kind, (INK, WHITE))
        d.rounded_rectangle([x, centre[1] - 10, x + w, centre[1] + 10], 8, fill=fill, outline=INK)
        text_center(d, (x + w / 2, centre[1]), label, f, ink)
        x += w + 4


def draw_island(img: Image.Image, view: Any, box: tuple[int, int, int, int], locale: str) -> None:
    """Each face-up hex, top to bottom: "space·#tile", terrain, sources, marks (wrapped on two lines
    when needed), and on the camp a red ring and a CAMP tag; every line inside the hexagon's width
    at its height."""
    d = ImageDraw.Draw(img)
    d.rectangle(box, fill=SEA)
    pos, r = centres(box)
    mid, small = font(17, True), font(16)
    for sp, (cx, cy) in pos.items():
        tile = view.island.get(sp)
        badges = counted_marks(view, sp, locale)
        if tile is None:
            d.polygon(hexagon(cx, cy, r - 3), fill=UNEXPLORED, outline=(200, 225, 240))
            text_center(d, (cx, cy), str(sp), mid, (210, 230, 245))
            draw_badges(d, badges, (cx, cy + r * 0.42), r)
            continue
        if not tile["face_up"]:
            d.polygon(hexagon(cx, cy, r - 3), fill=FACE_DOWN, outline=WHITE)
            text_center(d, (cx, cy), _t("img.face_down", locale), small, WHITE)
            draw_badges(d, badges, (cx, cy + r * 0.42), r)
            continue
        d.polygon(hexagon(cx, cy, r - 3), fill=TERRAIN_RGB[tile["terrain"]], outline=INK)
        camp = sp == view.camp
        if camp:
            d.polygon(hexagon(cx, cy, r - 7), outline=CAMP, width=5)
        room = lambda dy, h: 2 * min(half_width(r - 9, dy - h / 2), half_width(r - 9, dy + h / 2)) - 8  # noqa: E731
        kinds = tuple(k for k in view.marks.get(sp, ()) if k not in MARK_STYLE)  # the badges show the others
        if "wasteland" in kinds:  # K6.8: a black marker covers the terrain
            d.ellipse([cx + r * 0.42 - 11, cy - r * 0.6 - 11, cx + r * 0.42 + 11, cy - r * 0.6 + 11], fill=INK)
        terrain, sources, marks = _lines(tile, locale, view.totems.get(sp), kinds, bool(view.temple))
        text_center(d, (cx, cy - r * 0.6), f"{sp}·#{tile['tile']}", small, INK)
        _line(d, (cx, cy - r * 0.33), terrain, room(-r * 0.33, 22), 20, True)
        _line(d, (cx, cy - r * 0.1), sources, room(-r * 0.1, 18), 16, True)
        mark_lines = wrap_text(" ".join(marks), small, room(r * 0.13, 18)) if marks else []
        top = cy + r * 0.3  # the CAMP tag's
        if camp and len(mark_lines) > 1 and not _fits(" ".join(mark_lines), room(r * 0.13, 18)):
            # the camp's marks on two lines of the smallest size above its tag, rather than one cut short
            # ("shelter totem 1 be…")
            mark_lines = wrap_text(" ".join(marks), TINY, room(r * 0.06 + 15, 18))[:2]
            for k, line in enumerate(mark_lines):
                dy = r * 0.06 + k * 15
                _line(d, (cx, cy + dy), line, room(dy, 18), TINY.size, False)
            top = max(top, cy + r * 0.06 + 15 * (len(mark_lines) - 1) + 10)
            mark_lines = []
        elif camp:
            mark_lines = mark_lines[:1] if len(mark_lines) < 2 else [" ".join(mark_lines)]
        for k, line in enumerate(mark_lines[:2]):
            dy = r * 0.13 + k * 19
            _line(d, (cx, cy + dy), line, room(dy, 18), small.size, False)
        draw_badges(d, badges, (cx, cy + r * (0.72 if camp else 0.55)), r)
        if camp:
            tag = _t("img.camp", locale)
            f = fit_font(tag, room(r * 0.42, 22) - 10, range(16, 13, -1), True)
            w = f.getlength(tag) + 10
            d.rounded_rectangle([cx - w / 2, top, cx + w / 2, top + 22], 6, fill=CAMP)
            text_center(d, (cx, top + 11), tag, f, WHITE)
    d.text((box[0] + 10, box[3] - 28), _t("img.island_left", locale, n=view.island_left), font=font(17, True),
           fill=WHITE)
