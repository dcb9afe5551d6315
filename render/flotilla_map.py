"""Flotilla hex map: the Hub, every player's starting tile and ocean area, on a grid of labelled cells.

Every cell shows its coordinate "q,r", as the moves name it ("Place purple-11 at 1,3"); every
edge of the grid is drawn.  A cell holds, top to bottom: the depth letter and toxicity dots
(Sinkside tiles), a middle row (skiffs by number on the left, the island, building or
starting marker in the middle, the outpost and the owner's tick on the right) and the
coordinate.  The cells the pending decision can choose are yellow.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, Iterator, NamedTuple

from PIL import Image, ImageDraw

from rules.text import msg, tr

from .common import INK, WHITE, font, mix, paste_marker, player_style, text_center, text_on

SQ3 = math.sqrt(3)
COLOUR_RGB = {"p": (150, 90, 190), "y": (230, 190, 40), "r": (210, 70, 60), "b": (60, 120, 210)}
HUB_RGB = (206, 214, 222)
SEA_RGB = (24, 52, 78)
SEA_EDGE = (62, 96, 128)
SEA_TEXT = (128, 160, 190)
SINK_RGB = (20, 110, 120)  # teal: the Sinkside icon colour
SKY_RGB = (240, 140, 40)  # orange: the Skyside icon colour
TARGET_RGB = (255, 214, 120)
TARGET_EDGE = (255, 150, 0)
DEPTH_SHADE = {"S": 0.15, "D": 0.4, "A": 0.62}
TEXT_PX = 14  # the smallest text on the board (legible on a phone)
MAX_SIZE = 46


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


class Grid(NamedTuple):
    size: float
    ox: float
    oy: float


# The cells every board of a replay makes room for (steady_map): the final board's tiles, so the grid keeps
# one scale and origin from frame to frame instead of zooming out as the island grows (a rescaled grid
# changes every pixel of the map, which a GIF stores again).
_STEADY: ContextVar[tuple[str, ...]] = ContextVar("flotilla_steady_cells", default=())


@contextmanager
def steady_map(final_view: Any) -> Iterator[None]:
    """While it lasts, every map is fitted to the final view's tiles too (render.replay)."""
    token = _STEADY.set(tuple(t.cell for t in final_view.tiles))
    try:
        yield
    finally:
        _STEADY.reset(token)


NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SIZE_STEP = 2  # px: the hex size shrinks in whole steps as the map outgrows the box


def fit(view: Any, box: tuple[int, int, int, int]) -> Grid:
    """Hex size and origin so the Hub, every tile and every cell next to one, and every target fit the box (and,
    in a replay, the final board's tiles: steady_map).  The grid stays put while the map grows, so that a game's
    boards share a few grids (`grid_layer`: a new grid is a new layer drawn): the cells next to the tiles are
    room for the next placements (the targets of a placement lie there, so the grid does not jump out and back
    for them), the size shrinks in whole steps of SIZE_STEP px, and the origin is the Hub centred in the box,
    else moved by whole columns (and pairs of rows) until every cell fits (`_settled`); only when no such
    origin fits are the cells centred."""
    x0, y0, x1, y1 = box
    tiles = [t.cell for t in view.tiles] + list(_STEADY.get())
    cells = HUB + tiles + list(getattr(view, "targets", []))
    for cell in tiles:
        q, r = axial(cell)
        cells += [f"{q + dq},{r + dr}" for dq, dr in NEIGHBOURS]
    mnx, mxx, mny, mxy = extent(cells)
    size = min((x1 - x0 - 8) / ((mxx - mnx) + SQ3), (y1 - y0 - 8) / ((mxy - mny) + 2), MAX_SIZE)
    if size > SIZE_STEP:
        size = math.floor(size / SIZE_STEP) * SIZE_STEP
    ox = _settled((x0 + x1) / 2, x0 + 4 - size * (mnx - SQ3 / 2), x1 - 4 - size * (mxx + SQ3 / 2), size * SQ3)
    oy = _settled((y0 + y1) / 2, y0 + 4 - size * (mny - 1), y1 - 4 - size * (mxy + 1), size * 3)
    if ox is None:
        ox = (x0 + x1) / 2 - size * (mnx + mxx) / 2
    if oy is None:
        oy = (y0 + y1) / 2 - size * (mny + mxy) / 2
    return Grid(round(size, 2), round(ox, 1), round(oy, 1))


def _settled(centre_at: float, low: float, high: float, step: float) -> float | None:
    """The origin nearest `centre_at` among `centre_at` + k steps that lies in [low, high] (the origins that keep
    every cell inside the box), or None when none does."""
    if centre_at < low:
        k = math.ceil((low - centre_at) / step - 1e-9)
    elif centre_at > high:
        k = -math.ceil((centre_at - high) / step - 1e-9)
    else:
        k = 0
    origin = centre_at + k * step
    return origin if low - 1e-6 <= origin <= high + 1e-6 else None


