"""Drawing helpers shared by every game's renderer.

Pure: nothing here touches Discord, storage or the clock.  Everything that is
costly to build (fonts, anti-aliased sprites) is cached at module level, so a
board render only pastes and writes text at 1x.

- fonts: `font(size, bold)` loads the DejaVu faces shipped in `render/fonts/`
  (never system fonts) and caches them; any string they draw is made legible
  first (render.glyphs: no empty boxes, right-to-left in order).
- players: `player_style(i)` gives seat *i* (its index in the table's seat
  order) a colour-blind-safe Okabe-Ito colour AND a shape, so colour is never
  the only cue.  `draw_marker` draws that shape with ImageDraw; `marker_sprite`
  / `paste_marker` give an anti-aliased cached version of the same shape.
- text: `text_center`, `wrap_text`, `whole_lines` (headers), `draw_wrapped`, `fit_font`, `ellipsize`.
- PNG: `to_png(img)` encodes a 256-colour palette PNG where it looks the same
  (half the bytes; the game's fixed palette, render.palettes, where it fits), else full colour fast (no filtering, deflate split over
  threads), and guarantees a size ceiling.
"""
from __future__ import annotations

import io
import math
import struct
import zlib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Iterable, Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFont, ImageStat

from . import palettes
from .glyphs import SafeFont

RGB = tuple[int, int, int]

FONT_DIR = Path(__file__).parent / "fonts"
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

INK: RGB = (20, 24, 31)  # near-black for text and outlines
WHITE: RGB = (255, 255, 255)

MAX_PNG_BYTES = 1_000_000


# --------------------------------------------------------------------- fonts


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu face at `size` px (cached).  Basic layout: fast and
    enough for the Latin text the boards carry; player names and other text
    the face cannot draw as is go through render.glyphs."""
    path = FONT_BOLD if bold else FONT_REGULAR
    return SafeFont(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def text_width(text: str, fnt: ImageFont.FreeTypeFont) -> float:
    return fnt.getlength(text)


# ------------------------------------------------------------------- players

SHAPES: tuple[str, ...] = ("circle", "square", "triangle", "diamond", "pentagon", "hexagon")


@dataclass(frozen=True)
class PlayerStyle:
    index: int
    name: str  # colour name, e.g. "blue"
    rgb: RGB
    shape: str  # one of SHAPES
    text_rgb: RGB  # readable ink on top of `rgb`


def _hex(code: str) -> RGB:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance (0..1)."""

    def chan(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * chan(r) + 0.7152 * chan(g) + 0.0722 * chan(b)


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(rgb: RGB) -> RGB:
    """Black or white, whichever reads better on `rgb`."""
    return INK if contrast(rgb, INK) >= contrast(rgb, WHITE) else WHITE


# Okabe-Ito colours, in seat order; each with its own shape.
_PALETTE: tuple[tuple[str, str, str], ...] = (
    ("blue", "#0072B2", "circle"),
    ("orange", "#E69F00", "square"),
    ("green", "#009E73", "triangle"),
    ("purple", "#CC79A7", "diamond"),
    ("vermillion", "#D55E00", "pentagon"),
    ("sky blue", "#56B4E9", "hexagon"),
)

PLAYER_STYLES: tuple[PlayerStyle, ...] = tuple(
    PlayerStyle(i, name, _hex(code), shape, text_on(_hex(code)))
    for i, (name, code, shape) in enumerate(_PALETTE)
)


def player_style(index: int) -> PlayerStyle:
    """Style of the seat at `index` in the table's seat order."""
    if index < 0:
        raise IndexError(index)
    return PLAYER_STYLES[index % len(PLAYER_STYLES)]


def seat_styles(seats: Sequence[str]) -> dict[str, PlayerStyle]:
    return {seat: player_style(i) for i, seat in enumerate(seats)}


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon vertices of a shape inscribed in a circle of radius r."""
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "triangle":
        # centred on its bounding box, not its centroid, so it sits level
        return [(cx, cy - r), (cx + r * 1.02, cy + r * 0.82), (cx - r * 1.02, cy + r * 0.82)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape in ("pentagon", "hexagon"):
        n = 5 if shape == "pentagon" else 6
        start = -math.pi / 2 if n == 5 else 0.0
        pts = [(cx + r * math.cos(start + 2 * math.pi * k / n), cy + r * math.sin(start + 2 * math.pi * k / n)) for k in range(n)]
        if n == 5:  # pentagon's bounding box is lower than the circle's: lift it a bit
            pts = [(x, y + r * 0.1) for x, y in pts]
        return pts
    raise ValueError(shape)


def draw_marker(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    size: float,
    style: PlayerStyle,
    outline: RGB = INK,
    width: int | None = None,
) -> None:
    """Draw `style`'s shape filled with its colour, centred on xy, `size` px across."""
    cx, cy = xy
    r = size / 2
    w = width if width is not None else max(1, round(size / 12))
    if style.shape == "circle":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=style.rgb, outline=outline, width=w)
    else:
        draw.polygon(shape_points(style.shape, cx, cy, r), fill=style.rgb, outline=outline, width=w)


