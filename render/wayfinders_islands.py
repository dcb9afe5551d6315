"""Wayfinders sprites: resource tokens, planes and island tiles.

Everything here is drawn once (anti-aliased by supersampling) and cached; the
board renderer pastes the sprites and adds what changes between moves
(airstrips in slots, planes, highlights).
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Optional

from PIL import Image, ImageDraw

from .common import (
    INK,
    RGB,
    WHITE,
    font,
    mix,
    paste_sprite,
    player_style,
    shape_points,
    supersampled,
    text_on,
    wrap_text,
)

# ---------------------------------------------------------------- resources

# Game colours of the five resources (not player colours).  Each token also
# carries its letter and a glyph, so colour is never the only cue.
TOKEN_RGB: dict[str, RGB] = {
    "B": (38, 104, 196),  # propeller, blue
    "G": (40, 150, 70),  # parachute, green
    "R": (212, 52, 44),  # tire, red
    "Y": (246, 196, 20),  # headset, yellow
    "V": (136, 78, 190),  # fuel can, violet
}
RESOURCE_NAMES = {"B": "propeller", "G": "parachute", "R": "tire", "Y": "headset", "V": "fuel can"}
# An island's type is its colour (entering it costs a token of that colour): the word on its tile and in the
# board's legend; the buttons and the rules say it in full ("volcanic island", rules/wayfinders/locale).
ISLAND_TYPES = {"en": {"B": "ice", "G": "tropical", "R": "volcanic", "Y": "desert", "V": "mountain"},
                "es": {"B": "hielo", "G": "tropical", "R": "volcánica", "Y": "desierto", "V": "montaña"}}
# light tints for island backgrounds
TILE_TINT: dict[str, RGB] = {c: mix(rgb, WHITE, 0.78) for c, rgb in TOKEN_RGB.items()}
TILE_EDGE: dict[str, RGB] = {c: mix(rgb, INK, 0.25) for c, rgb in TOKEN_RGB.items()}

BACK_RGB: dict[str, RGB] = {
    "red": (150, 32, 32),  # resource effect
    "blue": (28, 52, 120),  # scoring effect
    "yellow": (150, 112, 0),  # permanent effect
}
NEUTRAL: RGB = (150, 150, 150)


def _glyph(d: ImageDraw.ImageDraw, colour: str, cx: float, cy: float, r: float, ink: RGB, bg: RGB) -> None:
    """The resource's symbol inside a circle of radius r."""
    w = max(1, round(r * 0.16))
    if colour == "B":  # propeller: three leaf-shaped blades around a hub
        for k in range(3):
            a = -math.pi / 2 + k * 2 * math.pi / 3
            ux, uy = math.cos(a), math.sin(a)
            px, py = -uy, ux
            left, right = [], []
            for i in range(13):
                t = i / 12
                half = r * 0.3 * math.sin(math.pi * min(1.0, t * 1.05)) ** 0.7 + r * 0.02
                ax, ay = cx + ux * r * t, cy + uy * r * t
                left.append((ax + px * half, ay + py * half))
                right.append((ax - px * half, ay - py * half))
            d.polygon(left + right[::-1], fill=ink)
        d.ellipse([cx - r * 0.24, cy - r * 0.24, cx + r * 0.24, cy + r * 0.24], fill=ink, outline=bg, width=w)
    elif colour == "G":  # parachute: canopy, lines, load
        top = cy - r * 0.2
        d.pieslice([cx - r, top - r * 0.8, cx + r, top + r * 0.8], 180, 360, fill=ink)
        load = (cx, cy + r * 0.78)
        for fx in (-1.0, -0.35, 0.35, 1.0):
            d.line([(cx + fx * r * 0.95, top), load], fill=ink, width=w)
        d.rectangle([cx - r * 0.18, cy + r * 0.65, cx + r * 0.18, cy + r], fill=ink)
    elif colour == "R":  # tire: thick ring with tread notches
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=ink)
        for k in range(8):
            a = k * math.pi / 4
            x, y = cx + r * 0.98 * math.cos(a), cy + r * 0.98 * math.sin(a)
            d.ellipse([x - r * 0.1, y - r * 0.1, x + r * 0.1, y + r * 0.1], fill=bg)
        d.ellipse([cx - r * 0.42, cy - r * 0.42, cx + r * 0.42, cy + r * 0.42], fill=bg)
        d.ellipse([cx - r * 0.16, cy - r * 0.16, cx + r * 0.16, cy + r * 0.16], fill=ink)
    elif colour == "Y":  # headset: band and two ear cups
        d.arc([cx - r * 0.8, cy - r * 0.95, cx + r * 0.8, cy + r * 0.65], 180, 360, fill=ink, width=max(1, round(r * 0.22)))
        d.line([(cx - r * 0.8, cy - r * 0.15), (cx - r * 0.8, cy + r * 0.2)], fill=ink, width=max(1, round(r * 0.22)))
        d.line([(cx + r * 0.8, cy - r * 0.15), (cx + r * 0.8, cy + r * 0.2)], fill=ink, width=max(1, round(r * 0.22)))
        for sx in (-1, 1):
            x = cx + sx * r * 0.72
            d.rounded_rectangle([x - r * 0.3, cy, x + r * 0.3, cy + r * 0.9], radius=r * 0.14, fill=ink)
    elif colour == "V":  # fuel can: body with cut corner, handle, spout
        x0, x1, y0, y1 = cx - r * 0.7, cx + r * 0.7, cy - r * 0.55, cy + r
        d.polygon([(x0 + r * 0.35, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0 + r * 0.35)], fill=ink)
        d.rectangle([cx + r * 0.05, cy - r, cx + r * 0.65, cy - r * 0.55], outline=ink, width=w)
        d.line([(x0 + r * 0.15, y0 + r * 0.05), (x0 - r * 0.1, y0 - r * 0.3)], fill=ink, width=max(1, round(r * 0.25)))
        d.line([(cx - r * 0.35, cy - r * 0.05), (cx + r * 0.45, cy + r * 0.75)], fill=bg, width=w)
        d.line([(cx + r * 0.45, cy - r * 0.05), (cx - r * 0.35, cy + r * 0.75)], fill=bg, width=w)


