"""A fold keeps a row of boxes (a character's track) together (render/fold_gaps.py): a section's line, a title, a
wide gap, then a track running past the image's width and the determination after it, is folded so that every
box of the track stands on one line: beside the title, the gap narrowed, when that makes room; else on the next
line, whole.  The fold before cut the track where the image ended, its last boxes alone on the next line."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import measure
from render.common import font
from render.fold import clear_columns, fold
from render.fold_gaps import MARGIN, WIDE, box_rows

BACK, INSIDE, LINE, AMBER = (248, 245, 235), (255, 255, 255), (20, 20, 20), (230, 170, 40)
SIDE, PITCH, BOXES = 20, 24, 13  # px: a box's side, from one box to the next; boxes in the track


def _section(title: str, track_at: int) -> Image.Image:
    """A section's line, 900 px: `title`, its track of `BOXES` boxes from `track_at` (every fourth framed in amber,
    as a morale arrow's box is), then "Determination 2"."""
    band = Image.new("RGB", (900, 44), BACK)
    d = ImageDraw.Draw(band)
    d.text((12, 12), title, font=font(18, True), fill=LINE)
    for k in range(BOXES):
        x = track_at + k * PITCH
        amber = k % 4 == 3
        d.rectangle([x + 2 * amber, 12 + 2 * amber, x + SIDE - 2 * amber, 12 + SIDE - 2 * amber], fill=INSIDE,
                    outline=AMBER if amber else LINE, width=2)
    d.text((track_at + BOXES * PITCH + 16, 14), "Determination 2", font=font(16), fill=LINE)
    return band


def _boxes_by_line(img: Image.Image) -> int:
    """The most boxes any one row of pixels crosses (each box's white inside: a run of white pixels)."""
    rgb = img.convert("RGB")
    px, most = rgb.load(), 0
    for y in range(rgb.height):
        runs, x = 0, 0
        while x < rgb.width:
            if px[x, y] == INSIDE:
                start = x
                while x < rgb.width and px[x, y] == INSIDE:
                    x += 1
                runs += x - start >= SIDE - 10
            else:
                x += 1
        most = max(most, runs)
    return most


def _line_of(img: Image.Image, text: str) -> tuple[float, float]:
    box = next(d.box for d in measure.visible(img) if d.text == text)
    return box[1], box[3]


@pytest.mark.parametrize("title, track_at, beside", [
    ("Carpenter (ana)", 330, True),  # a wide gap: narrowed, the track stays beside its title
    ("Carpintero (Bartholomew)", 360, False),  # a long title, a narrow gap: the whole track on the next line
])
def test_a_sections_track_is_folded_whole_on_one_line(title, track_at, beside):
    band = _section(title, track_at)
    assert _boxes_by_line(band) == BOXES
    out = fold(band, (0, 0, band.width, band.height), 600)
    assert out.width <= 600
    assert _boxes_by_line(out) == BOXES  # every box of the track crosses one row of pixels: none cut off
    _, bottom = _line_of(out, title)
    rgb = out.convert("RGB")
    track_top = min(y for y in range(out.height) if any(rgb.getpixel((x, y)) == INSIDE for x in range(out.width)))
    assert (track_top < bottom) == beside, (track_top, bottom)  # beside its title, or on a line below it
    words = {d.text for d in measure.visible(out)}
    assert {title, "Determination 2"} <= words
    assert _line_of(out, "Determination 2")[0] > track_top  # after the track, on the next line


def test_a_gap_narrowed_keeps_a_margin():
    band = _section("Carpenter (ana)", 330)
    out = fold(band, (0, 0, band.width, band.height), 600)
    rgb = out.convert("RGB")
    right = next(d.box[2] for d in measure.visible(out) if d.text == "Carpenter (ana)")
    first_box = min(x for x in range(out.width) if rgb.getpixel((x, 22)) == LINE and x > right)
    assert MARGIN - 2 <= first_box - right < 330 - right  # the gap narrowed, not closed
    assert WIDE > MARGIN


def test_box_rows_finds_a_track_and_not_words():
    band = _section("Carpenter (ana)", 330)
    clear = clear_columns(band)  # as a fold reads them
    texts = [(d.box[0], d.box[2]) for d in measure.visible(band)]
    rows = box_rows(clear, texts)
    assert len(rows) == 1
    start, end = rows[0]
    assert start < 330 and 330 + (BOXES - 1) * PITCH + SIDE < end < 330 + BOXES * PITCH + 16