def cells_in(box: tuple[int, int, int, int], g: Grid) -> list[str]:
    """Every cell whose whole hexagon lies inside the box."""
    x0, y0, x1, y1 = box
    out = []
    rmin = math.floor((y0 - g.oy) / (1.5 * g.size)) - 1
    rmax = math.ceil((y1 - g.oy) / (1.5 * g.size)) + 1
    for r in range(rmin, rmax + 1):
        qmin = math.floor((x0 - g.ox) / (SQ3 * g.size) - r / 2) - 1
        qmax = math.ceil((x1 - g.ox) / (SQ3 * g.size) - r / 2) + 1
        for q in range(qmin, qmax + 1):
            cx, cy = centre(f"{q},{r}", g.size, g.ox, g.oy)
            if x0 + 1 <= cx - g.size * SQ3 / 2 and cx + g.size * SQ3 / 2 <= x1 - 1 and \
                    y0 + 1 <= cy - g.size and cy + g.size <= y1 - 1:
                out.append(f"{q},{r}")
    return out


def coord_y(cy: float, size: float) -> float:
    return cy + size * 0.46


def coord_at(cx: float, cy: float, size: float) -> tuple[int, int]:
    """Where a cell's coordinate is centred: on whole pixels, so that a label keeps the same drawing (kept by
    render.glyphs) whatever the map's scale and offset."""
    return round(cx), round(coord_y(cy, size))


@lru_cache(maxsize=4)  # 3.5 MB each (840 x 1046 px, 4 bytes a pixel): a game's boards use about ten, one after another
def grid_layer(box: tuple[int, int, int, int], g: Grid) -> tuple[Image.Image, tuple[str, ...]]:
    """The empty sea and Hub, every cell outlined and labelled with its coordinate (cached per geometry)."""
    x0, y0, x1, y1 = box
    img = Image.new("RGB", (x1 - x0, y1 - y0), SEA_RGB)
    d = ImageDraw.Draw(img)
    f = font(TEXT_PX)
    hub = set(HUB)
    cells = tuple(cells_in(box, g))
    for c in cells:
        cx, cy = centre(c, g.size, g.ox - x0, g.oy - y0)
        if c in hub:
            d.polygon(hexagon(cx, cy, g.size), fill=HUB_RGB, outline=(120, 132, 146), width=1)
            text_center(d, coord_at(cx, cy, g.size), c, f, fill=(70, 82, 96))
        else:
            d.polygon(hexagon(cx, cy, g.size), outline=SEA_EDGE, width=1)
            text_center(d, coord_at(cx, cy, g.size), c, f, fill=SEA_TEXT)
    return img, cells


def draw_map(img: Image.Image, view: Any, box: tuple[int, int, int, int], seat_index: dict[str, int],
             locale: str = "en") -> Grid:
    x0, y0, _, _ = box
    g = fit(view, box)
    layer, cells = grid_layer(box, g)
    img.paste(layer, (x0, y0))
    d = ImageDraw.Draw(img)
    shown = set(cells)
    targets = set(getattr(view, "targets", []))
    occupied = {t.cell for t in view.tiles}
    for c in sorted(targets - occupied):  # empty cells a move can choose: yellow
        cx, cy = centre(c, g.size, g.ox, g.oy)
        d.polygon(hexagon(cx, cy, g.size), fill=TARGET_RGB, outline=TARGET_EDGE, width=3)
        text_center(d, coord_at(cx, cy, g.size), c, font(TEXT_PX, True), fill=INK)
    depth = {k: tr(msg(f"flotilla.img.depth.{k}"), locale) for k in "SDA"}  # S/D/A, in Spanish S/P/A
    skiffs = _skiffs_by_cell(view, seat_index)
    for t in view.tiles:
        if t.cell not in shown:
            continue
        cx, cy = centre(t.cell, g.size, g.ox, g.oy)
        draw_tile(img, d, t, (cx, cy), g.size, seat_index.get(t.owner, 0), depth, coord=t.cell,
                  skiffs=skiffs.get(t.cell))
        if t.cell in targets:  # a tile a move can choose: an orange ring with a white rim
            d.polygon(hexagon(cx, cy, g.size - 3), outline=TARGET_EDGE, width=5)
            d.polygon(hexagon(cx, cy, g.size - 7), outline=WHITE, width=1)
    return g


def _skiffs_by_cell(view: Any, seat_index: dict[str, int]) -> dict[str, tuple[int, str]]:
    """cell -> (owner index, the skiff numbers there as the moves name them: "1", "2 3")."""
    out: dict[str, tuple[int, list[int]]] = {}
    for p in view.players:
        for i, s in enumerate(p.skiffs):
            out.setdefault(s.cell, (seat_index[p.seat], []))[1].append(i + 1)
    return {c: (idx, " ".join(map(str, nums))) for c, (idx, nums) in out.items()}


