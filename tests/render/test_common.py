"""Shared drawing helpers (render/common.py)."""
from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw

from render import common
from render.common import (
    PLAYER_STYLES,
    SHAPES,
    contrast,
    draw_marker,
    ellipsize,
    fit_font,
    font,
    marker_sprite,
    player_style,
    seat_styles,
    text_on,
    to_png,
    wrap_text,
)

FONT_DIR = Path(common.__file__).parent / "fonts"


def test_fonts_come_from_the_shipped_folder_and_are_cached():
    regular, bold = font(20), font(20, True)
    assert Path(regular.path).resolve() == (FONT_DIR / "DejaVuSans.ttf").resolve()
    assert Path(bold.path).resolve() == (FONT_DIR / "DejaVuSans-Bold.ttf").resolve()
    assert font(20) is regular and font(20, True) is bold
    assert font(30).size == 30


def test_palette_is_okabe_ito_with_a_distinct_shape_each():
    assert len(PLAYER_STYLES) >= 6
    assert player_style(0).rgb == (0x00, 0x72, 0xB2) and player_style(0).shape == "circle"
    assert player_style(1).rgb == (0xE6, 0x9F, 0x00) and player_style(1).shape == "square"
    styles = [player_style(i) for i in range(6)]
    assert len({s.rgb for s in styles}) == 6
    assert len({s.shape for s in styles}) == 6
    assert {s.shape for s in styles} <= set(SHAPES)
    with pytest.raises(IndexError):
        player_style(-1)


def test_seat_styles_follow_seat_order():
    styles = seat_styles(["x", "y", "z"])
    assert [styles[s].index for s in "xyz"] == [0, 1, 2]


def test_text_on_picks_the_readable_ink():
    assert text_on((0, 0x72, 0xB2)) == common.WHITE
    assert text_on((0xE6, 0x9F, 0x00)) == common.INK
    for style in PLAYER_STYLES:
        assert contrast(style.rgb, style.text_rgb) >= 4.0


@pytest.mark.parametrize("index", range(6))
def test_draw_marker_fills_its_shape_and_leaves_the_corners(index):
    style = player_style(index)
    img = Image.new("RGB", (60, 60), (255, 255, 255))
    draw_marker(ImageDraw.Draw(img), (30, 30), 40, style)
    assert img.getpixel((30, 32)) == style.rgb
    assert img.getpixel((1, 1)) == (255, 255, 255)  # outside the shape
    if style.shape != "square":  # the bounding box corner is not part of the shape
        assert img.getpixel((12, 12)) != style.rgb
    # an outline is drawn in dark ink somewhere
    assert any(sum(px[1]) < 120 for px in img.getcolors(4000))


def test_marker_sprite_is_anti_aliased_and_transparent_outside():
    sprite = marker_sprite(0, 24)
    assert sprite.size == (24, 24) and sprite.mode == "RGBA"
    assert sprite.getpixel((12, 12))[:3] == player_style(0).rgb
    assert sprite.getpixel((0, 0))[3] == 0
    alphas = {sprite.getpixel((x, x))[3] for x in range(12)}  # along the diagonal
    assert any(0 < a < 255 for a in alphas)  # soft edge
    assert marker_sprite(0, 24) is sprite  # cached


def test_wrap_text_keeps_words_and_width():
    f = font(20)
    text = "Bob returned his workers and flew over three islands before building an airstrip"
    lines = wrap_text(text, f, 200)
    assert len(lines) > 1
    assert all(f.getlength(line) <= 200 for line in lines)
    assert " ".join(lines) == text


def test_ellipsize_and_fit_font():
    f = font(20)
    cut = ellipsize("a very long player name indeed", f, 100)
    assert cut.endswith("…") and f.getlength(cut) <= 100
    assert ellipsize("short", f, 100) == "short"
    assert fit_font("hi", 100, (24, 18)).size == 24
    assert fit_font("a much longer label", 100, (24, 18, 12)).size < 24


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
@pytest.mark.parametrize("parts", [1, 2, 3])
def test_to_png_round_trips_exactly(mode, parts):
    rnd = random.Random(7)
    img = Image.new(mode, (97, 61), (10, 20, 30, 255)[: len(mode)])
    d = ImageDraw.Draw(img)
    for _ in range(40):
        x, y = rnd.randrange(90), rnd.randrange(55)
        d.rectangle([x, y, x + 7, y + 5], fill=tuple(rnd.randrange(256) for _ in mode))
    data = to_png(img, parts=parts, palette=False)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    back = Image.open(io.BytesIO(data))
    back.load()
    assert back.mode == mode and back.size == img.size
    assert back.tobytes() == img.tobytes()


