"""A text too wide for the image, drawn again wrapped by a fold (render/fold.py `_rewrapped`), is drawn once while
kept: folding the same band again gives the same pixels and the same texts, from the kept image; a different
text is drawn anew; what a fold hands out is a copy, so drawing on it leaves the kept one as it was."""
from __future__ import annotations

from PIL import Image, ImageChops, ImageDraw

from render import focus_kept, measure
from render.common import font
from render.fold import KEPT_REWRAPPED, REWRAPPED_KEPT, fold

WIDTH = 600


def _band(text: str) -> Image.Image:
    band = Image.new("RGB", (1400, 30), (250, 246, 236))
    ImageDraw.Draw(band).text((10, 5), text, font=font(16), fill=(20, 20, 20))
    return band


def _line(n: int) -> str:
    return "  ·  ".join(f"{n}¢ {k} VP toxicity {k + n} hand {k}" for k in range(6))


def test_the_same_wide_text_is_drawn_once_and_folds_the_same() -> None:
    focus_kept.forget()
    band = _band(_line(4))
    first = fold(band, (0, 0, band.width, band.height), WIDTH)
    drawn = KEPT_REWRAPPED.misses
    assert drawn >= 1 and KEPT_REWRAPPED.hits == 0  # the line is wider than the image: drawn again, wrapped
    again = fold(_band(_line(4)), (0, 0, band.width, band.height), WIDTH)
    assert KEPT_REWRAPPED.misses == drawn and KEPT_REWRAPPED.hits >= 1
    assert again.size == first.size and ImageChops.difference(again, first).getbbox() is None
    assert [(d.text, d.box) for d in measure.visible(again)] == [(d.text, d.box) for d in measure.visible(first)]
    assert any("VP" in d.text for d in measure.visible(again))
    other = fold(_band(_line(5)), (0, 0, band.width, band.height), WIDTH)
    assert KEPT_REWRAPPED.misses > drawn  # another text: drawn anew
    assert any(d.text.startswith("5¢") for d in measure.visible(other))


def test_a_kept_wrap_is_handed_out_as_a_copy() -> None:
    focus_kept.forget()
    band = _band(_line(7))
    first = fold(band, (0, 0, band.width, band.height), WIDTH)
    ImageDraw.Draw(first).rectangle((0, 0, first.width, first.height), fill=(255, 0, 0))
    again = fold(_band(_line(7)), (0, 0, band.width, band.height), WIDTH)
    assert KEPT_REWRAPPED.hits >= 1
    assert again.getpixel((again.width // 2, again.height // 2)) != (255, 0, 0)
    assert (255, 0, 0) not in [c for _, c in again.getcolors(1 << 16) or []]


def test_the_kept_wraps_are_bounded() -> None:
    assert KEPT_REWRAPPED.size == REWRAPPED_KEPT <= 32
