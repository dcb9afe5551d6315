"""The frame a place's number is drawn in (a hangar's box around its "4"), found along the number's middle row
of the board: what `render/window_box.py` `whole` widens a window to hold.
"""
from __future__ import annotations

import math

from PIL import Image

from . import measure
from .measure import Drawn

FRAME_SCAN = 240  # px: how far beside a place's number its frame is looked for


def frame(board: Image.Image, label: Drawn, seen: measure.Sheet) -> tuple[float, float]:
    """The left and right of the frame a place's number is drawn in (a hangar's box around its "4"): along the
    number's middle row, the first pixel on each side that is not the place's own colour (the one beside the
    number), the texts on that row skipped; the number's own box on a side with no frame within `FRAME_SCAN`."""
    x0, y0, x1, y1 = label.box
    y = int((y0 + y1) / 2)
    width = board.width
    row = board.crop((0, y, width, y + 1)).convert("RGB").tobytes()  # a pixel: three bytes
    covered = bytearray(width)  # 1 where a text on that row lies (its box and a pixel each side)
    for b in (seen.boxes[i] for i in seen.across(y)):
        lo, hi = max(0, math.ceil(b[0] - 1)), min(width - 1, math.floor(b[2] + 1))
        covered[lo:hi + 1] = b"\x01" * max(0, hi - lo + 1)
    return first_change(row, covered, int(x0) - 1, -1), first_change(row, covered, int(x1) + 1, 1)


def first_change(row: bytes, covered: bytearray, start: int, step: int) -> float:
    """From `start`, one pixel at a time by `step` (up to `FRAME_SCAN` pixels), skipping the `covered` ones: the
    first pixel of `row` (RGB bytes) whose colour is not the first uncovered one's; the last pixel before the
    row's end when it comes first; else the pixel before `start`.  The uncovered runs are compared whole."""
    width = len(covered)
    if not 0 <= start < width:
        return float(start - step)
    if step > 0:
        end = start + FRAME_SCAN
        lo, hi, past = start, min(end, width), (width if end > width else None)
    else:
        end = start - FRAME_SCAN
        lo, hi, past = max(end + 1, 0), start + 1, (-1 if end < -1 else None)
    fill = b""
    if step > 0:
        x = lo
        while x < hi:
            first = covered.find(0, x, hi)
            if first == -1:
                break
            stop = covered.find(1, first, hi)
            stop = hi if stop == -1 else stop
            fill = fill or row[3 * first:3 * first + 3]
            run = row[3 * first:3 * stop]
            diff = int.from_bytes(run, "big") ^ int.from_bytes(fill * (stop - first), "big")
            if diff:
                return float(first + (len(run) - 1 - (diff.bit_length() - 1) // 8) // 3)
            x = stop
    else:
        x = hi
        while x > lo:
            last = covered.rfind(0, lo, x)
            if last == -1:
                break
            stop = max(covered.rfind(1, lo, last) + 1, lo)  # the run is stop..last
            fill = fill or row[3 * last:3 * last + 3]
            run = row[3 * stop:3 * last + 3]
            diff = int.from_bytes(run, "big") ^ int.from_bytes(fill * (last + 1 - stop), "big")
            if diff:
                return float(last - ((diff & -diff).bit_length() - 1) // 8 // 3)
            x = stop
    if past is not None:
        return float(past - step)
    return float(start - step)


__all__ = ["FRAME_SCAN", "first_change", "frame"]
