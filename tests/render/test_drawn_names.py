"""Player names drawn legibly on every board, the score chart and the replay.

A name like `<@&123> **bold** @everyone 🎲 שלום مرحبا` is drawn as typed (no
markup), clipped, with a visible "?" where the shipped face has no glyph (never
its empty .notdef box), and right-to-left words in the right visual order,
through raqm when Pillow has it and through the pure-Python bidi otherwise.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import io

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from render import glyphs, render_board
from render.bidi import shape_arabic, visual
from render.charts import score_chart
from render.common import FONT_BOLD, FONT_REGULAR, font
from render.glyphs import REPLACEMENT, drawable, has_glyph, layout
from render.names import FSI, PDI, board_names, clean, clip, graphemes, plain_name
from render.replay import replay_gif
from rules import GAMES
from rules.playout import iter_playout, playout_rng

from .text_spy import drawn_texts

HOSTILE = "<@&123> **bold** @everyone 🎲 שלום مرحبا"
NAMES = {"p1": HOSTILE, "p2": "🎲 שלום مرحبا", "p3": "דוד 🇪🇸 Ana", "p4": "田中 ☺️ Zoë"}
FACES = (str(FONT_REGULAR), str(FONT_BOLD))


def face_strings(monkeypatch) -> list[tuple[str, object]]:
    """Every string FreeType is asked to draw (after render.glyphs prepared it), with its layout engine."""
    seen: list[tuple[str, object]] = []
    real = ImageFont.FreeTypeFont.getmask2
    glyphs.forget_kept()  # a string drawn before (kept by render.glyphs) would not reach FreeType again

    def spy(self, text, *args, **kwargs):
        if isinstance(self, glyphs.SafeFont) or self.layout_engine == ImageFont.Layout.RAQM:  # not a glyph probe
            seen.append((str(text), self.layout_engine))
        return real(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", spy)
    return seen


def no_empty_box(seen: list[tuple[str, object]]) -> None:
    for text, _ in seen:
        missing = [c for c in text if not has_glyph(c, str(FONT_REGULAR)) and c not in FSI + PDI]
        assert not missing, (text, missing)


def mid_game(key: str):
    engine = GAMES[key]
    seats = [f"p{i + 1}" for i in range(min(4, engine.max_players))]
    state = engine.setup(seats, 5)
    for k, step in enumerate(iter_playout(engine, state, playout_rng(5))):
        state = step.after
        if k > 40:
            break
    return engine, state


# ---- names: cleaned, clipped by user-perceived characters ------------------------------------------

def test_graphemes_keep_emoji_sequences_flags_and_accents_whole():
    family, flag, thumbs, accent = "👨\u200d👩\u200d👧", "🇪🇸", "👍🏽", "e\u0301"
    assert graphemes(f"a{family}{flag}{thumbs}{accent}b") == ["a", family, flag, thumbs, accent, "b"]
    assert graphemes("🇪🇸🇫🇷") == ["🇪🇸", "🇫🇷"]


def test_clip_cuts_at_32_user_perceived_characters_with_an_ellipsis_and_never_halves_an_emoji():
    name = "👍🏽" * 40
    clipped = clip(name)
    assert clipped.endswith("…") and len(graphemes(clipped)) == 32
    assert clipped[:-1] == "👍🏽" * 31
    assert clip("short") == "short"
    assert len(graphemes(plain_name(HOSTILE))) == 32 and plain_name(HOSTILE).endswith("…")


def test_clean_removes_line_breaks_and_bidi_overrides():
    assert clean("a\nb\t c\u202eevil\u202c") == "a b cevil"
    assert plain_name("\u202e\u2066") == "?"  # nothing left to show
    assert board_names({"p1": "שלום"}) == {"p1": f"{FSI}שלום{PDI}"}  # an RTL name is an isolate
    assert board_names(board_names(NAMES)) == board_names(NAMES)  # idempotent


# ---- glyphs: detection and replacement -------------------------------------------------------------

@pytest.mark.parametrize("path", FACES)
def test_missing_glyphs_are_detected_per_face(path):
    for ch in "🎲田\ue000":
        assert not has_glyph(ch, path), ch
    for ch in "aé€—…→☺⚀שم":
        assert has_glyph(ch, path), ch
    # the detection matches what FreeType draws: a missing glyph's mask is the .notdef box, a present one is not
    probe = ImageFont.truetype(path, 24, layout_engine=ImageFont.Layout.BASIC)
    box = bytes(probe.getmask("\U0010fffd"))
    assert bytes(probe.getmask("🎲")) == box and bytes(probe.getmask("ש")) != box


def test_missing_characters_become_a_visible_question_mark():
    path = str(FONT_REGULAR)
    assert drawable("Ana 🎲 👨\u200d👩\u200d👧 🇪🇸 田中", path) == f"Ana {REPLACEMENT} {REPLACEMENT} {REPLACEMENT} ??"
    assert drawable("☺\ufe0f Zoe\u0308", path) == "☺\ufe0f Zoe\u0308"  # the face has these: kept
    assert drawable("plain ascii", path) == "plain ascii"


# ---- right to left --------------------------------------------------------------------------------

def test_pure_python_bidi_reorders_hebrew_and_arabic():
    assert visual("שלום") == "םולש"
    assert visual("abc שלום def") == "abc םולש def"
    assert visual("שלום abc") == "abc םולש"  # a right-to-left paragraph
    assert visual("שלום 123 abc", 0) == "123 םולש abc"  # numbers stay left-to-right inside an RTL run
    assert visual("(שלום)") == "(םולש)"  # brackets mirrored in a right-to-left run (L4)
    assert visual("a (שלום) b") == "a (םולש) b"
    assert visual("Turn of \u2068שלום\u2069 3 pts", 0) == "Turn of םולש 3 pts"  # an isolate keeps 3 outside
    assert shape_arabic("مرحبا") == "\ufee3\ufeae\ufea3\ufe92\ufe8e"  # initial, final, initial, medial, final


FRIBIDI = ctypes.util.find_library("fribidi")


@pytest.mark.skipif(not FRIBIDI, reason="libfribidi not installed")
def test_pure_python_bidi_and_shaping_agree_with_fribidi():
    lib = ctypes.CDLL(FRIBIDI)

    def fribidi(text: str) -> str:
        n = len(text)
        src = (ctypes.c_uint32 * n)(*map(ord, text))
        dst = (ctypes.c_uint32 * (n + 1))()
        base = ctypes.c_uint32(0x40)  # FRIBIDI_PAR_ON: direction from the first strong character
        lib.fribidi_log2vis(src, n, ctypes.byref(base), dst, None, None, None)
        return "".join(chr(dst[i]) for i in range(n)).replace("\ufeff", "")  # its lam-alef placeholder

    for text in ("שלום", "abc שלום def", "שלום abc", "مرحبا 123", "Ana, שלום (x) ? to act", "x 12% שלום",
                 HOSTILE, "שלום 1.5 עולם", "מחיר $5 שקל", "مُحَمَّد", "שָׁלוֹם abc", "السلام عليكم", "لا إله",
                 "پژوهش گاه", "١٢٣ عربي 45", "abc: שלום, مرحبا!"):
        assert visual(shape_arabic(text)) == fribidi(text), text


def word_x(line: Image.Image, word: Image.Image) -> int:
    """Where `word` (drawn alone at the same height) sits in `line`: the best-matching column."""
    box = word.getbbox()
    tpl = word.crop((box[0], 0, box[2], word.height))
    best = min(range(line.width - tpl.width),
               key=lambda x: sum(ImageChops.difference(line.crop((x, 0, x + tpl.width, line.height)), tpl)
                                 .get_flattened_data()))
    return best


@pytest.mark.parametrize("raqm", [True, False] if glyphs.RAQM else [False])
def test_right_to_left_words_are_drawn_in_visual_order(monkeypatch, raqm):
    monkeypatch.setattr(glyphs, "RAQM", raqm)

    def ink(text: str) -> Image.Image:
        img = Image.new("L", (700, 40), 0)
        ImageDraw.Draw(img).text((5, 5), text, font=font(24), fill=255)
        return img

    line = ink("Turn of " + board_names({"p": "🎲 שלום مرحبا"})["p"] + ": pick")
    hebrew, arabic, mark = word_x(line, ink("שלום")), word_x(line, ink("مرحبا")), word_x(line, ink("?"))
    # an RTL name reads from the right: 🎲 (as ?) rightmost, then שלום, then مرحبا on the left
    assert arabic < hebrew < mark, (arabic, hebrew, mark)
    assert word_x(line, ink("Turn of")) < arabic and word_x(line, ink(": pick")) > mark


# ---- every drawing: boards of the four games, the chart, the replay ---------------------------------

@pytest.mark.parametrize("raqm", [True, False] if glyphs.RAQM else [False])
@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_board_draws_hostile_names_legibly(monkeypatch, key, raqm):
    monkeypatch.setattr(glyphs, "RAQM", raqm)
    engine, state = mid_game(key)
    drawn = drawn_texts(monkeypatch)
    seen = face_strings(monkeypatch)
    names = board_names(NAMES)
    caption = [f"{names['p2']} played a move.", f"Turn of {names['p1']}: pick"]
    png = render_board(engine.view(state, None), NAMES, caption)
    assert Image.open(io.BytesIO(png)).format == "PNG"
    no_empty_box(seen)
    # the name is drawn as typed, clipped: markup and mention syntax appear as plain characters
    assert any("<@&123> **bold** @everyone" in t for t in drawn), drawn
    assert not any(HOSTILE in t for t in drawn)  # clipped
    hebrew = [(t, engine_) for t, engine_ in seen if any("\u05d0" <= c <= "\u05ea" for c in t)]
    assert hebrew, seen
    if raqm:  # raqm gets the logical text and lays it out
        assert all(e == ImageFont.Layout.RAQM for _, e in hebrew)
    else:  # the basic layout gets the visual order
        assert all(e == ImageFont.Layout.BASIC for _, e in hebrew)
        assert any("םולש" in t for t, _ in hebrew) and not any("שלום" in t for t, _ in hebrew)


@pytest.mark.parametrize("raqm", [True, False] if glyphs.RAQM else [False])
def test_score_chart_and_replay_draw_names_legibly(monkeypatch, raqm):
    monkeypatch.setattr(glyphs, "RAQM", raqm)
    seen = face_strings(monkeypatch)
    drawn = drawn_texts(monkeypatch)
    score_chart({"p1": [0, 3, 5], "p2": [0, 4, 4]}, ["p1", "p2"], NAMES, title="T", x_label="x", y_label="y")
    engine, state = mid_game("wayfinders")
    replay_gif([(engine.view(state, None), ["setup", " "])], NAMES)
    no_empty_box(seen)
    assert sum("<@&123> **bo" in t for t in drawn) >= 2, drawn  # the chart's label and the replay frame's panel
    assert any(e == (ImageFont.Layout.RAQM if raqm else ImageFont.Layout.BASIC)
               for t, e in seen if "\u05e9" in t or "\u05dd" in t)


def test_layout_without_raqm_is_the_visual_order_and_with_raqm_the_logical_one():
    path = str(FONT_REGULAR)
    assert layout("Turn of \u2068שלום\u2069", path, False) == ("Turn of םולש", False)
    assert layout("Turn of \u2068שלום\u2069", path, True) == ("Turn of \u2068שלום\u2069", True)
    assert layout("Turn of Ana \u2068\u2069", path, True) == ("Turn of Ana ", False)  # no RTL: basic, no isolate
