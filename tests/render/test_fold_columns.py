"""A fold's reading of which columns are clear and which rows are borders along the band, worked out on whole
images (render/fold.py), is the same as reading the pixels one by one, on random bands of every shape: boxes,
borders along the band, texts, stripes, one-pixel sizes."""
from __future__ import annotations

import random
from typing import Optional

import pytest
from PIL import Image, ImageDraw

from render.fold import ROW_FILL, _along, _clear_columns, _empty


def _pixel_along(rgb: Image.Image) -> list[Optional[bytes]]:
    """Each row's colour when one colour runs unbroken over at least `ROW_FILL` of it (pixel by pixel)."""
    run = int(ROW_FILL * rgb.width)
    out: list[Optional[bytes]] = []
    for y in range(rgb.height):
        row = [rgb.getpixel((x, y)) for x in range(rgb.width)]
        best: dict[tuple, int] = {}
        length = 0
        for x, c in enumerate(row):
            length = length + 1 if x and row[x - 1] == c else 1
            best[c] = max(best.get(c, 0), length)
        found = [c for c, n in best.items() if n >= run]
        if 2 * run <= rgb.width:  # a row of one or two pixels: its most common colour, if it runs that long
            colours = rgb.crop((0, y, rgb.width, y + 1)).getcolors(rgb.width)  # ties as Pillow lists them
            most = max(colours, key=lambda c: c[0])[1]
            out.append(bytes(most) if row.count(most) >= run and best[most] >= run else None)
        else:
            out.append(bytes(found[0]) if found else None)
    return out


def _pixel_clear(rgb: Image.Image) -> list[bool]:
    along = _pixel_along(rgb)
    clear = []
    for x in range(rgb.width):
        column = [rgb.getpixel((x, y)) for y in range(rgb.height)]
        plain = {c for c, a in zip(column, along) if a is None}
        clear.append(len(plain) <= 1 and all(bytes(c) == a for c, a in zip(column, along) if a is not None))
    return clear


def _band(rng: random.Random) -> Image.Image:
    w, h = rng.choice([1, 2, 3, 5, 17, 60, 121]), rng.choice([1, 2, 3, 7, 30, 45])
    palette = [(248, 245, 235), (20, 20, 20), (255, 255, 255), (200, 30, 30), (30, 30, 200), (21, 20, 20)]
    img = Image.new("RGB", (w, h), rng.choice(palette))
    d = ImageDraw.Draw(img)
    for _ in range(rng.randint(0, 6)):
        kind = rng.random()
        colour = rng.choice(palette)
        if kind < 0.3:  # a border along the band
            y = rng.randrange(h)
            d.line([(rng.randint(0, w // 4), y), (w - 1 - rng.randint(0, w // 4), y)], fill=colour)
        elif kind < 0.6:  # a box
            x0, y0 = rng.randrange(w), rng.randrange(h)
            d.rectangle([x0, y0, x0 + rng.randint(0, 20), y0 + rng.randint(0, 20)],
                        outline=colour, fill=rng.choice([None, colour, palette[2]]))
        elif kind < 0.8:  # a stripe down the band
            x = rng.randrange(w)
            d.line([(x, 0), (x, h - 1)], fill=colour)
        else:  # a dot
            img.putpixel((rng.randrange(w), rng.randrange(h)), colour)
    return img


@pytest.mark.parametrize("seed", range(8))
def test_whole_image_reading_matches_pixel_by_pixel(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        band = _band(rng)
        assert _along(band) == _pixel_along(band), band.size
        assert _clear_columns(band) == _pixel_clear(band), band.size


def test_a_board_band_with_borders_and_boxes() -> None:
    band = Image.new("RGB", (400, 40), (248, 245, 235))
    d = ImageDraw.Draw(band)
    d.line([(0, 0), (399, 0)], fill=(20, 20, 20))  # a border along the band
    d.rectangle([100, 10, 120, 30], outline=(20, 20, 20), fill=(248, 245, 235))  # an empty box
    clear = _clear_columns(band)
    assert clear[50] and clear[300]  # beside the box: only the background under the border
    assert not any(clear[101:120])  # inside the box: across its top and bottom borders, however plain inside
    assert _pixel_clear(band) == clear


@pytest.mark.parametrize("seed", range(4))
def test_a_piece_is_empty_exactly_when_every_column_is_clear(seed: int) -> None:
    rng = random.Random(100 + seed)
    for _ in range(80):
        band = _band(rng)
        if rng.random() < 0.3:  # one plain row repeated under borders along the band: empty, yet not one colour
            d = ImageDraw.Draw(band)
            d.line([(0, 0), (band.width - 1, 0)], fill=(20, 20, 20))
        assert _empty(band) == all(_pixel_clear(band)), band.size
