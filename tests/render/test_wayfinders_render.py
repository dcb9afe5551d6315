"""Wayfinders board image (render/wayfinders.py) from hand-built views."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from render import RENDERERS, register, render_board, renderer_for
from render.common import player_style
from render.wayfinders import ACT_BG, AMBER, PANEL_BG, draw, layout_for
from render.wayfinders_islands import face_down_tile

from .views import CellView, face_down, island_cell, mid_game

NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Chiara", "p4": "Dmitri"}
CAPTION = ["Bob returned his workers, flew C2 → B2 and built on B2.", "Chiara: place a worker or return."]


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


def close(a, b, tol=12) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def test_registered_and_dispatched_by_game_key():
    """Found by its game key on first use (render/__init__.py), whatever ran before."""
    import render.wayfinders as module
    assert renderer_for("wayfinders") is module.render
    assert RENDERERS["wayfinders"] is module.render
    view = mid_game(4)
    data = render_board(view, NAMES, CAPTION)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"

    class Other:
        game = "nope"

    with pytest.raises(ValueError):
        render_board(Other(), {})
    register("fake", lambda view, names, caption, locale="en": b"x")
    try:
        assert render_board(type("V", (), {"game": "fake"})(), {}) == b"x"
    finally:
        RENDERERS.pop("fake")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_png_decodes_with_phone_friendly_size_under_1mb(players):
    data = render_board(mid_game(players), NAMES, CAPTION)
    assert len(data) < 1_000_000
    img = decode(data)
    assert 1100 <= img.width <= 1400
    assert 1000 <= img.height <= 1600


def test_slot_holds_its_players_colour():
    view = mid_game(4)
    lay = layout_for(view, CAPTION)
    img = decode(render_board(view, NAMES, CAPTION))
    blue, orange = player_style(0).rgb, player_style(1).rgb
    # A1: slot 1 is p1 (seat index 0)
    assert close(img.getpixel(tuple(map(round, lay.slot_center("A1", 1)))), blue)
    # B2: p1, p3, p2, p4 in slot order
    for slot, seat in enumerate(["p1", "p3", "p2", "p4"], start=1):
        idx = view.seats.index(seat)
        assert close(img.getpixel(tuple(map(round, lay.slot_center("B2", slot)))), player_style(idx).rgb)
    # C2 holds only p2: slot 1 orange, slot 2 empty (no player colour)
    assert close(img.getpixel(tuple(map(round, lay.slot_center("C2", 1)))), orange)
    empty = img.getpixel(tuple(map(round, lay.slot_center("C2", 2))))
    assert all(not close(empty, player_style(i).rgb, 40) for i in range(4))


def test_home_slots_show_turn_order():
    view = mid_game(4)
    lay = layout_for(view, None)
    img = draw(view, NAMES)
    order = [p.seat for p in view.players]
    for slot, seat in enumerate(order, start=1):
        px = img.getpixel(tuple(map(round, lay.slot_center("C3", slot))))
        assert close(px, player_style(view.seats.index(seat)).rgb)


def test_different_seats_get_different_colour_and_shape():
    view = mid_game(4)
    styles = [player_style(i) for i in range(len(view.seats))]
    assert len({(s.rgb, s.shape) for s in styles}) == 4
    assert len({s.rgb for s in styles}) == 4 and len({s.shape for s in styles}) == 4


def test_face_down_cell_draws_nothing_of_its_island():
    view = mid_game(4, exploration=True)
    assert any(not c.face_up and c.island is None for c in view.cells)
    lay = layout_for(view)
    plain = draw(view, NAMES)
    # even a view that wrongly carried the hidden island must not show it
    leaky = view.model_copy(deep=True)
    i = next(k for k, c in enumerate(leaky.cells) if c.cell == "A1")
    leaky.cells[i] = CellView(cell="A1", face_up=False, island="res09", back="red", colour="R",
                              cost="BGVY", vp=5, effect="draw", n=3)
    leaked = draw(leaky, NAMES)
    box = lay.cell_box("A1")
    assert plain.crop(box).tobytes() == leaked.crop(box).tobytes()
    # and it is the generic back, identical on every face-down cell
    other = lay.cell_box("E5")
    assert plain.crop(box).tobytes() == plain.crop(other).tobytes()
    # while a face-up island at A1 looks different
    shown = view.model_copy(deep=True)
    shown.cells[i] = island_cell("A1", "res09")
    assert draw(shown, NAMES).crop(box).tobytes() != plain.crop(box).tobytes()
    assert face_down_tile().size == (box[2] - box[0], box[3] - box[1])


def test_short_hangar_leaves_an_empty_place():
    view = mid_game(4)
    assert view.hangars[2] == ["B", "G"] and view.hangars[6] == ["Y"]
    lay = layout_for(view)
    img = draw(view, NAMES)
    assert img.getpixel(tuple(map(round, lay.hangar_token_center(3, 0)))) != (255, 255, 255)
    assert img.getpixel(tuple(map(round, lay.hangar_token_center(3, 1)))) != (255, 255, 255)
    assert img.getpixel(tuple(map(round, lay.hangar_token_center(3, 2)))) == (255, 255, 255)
    assert img.getpixel(tuple(map(round, lay.hangar_token_center(7, 1)))) == (255, 255, 255)
    assert img.getpixel(tuple(map(round, lay.hangar_token_center(7, 0)))) != (255, 255, 255)


def test_unused_hangars_are_greyed():
    view = mid_game(2)
    lay = layout_for(view)
    img = draw(view, NAMES)
    for hangar in (5, 8):
        x0, y0, x1, y1 = lay.hangar_box(hangar - 1)
        assert img.getpixel((x0 + 20, y1 - 20)) == (214, 212, 206)
    x0, y0, x1, y1 = lay.hangar_box(3)
    assert img.getpixel((x0 + 20, y1 - 12)) == (255, 255, 255)


def test_acting_seat_panel_is_highlighted():
    view = mid_game(4)
    lay = layout_for(view)
    img = draw(view, NAMES)
    for k, p in enumerate(view.players):
        x0, y0, x1, y1 = lay.panel_box(k)
        bg = img.getpixel((x1 - 12, y1 - 8))
        assert bg == (ACT_BG if p.seat in view.to_act else PANEL_BG), p.seat
        # the colour strip at the left edge is the seat's colour
        assert img.getpixel((x0 + 9, (y0 + y1) // 2)) == player_style(view.seats.index(p.seat)).rgb


def test_final_round_and_game_over_banner():
    view = mid_game(3)
    plain = draw(view, NAMES)
    final = view.model_copy(update={"final_round": True})
    img = draw(final, NAMES)
    lay = layout_for(final)
    assert img.height == plain.height + lay.banner_h > plain.height
    assert img.getpixel((5, lay.title_h + lay.banner_h // 2)) == AMBER
    over = view.model_copy(update={"phase": "over", "to_act": []})
    img = draw(over, NAMES)
    assert img.getpixel((5, lay.title_h + lay.banner_h // 2)) != AMBER
    assert img.height == plain.height + lay.banner_h


def test_caption_is_bounded_and_names_may_be_missing():
    view = mid_game(4)
    short = draw(view, {}, ["one line"])
    long = draw(view, {}, ["a long line that wraps " * 30] * 10)
    none = draw(view, {})
    assert none.height < short.height < long.height <= none.height + 6 * 28 + 14


def test_flown_path_is_marked():
    view = mid_game(4)
    lay = layout_for(view)
    x0, y0, x1, y1 = lay.cell_box("B2")
    with_path = draw(view, NAMES)
    without = draw(view.model_copy(update={"flown": []}), NAMES)
    ring = (x0 - 4, y0 - 4, x1 + 4, y1 + 4)
    assert with_path.crop(ring).tobytes() != without.crop(ring).tobytes()
    far = lay.cell_box("E5")
    assert with_path.crop(far).tobytes() == without.crop(far).tobytes()


def test_planes_are_drawn_in_player_colour():
    view = mid_game(4)
    lay = layout_for(view)
    with_planes = draw(view, NAMES)
    no_planes = view.model_copy(deep=True)
    for c in no_planes.cells:
        c.planes = []
    without = draw(no_planes, NAMES)
    box = lay.cell_box("D3")  # planes of p4 (purple) and p2 (orange); p2 has no airstrip there

    def count(img, rgb):
        return sum(n for n, px in img.crop(box).getcolors(100000) if close(px, rgb, 10))

    orange, purple = player_style(1).rgb, player_style(3).rgb
    assert count(with_planes, orange) >= 30 and count(without, orange) == 0
    assert count(with_planes, purple) > count(without, purple) + 30


def test_spanish_labels_and_all_effects_render():
    from .views import ISLANDS

    view = mid_game(4)
    cells = list(view.cells)
    ids = iter(sorted(ISLANDS))
    pages = []
    while True:  # every island id on some board, in both languages
        batch = []
        for k, c in enumerate(cells):
            if c.home:
                batch.append(c)
                continue
            nxt = next(ids, None)
            batch.append(island_cell(c.cell, nxt) if nxt else face_down(c.cell))
        pages.append(view.model_copy(update={"cells": batch}))
        if nxt is None:
            break
    assert len(pages) == 2
    for page in pages:
        for locale in ("en", "es"):
            assert decode(render_board(page, NAMES, CAPTION, locale=locale)).width == 1360
