"""Flotilla board image (render/flotilla.py) from views of real games."""
from __future__ import annotations

import functools
import io

import pytest
from PIL import Image

from render import render_board
from render.flotilla import draw
from render.flotilla_map import SINK_RGB, SKY_RGB
from rules.flotilla import ENGINE
from rules.playout import iter_playout, playout_rng

NAMES = {"s1": "Alice", "s2": "Bob", "s3": "Chiara", "s4": "Dmitri", "s5": "Eve"}
CAPTION = ["Bob played the Trader and bought 2 red barrels.", "Chiara: play one of your crew cards."]


@functools.lru_cache(maxsize=None)
def states(n: int):
    seats = [f"s{i + 1}" for i in range(n)]
    s = ENGINE.setup(seats, 7)
    out = [s]
    for step in iter_playout(ENGINE, s, playout_rng(7)):
        if step.index % 150 == 0:
            out.append(step.after)
        last = step.after
    return tuple(out + [last])


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


@pytest.mark.parametrize("n", [3, 4, 5])
def test_png_under_limit_and_phone_sized(n):
    for s in states(n):
        data = render_board(ENGINE.view(s, None), NAMES, CAPTION)
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 1_500_000
        img = decode(data)
        assert img.width == 1400 and 900 <= img.height <= 1700  # five players and the dial explained under the guild board


def test_spanish_labels_render():
    s = states(4)[2]
    assert render_board(ENGINE.view(s, None), NAMES, CAPTION, locale="es")[:4] == b"\x89PNG"


def _badge_colour(img, view, seat):
    """The side badge of a player's row (rows start below the map)."""
    from render.flotilla_panels import ROW_H
    shown = sorted(view.players, key=lambda p: (view.final_ranks[p.seat], p.position)) if view.final_ranks \
        else view.players  # after the end the rows follow the final ranks
    i = [p.seat for p in shown].index(seat)
    top = img.height - 10 - (len(view.players) * ROW_H + 8) + 6 + i * ROW_H
    return img.getpixel((10 + 46, top + 36))


def test_sides_are_drawn_teal_and_orange():
    s = states(4)[-1]
    view = ENGINE.view(s, None)
    img = draw(view, NAMES, CAPTION)
    for p in view.players:
        want = SINK_RGB if p.side == "sink" else SKY_RGB
        assert _badge_colour(img, view, p.seat) == want


def test_own_view_shows_the_hand_band_public_never():
    """F17: `/game me` draws the viewer's hand; the channel image (public view) has no hand band."""
    s = states(4)[1]
    seat = s.order[0]
    assert all(p.hand is None for p in ENGINE.view(s, None).players)
    public = decode(render_board(ENGINE.view(s, None), NAMES, CAPTION))
    own = decode(render_board(ENGINE.view(s, seat), NAMES, CAPTION))
    assert own.height > public.height