def test_boards_go_out_as_palette_pngs_that_look_the_same():
    """A drawn board (flat colours, anti-aliased text) is posted as a 256-colour PNG, much smaller."""
    img = Image.new("RGB", (600, 400), (236, 232, 224))
    d = ImageDraw.Draw(img)
    for k in range(12):
        d.rounded_rectangle([10 + 48 * k, 20, 50 + 48 * k, 300], 8, fill=(30 + 18 * k, 90, 200 - 12 * k), outline=common.INK)
        d.text((14 + 48 * k, 320), f"p{k}", font=font(18), fill=common.INK)
    data = to_png(img)
    back = Image.open(io.BytesIO(data))
    assert back.mode == "P" and back.size == img.size
    assert len(data) < len(to_png(img, palette=False)) * 0.75
    diff = ImageChops.difference(back.convert("RGB"), img)
    assert max(hi for _, hi in diff.getextrema()) <= 48  # the nearest of 256 colours, never another one


def test_photo_like_images_keep_full_colour():
    smooth = Image.radial_gradient("L").resize((300, 300)).convert("RGB")
    hues = Image.merge("RGB", (smooth.getchannel(0), Image.linear_gradient("L").resize((300, 300)),
                               Image.effect_noise((300, 300), 90)))
    assert common.palette_png(hues) is None
    back = Image.open(io.BytesIO(to_png(hues)))
    assert back.mode == "RGB" and back.tobytes() == hues.tobytes()


def test_to_png_respects_the_size_ceiling():
    rnd = random.Random(3)
    noise = Image.frombytes("RGB", (200, 200), bytes(rnd.randrange(256) for _ in range(200 * 200 * 3)))
    with pytest.raises(ValueError):
        to_png(noise, max_bytes=5_000)
    # 8 colours of noise: too big as truecolour at this ceiling, fine as a palette
    few = Image.frombytes("RGB", (200, 200), bytes(rnd.choice((0, 255)) for _ in range(200 * 200 * 3)))
    data = to_png(few, max_bytes=40_000)
    assert len(data) <= 40_000
    assert Image.open(io.BytesIO(data)).convert("RGB").tobytes() == few.tobytes()


def test_render_layer_stays_pure():
    """design.md: render imports rules models at most, never discord, storage or cogs."""
    import ast

    forbidden = {"discord", "sqlite3", "sqlite_utils", "storage", "cogs", "aiohttp"}
    for path in Path(common.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert not roots & forbidden, f"{path.name} imports {roots & forbidden}"


def _greedy(text: str, fnt, max_width: float) -> list[str]:
    """Word wrap as it was written first: every word tried on the line in turn."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split():
            trial = f"{line} {word}" if line else word
            if fnt.getlength(trial) <= max_width:
                line = trial
                continue
            if line:
                lines.append(line)
            line = word if fnt.getlength(word) <= max_width else common.ellipsize(word, fnt, max_width)
        lines.append(line)
    return lines


def test_wrap_text_breaks_where_word_by_word_does():
    """The wrap that guesses each line's end from its words' lengths breaks every line where trying word by word
    does: texts of short and long words (some wider than the line), spaces doubled, empty paragraphs, in several
    fonts and widths."""
    rng = random.Random(28)
    words = ["4¢", "·", "VP", "toxicity", "(penalty", "space", "0)", "hand", "topside", "Speaker", "(1", "in",
             "discard)", "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "iiii", "Ñandú", "—", "a", "supercalifragilistic"]
    checked = 0
    for size, bold in ((12, False), (16, False), (18, True), (28, True)):
        f = font(size, bold)
        for _ in range(60):
            text = "\n".join("  ".join(rng.choice(words) for _ in range(rng.randrange(0, 30)))
                             for _ in range(rng.randrange(1, 3)))
            width = rng.choice([40, 90, 200, 333, 600, 1000])
            assert wrap_text(text, f, width) == _greedy(text, f, width), (text, size, width)
            checked += len(_greedy(text, f, width))
    assert checked > 500  # many lines compared, not only one-line texts
