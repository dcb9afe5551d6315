"""A board window's box (render/focus_places.py `cover`): widened to hold whole the places it shows (a hangar's
frame, a tile named by its corner coordinate, a row of numbered places the options name), trimmed past the texts
its edges would cut, rid of a line cut at a side above or below every place it holds, and windows that overlap
made one.  Every text is read from the board's sheet (render.measure), so nothing here knows a game's layout.
"""
from __future__ import annotations

import math
from typing import Collection, Sequence

from PIL import Image

from . import measure
from .measure import Drawn
from .place_frames import frame

Box = tuple[int, int, int, int]

FRAMED_MOST = 4  # places of `whole`'s: a window holding more of them is over a map, its tiles cut where they fall


def inside(box: tuple[float, float, float, float], window: tuple[float, float, float, float]) -> bool:
    return window[0] <= box[0] and box[2] <= window[2] and window[1] <= box[1] and box[3] <= window[3]


def bold(drawn: Drawn) -> bool:
    return "Bold" in str(getattr(drawn.font, "path", ""))


def whole(board: Image.Image, box: Box, places: Sequence[tuple[float, float, float, float]] = (),
          most: float = math.inf) -> Box:
    """`box` widened to hold whole every numbered place whose number it shows (a bold number alone, such as a
    hangar's "4"): where its edge would cut the frame the number is drawn in, it moves past the frame (the
    caller folds a window grown wider than the image); and so for every place of `places` it holds (a tile's
    coordinate "B3" in its corner, a hex's "2·#1") while the window stays at most `most` px wide and holds at
    most `FRAMED_MOST` of them (a tile made whole; never a map made wider than the image, nor windows over many
    of its places made to meet, which would fold it into strips).  The board's texts
    are read from its sheet (`render.measure.sheet`: each text's box worked out once, the texts near a place
    found by its index)."""
    seen = measure.sheet(board)
    x0, y0, x1, y1 = box
    named = set(places)
    if sum(1 for p in named if inside(p, box)) > FRAMED_MOST:
        named = set()  # a window over a map's many places: its edges cut tiles wherever they fall
    for i in seen.inside(box):
        d = seen.drawn[i]
        numbered = d.text.isdigit() and bold(d)
        if numbered or seen.boxes[i] in named:
            left, right = frame(board, d, seen)
            a, c = x0, x1
            if right >= x1:
                c = int(min(board.width, right + 3))
            if left <= x0:
                a = int(max(0, left - 3))
            if numbered or c - a <= most:
                x0, x1 = a, c
    if (x0, x1) != (box[0], box[2]):  # a moved edge cutting a text goes past it (a neighbour's number, whole)
        across = [seen.boxes[i] for i in seen.overlapping((-math.inf, y0, math.inf, y1))]
        x0 = int(max(0, min([x0] + [a - 2 for a, _, c, _ in across if a < x0 < c and x0 < box[0]])))
        x1 = int(min(board.width, max([x1] + [c + 2 for a, _, c, _ in across if a < x1 < c and x1 > box[2]])))
    return x0, y0, x1, y1


def numbered_row(board: Image.Image, box: Box, numbers: Collection[int]) -> Box:
    """`box` widened across the whole row of numbered places in line with those it shows when a number of `numbers`
    (those the options name) lies further along it (Wayfinders' hangars 1-8 in one row across the board, of which
    a section's window shows 1-4; with 3 players hangars 7 and 8, drawn unused, come along, the row being one
    thing; with 2 players, whose options name only 1-4, nothing changes): bold numbers alone, as large as those
    and on their line, that carry on their numbering (each one more than the last on its right, one less on its
    left); `whole` then takes in their frames, the caller folds the wider window."""
    seen = measure.sheet(board)
    x0, y0, x1, y1 = box
    shown = [(seen.boxes[i], seen.drawn[i]) for i in seen.inside(box)
             if seen.drawn[i].text.isdigit() and bold(seen.drawn[i])]
    if not shown:
        return box
    line = [(b, d) for b, d in ((seen.boxes[i], seen.drawn[i]) for i in seen.overlapping((0, y0, board.width, y1)))
            if d.text.isdigit() and bold(d)
            and any(abs(b[1] - c[1]) <= 4 and abs(d.size - e.size) < 1 for c, e in shown)]
    at = {int(d.text): b for b, d in line}
    low = high = min(int(d.text) for _, d in shown)
    while high + 1 in at and at[high + 1][0] > at[high][0]:
        high += 1
    while low - 1 in at and at[low - 1][2] < at[low][2]:
        low -= 1
    row = range(low, high + 1)
    if not any(n in row and not inside(at[n], box) for n in numbers):
        return box
    return min(x0, int(at[low][0])), y0, max(x1, int(math.ceil(at[high][2]))), y1