def draw_tile(img: Image.Image, d: ImageDraw.ImageDraw, t: Any, at: tuple[float, float], size: float, idx: int,
              depth: dict[str, str], coord: str | None = None, skiffs: tuple[int, str] | None = None) -> None:
    """One tile centred at `at`: on the map (with its coordinate, skiffs and owner tick) or alone
    (a drawn tile or one of its rotations: `coord` None)."""
    cx, cy = at
    poly = hexagon(cx, cy, size)
    label = font(TEXT_PX, True)
    mid_y = cy + size * 0.02
    if t.tile == "start":
        fill = SINK_RGB if t.face == "sink" else SKY_RGB
        d.polygon(poly, fill=fill, outline=WHITE, width=2)
        paste_marker(img, (cx, mid_y), max(12, int(size * 0.42)), idx)
    else:
        base = COLOUR_RGB[t.colour or "p"]
        if t.face == "sink":
            fill = mix(base, (0, 0, 0), DEPTH_SHADE.get(t.depth or "S", 0.3))
            d.polygon(poly, fill=fill, outline=mix(fill, WHITE, 0.6), width=2)
            if t.wedge:
                _wedge(d, cx, cy, size, t.rot % 6, COLOUR_RGB[t.wedge])
            text_center(d, (cx, cy - size * 0.44), f"{depth.get(t.depth or 'S', t.depth)}{'•' * t.tox}", label,
                        fill=WHITE)
            if t.island:
                d.ellipse([cx - size * 0.17, mid_y - size * 0.13, cx + size * 0.17, mid_y + size * 0.13],
                          fill=(226, 200, 140), outline=INK)
            if t.depleted:
                r = size * 0.3
                d.line([cx - r, mid_y - r * 0.6, cx + r, mid_y + r * 0.6], fill=WHITE, width=3)
                d.line([cx - r, mid_y + r * 0.6, cx + r, mid_y - r * 0.6], fill=WHITE, width=3)
        else:
            fill = mix(base, WHITE, 0.55)
            d.polygon(poly, fill=fill, outline=base, width=2)
            for k in t.craft:  # craft edges: dark bars just inside the rim
                a, b = corner(cx, cy, size * 0.88, k - 1), corner(cx, cy, size * 0.88, k)
                d.line([a, b], fill=(40, 52, 70), width=max(3, int(size * 0.13)))
            if t.building:
                r = size * 0.17
                d.rectangle([cx - r, mid_y - r, cx + r, mid_y + r], fill=base, outline=INK)
            if t.sonar:
                sx, sy = corner(cx, cy, size * 0.62, t.rot % 6)
                d.ellipse([sx - 4, sy - 4, sx + 4, sy + 4], fill=INK, outline=WHITE)
            if t.site and not t.outpost:
                ox = cx + size * 0.4
                d.ellipse([ox - 5, mid_y - 5, ox + 5, mid_y + 5], outline=INK, width=2)
    if t.outpost:
        d.rectangle([cx + size * 0.4 - 6, mid_y - 6, cx + size * 0.4 + 6, mid_y + 6], fill=WHITE, outline=INK, width=2)
    if coord is None:
        return
    text_center(d, coord_at(cx, cy, size), coord, font(TEXT_PX), fill=text_on(fill))
    if t.tile != "start":  # owner tick on the right, so every area reads as its player's
        paste_marker(img, (cx + size * 0.72, mid_y), max(8, int(size * 0.2)), idx, halo=True)
    if skiffs is not None:
        _skiff_pill(d, cx - size * 0.45, mid_y, *skiffs)


def _wedge(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, k: int, rgb) -> None:
    """An artifact wedge at corner k (D1 rotation): a small kite in that corner, clear of the cell's text."""
    tip = corner(cx, cy, size - 2, k)
    a, b = corner(cx, cy, size - 2, k - 1), corner(cx, cy, size - 2, k + 1)
    inner = (tip[0] * 0.7 + cx * 0.3, tip[1] * 0.7 + cy * 0.3)
    left = ((a[0] + tip[0] * 3) / 4, (a[1] + tip[1] * 3) / 4)
    right = ((b[0] + tip[0] * 3) / 4, (b[1] + tip[1] * 3) / 4)
    d.polygon([tip, left, inner, right], fill=rgb, outline=WHITE)


def _skiff_pill(d: ImageDraw.ImageDraw, x: float, y: float, idx: int, numbers: str) -> None:
    """The skiffs in a cell: their numbers on a boat-shaped pill in the owner's colour."""
    style = player_style(idx)
    f = font(TEXT_PX, True)
    w = f.getlength(numbers) + 10
    d.polygon([(x - w / 2, y - 9), (x + w / 2, y - 9), (x + w / 2 - 4, y + 9), (x - w / 2 + 4, y + 9)],
              fill=style.rgb, outline=WHITE, width=1)
    text_center(d, (x, y), numbers, f, fill=style.text_rgb)
