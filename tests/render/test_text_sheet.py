"""The lookups the decision in view makes among a board's texts (render/text_sheet.py, render/place_frames.py)
give what reading every text or every pixel one by one gives."""
from __future__ import annotations

import random

from render import place_frames
from render.text_sheet import Sheet


def _boxes(rng: random.Random, n: int) -> list[tuple[float, float, float, float]]:
    out = []
    for _ in range(n):
        x, y = rng.uniform(-50, 900), rng.choice([rng.uniform(-60, 700), float(rng.randrange(-60, 700))])
        out.append((x, y, x + rng.uniform(0, 120), y + rng.choice([0.0, rng.uniform(1, 90)])))
    return out


def test_the_index_finds_what_a_scan_of_every_text_finds():
    rng = random.Random(5)
    for n in (0, 3, 40, 400):
        boxes = _boxes(rng, n)
        sheet = Sheet(list(range(n)), boxes)
        for _ in range(200):
            x0, y0 = rng.uniform(-100, 800), rng.uniform(-100, 650)
            box = (x0, y0, x0 + rng.uniform(0, 700), y0 + rng.uniform(0, 500))
            dx, dy, w, h = -box[0], -box[1], box[2] - box[0], box[3] - box[1]
            assert sheet.within(dx, dy, w, h) == [i for i, (a, b, c, e) in enumerate(boxes)
                                                  if c + dx > 0 and e + dy > 0 and a + dx < w and b + dy < h]
            assert sheet.overlapping(box) == [i for i, (a, b, c, e) in enumerate(boxes)
                                              if c > box[0] and e > box[1] and a < box[2] and b < box[3]]
            assert sheet.inside(box) == [i for i, (a, b, c, e) in enumerate(boxes)
                                         if box[0] <= a and c <= box[2] and box[1] <= b and e <= box[3]]
            y = rng.choice([box[1], float(int(box[1]))])
            assert sheet.across(y) == [i for i, (_, b, _, e) in enumerate(boxes) if b <= y <= e]


def _first_change_slowly(row: bytes, covered: bytearray, start: int, step: int) -> float:
    width, fill = len(covered), None
    for x in range(start, start + step * place_frames.FRAME_SCAN, step):
        if not 0 <= x < width:
            return float(x - step)
        if covered[x]:
            continue
        colour = row[3 * x:3 * x + 3]
        if fill is None:
            fill = colour
        elif colour != fill:
            return float(x)
    return float(start - step)


def test_a_frame_is_found_where_a_scan_of_every_pixel_finds_it():
    rng = random.Random(11)
    for _ in range(3000):
        width = rng.choice([1, 5, 60, 300, 700])
        colours = [bytes([rng.randrange(2), 0, rng.randrange(2)]) for _ in range(3)]
        row = bytearray(b"".join(colours[0] for _ in range(width)))
        for _ in range(rng.randrange(4)):  # runs of other colours: frames, drawings
            a = rng.randrange(width)
            b = min(width, a + rng.randrange(1, 40))
            row[3 * a:3 * b] = colours[rng.randrange(3)] * (b - a)
        assert len(row) == 3 * width
        covered = bytearray(width)
        for _ in range(rng.randrange(4)):  # texts on the row
            a = rng.randrange(width)
            b = min(width, a + rng.randrange(1, 50))
            covered[a:b] = b"\x01" * (b - a)
        start, step = rng.randrange(-3, width + 3), rng.choice([1, -1])
        assert place_frames.first_change(bytes(row), covered, start, step) == _first_change_slowly(row, covered, start, step)