def lines_out(board: Image.Image, box: Box, keep: Sequence[tuple[float, float, float, float]] = ()) -> Box:
    """`box` without the lines across it (half its width or more) that a side cuts above every place of `keep` it
    holds (the top moves below them) or below them all (the foot moves above them): a title bar's "…Action
    planning" or "…tion phase — to act: Alice", taken in half by the window or by `whole` widening it for a tile;
    a shorter text cut at a side (a map's tile name) costs the window none of its height."""
    x0, y0, x1, y1 = box
    held = [p for p in keep if inside(p, box)]
    seen = measure.sheet(board)
    for a, b, c, e in sorted((seen.boxes[i] for i in seen.overlapping(box)), key=lambda t: t[1]):
        if not (a < x0 < c or a < x1 < c) or c - a < (x1 - x0) / 2 or not (y0 <= b and e <= y1):
            continue
        if held and all(p[1] >= e + 2 for p in held):
            y0 = int(e) + 2
        elif held and all(p[3] <= b - 2 for p in held):
            y1 = min(y1, int(b) - 2)
    return (x0, y0, x1, y1) if y1 - y0 >= max(40, (box[3] - box[1]) / 3) else box


def merged(boxes: Sequence[Box], gap: int = 4) -> list[Box]:
    """`boxes` with any two that overlap or touch (within `gap` px) made one, their union, until none do: a
    drawing wider than a window (Eclipse's row of a hex's rotations) is shown once, not in windows that
    repeat parts of it (the caller folds a union wider than the image: render/fold.py)."""
    out = [tuple(b) for b in boxes]
    joined = True
    while joined:
        joined = False
        for i, a in enumerate(out):
            for j in range(i + 1, len(out)):
                b = out[j]
                if a[0] <= b[2] + gap and b[0] <= a[2] + gap and a[1] <= b[3] + gap and b[1] <= a[3] + gap:
                    out[i] = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
                    del out[j]
                    joined = True
                    break
            if joined:
                break
    return [(int(a), int(b), int(c), int(d)) for a, b, c, d in out]


def trimmed(board: Image.Image, box: Box, keep: Sequence[tuple[float, float, float, float]] = ()) -> Box:
    """`box` with its edges moved inwards past any text they would cut (half a line of a legend, a coordinate
    cut in two read as noise), never past a place of `keep` that it holds, nor below a third of its size; a side
    moves past a text it cuts only where the window keeps a third of its width (a title bar's line across it is
    for `lines_out`, which leaves it out by the top or the foot).  Only
    the texts overlapping `box` can move an edge (its edges only move inwards): they are looked up in the
    board's sheet (`render.measure.sheet`), in the order they were drawn."""
    x0, y0, x1, y1 = box
    held = [p for p in keep if inside(p, box)]
    seen = measure.sheet(board)
    boxes = [seen.boxes[i] for i in seen.overlapping(box)]
    for _ in range(4):
        moved = False
        for a, b, c, e in boxes:
            if e - b < (y1 - y0) * 0.75 and a < x1 and c > x0:
                if b < y0 < e and all(p[1] >= e + 2 for p in held):
                    y0, moved = int(e) + 2, True
                if b < y1 < e and all(p[3] <= b - 2 for p in held):
                    y1, moved = int(b) - 2, True
            if b < y1 and e > y0:  # cut by a side: that side moves past it, unless the window would keep less
                # than a third of its width (a title bar's line: `lines_out` leaves it out by the top or the foot)
                narrow = (box[2] - box[0]) / 3
                if a < x0 < c < x1 and all(p[0] >= c + 2 for p in held) and x1 - c - 2 >= narrow:
                    x0, moved = int(c) + 2, True
                elif x0 < a < x1 < c and all(p[2] <= a - 2 for p in held) and a - 2 - x0 >= narrow:
                    x1, moved = int(a) - 2, True
        if not moved:
            break
    if y1 - y0 < max(40, (box[3] - box[1]) / 3) or x1 - x0 < (box[2] - box[0]) / 3:
        return box
    return x0, y0, x1, y1


__all__ = ["FRAMED_MOST", "Box", "bold", "inside", "lines_out", "merged", "numbered_row", "trimmed", "whole"]
