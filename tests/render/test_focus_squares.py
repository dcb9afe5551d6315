"""A square of a grid named by an option ("Fly to B3") is found on the board where its tile draws it, and a
square named both on its tile and in a sentence ("plane at C3" in a player's panel) is found on its tile."""
from __future__ import annotations

import importlib

from PIL import Image, ImageDraw

from render import measure
from render.common import font
from render.focus import Focus, compose
from render.focus_places import anchors
from render.names import board_names
from rules import GAMES
from tools.legibility_bench import NAMES


def test_a_square_is_found_on_its_tile_not_in_a_sentence_naming_it():
    board = Image.new("RGB", (1200, 700), (240, 240, 240))
    d = ImageDraw.Draw(board)
    for k, name in enumerate(("B3", "C3", "D3")):
        d.rectangle([40 + 170 * k, 300, 200 + 170 * k, 460], outline=(0, 0, 0), width=2)
        d.text((150 + 170 * k, 320), name, font=font(15, True), fill=(0, 0, 0))
    d.text((800, 320), "2nd to play · plane at C3", font=font(18), fill=(0, 0, 0))
    found = anchors(board, ["Fly to C3 (home island, free: home island)", "Fly to B3 (desert island, pay 1 tire)"])
    assert sorted((i, drawn.text) for i, drawn in found) == [(0, "C3"), (1, "B3")]
    img = compose(board, {}, Focus(options=["Fly to C3 (home island)", "Fly to B3 (desert island)"]))
    drawn = [t.text for t in measure.visible(img)]
    assert "B3" in drawn and "C3" in drawn and "2nd to play · plane at C3" not in drawn


def test_every_wayfinders_square_is_drawn_on_its_tile():
    engine = GAMES["wayfinders"]
    state = engine.setup(["p1", "p2"], 1)
    board = importlib.import_module("render.wayfinders").draw(engine.view(state, None), board_names(NAMES), [])
    texts = {t.text for t in measure.visible(board)}
    assert {c + r for c in "ABCDE" for r in "12345"} <= texts
    assert measure.smallest(board) > 0


def test_a_badge_goes_after_its_place_when_before_it_would_cover_another_text():
    board = Image.new("RGB", (1200, 500), (240, 240, 240))
    d = ImageDraw.Draw(board)
    d.text((200, 200), "HOME", font=font(18, True), fill=(0, 0, 0))
    d.text((262, 202), "C3", font=font(15, True), fill=(0, 0, 0))
    d.text((420, 202), "D3", font=font(15, True), fill=(0, 0, 0))
    img = compose(board, {}, Focus(options=["Fly to C3 (home island)", "Fly to D3 (desert island)"]))
    shown = measure.visible(img)
    home = next(t.box for t in shown if t.text == "HOME")
    c3 = next(t.box for t in shown if t.text == "C3")
    badge = next(t.box for t in shown if t.text == "1" and abs(t.box[1] - c3[1]) < 12)
    assert badge[0] > c3[2]  # after "C3": "HOME" stays whole
    d3 = next(t.box for t in shown if t.text == "D3")
    two = next(t.box for t in shown if t.text == "2" and abs(t.box[1] - d3[1]) < 12)
    assert two[2] < d3[0]  # before its place where nothing is in the way
    assert home[2] < c3[0]
