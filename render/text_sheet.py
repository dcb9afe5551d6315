"""The texts an image carries, laid out once: each with its box where it lies, and an index of them by band of
rows, so that the texts on a part of the image (a crop, a window, a pasted piece) are found without moving or
measuring the others (render/measure.py keeps one per image and texts).
"""
from __future__ import annotations

import math
from typing import Any, Optional

BAND = 64  # px: the rows of one band of the index
SCANNED = 32  # texts: a sheet this small is read whole, not through its index

Box = tuple[float, float, float, float]


class Sheet:
    """`drawn` (the texts, oldest first) and `boxes` (each one's box on the image, in the same order); `memo`:
    what a reader works out from the texts alone (the words they say, by position), kept while they are."""

    __slots__ = ("drawn", "boxes", "memo", "_bands", "_tallest")

    def __init__(self, drawn: list[Any], boxes: list[Box]) -> None:
        self.drawn = drawn
        self.boxes = boxes
        self.memo: dict[str, Any] = {}  # what a reader works out from these texts alone, kept with them
        self._bands: Optional[dict[int, list[int]]] = None  # band of rows -> texts whose top lies in it
        self._tallest = 0.0

    def _index(self) -> dict[int, list[int]]:
        bands: dict[int, list[int]] = {}
        tallest = 0.0
        for i, (_, y0, _, y1) in enumerate(self.boxes):
            band = int(y0 // BAND)  # floor(y0) // BAND
            run = bands.get(band)
            if run is None:
                bands[band] = [i]
            else:
                run.append(i)
            if y1 - y0 > tallest:
                tallest = y1 - y0
        self._bands, self._tallest = bands, tallest
        return bands

    def _candidates(self, top: float, bottom: float) -> Any:
        """The positions, oldest first, of the texts that may reach into the rows from `top` to `bottom` (their
        box's top above `bottom` and its bottom below `top`; the caller checks each exactly)."""
        bands = self._bands if self._bands is not None else self._index()
        first = math.floor(top - self._tallest - 1) // BAND  # a text whose bottom is below `top` begins here at most
        last = math.floor(bottom + 1) // BAND
        if last - first + 1 >= len(bands):
            return range(len(self.boxes))
        runs = [bands[b] for b in range(first, last + 1) if b in bands]
        return runs[0] if len(runs) == 1 else sorted(i for run in runs for i in run)

    def within(self, dx: float, dy: float, w: float, h: float) -> list[int]:
        """The positions, oldest first, of the texts that, moved by (dx, dy), lie at least partly on an image
        `w` by `h` (what `render.measure.visible` keeps)."""
        boxes = self.boxes
        candidates = range(len(boxes)) if len(boxes) <= SCANNED else self._candidates(-dy, h - dy)
        out = []
        for i in candidates:
            x0, y0, x1, y1 = boxes[i]
            if x1 + dx > 0 and y1 + dy > 0 and x0 + dx < w and y0 + dy < h:
                out.append(i)
        return out

    def overlapping(self, box: Box) -> list[int]:
        """The positions, oldest first, of the texts whose box overlaps `box` (left, top, right, bottom): each
        side strictly past the other's opposite side."""
        left, top, right, bottom = box
        boxes = self.boxes
        candidates = range(len(boxes)) if len(boxes) <= SCANNED else self._candidates(top, bottom)
        return [i for i in candidates if boxes[i][2] > left and boxes[i][3] > top and boxes[i][0] < right
                and boxes[i][1] < bottom]

    def inside(self, box: Box) -> list[int]:
        """The positions, oldest first, of the texts whose box lies within `box` (edges included)."""
        left, top, right, bottom = box
        boxes = self.boxes
        candidates = range(len(boxes)) if len(boxes) <= SCANNED else self._candidates(top - 1, bottom + 1)
        return [i for i in candidates if left <= boxes[i][0] and boxes[i][2] <= right and top <= boxes[i][1]
                and boxes[i][3] <= bottom]

    def across(self, y: float) -> list[int]:
        """The positions, oldest first, of the texts whose box reaches row `y` (top <= y <= bottom)."""
        boxes = self.boxes
        candidates = range(len(boxes)) if len(boxes) <= SCANNED else self._candidates(y - 1, y + 1)
        return [i for i in candidates if boxes[i][1] <= y <= boxes[i][3]]


__all__ = ["BAND", "Sheet"]