@lru_cache(maxsize=64)
def token_sprite(colour: str, size: int, glyph: bool = False, faded: bool = False) -> Image.Image:
    """A rounded token of resource `colour`, `size` px high.  With glyph, it is
    wider and shows the resource symbol left of the letter."""
    fill = TOKEN_RGB.get(colour, NEUTRAL)
    ink = text_on(fill)
    if faded:
        fill = mix(fill, WHITE, 0.72)
        ink = mix(ink, WHITE, 0.45)
    width = round(size * 1.75) if glyph else size
    edge = mix(fill, INK, 0.55)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        W, H = width * s, size * s
        d.rounded_rectangle([s * 0.5, s * 0.5, W - s * 0.5, H - s * 0.5], radius=H * 0.28, fill=fill, outline=edge, width=max(s, round(H / 16)))
        if glyph:
            _glyph(d, colour, H * 0.55, H / 2, H * 0.3, ink, fill)

    sprite = supersampled((width, size), paint)
    # the letter at 1x, crisp
    d = ImageDraw.Draw(sprite)
    fnt = font(max(8, round(size * (0.6 if glyph else 0.62))), True)
    cx = width - size * 0.55 if glyph else width / 2
    d.text((cx, size / 2 + size * 0.02), colour, font=fnt, fill=ink + (255,), anchor="mm")
    return sprite


def token_width(size: int, glyph: bool = False) -> int:
    return round(size * 1.75) if glyph else size


# -------------------------------------------------------------------- planes


