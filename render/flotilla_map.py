"""Flotilla hex map: the Hub, every player's starting tile and ocean area.

Sinkside tiles are drawn dark (depth letter, toxicity drops, island, artifact
wedge, depletion cross, outpost); Skyside tiles light (craft edges as thick
bars, building, construction site, sonar station).  Skiffs are small boats in
their owner's colour and shape with their cargo count.
"""
from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, font, mix, paste_marker, text_center

SQ3 = math.sqrt(3)
COLOUR_RGB = {"p": (150, 90, 190), "y": (230, 190, 40), "r": (210, 70, 60), "b": (60, 120, 210)}
HUB_RGB = (206, 214, 222)
SEA_RGB = (24, 52, 78)
SINK_RGB = (20, 110, 120)  # teal: the Sinkside icon colour
SKY_RGB = (240, 140, 40)  # orange: the Skyside icon colour
DEPTH_SHADE = {"S": 0.15, "D": 0.4, "A": 0.62}


def axial(cell: str) -> tuple[int, int]:
    q, r = cell.split(",")
    return int(q), int(r)


def centre(cell: str, size: float, ox: float, oy: float) -> tuple[float, float]:
    """Pointy-top hex centre (D1 directions: E is +q)."""
    q, r = axial(cell)
    return ox + size * SQ3 * (q + r / 2), oy + size * 1.5 * r


def corner(cx: float, cy: float, size: float, k: int) -> tuple[float, float]:
    """Corner k lies between edges k and k+1 (edge 0 faces E, edge 1 NE ...)."""
    ang = math.radians(-30 - 60 * k)  # corner 0 at NE-E (upper right), counter-clockwise
    return cx + size * math.cos(ang), cy + size * math.sin(ang)