SUPERSAMPLE = 4


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, int], None], scale: int = SUPERSAMPLE) -> Image.Image:
    """An RGBA sprite painted at `scale`x by paint(draw, scale), then reduced:
    cheap anti-aliasing for shapes that are drawn once and cached."""
    big = Image.new("RGBA", (size[0] * scale, size[1] * scale), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), scale)
    # box filter on premultiplied alpha: edges blend towards the shape's own colour
    return big.convert("RGBa").reduce(scale).convert("RGBA")


@lru_cache(maxsize=256)
def marker_sprite(index: int, size: int, halo: bool = True) -> Image.Image:
    """Anti-aliased RGBA marker of player `index`, `size` px square.  With halo,
    a thin white ring keeps it visible on dark or same-coloured backgrounds."""
    style = player_style(index)

    def paint(d: ImageDraw.ImageDraw, s: int) -> None:
        c = size * s / 2
        if halo:
            if style.shape == "circle":
                d.ellipse([0, 0, size * s - 1, size * s - 1], fill=WHITE)
            else:
                d.polygon(shape_points(style.shape, c, c, c - 1), fill=WHITE)
        inner = size * s - (2.2 * s if halo else 0)
        draw_marker(d, (c, c), inner - 1, style, width=max(s, round(inner / 11)))

    return supersampled((size, size), paint)


def paste_sprite(img: Image.Image, sprite: Image.Image, center: tuple[float, float]) -> None:
    x = round(center[0] - sprite.width / 2)
    y = round(center[1] - sprite.height / 2)
    img.paste(sprite, (x, y), sprite)


def paste_marker(img: Image.Image, center: tuple[float, float], size: int, index: int, halo: bool = True) -> None:
    paste_sprite(img, marker_sprite(index, size, halo), center)


# ---------------------------------------------------------------------- text


def dashed_rect(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: RGB, width: int = 3, dash: int = 10, gap: int = 6) -> None:
    """A rectangle outline drawn in dashes (something not there yet, a path, a frame)."""
    x0, y0, x1, y1 = box
    for a, b, horizontal, fixed in ((x0, x1, True, y0), (x0, x1, True, y1), (y0, y1, False, x0), (y0, y1, False, x1)):
        p = a
        while p < b:
            q = min(p + dash, b)
            if horizontal:
                d.line([(p, fixed), (q, fixed)], fill=fill, width=width)
            else:
                d.line([(fixed, p), (fixed, q)], fill=fill, width=width)
            p = q + gap


def text_center(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: ImageFont.FreeTypeFont, fill: RGB = INK) -> None:
    """Text centred on xy (both axes)."""
    draw.text(xy, text, font=fnt, fill=fill, anchor="mm")


