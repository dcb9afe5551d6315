"""A board window's edges (render/focus_places.py `cover`): what a window takes in at an edge that reads as noise.

- a sliver at its top or foot: a strip of at most `SLIVER_PX` rows, with no text, of another part of the board
  than the window's (the top border of the panel under a section's, the last rows of the title bar above the
  island: a colour the plain rows past it do not have); the window ends where those plain rows begin
  (`unslivered`);
- a map wider than the image with no clear columns to fold it at: the whole drawing across, which the caller
  scales to the image's width (`drawing_whole`);
- a row of boxes cut by the right edge of a section's window of one line (a character's track): the edge moves
  past the row's end, to the next clear columns (`row_whole`), when the caller's fold (render/fold.py) keeps the
  window on one line (the gap between a title and its row squeezed out); not when the row's last boxes would
  stand alone on a line of their own, away from the rest (a window of several such rows is left as it is:
  folded, its rows would no longer be beside their names).
"""
from __future__ import annotations

from typing import Optional

from PIL import Image

from . import measure
from .fold import blank_runs, clear_columns, fold

Box = tuple[int, int, int, int]

SLIVER_PX = 12  # px: the most an edge gives up as a sliver
PLAIN_RUN = 3  # plain rows alike where a sliver ends (more than a border line's width)
PLAIN_COLOURS = 2  # a plain row (the gap between two panels, the sea) has no more colours than this


def _rows(img: Image.Image) -> list[bytes]:
    raw, size = img.tobytes(), img.width * 3
    return [raw[y * size:(y + 1) * size] for y in range(img.height)]


def _plain(img: Image.Image, y: int) -> bool:
    return img.crop((0, y, img.width, y + 1)).getcolors(PLAIN_COLOURS) is not None


def _sliver(img: Image.Image, rows: list[bytes]) -> int:
    """How many rows of `img`, from its first row on, are a sliver: rows like the first, then rows of another
    part, then `PLAIN_RUN` plain rows alike (where the sliver ends: a border line is thinner); 0 when no such
    sliver lies within `SLIVER_PX`."""
    changed, alike = False, 1
    for k in range(1, min(SLIVER_PX + PLAIN_RUN, len(rows))):
        if rows[k] != rows[k - 1]:
            changed, alike = True, 1
            continue
        alike += 1
        if changed and alike >= PLAIN_RUN and k - alike + 1 <= SLIVER_PX and _plain(img, k):
            cut = k - alike + 1
            return cut if _another_part(img, cut) else 0
    return 0


def _another_part(img: Image.Image, cut: int) -> bool:
    """Whether the rows above `cut` are another part of the board than the plain rows from it on: they hold a colour
    those rows do not (the title bar's, the next panel's inside), over at least a tenth of a row; the tips of a
    map's own cells, drawn in the map's colours, are not."""
    strip = img.crop((0, 0, img.width, cut)).getcolors(img.width * cut) or []
    plain = {c for _, c in img.crop((0, cut, img.width, cut + PLAIN_RUN)).getcolors(PLAIN_COLOURS) or []}
    return any(n >= img.width / 10 and c not in plain for n, c in strip)


def unslivered(board: Image.Image, box: Box) -> Box:
    """`box` without a sliver at its top or its foot (`_sliver`) where the sliver holds no text (nothing the
    window numbers is in it, nor any word cut)."""
    x0, y0, x1, y1 = box
    if y1 - y0 <= 4 * SLIVER_PX:
        return box
    part = board.crop(box).convert("RGB")
    rows = _rows(part)
    top = _sliver(part, rows)
    foot = _sliver(part.transpose(Image.Transpose.FLIP_TOP_BOTTOM), rows[::-1])
    seen = measure.sheet(board)
    if top and not seen.overlapping((x0, y0, x1, y0 + top)):
        y0 += top
    if foot and not seen.overlapping((x0, y1 - foot, x1, y1)):
        y1 -= foot
    return x0, y0, x1, y1


def row_whole(board: Image.Image, box: Box, most: int) -> Box:
    """`box`, a window of one line of texts, widened so that its right edge cuts no row of boxes (a section's
    window begins at its title, so only its right edge can cut one): an edge on a column where something is drawn
    across the window's rows (render/fold.py `clear_columns`) moves out to the middle of the first run of clear
    columns past it wide enough to cut at (render/fold.py `blank_runs`), or to the board's edge; unless the window
    so widened, folded to `most` px (the image's width), no longer holds on one line (its last boxes would stand
    alone on a line below), where the window stays as it was."""
    x0, y0, x1, y1 = box
    held = [measure.sheet(board).boxes[i] for i in measure.sheet(board).inside(box)]
    if x1 >= board.width or not held or max(b[1] for b in held) >= min(b[3] for b in held):
        return box  # only a window of one line (a row of several lines would fold out of line with its names)
    clear = clear_columns(board.crop((0, y0, board.width, y1)))
    if clear[x1 - 1] and clear[x1]:
        return box
    runs = blank_runs(clear)
    end = next(((a + b) // 2 for a, b in runs if a >= x1), board.width)
    wider = (x0, y0, end, y1)
    return wider if fold(board, wider, most).height == y1 - y0 else box


def drawing_whole(board: Image.Image, box: Box) -> Optional[Box]:
    """A window over one drawing with no clear columns to fold it at (a map: the hexes of an island), widened
    to the whole drawing across (to the first run of clear columns wide enough to cut at each side, render/fold.py
    `blank_runs`, or the board's edges); None
    when the window has clear columns to cut at (its parts fold well: render/fold.py)."""
    x0, y0, x1, y1 = box
    clear = clear_columns(board.crop((0, y0, board.width, y1)))
    runs = blank_runs(clear)
    if any(x0 < a and b < x1 for a, b in runs):
        return None
    return (next((max(0, min(x0, b - 4)) for a, b in reversed(runs) if a <= x0), 0), y0,
            next((min(board.width, max(x1, a + 4)) for a, b in runs if b >= x1), board.width), y1)


__all__ = ["drawing_whole", "row_whole", "unslivered"]
