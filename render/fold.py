"""A wide band of a board laid out in rows no wider than a phone image, nothing cut.

A player's row of a 1,400 px board (Flotilla's: name, coins, hand, track) cropped to a 600 px focus image loses
its right part; scaled down its texts no longer read.  `fold` cuts the band where nothing is drawn (a run of
clear pixel columns: each row's own colour, its background or a border that runs along the band; never inside a
box) or, failing that, between two
texts, and stacks the pieces one under another at their own size.  A band whose wide gaps (a name, then its
row of boxes further along) hold more room than it is too wide is not cut: its gaps are narrowed, so that a row
of boxes stays on one line beside its name instead of its last boxes standing alone on the next.  A part no cut makes narrow enough is taken
layer by layer when things are drawn one above another with nothing between them (a title over a row of boxes),
else line by line when it holds several lines of text; a single text wider than the image is drawn again, wrapped,
in its own font.  Every text follows the pixels (render.measure), so what is cut or wrapped is
still measured.
"""
from __future__ import annotations

import re
from typing import Any, Optional

from PIL import Image, ImageChops, ImageDraw

from . import measure
from .common import INK, WHITE, wrap_text
from .fold_gaps import box_rows, squeezed
from .kept import PanelCache

GAP = 6  # px: identical columns in a row that make a place to cut
ROW_GAP = 4  # px between the stacked pieces
_BLANK = re.compile(b"\x01{%d,}" % GAP)  # a run of clear columns (True as a byte) at least GAP long
SLIVER = 0.06  # share of the width: a piece narrower than this at a band's edge, with no text, is left out
COUNT = "×"  # a text beginning with it counts the thing drawn just before it
ROW_FILL = 0.8  # share of a row one colour fills unbroken for it to be the row's own (a border along the band)


