"""The island: 15 pointy-top hexes in rows of 3, 5, 4, 3 (sheet §3.1)."""
from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, ellipsize, fit_font, font, text_center

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


def _line(d: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, width: float, size: int, bold: bool) -> None:
    """A centred line inside a hex: a smaller font if it is too wide, then an ellipsis."""
    f = fit_font(text, width, range(size, 11, -1), bold)
    text_center(d, centre, ellipsize(text, f, width), f, INK)


def draw_island(img: Image.Image, view: Any, box: tuple[int, int, int, int], locale: str) -> None:
    d = ImageDraw.Draw(img)
    d.rectangle(box, fill=SEA)
    pos, r = centres(box)
    big, mid, small = font(20, True), font(17, True), font(16)
    for sp, (cx, cy) in pos.items():
        tile = view.island.get(sp)
        if tile is None:
            d.polygon(hexagon(cx, cy, r - 3), fill=UNEXPLORED, outline=(200, 225, 240))
            text_center(d, (cx, cy), str(sp), mid, (210, 230, 245))
            continue
        if not tile["face_up"]:
            d.polygon(hexagon(cx, cy, r - 3), fill=FACE_DOWN, outline=WHITE)
            text_center(d, (cx, cy), _t("img.face_down", locale), small, WHITE)
            continue
        d.polygon(hexagon(cx, cy, r - 3), fill=TERRAIN_RGB[tile["terrain"]], outline=INK)
        camp = sp == view.camp
        if camp:
            d.polygon(hexagon(cx, cy, r - 7), outline=CAMP, width=5)
        head = f"{sp}·#{tile['tile']}"
        text_center(d, (cx, cy - r * 0.55), head, small, INK)
        _line(d, (cx, cy - r * 0.27), _t("terrain." + tile["terrain"], locale), r * 1.6, big.size, True)
        srcs = []
        for src in tile["sources"]:
            name = _t("img.src." + src, locale)
            srcs.append(("✗" + name) if src in tile["exhausted"] else name)
        _line(d, (cx, cy + r * 0.02), " ".join(srcs), r * 1.65, 16, True)
        marks = []
        if tile["shelter"]:
            marks.append(_t("img.natural", locale))
        if tile["totem"]:
            marks.append(_t("img.totem", locale))
        if tile["beast"]:
            marks.append(_t("img.beast", locale))
        for tok in tile["tokens"]:
            marks.append(_t("img.tok." + tok, locale))
        if marks:
            _line(d, (cx, cy + r * 0.30), " ".join(marks), r * 1.5, small.size, False)
        if camp:
            tag = _t("img.camp_shelter" if view.shelter else "img.camp", locale)
            f = fit_font(tag, r * 1.6, range(16, 10, -1), True)
            tag = ellipsize(tag, f, r * 1.6)
            w = f.getlength(tag) + 10
            d.rounded_rectangle([cx - w / 2, cy + r * 0.45, cx + w / 2, cy + r * 0.45 + 22], 6, fill=CAMP)
            text_center(d, (cx, cy + r * 0.45 + 11), tag, f, WHITE)
    d.text((box[0] + 10, box[3] - 28), _t("img.island_left", locale, n=view.island_left), font=font(17, True),
           fill=WHITE)
