"""Layers kept between boards: Wayfinders' player panels and grid cells (render/wayfinders_panels.py,
render/wayfinders_cells.py, bounded by count) and the
texts of pasted and cropped images (render/measure.py, worked out once per image and texts).  A board drawn
from kept parts is the board drawn afresh, pixel for pixel and text for text."""
from __future__ import annotations

from PIL import Image, ImageDraw

import render.wayfinders
from render import measure, wayfinders_cells, wayfinders_panels
from render.common import font
from render.wayfinders import draw
from rules import GAMES
from rules.playout import random_option
from rules.rng import Rng


def _views(n: int, seed: int = 3) -> list:
    engine = GAMES["wayfinders"]
    seats = ["ana", "ben", "cy"]
    state, rng, out = engine.setup(seats, seed), Rng.from_seed(seed), []
    for _ in range(n):
        out.append(engine.view(state, None))
        seat = engine.to_act(state)[0]
        engine.play(state, seat, random_option(engine, state, seat, rng))
    return out


def _seen(img: Image.Image) -> list:
    return sorted((d.text, d.box) for d in measure.texts(img))


def test_a_board_from_kept_panels_is_the_board_drawn_afresh():
    names = {"ana": "Ana", "ben": "Ben", "cy": "Cy"}
    views = _views(12)
    kept = wayfinders_panels.KEPT_PANELS
    kept.clear()
    warm = [draw(v, names, ["caption"]) for v in views]  # panels kept along the way
    assert kept.hits > 0  # a move leaves most panels as they were
    for v, img in zip(views, warm):
        kept.clear()
        fresh = draw(v, names, ["caption"])
        again = draw(v, names, ["caption"])  # every panel from the cache
        assert kept.hits == len(v.players)
        assert fresh.tobytes() == img.tobytes() == again.tobytes()
        assert _seen(fresh) == _seen(img) == _seen(again)


def test_a_changed_player_or_name_draws_a_new_panel_and_the_kept_ones_are_bounded():
    kept = wayfinders_panels.KEPT_PANELS
    kept.clear()
    (view,) = _views(1)
    draw(view, {"ana": "Ana"}, [])
    assert (kept.misses, kept.hits) == (3, 0)
    draw(view, {"ana": "Anabel"}, [])  # Ana's panel shows her name: drawn again; the others are kept
    assert (kept.misses, kept.hits) == (4, 2)
    draw(view, {"ana": "Ana"}, [], locale="es")  # every panel's words change
    assert kept.misses == 7
    for k in range(wayfinders_panels.PANELS_KEPT + 5):
        draw(view, {"ana": f"Ana {k}"}, [])
    assert len(kept) == wayfinders_panels.PANELS_KEPT


def test_a_board_from_kept_cells_is_the_board_with_its_cells_drawn_in_place(monkeypatch):
    names = {"ana": "Ana", "ben": "Ben", "cy": "Cy"}
    views = _views(40, seed=5)
    kept = wayfinders_cells.KEPT_CELLS
    kept.clear()
    from_kept = [draw(v, names, []) for v in views]
    assert kept.hits > kept.misses  # a move leaves most cells as they were
    assert any(c.planes for c in views[-1].cells) and any(c.slots for c in views[-1].cells)

    def in_place(img, static, ctx, lay, cell, index):
        wayfinders_cells.draw_cell(img, ctx, cell, *lay.cell_origin(index))

    monkeypatch.setattr(render.wayfinders, "paste_cell", in_place)
    for v, img in zip(views, from_kept):
        fresh = draw(v, names, [])
        assert fresh.tobytes() == img.tobytes()
        assert _seen(fresh) == _seen(img)


def test_kept_cells_are_bounded_and_a_changed_cell_is_drawn_again():
    kept = wayfinders_cells.KEPT_CELLS
    kept.clear()
    first, later = _views(30, seed=7)[0], _views(30, seed=7)[-1]
    draw(first, {}, [])
    assert (kept.misses, kept.hits) == (25, 0)
    draw(first, {}, [], locale="es")  # the tiles' words change
    assert kept.misses == 50
    draw(later, {}, [])
    assert 0 < kept.hits < 25 and kept.misses > 50  # the cells the moves changed, drawn again; the others kept
    for seed in range(8):
        for v in _views(10, seed=seed):
            draw(v, {}, [])
    assert len(kept) == wayfinders_cells.CELLS_KEPT


def _visible_slowly(img: Image.Image) -> list:
    return [t for t in measure.texts(img) if measure._on(t.box, img.size)]


def test_the_texts_on_a_crop_are_those_of_its_board_that_lie_on_it():
    sprite = Image.new("RGB", (60, 30), (255, 255, 255))
    ImageDraw.Draw(sprite).text((4, 4), "B", font=font(18), fill=(0, 0, 0))
    ImageDraw.Draw(sprite).text((50, 4), "cut off", font=font(18), fill=(0, 0, 0))  # partly off the sprite
    board = Image.new("RGB", (800, 400), (255, 255, 255))
    for k in range(10):
        board.paste(sprite, (70 * k, 40 * (k % 5)))
        ImageDraw.Draw(board).text((70 * k + 5, 300), f"cell {k}", font=font(16), fill=(0, 0, 0))
    boxes = [(0, 0, 800, 400), (100, 20, 420, 330), (500, 0, 800, 120), (0, 350, 800, 400)]
    for box in boxes:
        part = board.crop(box)
        assert measure.visible(part) == _visible_slowly(part)
        inner = part.crop((30, 10, 200, 300))  # a crop of a crop
        assert measure.visible(inner) == _visible_slowly(inner)
    assert [d.text for d in measure.visible(board.crop((0, 0, 60, 30)))] == ["B", "cut off"]
    assert measure.visible(board.crop((0, 350, 800, 400))) == []
    ImageDraw.Draw(board).text((700, 380), "late", font=font(16), fill=(0, 0, 0))  # texts added later are seen
    assert "late" in [d.text for d in measure.visible(board.crop((600, 300, 800, 400)))]


def test_a_crop_of_a_crop_sees_the_texts_of_the_first_board_on_it():
    board = Image.new("RGB", (500, 300), (255, 255, 255))
    for k in range(8):
        ImageDraw.Draw(board).text((60 * k + 3, 30 * k + 2), f"t{k}", font=font(16), fill=(0, 0, 0))
    band = board.crop((50, 40, 450, 260))
    for box in [(0, 0, 400, 220), (20, 30, 150, 120), (300, 150, 400, 220)]:
        part = band.crop(box)
        assert measure.visible(part) == _visible_slowly(part)
        assert measure.visible(part.crop((5, 5, 60, 60))) == _visible_slowly(part.crop((5, 5, 60, 60)))