@lru_cache(maxsize=64)
def plane_sprite(index: int, size: int) -> Image.Image:
    """Top view of a plane in player `index`'s colour, nose up, with the
    player's shape in white on the fuselage."""
    style = player_style(index)
    edge = INK

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        S = size * s
        c = S / 2
        pts = [
            (c, S * 0.02),  # nose
            (c + S * 0.1, S * 0.14),
            (c + S * 0.1, S * 0.36),
            (S * 0.98, S * 0.5),  # right wing tip
            (S * 0.98, S * 0.62),
            (c + S * 0.1, S * 0.56),
            (c + S * 0.08, S * 0.78),
            (c + S * 0.3, S * 0.9),  # tail
            (c + S * 0.3, S * 0.98),
            (c, S * 0.92),
            (c - S * 0.3, S * 0.98),
            (c - S * 0.3, S * 0.9),
            (c - S * 0.08, S * 0.78),
            (c - S * 0.1, S * 0.56),
            (S * 0.02, S * 0.62),
            (S * 0.02, S * 0.5),
            (c - S * 0.1, S * 0.36),
            (c - S * 0.1, S * 0.14),
        ]
        # white halo, then outline and fill
        d.polygon(pts, fill=WHITE, outline=WHITE, width=round(S * 0.08))
        d.polygon(pts, fill=style.rgb, outline=edge, width=max(s, round(S * 0.035)))
        # the player's shape, white with dark edge, centred on the wing root
        r = S * 0.15
        cy = S * 0.47
        if style.shape == "circle":
            d.ellipse([c - r, cy - r, c + r, cy + r], fill=WHITE, outline=edge, width=max(s, round(S * 0.025)))
        else:
            d.polygon(shape_points(style.shape, c, cy, r * 1.1), fill=WHITE, outline=edge, width=max(s, round(S * 0.025)))

    return supersampled((size, size), paint)


# --------------------------------------------------------------------- tiles

CELL = 172  # grid pitch
TILE = 164  # tile size inside a cell
BAND = 26  # top band (back colour, id, points)
SLOT_W, SLOT_H = 35, 26
SLOT_Y = TILE - SLOT_H - 4
SLOT_GAP = 3
COST_SIZE = 25
COST_Y = SLOT_Y - COST_SIZE - 4
ROW2_Y = BAND + 4  # colour token and planes row
ROW2_H = 30
PLANE_SIZE = 30
MARKER_IN_SLOT = 22
PLACE_W = 26  # px kept at the right end of row 2 for the tile's place on the board ("B3")

_FACE_DOWN_BG: RGB = (52, 62, 78)
_FACE_DOWN_STRIPE: RGB = (70, 82, 100)
_HOME_BG: RGB = (246, 244, 236)


def slot_boxes() -> list[tuple[int, int, int, int]]:
    """Slot rectangles 1..4 (tile coordinates)."""
    total = 4 * SLOT_W + 3 * SLOT_GAP
    x0 = (TILE - total) // 2
    return [(x0 + k * (SLOT_W + SLOT_GAP), SLOT_Y, x0 + k * (SLOT_W + SLOT_GAP) + SLOT_W, SLOT_Y + SLOT_H) for k in range(4)]


