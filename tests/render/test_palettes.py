"""Each game's boards and decision-in-view images (a turn post's image) map to the game's fixed palette
(render/palettes.py) and look as they do in full colour: mean error per channel within 1.5 over random positions
of every game; an image the palette cannot carry gets
a palette of its own, or full colour."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import render.common as common
from render import Focus, palettes, render_board, render_focus, renderer_for
from render.focus import draw_focus
from render.names import board_names
from rules import GAMES
from rules.playout import iter_playout, playout_rng

CAPTION = ["Player p2 moved", "Player p1 must choose the next move"]


def drawn_boards(key: str, seed: int, boards: int) -> list[tuple[Image.Image, bytes]]:
    """Random positions of a random game of `key`: each board in full colour and as posted (PNG bytes)."""
    engine = GAMES[key]
    rnd = random.Random(seed)
    n = rnd.randint(engine.min_players, min(engine.max_players, 5))
    seats = [f"p{i + 1}" for i in range(n)]
    steps = list(iter_playout(engine, engine.setup(seats, seed, None), playout_rng(seed)))
    module = __import__(renderer_for(key).__module__, fromlist=["to_png"])
    original, full = module.to_png, []

    def keep(img: Image.Image, *args, **kwargs) -> bytes:
        full.append(img.copy())
        return original(img, *args, **kwargs)

    module.to_png = keep
    try:
        posted = [render_board(engine.view(steps[rnd.randrange(len(steps))].after, None),
                               board_names({s: f"Player {s}" for s in seats}), CAPTION) for _ in range(boards)]
    finally:
        module.to_png = original
    return list(zip(full, posted))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_boards_use_the_games_fixed_palette_and_look_the_same(key):
    fixed = palettes.game_palette(key)
    assert fixed is not None, "every game ships a palette (python -m tools.palettes)"
    for seed in (11, 29):
        for img, png in drawn_boards(key, seed, 3):
            back = Image.open(io.BytesIO(png))
            assert back.mode == "P" and back.size == img.size
            assert back.getpalette()[:768] == fixed.getpalette()[:768]  # the game's palette, not one of its own
            diff = ImageStat.Stat(ImageChops.difference(back.convert("RGB"), img.convert("RGB")))
            assert max(diff.mean) <= common.PALETTE_MAX_ERROR  # every channel, over every pixel


@pytest.mark.parametrize("key", sorted(GAMES))
def test_decision_images_use_the_games_fixed_palette_and_look_the_same(key):
    engine = GAMES[key]
    seats = [f"p{i + 1}" for i in range(max(engine.min_players, 3))]
    names = board_names({s: f"Player {s}" for s in seats})
    steps = list(iter_playout(engine, engine.setup(seats, 17, None), playout_rng(17)))
    fixed = palettes.game_palette(key)
    for step in steps[:: max(1, len(steps) // 4)][:4]:
        to_act = engine.to_act(step.after)
        if not to_act:
            continue
        options = [m.id for m in engine.legal_moves(step.after, to_act[0])][:6]
        focus = Focus(lines=CAPTION, seat=to_act[0], options=options, heading="Options", after=["Full board"])
        view = engine.view(step.after, None)
        img = draw_focus(view, names, focus)
        back = Image.open(io.BytesIO(render_focus(view, names, focus)))
        assert back.mode == "P" and back.size == img.size
        assert back.getpalette()[:768] == fixed.getpalette()[:768]  # no palette of its own built
        diff = ImageStat.Stat(ImageChops.difference(back.convert("RGB"), img.convert("RGB")))
        assert max(diff.mean) <= common.PALETTE_MAX_ERROR


def test_the_sampled_check_tells_the_whole_images_error():
    img, _ = drawn_boards("flotilla", 5, 1)[0]
    wrong = img.quantize(palette=palettes.game_palette("eclipse"), dither=Image.Dither.NONE)
    whole = sum(ImageStat.Stat(ImageChops.difference(wrong.convert("RGB"), img)).mean) / 3
    assert whole > common.PALETTE_MAX_ERROR
    assert abs(common.palette_error(img, wrong) - whole) < 0.2


def test_a_board_the_fixed_palette_cannot_carry_gets_a_palette_of_its_own():
    img = Image.new("RGB", (400, 300), (250, 0, 250))  # colours no game's boards use
    d = ImageDraw.Draw(img)
    for k in range(10):
        d.rectangle([10 + 38 * k, 20, 40 + 38 * k, 280], fill=(0, 255 - 20 * k, 20 * k))
    fixed = palettes.game_palette("robinson")
    data = common.palette_png(img, fixed)
    assert data is not None
    back = Image.open(io.BytesIO(data))
    assert back.getpalette()[:768] != fixed.getpalette()[:768]
    assert ImageChops.difference(back.convert("RGB"), img).getbbox() is None  # 11 colours: exact


def test_only_a_board_drawn_for_a_game_uses_its_palette():
    assert palettes.current() is None
    with palettes.drawing("wayfinders"):
        assert palettes.current() is palettes.game_palette("wayfinders")
        with palettes.drawing(None):
            assert palettes.current() is None
    assert palettes.current() is None
    assert palettes.game_palette("no-such-game") is None
