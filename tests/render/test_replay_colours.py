"""A distinct colour per player in the replay GIF (render/replay.py).

The GIF's frames share one 255-colour palette taken from the final board; a seat with little on
that board (a few marker pixels) used to lose its colour to a neighbour's (orange drawn as
vermillion, sky blue as blue).  Every player colour is now in the palette exactly."""
from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render.common import PLAYER_STYLES
from render.replay import encode_gif


def board() -> Image.Image:
    """Many shades (more than a palette holds), a large area of one player's colour, tiny marks of the others."""
    img = Image.new("RGB", (600, 400))
    px = img.load()
    for x in range(600):
        for y in range(400):
            px[x, y] = (x * 255 // 600, y * 255 // 400, (x + y) % 256)
    d = ImageDraw.Draw(img)
    d.rectangle([0, 300, 599, 399], fill=PLAYER_STYLES[4].rgb)  # vermillion everywhere
    d.rectangle([0, 0, 599, 60], fill=PLAYER_STYLES[0].rgb)  # blue everywhere
    for i, style in enumerate(PLAYER_STYLES):
        d.rectangle([100 + 40 * i, 150, 102 + 40 * i, 152], fill=style.rgb)  # a 3x3 mark each
    return img


def test_every_player_colour_survives_the_shared_palette():
    gif = Image.open(io.BytesIO(encode_gif([board(), board()], width=600)))
    gif.seek(0)
    frame = gif.convert("RGB")
    seen = [frame.getpixel((101 + 40 * i, 151)) for i in range(len(PLAYER_STYLES))]
    assert seen == [s.rgb for s in PLAYER_STYLES]
    assert len(set(seen)) == len(PLAYER_STYLES)