def place_spot(home: bool) -> tuple[tuple[float, float], str, RGB]:
    """Where a face-up tile shows its place on the board ("B3", as options name it), its anchor and ink: at the
    right end of row 2 (planes keep clear of it); on the home tile at the right of its band.  A face-down tile
    shows none: every one is the same back."""
    if home:
        return (TILE - 8, BAND / 2 + 1), "rm", WHITE
    return (TILE - 6, ROW2_Y + ROW2_H // 2), "rm", INK


def plane_positions(count: int, home: bool) -> list[tuple[int, int]]:
    """Where planes sit on a tile (tile coordinates, centres)."""
    if home:
        y = ROW2_Y + PLANE_SIZE // 2 + 2
        step = PLANE_SIZE + 4
        x0 = TILE / 2 - step * (count - 1) / 2
        return [(round(x0 + k * step), y) for k in range(count)]
    x0 = 44 + PLANE_SIZE // 2
    room = TILE - 5 - PLANE_SIZE // 2 - x0 - PLACE_W  # the tile's place ("B3") stays clear at the row's end
    step = min(PLANE_SIZE + 2, room // (count - 1)) if count > 1 else 0
    return [(x0 + k * step, ROW2_Y + ROW2_H // 2) for k in range(count)]


EFFECT_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "draw": "draw {n}", "free_passage": "free passage {c}", "keep_extra": "+1 hand", "wildcard": "wild {c}",
        "per_colour": "{u}/colour", "per_cost_min": "{u}/cost≥{n}", "per_distinct_colour": "{u}/distinct colour",
        "per_shared": "{u}/shared", "per_group": "{u}/group", "per_column": "{u}/column", "per_row": "{u}/row",
        "per_surrounding": "{u}/surrounding", "per_far": "{u}/far", "per_square": "{u}/2×2 square",
        "vp": "{n} VP", "end": "end ★", "home": "HOME", "turn_order": "turn order",
    },
    "es": {
        "draw": "roba {n}", "free_passage": "paso libre {c}", "keep_extra": "+1 mano", "wildcard": "comodín {c}",
        "per_colour": "{u}/color", "per_cost_min": "{u}/coste≥{n}", "per_distinct_colour": "{u}/color distinto",
        "per_shared": "{u}/compartida", "per_group": "{u}/grupo", "per_column": "{u}/columna", "per_row": "{u}/fila",
        "per_surrounding": "{u}/alrededor", "per_far": "{u}/lejana", "per_square": "{u}/cuadrado 2×2",
        "vp": "{n} PV", "end": "final ★", "home": "ORIGEN", "turn_order": "orden de turno",
    },
}


def tile_texts(locale: str = "en") -> dict[str, str]:
    return EFFECT_TEXTS["es" if (locale or "en").lower().startswith("es") else "en"]


def effect_text(effect: Optional[str], colour: Optional[str], n: Optional[int], unit: Optional[int],
                locale: str = "en") -> str:
    """Short effect label as printed on the tile, in `locale` ("en" or "es")."""
    if effect is None:
        return ""
    template = tile_texts(locale).get(effect)
    if template is None:
        return effect.replace("_", " ")
    default_n = 1 if effect == "draw" else "?"
    return template.format(u=unit if unit is not None else 1, c=colour or "?", n=n if n is not None else default_n)


def _frame(fill: RGB, edge: RGB, band: Optional[RGB]) -> Image.Image:
    return _frame_cached(fill, edge, band).copy()


@lru_cache(maxsize=32)
def _frame_cached(fill: RGB, edge: RGB, band: Optional[RGB]) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        T = TILE * s
        d.rounded_rectangle([0, 0, T - 1, T - 1], radius=10 * s, fill=edge)
        d.rounded_rectangle([2 * s, 2 * s, T - 1 - 2 * s, T - 1 - 2 * s], radius=8 * s, fill=fill)
        if band is not None:
            d.rounded_rectangle([0, 0, T - 1, BAND * s], radius=10 * s, fill=band)
            d.rectangle([0, BAND * s - 10 * s, T - 1, BAND * s], fill=band)

    return supersampled((TILE, TILE), paint, scale=2)


def _draw_slots(img: Image.Image, fill: RGB, edge: RGB) -> None:
    d = ImageDraw.Draw(img)
    f = font(15, True)
    for k, (x0, y0, x1, y1) in enumerate(slot_boxes()):
        d.rounded_rectangle([x0, y0, x1, y1], radius=5, fill=fill, outline=edge, width=2)
        d.text(((x0 + x1) / 2, (y0 + y1) / 2 + 1), str(k + 1), font=f, fill=mix(edge, fill, 0.25), anchor="mm")


@lru_cache(maxsize=256)
def island_tile(island: str, back: Optional[str], colour: Optional[str], cost: str, vp: int,
                effect: Optional[str], n: Optional[int], unit: Optional[int], locale: str = "en") -> Image.Image:
    """A face-up island tile (RGBA, TILE px) with empty numbered slots."""
    tint = TILE_TINT.get(colour or "", (235, 235, 235))
    edge = TILE_EDGE.get(colour or "", NEUTRAL)
    band = BACK_RGB.get(back or "", (90, 90, 90))
    img = _frame(tint, edge, band)
    d = ImageDraw.Draw(img)
    # band: the island's type (never its internal id), then points for red and yellow backs
    d.text((8, BAND / 2 + 1), ISLAND_TYPES[locale if locale in ISLAND_TYPES else "en"].get(colour or "", ""),
           font=font(15, True), fill=WHITE, anchor="lm")
    if back in ("red", "yellow"):
        d.text((TILE - 8, BAND / 2 + 1), tile_texts(locale)["vp"].format(n=vp), font=font(18, True), fill=WHITE, anchor="rm")
    else:
        d.text((TILE - 8, BAND / 2 + 1), tile_texts(locale)["end"], font=font(15, True), fill=WHITE, anchor="rm")
    # island colour (its toll) as a token, top left
    if colour:
        paste_sprite(img, token_sprite(colour, 30), (6 + 15, ROW2_Y + ROW2_H // 2))
    # effect text, centred between row 2 and the cost row
    text = effect_text(effect, colour, n, unit, locale)
    top, bottom = ROW2_Y + ROW2_H + 2, COST_Y - 2
    maxw = TILE - 14
    longest_word = max(text.split(), key=len, default="")
    lines = [text]
    for size in (20, 19, 18, 17):  # one line if it fits at a readable size
        f = font(size, True)
        if f.getlength(text) <= maxw:
            break
    else:  # otherwise two lines, each word whole
        for size in (20, 18, 17, 16, 15):
            f = font(size, True)
            lines = wrap_text(text, f, maxw)
            if len(lines) <= 2 and f.getlength(longest_word) <= maxw:
                break
    lh = round(f.size * 1.15)
    y = (top + bottom) / 2 - lh * (len(lines) - 1) / 2
    ink = mix(INK, edge, 0.15)
    for i, line in enumerate(lines):
        d.text((TILE / 2, y + i * lh), line, font=f, fill=ink, anchor="mm")
    # cost along the bottom
    icons = list(cost)
    gap = 4
    total = len(icons) * COST_SIZE + (len(icons) - 1) * gap
    x = (TILE - total) / 2 + COST_SIZE / 2
    for c in icons:
        paste_sprite(img, token_sprite(c, COST_SIZE), (x, COST_Y + COST_SIZE / 2))
        x += COST_SIZE + gap
    _draw_slots(img, mix(tint, WHITE, 0.6), edge)
    return img


@lru_cache(maxsize=2)
def home_tile(locale: str = "en") -> Image.Image:
    edge = (60, 60, 60)
    img = _frame(_HOME_BG, edge, (40, 40, 40))
    d = ImageDraw.Draw(img)
    d.text((TILE / 2, BAND / 2 + 1), tile_texts(locale)["home"], font=font(18, True), fill=WHITE, anchor="mm")
    d.text((TILE / 2, (ROW2_Y + ROW2_H + SLOT_Y) / 2 + 8), tile_texts(locale)["turn_order"], font=font(16), fill=(70, 70, 70), anchor="mm")
    _draw_slots(img, WHITE, edge)
    return img


@lru_cache(maxsize=1)
def face_down_tile() -> Image.Image:
    s = 2
    T = TILE * s
    big = Image.new("RGBA", (T, T), _FACE_DOWN_BG + (255,))
    d = ImageDraw.Draw(big)
    step = 18 * s
    for k in range(-T, T, step):
        d.line([(k, T), (k + T, 0)], fill=_FACE_DOWN_STRIPE, width=6 * s)
    mask = Image.new("L", (T, T), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, T - 1, T - 1], radius=10 * s, fill=255)
    big.putalpha(mask)
    d.rounded_rectangle([0, 0, T - 1, T - 1], radius=10 * s, outline=(30, 36, 46), width=3 * s)
    c = T / 2
    d.ellipse([c - 34 * s, c - 34 * s, c + 34 * s, c + 34 * s], fill=(238, 240, 244), outline=(30, 36, 46), width=2 * s)
    img = big.convert("RGBa").reduce(s).convert("RGBA")
    ImageDraw.Draw(img).text((TILE / 2, TILE / 2 + 2), "?", font=font(46, True), fill=_FACE_DOWN_BG, anchor="mm")
    return img


def tile_for(cell, locale: str = "en") -> Image.Image:
    """The cached base tile for a CellView (home, face down or face up), its texts in `locale`."""
    loc = "es" if (locale or "en").lower().startswith("es") else "en"
    if cell.home:
        return home_tile(loc)
    if not cell.face_up:
        return face_down_tile()
    return island_tile(cell.island or "?", cell.back, cell.colour, cell.cost or "", cell.vp,
                       cell.effect, cell.n, cell.unit, loc)
