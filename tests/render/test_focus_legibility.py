"""The decision in view reads on a phone: measured through the drawing layer (render.measure).

Every text a renderer draws is noted on its image and follows the pixels (pastes, crops, supersampled sprites
reduced); the focus view's smallest text height divided by its width must be at least 2.25 % (9 px when
Discord shows it 400 px wide) for random positions of all four games, in both languages; so must a player's
own view ("My view"), which shows their area and what only they see first.  The windows of the board hold every
place the image numbers, and a row wider than the image is folded, nothing cut."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import measure
from render.common import font
from render.focus import WIDTH, Focus, compose
from render.focus_places import cover
from render.fold import fold
from rules import GAMES
from tools.legibility_bench import decision_image, positions, private_image


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("game", list(GAMES))
def test_decision_images_read_at_phone_size(game, locale):
    seen = 0
    for seed, k, engine, state, to_act in positions(game, [2], 5):
        img = decision_image(engine, state, to_act, locale)
        assert img.width == WIDTH
        texts = measure.visible(img)
        assert len(texts) > 3, (seed, k)  # the measure saw the image's texts
        small = sorted({(t.text, t.size) for t in texts if t.size < measure.MIN_RATIO * img.width})
        assert not small, (seed, k, small[:5])
        assert measure.smallest(img) >= measure.MIN_RATIO
        seen += 1
    assert seen == 5


def test_the_measure_sees_a_small_text_and_follows_pixels():
    """The check can fail: a 12 px text on a 600 px image is 2 %; a text drawn on a 4x sprite that is reduced
    and pasted is measured at its final size and place."""
    img = Image.new("RGB", (600, 200))
    ImageDraw.Draw(img).text((10, 10), "tiny", font=font(12))
    assert measure.smallest(img) == pytest.approx(12 / 600)
    assert measure.smallest(img) < measure.MIN_RATIO
    sprite = Image.new("RGBA", (400, 200))
    ImageDraw.Draw(sprite).text((40, 40), "big", font=font(64))
    page = Image.new("RGB", (300, 300))
    page.paste(sprite.reduce(4).convert("RGBA"), (100, 50))
    [drawn] = measure.texts(page)
    assert drawn.size == 16
    x0, y0, _, _ = drawn.box
    assert 100 + 10 <= x0 < 100 + 10 + 4 and 50 + 10 <= y0 < 50 + 30
    assert measure.texts(page.crop((100, 50, 200, 100)))[0].box[0] == pytest.approx(x0 - 100)


def test_the_options_are_marked_where_the_board_names_them():
    """A board text an option names (a coordinate) is inside the window the focus view shows, and the option's
    number is drawn beside it; the options follow, numbered, as their buttons name them."""
    board = Image.new("RGB", (1400, 1000), (0, 0, 0))
    d = ImageDraw.Draw(board)
    for i in range(10):
        d.text((100 * i + 20, 900), f"{i},-{i}", font=font(14), fill=(255, 255, 255))
    d.text((40, 120), "Alice", font=font(16, True), fill=(255, 255, 255))
    options = ["Place at 8,-8", "Place at 9,-9", "Pass"]
    img = compose(board, {"p1": "Alice"}, Focus(lines=["Alice: place a tile."], seat="p1", options=options,
                                                heading="3 options"))
    drawn = [t.text for t in measure.visible(img)]
    assert "8,-8" in drawn and "9,-9" in drawn and "0,0" not in drawn
    assert "Alice" in drawn  # her area, found by her name
    assert drawn.count("1") == 2 and drawn.count("2") == 2 and drawn.count("3") == 1  # badges: board and list
    assert all(label in drawn for label in options)
    assert measure.smallest(img) >= measure.MIN_RATIO


def _cut(img: Image.Image) -> list[tuple[str, tuple[float, ...]]]:
    return [(t.text, t.box) for t in measure.visible(img) if t.box[0] < 0 or t.box[2] > img.width
            or t.box[1] < 0 or t.box[3] > img.height]


def _labels(engine, state, seat) -> set[str]:
    from host.boards import option_texts
    from render.names import board_names
    from tools.legibility_bench import NAMES

    moves = engine.legal_moves(state, seat) if seat in engine.to_act(state) else []
    return set(option_texts(engine, state, seat, moves, board_names(NAMES), "en")) | set(
        option_texts(engine, state, seat, moves, board_names(NAMES), "es"))


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("game", list(GAMES))
def test_my_view_reads_at_phone_size_and_leads_with_what_only_i_see(game, locale):
    import importlib

    from render.focus_places import private_bands
    from render.names import board_names
    from tools.legibility_bench import NAMES

    seen = hidden = 0
    for seed, k, engine, state, to_act in positions(game, [2], 4):
        seat = to_act[0]
        img = private_image(engine, state, seat, locale)
        assert img.width == WIDTH
        texts = [t.text for t in measure.visible(img)]
        small = sorted({(t.text, t.size) for t in measure.visible(img) if t.size < measure.MIN_RATIO * img.width})
        assert not small, (seed, k, small[:5])
        assert measure.smallest(img) >= measure.MIN_RATIO
        draw = importlib.import_module(f"render.{game}").draw
        names = board_names(NAMES)
        mine = draw(engine.view(state, seat), names, [], locale=locale)
        bands = private_bands(mine, draw(engine.view(state, None), names, [], locale=locale))
        only_mine = [d.text for d in measure.visible(mine) if any(b[1] <= d.box[1] < b[3] for b in bands)]
        if only_mine:  # what only this player sees (a hand) is in their view, above the options
            hidden += 1
            shown = [t for t in measure.visible(img) if t.text in only_mine]
            assert shown, (seed, k, only_mine[:3])
            listed = [t.box[1] for t in measure.visible(img) if t.box[0] > 40 and t.text in _labels(engine, state, seat)]
            assert min(t.box[1] for t in shown) < min(listed, default=img.height)  # own things first
        seen += 1
    assert seen == 4
    if game == "flotilla":
        assert hidden  # a Flotilla hand is private


@pytest.mark.parametrize("game", ["flotilla"])
def test_flotilla_rows_are_folded_not_cut(game):
    """A player's row of a 1,400 px board, at 600 px: no text drawn beyond the image's edges."""
    for seed, k, engine, state, to_act in positions(game, [1, 2], 4):
        for img in (decision_image(engine, state, to_act, "en"), private_image(engine, state, to_act[0], "es")):
            assert not _cut(img), (seed, k, _cut(img)[:3])


def test_a_wide_band_folds_into_rows_keeping_every_text():
    board = Image.new("RGB", (1400, 120), (250, 245, 230))
    d = ImageDraw.Draw(board)
    d.text((20, 10), "Chiara", font=font(20, True), fill=(0, 0, 0))
    d.text((200, 12), "4¢ · 0 VP · toxicity 0 (penalty space 0) · hand 6 · topside – (0 in discard) · more words",
           font=font(16), fill=(0, 0, 0))
    for i in range(8):
        d.rectangle([900 + 50 * i, 60, 940 + 50 * i, 100], outline=(0, 0, 0))
        d.text((910 + 50 * i, 70), f"{i}", font=font(16), fill=(0, 0, 0))
    d.text((200, 70), "skiffs 1 (+3 on board), cargo 0", font=font(16), fill=(0, 0, 0))
    folded = fold(board, (0, 0, 1400, 120), WIDTH)
    assert folded.width <= WIDTH and folded.height > 120
    assert not _cut(folded)
    drawn = " ".join(t.text for t in measure.visible(folded))
    for word in ("Chiara", "toxicity", "discard", "words", "skiffs", "7"):
        assert word in drawn
    assert measure.smallest(folded) == pytest.approx(16 / folded.width)


def test_the_windows_hold_every_place_the_image_numbers():
    """Places far apart (Eclipse's Explore positions on both sides of the map) each get a window; beyond three
    windows the image says which numbered options it could not show."""
    board = Image.new("RGB", (1400, 1400), (0, 0, 0))
    d = ImageDraw.Draw(board)
    spots = [(30, 40), (1300, 60), (700, 700), (40, 1300), (1250, 1300)]
    for i, (x, y) in enumerate(spots):
        d.text((x, y), f"{i},{-i}", font=font(14), fill=(255, 255, 255))
    places = [t.box for t in measure.texts(board)]
    boxes = cover(board, places[:3], WIDTH)
    assert len(boxes) == 3
    assert all(any(b[0] <= p[0] and p[2] <= b[2] and b[1] <= p[1] and p[3] <= b[3] for b in boxes)
               for p in places[:3])
    options = [f"Explore {x}" for x in ("0,0", "1,-1", "2,-2", "3,-3", "4,-4")]
    img = compose(board, {}, Focus(options=options, outside=("Option {numbers} is outside.",
                                                              "Options {numbers} are outside.")))
    drawn = [t.text for t in measure.visible(img)]
    assert sum(1 for x in ("0,0", "1,-1", "2,-2", "3,-3", "4,-4") if x in drawn) == 3
    assert any(t in drawn for t in ("Options 4, 5 are outside.", "Option 4 is outside.", "Option 5 is outside."))
    few = compose(board, {}, Focus(options=options[:2], outside=("Option {numbers} is outside.", "x")))
    assert not any("outside" in t.text for t in measure.visible(few))


@pytest.mark.parametrize("game", list(GAMES))
def test_real_decisions_show_every_numbered_place(game):
    from render.focus import OPTIONS_SHOWN
    from render.focus_places import anchors
    from tools.legibility_bench import CAPTION, NAMES
    from host.boards import decision_focus
    from render.names import board_names
    import importlib

    names = board_names(NAMES)
    for seed, k, engine, state, to_act in positions(game, [1, 2], 6):
        focus = decision_focus(engine, state, to_act, CAPTION, names, "en")
        board = importlib.import_module(f"render.{game}").draw(engine.view(state, None), names, [], locale="en")
        places = [d.box for i, d in anchors(board, focus.options) if i < OPTIONS_SHOWN]
        boxes = cover(board, places, WIDTH)
        held = [p for p in places if any(b[0] <= p[0] and p[2] <= b[2] and b[1] <= p[1] and p[3] <= b[3]
                                         for b in boxes)]
        assert len(held) == len(places), (seed, k, len(places) - len(held))


def test_an_option_is_marked_where_the_board_says_most_of_it():
    """Every drawing of a drawn hex says "101"; the option "turned 120°" is marked at the caption that says
    "101 · turned 120°", not at every "101"."""
    from render.focus_places import anchors

    board = Image.new("RGB", (1200, 600), (0, 0, 0))
    d = ImageDraw.Draw(board)
    for k, angle in enumerate((60, 120, 180)):
        d.text((100 + 300 * k, 100), "101", font=font(16, True), fill=(255, 255, 255))
        d.text((100 + 300 * k, 200), f"101 · turned {angle}°", font=font(14), fill=(255, 255, 255))
    found = anchors(board, ["Place 101, turned 60°", "Place 101, turned 120°", "Discard it"])
    assert sorted((i, t.text) for i, t in found) == [(0, "101 · turned 60°"), (1, "101 · turned 120°")]


def test_a_title_is_found_by_its_spanish_plural_too():
    """"Hangares" titles the hangars an option "hangar 1" names, as "Hangars" does in English; "Oradores" the
    guild of "Jugar Orador"."""
    from render.focus_places import anchors

    board = Image.new("RGB", (1200, 400), (0, 0, 0))
    d = ImageDraw.Draw(board)
    d.text((40, 40), "Hangares — las fichas se toman desde arriba", font=font(20, True), fill=(255, 255, 255))
    d.text((40, 200), "Oradores", font=font(20, True), fill=(255, 255, 255))
    found = anchors(board, ["Colocar un trabajador en el hangar 1", "Jugar Orador (Navegar 1)"])
    assert sorted((i, t.text.split()[0]) for i, t in found) == [(0, "Hangares"), (1, "Oradores")]
