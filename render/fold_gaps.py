"""A fold's rows of boxes kept whole (render/fold.py): a band's wide gaps narrowed, and its rows of alike boxes found.

A character's section on Robinson's board is one line: its name, a wide gap, its track (a row of 11 to 14 boxes)
and its determination.  Cut where the image ends, the track's last boxes would stand alone at the start of the next
line, away from the rest.  So the fold first narrows the band's wide gaps (`squeezed`: the gap between the name and
the track down to `MARGIN`) when that makes it fit; and it knows where a row of boxes runs (`box_rows`), never to
cut inside one that can be kept whole.
"""
from __future__ import annotations

import re
from typing import Optional

from PIL import Image

MARGIN = 24  # px: the least a wide gap (between a name and its track) is narrowed to
WIDE = 56  # px: a run of clear columns at least this wide is a gap to narrow (not the space between two words)
BOX_MOST = 40  # px: the widest thing between two runs of clear columns taken for a box of a row
ALIKE = 2  # px: the boxes of one row are this evenly spaced (a box framed in another colour may be narrower)
ROW_LEAST = 3  # boxes alike side by side that make a row
EDGE = 6  # px: the clear columns kept at the band's right end when it is narrowed


def squeezed(part: Image.Image, blank: list[tuple[int, int]], width: int) -> Optional[Image.Image]:
    """The band made at most `width` wide by narrowing its wide gaps, when that is enough: the stretches of alike
    columns inside its runs of clear columns (`blank`, start and end of each) at least `WIDE`, the widest first,
    each down to no less than `MARGIN` (columns taken out of their middle; its texts come along: render.measure),
    after the clear columns that end it, down to `EDGE`.  None when its gaps hold too little room, or when its
    clear end alone does (a fold leaves a clear end out itself)."""
    room = sum(b - a - MARGIN for a, b in blank if 0 < a and b - a >= WIDE and b < part.width)
    if room + sum(b - a - EDGE for a, b in blank if b == part.width and a > 0) < part.width - width:
        return None  # not room enough even were every run alike columns (most bands: read no further)
    rgb = part if part.mode == "RGB" else part.convert("RGB")
    columns = rgb.transpose(Image.Transpose.TRANSPOSE).tobytes()
    size = rgb.height * 3
    column = lambda x: columns[x * size:(x + 1) * size]  # noqa: E731
    runs: list[tuple[int, int]] = []  # stretches of identical clear columns between two things drawn
    end: tuple[int, int] = (part.width, part.width)  # of them, the stretch that ends the band: all but `EDGE` taken
    for a, b in blank:
        start = a
        for x in range(a + 1, b + 1):
            if x == b or column(x) != column(start):
                if start > 0 and x == part.width:
                    end = (min(start + EDGE, x), x)
                elif start > 0 and x - start >= WIDE:
                    runs.append((start, x))
                start = x
    excess = part.width - width - (end[1] - end[0])
    if excess <= 0 or sum(b - a - MARGIN for a, b in runs) < excess:
        return None
    level = max(b - a for a, b in runs)  # the widest gap left: lowered until the gaps give up `excess`
    while sum(max(0, b - a - level) for a, b in runs) < excess:
        level -= 1
    taken = sorted((a + level // 2, b - (level - level // 2)) for a, b in runs if b - a > level)
    spare = sum(b - a for a, b in taken) - excess  # a pixel too many taken from fewer than all of them: given back
    taken = [(a, b - 1 if k < spare else b) for k, (a, b) in enumerate(taken) if b - 1 > a or k >= spare]
    out = Image.new("RGB", (part.width - sum(b - a for a, b in taken) - (end[1] - end[0]), part.height))
    x = at = 0
    for a, b in taken + [end]:
        out.paste(part.crop((at, 0, a, part.height)), (x, 0))
        x, at = x + a - at, b
    return out


def box_rows(clear: list[bool], texts: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """The rows of boxes across a band whose columns are clear or not (`clear`: nothing drawn across it, however
    narrow the run): at least `ROW_LEAST` things side by side, each at most `BOX_MOST` wide, evenly spaced
    (`ALIKE`), with no text on them (`texts`: left and right of each) and no wide gap (`WIDE`) between them.  Each
    row as (start, end): the middles of the runs of clear columns before its first box and after its last (or the
    band's edges)."""
    width = len(clear)
    blank = [m.span() for m in re.finditer(b"\x01+", bytes(clear))]
    edges = [(0, 0)] + blank + [(width, width)]
    things = [(a[1], b[0], (a[0] + a[1]) // 2, (b[0] + b[1]) // 2, b[1] - b[0])
              for a, b in zip(edges, edges[1:]) if b[0] > a[1]]  # (left, right, cut before, cut after, gap after)
    rows: list[tuple[int, int]] = []
    row: list[tuple[int, int, int, int, int]] = []

    def close() -> None:
        if len(row) >= ROW_LEAST:
            rows.append((row[0][2], row[-1][3]))
        row.clear()

    for thing in things:
        left, right = thing[0], thing[1]
        box = right - left <= BOX_MOST and not any(a < right and left < b for a, b in texts)
        if not box:
            close()
            continue
        centre = lambda t: (t[0] + t[1]) / 2  # noqa: E731
        if row and (row[-1][4] >= WIDE or len(row) > 1
                    and abs(centre(thing) - centre(row[-1]) - (centre(row[1]) - centre(row[0]))) > ALIKE):
            close()
        row.append(thing)
    close()
    return rows


__all__ = ["ALIKE", "BOX_MOST", "EDGE", "MARGIN", "ROW_LEAST", "WIDE", "box_rows", "squeezed"]