def _along(rgb: Image.Image, raw: Optional[bytes] = None) -> list[Optional[bytes]]:
    """For each row of `rgb`, top to bottom, the colour that runs unbroken along nearly all of it (`ROW_FILL`: a
    border along the band), or None.  A row of boxes' top borders, however many, is broken between the boxes.
    A run longer than half the row covers its middle stretch (from `width - run` to `run`) and so its middle
    pixel, whose colour is the only one to try, and only in the rows whose middle stretch is all that colour
    (found for every row at once: the stretch against its middle column, repeated).  Each row is read on its
    own, so the rows of a band cut from a wider one at the same columns have the wider one's (`raw`: `rgb`'s
    bytes, when the caller has them)."""
    raw, size, run = raw if raw is not None else rgb.tobytes(), rgb.width * 3, int(ROW_FILL * rgb.width)
    mid = (rgb.width // 2) * 3
    out: list[Optional[bytes]] = []
    if 2 * run <= rgb.width:  # rows of one or two pixels: each one's most common colour
        for y in range(rgb.height):
            colours: Any = rgb.crop((0, y, rgb.width, y + 1)).getcolors(rgb.width)
            count, most = max(colours, key=lambda c: c[0])
            colour = bytes(most)
            row = raw[y * size:(y + 1) * size]
            out.append(colour if count >= run and _aligned(row, colour * run) else None)
        return out
    middle = rgb.crop((rgb.width - run, 0, run, rgb.height))
    centre = rgb.crop((mid // 3, 0, mid // 3 + 1, rgb.height)).resize(middle.size, Image.Resampling.NEAREST)
    _, broken = ImageChops.difference(middle, centre).getprojection()  # per row: not 0 where the stretch is not
    patterns: dict[bytes, tuple[bytes, bytes]] = {}  # a colour's whole row, and its run
    for y, b in enumerate(broken):
        if b:
            out.append(None)
            continue
        row = raw[y * size:(y + 1) * size]
        colour = row[mid:mid + 3]
        found = patterns.get(colour)
        if found is None:
            found = patterns[colour] = (colour * rgb.width, colour * run)
        out.append(colour if row == found[0] or _aligned(row, found[1]) else None)  # most are one colour across
    return out


def _aligned(row: bytes, pattern: bytes) -> bool:
    """Whether `pattern` (whole pixels) is in `row` at a pixel's start, not across two pixels' bytes."""
    at = row.find(pattern)
    while at != -1 and at % 3:
        at = row.find(pattern, at + 1)
    return at != -1


def _clear_columns(part: Image.Image, along: Optional[list[Optional[bytes]]] = None) -> list[bool]:
    """For each column of `part`, left to right, whether nothing is drawn across it: one colour from top to
    bottom, but where a border runs along the band (`_along`), whose colour it has there.  Inside an empty box a
    column is the same as its neighbours but not clear: it crosses the box's top and bottom borders.  Read for
    every column at once: the band against itself with nothing drawn (each border row all its own colour, every
    other row the first of those).  `along`: the rows' `_along`, when the caller has them."""
    rgb = _rgb(part)
    if not rgb.width or not rgb.height:
        return [True] * rgb.width
    size = rgb.width * 3
    raw = rgb.tobytes()
    if along is None:
        along = _along(rgb, raw)
    first = next((y for y, c in enumerate(along) if c is None), None)
    plain = raw[first * size:(first + 1) * size] if first is not None else b""
    rows: dict[Optional[bytes], bytes] = {None: plain}
    for c in along:
        if c is not None and c not in rows:
            rows[c] = c * rgb.width
    empty = Image.frombytes("RGB", rgb.size, b"".join([rows[c] for c in along]))
    drawn, _ = ImageChops.difference(rgb, empty).getprojection()
    return [not v for v in drawn]


def _blank_runs(clear: list[bool]) -> list[tuple[int, int]]:
    """The runs (start, end) of at least `GAP` consecutive clear columns: nothing drawn there, so no cut in them
    goes through a box."""
    return [m.span() for m in _BLANK.finditer(bytes(clear))]


def _cuts(part: Image.Image, clear: list[bool], shown: Optional[list[measure.Drawn]] = None) -> list[int]:
    """Where the band may be cut: the middle of each blank run, and the edges between texts where the column is
    clear (no text crosses any of them, and none goes through a box: a text drawn in a box is not cut from it);
    not before a count ("×8"), kept with the token drawn before it.
    `shown`: the texts on the band, when the caller has them."""
    texts = measure.visible(part) if shown is None else shown
    spans = [(d.box[0], d.box[2]) for d in texts]
    inside = lambda x: any(a < x < b for a, b in spans)  # noqa: E731
    found = {(a + b) // 2 for a, b in _blank_runs(clear)}
    found |= {x for x in {int(b) + 2 for _, b in spans} | {int(a) - 2 for a, _ in spans}
              if 0 < x < part.width and clear[x]}
    counts = [d.box[0] for d in texts if d.text.startswith(COUNT)]
    return sorted(x for x in found if 0 < x < part.width and not inside(x)
                  and not any(0 < a - x <= 2 * GAP for a in counts))


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


def _layers(part: Image.Image) -> list[tuple[int, int]]:
    """The band's layers, top to bottom: (top, bottom) of each stretch of rows with something drawn, cut in the
    middle of the rows between them where nothing is (one colour across the band)."""
    raw = part.tobytes()
    size = len(raw) // part.height if part.height else 0
    step = size // part.width if part.width else 0
    if step * part.width != size or size * part.height != len(raw):  # pixels not whole bytes: one row at a time
        busy = [part.crop((0, y, part.width, y + 1)).getcolors(1) is None for y in range(part.height)]
    else:  # a row with something drawn: not its first pixel repeated across it
        rows = (raw[y * size:(y + 1) * size] for y in range(part.height))
        busy = [row != row[:step] * part.width for row in rows]
    runs: list[list[int]] = []
    for y, b in enumerate(busy):
        if b and runs and runs[-1][1] == y:
            runs[-1][1] = y + 1
        elif b:
            runs.append([y, y + 1])
    if len(runs) < 2:
        return [(0, part.height)]
    cuts = [0] + [(a[1] + b[0]) // 2 for a, b in zip(runs, runs[1:])] + [part.height]
    return list(zip(cuts, cuts[1:]))


def _grouped(part: Image.Image, layers: list[tuple[int, int]], width: int,
             along: Optional[list[Optional[bytes]]] = None) -> list[tuple[int, int]]:
    """`layers` (top to bottom) joined while the band they make together can still be cut between its things
    within `width`, its first piece at least half as wide (drawings and the captions under them stay together,
    column by column); a layer that would take that away (a line of text across them) begins the next group.
    `along`: the band's rows' `_along`, when the caller has them."""
    groups: list[tuple[int, int]] = []
    for top, bottom in layers:
        if groups:
            if along is None:
                along = _along(_rgb(part))
            band = part.crop((0, groups[-1][0], part.width, bottom))
            if any(width // 2 < c <= width for c in _cuts(band, _clear_columns(band, along[groups[-1][0]:bottom]))):  # a piece half as wide at least
                groups[-1] = (groups[-1][0], bottom)
                continue
        groups.append((top, bottom))
    return groups


def layers(part: Image.Image, width: int) -> list[tuple[int, int]]:
    """The band's layers (things drawn one above another, nothing between them), top to bottom, those that fold
    together within `width` joined (`_grouped`): (top, bottom) of each."""
    return _grouped(part, _layers(part), width)


def _background(part: Image.Image) -> tuple[int, int, int]:
    colours: Any = part.convert("RGB").getcolors(part.width * part.height) or [(1, (255, 255, 255))]
    top: tuple[int, int, int] = tuple(max(colours, key=lambda c: c[0])[1])  # an RGB image's colours: triples
    return top


def _surround(part: Image.Image) -> tuple[int, int, int]:
    """The colour around what a band draws, to fill the room a fold leaves beside its shorter rows: the most common
    one of its first and last columns (a board's own background, not the inside of the boxes it draws)."""
    rgb = part.convert("RGB")
    sides = Image.new("RGB", (2, rgb.height))
    sides.paste(rgb.crop((0, 0, 1, rgb.height)), (0, 0))
    sides.paste(rgb.crop((rgb.width - 1, 0, rgb.width, rgb.height)), (1, 0))
    return _background(sides)


REWRAPPED_KEPT = 32  # texts drawn again wrapped, kept: a player's row's line of figures recurs among the posts


def _rewrapped(part: Image.Image, texts: list[measure.Drawn], width: int) -> Image.Image:
    """Texts too wide to keep drawn again, wrapped, one under another, on the band's background; the same texts
    in the same fonts on the same background are drawn once while kept (`KEPT_REWRAPPED`), and a copy handed
    out, carrying its texts."""
    back = _background(part)

    def make() -> Image.Image:
        img = _wrapped(back, texts, width)
        measure.settle(img)  # it holds its texts itself
        return img

    return KEPT_REWRAPPED.get((width, back, tuple((d.font, d.size, d.text) for d in texts)), make).copy()


def _wrapped(back: tuple[int, int, int], texts: list[measure.Drawn], width: int) -> Image.Image:
    ink = INK if sum(back) > 3 * 128 else WHITE
    rows = [(d.font, round(d.size * 1.3), line) for d in texts for line in wrap_text(d.text, d.font, width - 8)]
    img = Image.new("RGB", (width, sum(lh for _, lh, _ in rows) + 6), back)
    draw, y = ImageDraw.Draw(img), 3
    for fnt, lh, line in rows:
        draw.text((4, y), line, font=fnt, fill=ink)
        y += lh
    return img


KEPT_REWRAPPED: PanelCache[Image.Image] = PanelCache(REWRAPPED_KEPT)


def _rgb(part: Image.Image) -> Image.Image:
    return part if part.mode == "RGB" else part.convert("RGB")


def pieces(part: Image.Image, width: int, along: Optional[list[Optional[bytes]]] = None,
           clear: Optional[list[bool]] = None) -> list[Image.Image]:
    """The band cut into pieces at most `width` wide, left to right (each as wide as it can be).  `along`: its
    rows' `_along`, when the caller has them (the rows of a band cut from a wider one at the same columns);
    `clear`: its `_clear_columns`, when the caller has them."""
    if part.width <= width:
        return [part] if _drawn(part) else []
    if clear is None:
        clear = _clear_columns(part, along)
    shown_all = measure.visible(part)
    boxes = [d.box for d in shown_all]
    cuts = _cuts(part, clear, shown_all)
    out: list[Image.Image] = []
    kept: list[Image.Image] = []  # pieces of other bands' folds (layers, lines), already found to hold something
    spans: dict[int, tuple[int, int]] = {}  # the columns of the band each piece cut from it at full height holds

    def cut(a: int, b: int) -> Image.Image:
        piece = part.crop((a, 0, b, part.height))
        spans[id(piece)] = (a, b)
        return piece

    def texts(p: Image.Image) -> bool:
        if id(p) in spans:  # the band's texts that lie on it (as `measure.visible` of the piece reads them)
            a, b = spans[id(p)]
            return any(x1 > a and x0 < b and y1 > 0 and y0 < part.height for x0, y0, x1, y1 in boxes)
        return bool(measure.visible(p))

    def drawn(p: Image.Image) -> bool:
        return texts(p) or not _empty(p)

    start = 0
    while part.width - start > width:
        fits = [c for c in cuts if start < c <= start + width]
        if fits:
            out.append(cut(start, fits[-1]))
            start = fits[-1]
            continue
        end = min([c for c in cuts if c > start + width] + [part.width])  # up to the next cut
        segment = part.crop((start, 0, end, part.height))
        stacked = _layers(segment)
        rows = _along(_rgb(segment)) if len(stacked) > 1 else None  # its layers are bands of its rows
        layers = _grouped(segment, stacked, width, rows)
        if len(layers) > 1:  # things drawn one above another (a title over a row of boxes): each folded on its own
            for top, bottom in layers:
                found = pieces(segment.crop((0, top, segment.width, bottom)), width, rows[top:bottom] if rows else None)
                out += found
                kept += found
            start = end
            continue
        shown = [d for d in shown_all if d.box[2] > start]
        crossing = [d for d in shown if d.box[0] < start + width < d.box[2]]
        if not crossing:  # graphics only: between two of them (a clear column, however narrow the gap), else where it must
            end = next((x for x in range(start + width, start + width // 2, -1) if clear[x]), start + width)
            out.append(cut(start, end))
            start = end
            continue
        strips = _strips(segment)
        if len(strips) > 1:  # several lines of text: each folded on its own
            rows = rows or _along(_rgb(segment))  # its lines are bands of its rows
            for top, bottom in strips:
                found = pieces(segment.crop((0, top, segment.width, bottom)), width, rows[top:bottom])
                out += found
                kept += found
        else:  # one line: the text too wide for the image drawn again, wrapped
            first = min(d.box[0] for d in crossing)
            if first > start + 1:
                out.append(cut(start, int(first)))
            wrapped = sorted((d for d in shown if d.box[2] > first and d.box[0] < end),
                             key=lambda d: (d.box[1], d.box[0]))
            out.append(_rewrapped(part, wrapped, width))
        start = end
    if start < part.width:
        out.append(cut(start, part.width))
    held = {id(p) for p in kept}
    last = len(out) - 1

    def wanted(k: int, p: Image.Image) -> bool:
        # no empty stretches, and no sliver at the band's edge that says nothing (a neighbour's border the window
        # took in while holding a place whole): stacked on its own it would be a blank row as tall as the band
        if k in (0, last) and p.width < width * SLIVER:
            return texts(p)
        return id(p) in held or drawn(p)

    return [p for k, p in enumerate(out) if wanted(k, p)]


def _drawn(p: Image.Image) -> bool:
    """Whether a piece holds something: a text, or a column that is not clear."""
    return bool(measure.visible(p)) or not _empty(p)


def _empty(part: Image.Image) -> bool:
    """Whether every column of `part` is clear (`_clear_columns`), read from its distinct rows: a row all of one
    colour is a border along the band in that colour, so every column has it there; any other row is the same
    across every clear column, so there is at most one such row, and it must not be a border along the band
    (its colour would be missing where the row differs from it)."""
    rgb = _rgb(part)
    size = rgb.width * 3
    raw = rgb.tobytes()
    rows = {raw[y * size:(y + 1) * size] for y in range(rgb.height)}
    other = [r for r in rows if r != r[:3] * rgb.width]
    return not other or (len(other) == 1 and _along(Image.frombytes("RGB", (rgb.width, 1), other[0]))[0] is None)


def _head(part: Image.Image, clear: list[bool], width: int, along: list[Optional[bytes]]
          ) -> Optional[list[Image.Image]]:
    """The band's pieces, when it is one line of texts (a character's section: a name, its track, its
    determination), so that no row of boxes is cut (render/fold_gaps.py): its first piece up to the furthest run of
    clear columns past `width` outside a row of boxes, when its wide gaps narrowed make it fit (a name and its whole
    track on one line, the determination after it on the next); else, when the usual cut would go through a row of
    boxes that fits a line of its own, cut before the row.  The rest is cut as usual.  None for a band of several
    lines (a block of text would be cut between its words), or when nothing is to be kept whole."""
    if len(_strips(part)) > 1:
        return None
    runs = _blank_runs(clear)
    texts = [(d.box[0], d.box[2]) for d in measure.visible(part)]
    rows = box_rows(clear, texts)
    within = lambda x: any(a < x < b for a, b in rows)  # noqa: E731
    rest = lambda c: pieces(part.crop((c, 0, part.width, part.height)), width, along)  # noqa: E731
    for c in reversed([(a + b) // 2 for a, b in runs]):
        if c <= width:
            break
        if within(c):
            continue
        head = squeezed(part.crop((0, 0, c, part.height)), _blank_runs(clear[:c]), width)
        if head is not None:
            return [head] + rest(c)
    usual = max((c for c in _cuts(part, clear) if c <= width), default=None)
    row = next(((a, b) for a, b in rows if usual is not None and a < usual < b), None)
    if row is None or row[1] - row[0] > width or row[0] <= 0:
        return None
    return [part.crop((0, 0, row[0], part.height))] + rest(row[0])


def fold(board: Image.Image, box: tuple[int, int, int, int], width: int) -> Image.Image:
    """The band `box` of `board`, its pieces stacked so that the result is at most `width` wide; the band itself
    when it fits, or when narrowing its wide gaps makes it fit (render/fold_gaps.py `squeezed`)."""
    part = board.crop(box)
    if part.width <= width:
        return part
    along = _along(_rgb(part))  # read once for the band: the narrowing, the head and the pieces share it
    clear = _clear_columns(part, along)
    narrowed = squeezed(part, _blank_runs(clear), width)
    if narrowed is not None:
        return narrowed
    parts = _head(part, clear, width, along) or pieces(part, width, along, clear)
    rows: list[list[Image.Image]] = []  # pieces side by side while they fit
    used: Optional[int] = None
    for p in parts:
        if rows and used is not None and used + p.width <= width:
            rows[-1].append(p)
            used += p.width
        else:
            rows.append([p])
            used = p.width
    return _stacked(rows[:1] + [_without_blank_top(row) for row in rows[1:]], _surround(part))


def _stacked(rows: list[list[Image.Image]], back: tuple[int, int, int]) -> Image.Image:
    """Lines of pieces, each line's pieces side by side from the left, the lines one under another `ROW_GAP` apart,
    on `back`."""
    height = sum(max(p.height for p in row) for row in rows) + ROW_GAP * (len(rows) - 1)
    out = Image.new("RGB", (max(sum(p.width for p in row) for row in rows), height), back)
    y = 0
    for row in rows:
        x = 0
        for p in row:
            out.paste(p, (x, y))
            x += p.width
        y += max(p.height for p in row) + ROW_GAP
    return out


def _blank_top(p: Image.Image) -> int:
    """How many of a piece's first pixel rows are one colour across (nothing drawn there)."""
    rgb = _rgb(p)
    raw, size = rgb.tobytes(), rgb.width * 3
    k = 0
    while k < rgb.height and raw[k * size:(k + 1) * size] == raw[k * size:k * size + 3] * rgb.width:
        k += 1
    return k


def _without_blank_top(row: list[Image.Image]) -> list[Image.Image]:
    """A line of a fold's pieces without the pixel rows above its first drawing that every piece leaves blank in one
    colour (the second line of a hangar row began with the empty band beside the title above it); `ROW_GAP`
    between the lines stays."""
    top = min(_blank_top(p) for p in row)
    colours = {_rgb(p).getpixel((0, 0)) for p in row}
    if top == 0 or len(colours) > 1 or any(top >= p.height for p in row):
        return row
    return [p.crop((0, top, p.width, p.height)) for p in row]


def fold_by_layers(board: Image.Image, box: tuple[int, int, int, int], width: int, room: int = 0) -> Image.Image:
    """The band `box` of `board` folded layer by layer (`_layers`: things drawn one above another, nothing between
    them), each layer on its own (`fold`), the folds stacked: a section's title line, with more texts at its far
    end (Wayfinders' bag beside "Hangars"), over a row of boxes wider than the image is folded as the title line,
    then the boxes three by three, where folded together the line's texts leave few places to cut the boxes at.
    `room`: px the first layer leaves free at the right of its lines (for a badge after the title)."""
    part = board.crop(box)
    folds = [fold(part, (0, top, part.width, bottom), width - (room if k == 0 else 0))
             for k, (top, bottom) in enumerate(_layers(_rgb(part)))]
    return _stacked([[f] for f in folds], _surround(part))


clear_columns = _clear_columns  # for an edge of a window (render/window_edges.py)
blank_runs = _blank_runs  # the same

__all__ = ["KEPT_REWRAPPED", "REWRAPPED_KEPT", "blank_runs", "clear_columns", "fold", "fold_by_layers", "layers",
           "pieces"]
