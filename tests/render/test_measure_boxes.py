"""Texts carried by images (render.measure): a text's box follows its pixels through paste, crop and reduce,
while the box as drawn is worked out once per text and place and kept in a bounded cache."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render import focus_places, measure
from render.common import font


def test_a_box_follows_its_text_through_paste_crop_and_reduce():
    layer = Image.new("RGB", (200, 60), (255, 255, 255))
    ImageDraw.Draw(layer).text((12, 9), "Harbour 12", font=font(18), fill=(0, 0, 0))
    drawn_box = ImageDraw.Draw(Image.new("L", (1, 1))).textbbox((12, 9), "Harbour 12", font=font(18))
    page = Image.new("RGB", (600, 300), (255, 255, 255))
    page.paste(layer, (100, 40))
    (text,) = measure.texts(page)
    assert text.box == (drawn_box[0] + 100, drawn_box[1] + 40, drawn_box[2] + 100, drawn_box[3] + 40)
    (cut,) = measure.texts(page.crop((90, 30, 400, 200)))
    assert cut.box == (drawn_box[0] + 10, drawn_box[1] + 10, drawn_box[2] + 10, drawn_box[3] + 10)
    (small,) = measure.texts(page.reduce(2))
    assert small.box == tuple(v / 2 for v in text.box) and small.size == 9
    assert measure.visible(page.crop((400, 200, 600, 300))) == []


def test_the_same_text_at_the_same_place_is_measured_once():
    measure._drawn_box.cache_clear()
    for _ in range(3):
        img = Image.new("RGB", (200, 60))
        ImageDraw.Draw(img).text((5, 5), "Speakers", font=font(16), fill=(255, 255, 255))
        assert measure.texts(img)[0].box[2] > 5
    info = measure._drawn_box.cache_info()
    assert (info.misses, info.hits) == (1, 2)


def test_the_kept_boxes_and_words_are_bounded():
    assert measure._drawn_box.cache_info().maxsize == 8192
    assert focus_places._tokens.cache_info().maxsize == 4096


def test_moving_pixels_notes_once_and_keeps_the_texts_as_they_were_then():
    layer = Image.new("RGB", (400, 400))
    d = ImageDraw.Draw(layer)
    for k in range(40):
        d.text((5, 9 * k), f"row {k}", font=font(8), fill=(255, 255, 255))
    page = Image.new("RGB", (800, 800))
    page.paste(layer, (100, 0))
    corner = layer.crop((0, 0, 200, 200)).reduce(2)
    on_corner = [t.text for t in measure.visible(corner)]
    assert on_corner == [f"row {k}" for k in range(len(on_corner))] and 20 <= len(on_corner) < 40
    page.paste(corner, (500, 500))
    assert len(getattr(page, measure._ATTR)) == 2  # one note per paste, not one per text
    d.text((5, 380), "drawn after the paste", font=font(8), fill=(255, 255, 255))
    shown = measure.texts(page)
    assert [t.text for t in shown] == [f"row {k}" for k in range(40)] + on_corner  # what the crop cut is not pasted
    first, halved = shown[3], shown[43]
    assert (first.dx, first.dy, first.scale) == (100, 0, 1)
    assert (halved.dx, halved.dy, halved.scale) == (500, 500, 0.5) and halved.xy == (5.0, 27.0)