def ellipsize(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> str:
    """`text`, cut with an ellipsis so it fits max_width."""
    if fnt.getlength(text) <= max_width:
        return text
    while text and fnt.getlength(text + "…") > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_text(text: str, fnt: ImageFont.FreeTypeFont, max_width: float) -> list[str]:
    """Greedy word wrap; a word longer than the line is ellipsized.  Each line starts with a word (ellipsized when
    it alone is too wide) and takes the most following words that still fit; a longer line is never narrower, so
    that is the first word that does not fit, as word by word.  Where the line ends is guessed from its words'
    own lengths (kept per string, and words recur) and the guess checked on the whole line, one or two lengths
    measured per line instead of one per word."""
    lines: list[str] = []
    space = fnt.getlength(" ")
    for para in text.split("\n"):
        words = para.split()
        i = 0
        while i < len(words):
            width = fnt.getlength(words[i])
            line = words[i] if width <= max_width else ellipsize(words[i], fnt, max_width)
            rest = len(words) - i - 1
            guess, used = 0, fnt.getlength(line)
            while guess < rest and used + space + fnt.getlength(words[i + 1 + guess]) <= max_width:
                used += space + fnt.getlength(words[i + 1 + guess])
                guess += 1

            def fits(k: int, i: int = i, line: str = line, words: list[str] = words) -> bool:
                return fnt.getlength(" ".join([line, *words[i + 1:i + 1 + k]])) <= max_width

            k = max(guess, 1) if rest else 0
            if k and fits(k):
                while k < rest and fits(k + 1):
                    k += 1
            else:
                while k and not fits(k):
                    k -= 1
            lines.append(" ".join([line, *words[i + 1:i + 1 + k]]))
            i += 1 + k
        if not words:
            lines.append("")
    return lines


def whole_lines(entries: Iterable[str], fnt: ImageFont.FreeTypeFont, max_width: float, max_lines: int) -> list[str]:
    """Header text: each entry wrapped to `max_width`; an entry that no longer fits in `max_lines` is left out
    whole (the post says it too), so no line is ever cut mid-sentence with an ellipsis."""
    lines: list[str] = []
    for entry in entries:
        rows = wrap_text(str(entry), fnt, max_width)
        if len(lines) + len(rows) > max_lines:
            break
        lines += rows
    return lines


def line_height(fnt: ImageFont.FreeTypeFont, gap: float = 0.25) -> int:
    return round(fnt.size * (1 + gap))


def draw_wrapped(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    fnt: ImageFont.FreeTypeFont,
    max_width: float,
    fill: RGB = INK,
    max_lines: int | None = None,
    align: str = "left",
) -> int:
    """Wrapped text from top-left xy (align left/center: x is then the centre).
    Returns the height used."""
    lines = wrap_text(text, fnt, max_width)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = ellipsize(lines[-1] + " …", fnt, max_width)
    lh = line_height(fnt)
    x, y = xy
    for i, line in enumerate(lines):
        anchor = "ma" if align == "center" else "la"
        draw.text((x, y + i * lh), line, font=fnt, fill=fill, anchor=anchor)
    return lh * len(lines)


def fit_font(text: str, max_width: float, sizes: Iterable[int], bold: bool = False) -> ImageFont.FreeTypeFont:
    """The first (largest) size in `sizes` at which text fits on one line;
    the last size otherwise."""
    fnt = None
    for size in sizes:
        fnt = font(size, bold)
        if fnt.getlength(text) <= max_width:
            return fnt
    assert fnt is not None, "sizes must not be empty"
    return fnt


def rounded_box(draw: ImageDraw.ImageDraw, box: Sequence[float], radius: int, fill=None, outline=None, width: int = 1) -> None:
    draw.rounded_rectangle(list(box), radius=radius, fill=fill, outline=outline, width=width)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """Linear blend: t=0 gives a, t=1 gives b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


# ----------------------------------------------------------------------- PNG

_POOL: ThreadPoolExecutor | None = None


def _pool() -> ThreadPoolExecutor:
    global _POOL
    if _POOL is None:
        _POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="png")
    return _POOL


def _chunk(kind: bytes, payload: bytes) -> bytes:
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload) & 0xFFFFFFFF)


def _deflate_part(raw: bytes, stride: int, rows: range, level: int, last: bool) -> tuple[bytes, bytes]:
    """Filter-type-0 scanlines of `rows` and their raw deflate stream."""
    data = b"".join(b"\x00" + raw[r * stride:(r + 1) * stride] for r in rows)
    comp = zlib.compressobj(level, zlib.DEFLATED, -15, 9)
    out = comp.compress(data) + comp.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH)
    return data, out


def _encode_png(img: Image.Image, level: int, parts: int) -> bytes:
    """Minimal PNG writer: no row filters (flat board art compresses well
    without them), deflate split into independent parts compressed in
    parallel (zlib releases the GIL), joined pigz-style."""
    mode = img.mode
    if mode not in ("RGB", "RGBA"):
        img = img.convert("RGB")
        mode = "RGB"
    w, h = img.size
    channels = 3 if mode == "RGB" else 4
    stride = w * channels
    raw = img.tobytes()
    parts = max(1, min(parts, h))
    bounds = [round(h * k / parts) for k in range(parts + 1)]
    jobs = [(raw, stride, range(bounds[k], bounds[k + 1]), level, k == parts - 1) for k in range(parts)]
    if parts == 1:
        results = [_deflate_part(*jobs[0])]
    else:
        futures = [_pool().submit(_deflate_part, *job) for job in jobs[1:]]
        results = [_deflate_part(*jobs[0])] + [f.result() for f in futures]
    adler = 1
    for data, _ in results:
        adler = zlib.adler32(data, adler)
    stream = b"\x78\x01" + b"".join(out for _, out in results) + struct.pack(">I", adler & 0xFFFFFFFF)
    colour_type = 2 if channels == 3 else 6
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", stream) + _chunk(b"IEND", b"")


PALETTE_MAX_ERROR = 1.5  # mean error per channel (0-255) past which a palette would visibly change a board
CHECK_STEP = 4  # the palette's check compares every 4th pixel of every 4th row


def palette_error(rgb: Image.Image, mapped: Image.Image) -> float:
    """Mean error per channel (0-255) of `mapped` (the "P" image) against `rgb`, on a regular sample of the
    pixels (every `CHECK_STEP`th of every `CHECK_STEP`th row: within a few hundredths of the whole image's
    figure on boards, for a sixteenth of the work)."""
    size = (max(1, rgb.width // CHECK_STEP), max(1, rgb.height // CHECK_STEP))
    near = Image.Resampling.NEAREST
    diff = ImageChops.difference(rgb.resize(size, near), mapped.resize(size, near).convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def palette_png(img: Image.Image, fixed: Image.Image | None = None) -> bytes | None:
    """`img` as a 256-colour palette PNG (zlib level 1), or None where a palette would not look the same.

    Boards are flat colours plus anti-aliased edges: a palette halves their PNG.  `fixed`: the game's own
    palette (render.palettes), tried first, so that most boards build none.  Otherwise, or where the fixed
    palette would change the board, the palette is taken from a half-size copy (a quarter of the pixels to
    sort).  Every pixel is mapped to its nearest colour, and the result is kept only if its mean error per
    channel (`palette_error`) stays within PALETTE_MAX_ERROR, so a photo-like image with many colours keeps
    full colour."""
    if img.mode not in ("RGB", "P", "L"):
        return None
    rgb = img if img.mode == "RGB" else img.convert("RGB")  # (converting RGB to RGB would copy it)
    quantised = None
    if fixed is not None:
        quantised = rgb.quantize(palette=fixed, dither=Image.Dither.NONE)
        if palette_error(rgb, quantised) > PALETTE_MAX_ERROR:
            quantised = None
    if quantised is None:
        own = rgb.reduce(2).quantize(256, method=Image.Quantize.FASTOCTREE)
        quantised = rgb.quantize(palette=own, dither=Image.Dither.NONE)
        if palette_error(rgb, quantised) > PALETTE_MAX_ERROR:
            return None
    buf = io.BytesIO()
    quantised.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


def to_png(img: Image.Image, max_bytes: int = MAX_PNG_BYTES, level: int = 3, parts: int = 2,
           palette: bool = True) -> bytes:
    """PNG bytes of `img`, fast; guaranteed under max_bytes when at all possible.

    A palette PNG where it looks the same (`palette_png`: the palette of the game whose board is drawn,
    render.palettes, or one of its own), else full colour with the fast encoder, falling
    back to Pillow's filtered encoder at full compression, then to a 256-colour palette at any cost."""
    if palette:
        data = palette_png(img, palettes.current())
        if data is not None and len(data) <= max_bytes:
            return data
    data = _encode_png(img, level, parts)
    if len(data) <= max_bytes:
        return data
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=9)
    if buf.tell() <= max_bytes:
        return buf.getvalue()
    buf = io.BytesIO()
    img.convert("RGB").quantize(256, method=Image.Quantize.FASTOCTREE).save(buf, "PNG", compress_level=9)
    if buf.tell() > max_bytes:
        raise ValueError(f"image too large for {max_bytes} bytes even as a palette PNG")
    return buf.getvalue()
