"""render/charts.py, render/replay.py and the Wayfinders tile texts in Spanish."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from render.charts import nice_step, score_chart
from render.replay import encode_gif, sample_indices
from render.wayfinders_islands import EFFECT_TEXTS, effect_text


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img


def test_nice_steps():
    assert nice_step(0) == 1
    assert nice_step(40) in (5, 10)
    assert nice_step(300, 8) == 50


def test_chart_handles_flat_negative_and_single_point_series():
    png = score_chart({"p1": [0, -3, 2], "p2": [0, 0, 0], "p3": [5]}, ["p1", "p2", "p3"], {"p1": "ana"},
                      title="T", x_label="x", y_label="y")
    img = decode(png)
    assert img.format == "PNG" and img.size == (1100, 620)
    with pytest.raises(ValueError):
        score_chart({}, ["p1"], {}, title="T", x_label="x", y_label="y")


def test_gif_shrinks_to_fit_its_byte_limit():
    frames = [Image.effect_noise((800, 600), 60 + k).convert("RGB") for k in range(3)]
    big = encode_gif(frames)
    small = encode_gif(frames, max_bytes=len(big) // 2)
    assert len(small) <= len(big) // 2 and decode(small).width < decode(big).width
    with pytest.raises(ValueError):
        encode_gif(frames, max_bytes=100)


def test_unchanged_pixels_are_not_stored_again():
    base = Image.new("RGB", (400, 300), (200, 30, 30))
    moved = base.copy()
    moved.paste((10, 10, 200), (10, 10, 30, 30))
    gif = decode(encode_gif([base, moved, moved.copy()]))
    gif.seek(1)
    assert gif.convert("RGB").getpixel((15, 15)) == (10, 10, 200)
    assert gif.convert("RGB").getpixel((300, 200)) == (200, 30, 30)


def test_sample_a_long_game():
    assert len(sample_indices(1001, 40)) == 40


def test_tile_texts_in_both_languages():
    assert set(EFFECT_TEXTS["en"]) == set(EFFECT_TEXTS["es"])
    assert effect_text("draw", "R", 2, None) == "draw 2"
    assert effect_text("draw", "R", 2, None, "es") == "roba 2"
    assert effect_text("wildcard", "Y", None, None, "es-ES") == "comodín Y"
    assert effect_text("per_row", None, None, 3, "es") == "3/fila"
    assert effect_text(None, None, None, None, "es") == ""


def test_replay_keeps_one_full_size_board_at_a_time(monkeypatch):
    """Each board is scaled and quantised as soon as it is drawn, so a long replay never holds all
    its full-size frames at once (the final board, drawn first for the palette, is the only one kept)."""
    import gc
    import weakref

    from render import replay

    alive: set[int] = set()
    most = 0

    def fake_board(view, names, caption, locale):
        nonlocal most
        gc.collect()
        img = Image.new("RGB", (1400, 1000), (view * 20 % 255, 40, 90))
        img.paste((250, 250, 250), (view * 10, 10, view * 10 + 50, 60))
        alive.add(id(img))
        weakref.finalize(img, alive.discard, id(img))
        most = max(most, len(alive))
        return img

    monkeypatch.setattr(replay, "board_image", fake_board)
    data = replay.replay_gif([(k, ["x"]) for k in range(12)], {}, "en")
    gif = decode(data)
    assert gif.n_frames == 12 and gif.width == replay.FRAME_WIDTH
    assert most <= 3  # the final board, the one being drawn, and at most one not yet collected

