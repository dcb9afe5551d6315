"""A wide band of a board laid out in rows no wider than a phone image, nothing cut.

A player's row of a 1,400 px board (Flotilla's: name, coins, hand, track) cropped to a 600 px focus image loses
its right part; scaled down its texts no longer read.  `fold` cuts the band where nothing is drawn (a run of
clear pixel columns: each row's own colour, its background or a border that runs along the band; never inside a
box) or, failing that, between two
texts, and stacks the pieces one under another at their own size.  A part no cut makes narrow enough is taken
line by line when it holds several lines of text; a single text wider than the image is drawn again, wrapped,
in its own font.  Every text follows the pixels (render.measure), so what is cut or wrapped is
still measured.
"""
from __future__ import annotations

from typing import Any, Optional

from PIL import Image, ImageDraw

from . import measure
from .common import INK, WHITE, wrap_text

GAP = 6  # px: identical columns in a row that make a place to cut
ROW_GAP = 4  # px between the stacked pieces
ROW_FILL = 0.8  # share of a row one colour fills for it to be the row's own (a border along the band)


def _row_colours(part: Image.Image) -> bytes:
    """The colour of nothing drawn in each row of `part`, top to bottom, as one column of RGB bytes: a colour that
    fills nearly the whole row (`ROW_FILL`: a border that runs along the band), else the band's background (a
    row of boxes' top borders, however many, is not a row's own colour)."""
    rgb = part.convert("RGB")
    back = bytes(_background(rgb))
    out = bytearray()
    for y in range(rgb.height):
        colours: Any = rgb.crop((0, y, rgb.width, y + 1)).getcolors(rgb.width)
        count, colour = max(colours, key=lambda c: c[0])
        out += bytes(colour) if count >= ROW_FILL * rgb.width else back
    return bytes(out)


def _clear_columns(part: Image.Image) -> list[bool]:
    """For each column of `part`, left to right, whether every pixel of it is its row's colour of nothing drawn
    (`_row_colours`).  Inside an empty box a column is the same as its neighbours (the box's top and bottom
    border, its inside) but not clear: the box's borders are not their rows' colour."""
    turned = part.convert("RGB").transpose(Image.Transpose.ROTATE_90)  # a column of `part` is a row of `turned`
    size = part.height * 3
    raw = turned.tobytes()
    clear = _row_colours(part)
    return [raw[i * size:(i + 1) * size] == clear for i in range(turned.height)][::-1]  # back to left-to-right


def _blank_runs(clear: list[bool]) -> list[tuple[int, int]]:
    """The runs (start, end) of at least `GAP` consecutive clear columns: nothing drawn there, so no cut in them
    goes through a box."""
    runs, start = [], None
    for x, free in enumerate(clear):
        if free and start is None:
            start = x
        elif not free and start is not None:
            if x - start >= GAP:
                runs.append((start, x))
            start = None
    if start is not None and len(clear) - start >= GAP:
        runs.append((start, len(clear)))
    return runs


def _text_spans(part: Image.Image) -> list[tuple[float, float]]:
    return [(d.box[0], d.box[2]) for d in measure.visible(part)]


