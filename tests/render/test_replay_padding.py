"""A replay frame shorter than the others is padded below with its own page colour, not with its header's:
no band of another colour at the bottom of a GIF."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.replay import encode_gif

HEADER, PAGE = (200, 30, 30), (20, 40, 160)


def board(height: int) -> Image.Image:
    img = Image.new("RGB", (200, height), PAGE)
    ImageDraw.Draw(img).rectangle([0, 0, 199, 19], fill=HEADER)
    return img


def test_a_short_frame_is_padded_with_its_page_colour():
    gif = Image.open(io.BytesIO(encode_gif([board(120), board(200)], width=200)))
    assert gif.size == (200, 200)
    gif.seek(0)
    first = gif.convert("RGB")
    bottom = first.crop((0, 130, 200, 200)).getcolors(10)
    assert bottom is not None and len(bottom) == 1, bottom
    colour = bottom[0][1]
    assert sum(abs(a - b) for a, b in zip(colour, PAGE)) < 30, colour
