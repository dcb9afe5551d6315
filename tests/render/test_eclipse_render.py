"""Eclipse board images (render/eclipse.py, render/eclipse_board.py) from engine views."""
from __future__ import annotations

import functools
import io

from PIL import Image

from render import render_board
from render.eclipse_board import render_board as render_player
from rules.eclipse import ENGINE as E
from rules.playout import iter_playout, playout_rng

NAMES = {"s1": "Alice", "s2": "Bob", "s3": "Chiara", "s4": "Dmitri", "s5": "Eve", "s6": "Farid"}


@functools.lru_cache(maxsize=None)
def late_state(n=4, seed=3, round_=8):
    s = E.setup([f"s{i + 1}" for i in range(n)], seed)
    for st in iter_playout(E, s, playout_rng(seed)):
        s = st.after
        if s.round >= round_:
            break
    return s


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_galaxy_png_dispatched_by_game_key_and_phone_sized():
    for n in (2, 4, 6):
        view = E.view(late_state(n), None)
        data = render_board(view, NAMES, ["Bob explored 105.", "Alice: take an action or pass."])
        img = decode(data)
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) < 1_000_000
        assert 1200 <= img.width <= 1400 and img.height < 2400  # wider for a wide galaxy, at most 1,400


def test_galaxy_in_spanish_and_at_setup():
    s = E.setup(["s1", "s2", "s3"], 1)
    assert decode(render_board(E.view(s, None), NAMES, None, locale="es")).width == 1200


def test_player_board_hides_reputation_values_from_others():
    s = late_state()
    seat = "s1"
    mine = render_player(E.view(s, seat), seat, NAMES)
    theirs = render_player(E.view(s, "s2"), seat, NAMES, locale="es")
    assert decode(mine).width == 1200 and decode(theirs).width == 1200
    p = next(x for x in E.view(s, "s2").players if x.seat == seat)
    assert p.reputation_values is None