def _cuts(part: Image.Image, clear: list[bool]) -> list[int]:
    """Where the band may be cut: the middle of each blank run, and the edges between texts where the column is
    clear (no text crosses any of them, and none goes through a box: a text drawn in a box is not cut from it)."""
    spans = _text_spans(part)
    inside = lambda x: any(a < x < b for a, b in spans)  # noqa: E731
    found = {(a + b) // 2 for a, b in _blank_runs(clear)}
    found |= {x for x in {int(b) + 2 for _, b in spans} | {int(a) - 2 for a, _ in spans}
              if 0 < x < part.width and clear[x]}
    return sorted(x for x in found if 0 < x < part.width and not inside(x))


def _strips(part: Image.Image) -> list[tuple[int, int]]:
    """The band's lines of text, top to bottom: (top, bottom) of each, cut halfway between two lines."""
    spans = sorted((d.box[1], d.box[3]) for d in measure.visible(part))
    groups: list[list[float]] = []
    for top, bottom in spans:
        if groups and top <= groups[-1][1] + 1:
            groups[-1][1] = max(groups[-1][1], bottom)
        else:
            groups.append([top, bottom])
    cuts = [0] + [int((a[1] + b[0]) / 2) for a, b in zip(groups, groups[1:])] + [part.height]
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


def _background(part: Image.Image) -> tuple[int, int, int]:
    colours: Any = part.convert("RGB").getcolors(part.width * part.height) or [(1, (255, 255, 255))]
    top: tuple[int, int, int] = tuple(max(colours, key=lambda c: c[0])[1])  # an RGB image's colours: triples
    return top


def _rewrapped(part: Image.Image, texts: list[measure.Drawn], width: int) -> Image.Image:
    """Texts too wide to keep drawn again, wrapped, one under another, on the band's background."""
    back = _background(part)
    ink = INK if sum(back) > 3 * 128 else WHITE
    rows = [(d.font, round(d.size * 1.3), line) for d in texts for line in wrap_text(d.text, d.font, width - 8)]
    img = Image.new("RGB", (width, sum(lh for _, lh, _ in rows) + 6), back)
    draw, y = ImageDraw.Draw(img), 3
    for fnt, lh, line in rows:
        draw.text((4, y), line, font=fnt, fill=ink)
        y += lh
    return img


def pieces(part: Image.Image, width: int) -> list[Image.Image]:
    """The band cut into pieces at most `width` wide, left to right (each as wide as it can be)."""
    clear = _clear_columns(part)
    cuts = _cuts(part, clear)
    out: list[Image.Image] = []
    start = 0
    while part.width - start > width:
        fits = [c for c in cuts if start < c <= start + width]
        if fits:
            out.append(part.crop((start, 0, fits[-1], part.height)))
            start = fits[-1]
            continue
        shown = [d for d in measure.visible(part) if d.box[2] > start]
        crossing = [d for d in shown if d.box[0] < start + width < d.box[2]]
        if not crossing:  # graphics only: between two of them (a clear column, however narrow the gap), else where it must
            end = next((x for x in range(start + width, start + width // 2, -1) if clear[x]), start + width)
            out.append(part.crop((start, 0, end, part.height)))
            start = end
            continue
        end = min([c for c in cuts if c > start + width] + [part.width])  # up to the next cut
        segment = part.crop((start, 0, end, part.height))
        strips = _strips(segment)
        if len(strips) > 1:  # several lines of text: each folded on its own
            for top, bottom in strips:
                out += pieces(segment.crop((0, top, segment.width, bottom)), width)
        else:  # one line: the text too wide for the image drawn again, wrapped
            first = min(d.box[0] for d in crossing)
            if first > start + 1:
                out.append(part.crop((start, 0, int(first), part.height)))
            wrapped = sorted((d for d in shown if d.box[2] > first and d.box[0] < end),
                             key=lambda d: (d.box[1], d.box[0]))
            out.append(_rewrapped(part, wrapped, width))
        start = end
    if start < part.width:
        out.append(part.crop((start, 0, part.width, part.height)))
    return [p for p in out if measure.visible(p) or not all(_clear_columns(p))]  # no empty stretches


def fold(board: Image.Image, box: tuple[int, int, int, int], width: int) -> Image.Image:
    """The band `box` of `board`, its pieces stacked so that the result is at most `width` wide; the band itself
    when it fits."""
    part = board.crop(box)
    if part.width <= width:
        return part
    parts = pieces(part, width)
    rows: list[list[Image.Image]] = []  # pieces side by side while they fit
    used: Optional[int] = None
    for p in parts:
        if rows and used is not None and used + p.width <= width:
            rows[-1].append(p)
            used += p.width
        else:
            rows.append([p])
            used = p.width
    height = sum(max(p.height for p in row) for row in rows) + ROW_GAP * (len(rows) - 1)
    out = Image.new("RGB", (max(sum(p.width for p in row) for row in rows), height), _background(part))
    y = 0
    for row in rows:
        x = 0
        for p in row:
            out.paste(p, (x, y))
            x += p.width
        y += max(p.height for p in row) + ROW_GAP
    return out


__all__ = ["fold", "pieces"]