def hexagon(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    return [corner(cx, cy, size, k) for k in range(6)]


def edge_mid(cx: float, cy: float, size: float, k: int) -> tuple[float, float]:
    a, b = corner(cx, cy, size, k - 1), corner(cx, cy, size, k)
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


def extent(cells: list[str]) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for c in cells:
        x, y = centre(c, 1.0, 0, 0)
        xs.append(x)
        ys.append(y)
    return min(xs), max(xs), min(ys), max(ys)


HUB = [f"{q},{r}" for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3]


def draw_map(img: Image.Image, view: Any, box: tuple[int, int, int, int], seat_index: dict[str, int],
             locale: str = "en") -> None:
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(img)
    d.rectangle(box, fill=SEA_RGB)
    cells = HUB + [t.cell for t in view.tiles]
    mnx, mxx, mny, mxy = extent(cells)
    size = min((x1 - x0 - 20) / ((mxx - mnx) + SQ3), (y1 - y0 - 20) / ((mxy - mny) + 2))
    size = min(size, 40)
    ox = (x0 + x1) / 2 - size * (mnx + mxx) / 2
    oy = (y0 + y1) / 2 - size * (mny + mxy) / 2
    for c in HUB:
        cx, cy = centre(c, size, ox, oy)
        d.polygon(hexagon(cx, cy, size - 1), fill=HUB_RGB)
    small = font(max(9, int(size * 0.36)), True)
    depth = {k: tr(msg(f"flotilla.img.depth.{k}"), locale) for k in "SDA"}  # S/D/A, in Spanish S/P/A
    for t in view.tiles:
        _tile(img, d, t, size, ox, oy, seat_index, small, depth)
    for p in view.players:
        idx = seat_index[p.seat]
        groups: dict[str, list] = {}
        for s in p.skiffs:
            groups.setdefault(s.cell, []).append(s)
        for cell, skiffs in groups.items():
            cx, cy = centre(cell, size, ox, oy)
            bx, by = cx - size * 0.45, cy + size * 0.45
            d.polygon([(bx - size * 0.3, by - 4), (bx + size * 0.3, by - 4), (bx + size * 0.2, by + 5),
                       (bx - size * 0.2, by + 5)], fill=WHITE, outline=INK)
            paste_marker(img, (bx, by - size * 0.18), max(8, int(size * 0.32)), idx)
            cargo = sum(len(s.cargo) for s in skiffs)
            label = f"{len(skiffs)}×" if len(skiffs) > 1 else ""
            text_center(d, (bx, by + size * 0.32), f"{label}{cargo}▪", small, fill=WHITE)


def _tile(img: Image.Image, d: ImageDraw.ImageDraw, t: Any, size: float, ox: float, oy: float,
          seat_index: dict[str, int], small, depth: dict[str, str]) -> None:
    cx, cy = centre(t.cell, size, ox, oy)
    idx = seat_index.get(t.owner, 0)
    poly = hexagon(cx, cy, size - 1)
    if t.tile == "start":
        fill = SINK_RGB if t.face == "sink" else SKY_RGB
        d.polygon(poly, fill=fill, outline=WHITE, width=2)
        paste_marker(img, (cx, cy - size * 0.15), max(10, int(size * 0.55)), idx)
        if t.outpost:
            d.rectangle([cx - 5, cy + size * 0.3 - 5, cx + 5, cy + size * 0.3 + 5], fill=WHITE, outline=INK)
        return
    base = COLOUR_RGB[t.colour or "p"]
    if t.face == "sink":
        fill = mix(base, (0, 0, 0), DEPTH_SHADE.get(t.depth or "S", 0.3))
        d.polygon(poly, fill=fill, outline=mix(fill, WHITE, 0.5))
        if t.wedge:
            k = t.rot % 6
            a, b = corner(cx, cy, size - 2, k - 1), corner(cx, cy, size - 2, k + 1)
            tip = corner(cx, cy, size - 2, k)
            d.polygon([tip, (tip[0] * 0.55 + cx * 0.45, tip[1] * 0.55 + cy * 0.45),
                       ((a[0] + tip[0]) / 2, (a[1] + tip[1]) / 2)], fill=COLOUR_RGB[t.wedge], outline=WHITE)
            d.polygon([tip, (tip[0] * 0.55 + cx * 0.45, tip[1] * 0.55 + cy * 0.45),
                       ((b[0] + tip[0]) / 2, (b[1] + tip[1]) / 2)], fill=COLOUR_RGB[t.wedge], outline=WHITE)
        text_center(d, (cx, cy - size * 0.3), f"{depth.get(t.depth or 'S', t.depth)}{'·' * t.tox}", small, fill=WHITE)
        if t.island:
            d.ellipse([cx - size * 0.2, cy - size * 0.05, cx + size * 0.2, cy + size * 0.3], fill=(226, 200, 140),
                      outline=INK)
        if t.depleted:
            d.line([cx - size * 0.4, cy - size * 0.4, cx + size * 0.4, cy + size * 0.4], fill=WHITE, width=3)
            d.line([cx - size * 0.4, cy + size * 0.4, cx + size * 0.4, cy - size * 0.4], fill=WHITE, width=3)
    else:
        fill = mix(base, WHITE, 0.55)
        d.polygon(poly, fill=fill, outline=base, width=2)
        for k in t.craft:  # craft edges: dark bars just inside the rim
            a, b = corner(cx, cy, size * 0.84, k - 1), corner(cx, cy, size * 0.84, k)
            d.line([a, b], fill=(40, 52, 70), width=max(3, int(size * 0.16)))
        if t.building:
            d.rectangle([cx - size * 0.22, cy - size * 0.22, cx + size * 0.22, cy + size * 0.22],
                        fill=base, outline=INK)
        if t.sonar:
            sx, sy = corner(cx, cy, size * 0.7, t.rot % 6)
            d.ellipse([sx - 4, sy - 4, sx + 4, sy + 4], fill=INK, outline=WHITE)
        if t.site and not t.outpost:
            d.ellipse([cx - 5, cy + size * 0.3 - 5, cx + 5, cy + size * 0.3 + 5], outline=INK, width=2)
    if t.outpost:
        paste_marker(img, (cx, cy + size * 0.32), max(9, int(size * 0.34)), idx)
    # owner tick on the rim so every area reads as its player's
    mx, my = edge_mid(cx, cy, size - 4, 5)
    paste_marker(img, (mx, my), max(6, int(size * 0.2)), idx, halo=False)
