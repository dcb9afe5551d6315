"""The decision in view reads on a phone: measured through the drawing layer (render.measure).

Every text a renderer draws is noted on its image and follows the pixels (pastes, crops, supersampled sprites
reduced); the focus view's smallest text height divided by its width must be at least 2.25 % (9 px when
Discord shows it 400 px wide) for random positions of all four games, in both languages."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render import measure
from render.common import font
from render.focus import WIDTH, Focus, compose
from rules import GAMES
from tools.legibility_bench import decision_image, positions


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("game", list(GAMES))
def test_decision_images_read_at_phone_size(game, locale):
    seen = 0
    for seed, k, engine, state, to_act in positions(game, [2], 5):
        img = decision_image(engine, state, to_act, locale)
        assert img.width == WIDTH
        texts = measure.visible(img)
        assert len(texts) > 5, (seed, k)  # the measure saw the image's texts
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
