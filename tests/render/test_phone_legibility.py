"""Every board image legible at phone size, checked through the drawing layer.

Boards of random playouts of all four games (start, middle, end; English and Spanish) are drawn
while Pillow's `ImageDraw.text` records each text's font size and box: every text at least 14 px
(the font's pixel size at the image's native size), the image at most 1,400 px wide, and no text
box over another one drawn on the same surface (the page, or one sprite such as a cached tile)."""
from __future__ import annotations

import functools
import importlib
import io
import sys

import pytest
from PIL import Image, ImageDraw

from render import render_board
from rules import GAMES
from rules.playout import iter_playout, playout_rng

from .test_flotilla_board import overlapping

MIN_PX = 14
MAX_W = 1400
NAMES = {"p1": "Alice", "p2": "Bartholomew", "p3": "Chiara", "p4": "Dmitri"}
CAPTION = ["Bartholomew played and the board changed.", "Chiara: it is your decision now."]


@functools.lru_cache(maxsize=None)
def views(game: str, seed: int = 11) -> dict[str, object]:
    """start, middle and end views (public) of one random game."""
    engine = GAMES[game]
    state = engine.setup([f"p{i + 1}" for i in range(engine.board_players())], seed)
    states = [state] + [step.after for step in iter_playout(engine, state, playout_rng(seed))]
    out = {"start": engine.view(states[0], None), "middle": engine.view(states[len(states) // 2], None),
           "end": engine.view(states[-1], None)}
    if game == "robinson":  # the plan phase with the most stacks (numbered for `/robinson support stack:`)
        out["plan"] = engine.view(max(states, key=lambda st: len(st.plan) if st.phase == "plan" else -1), None)
    return out


def _clear_render_caches() -> None:
    """Cached sprites and static layers are drawn again, so their texts are recorded too."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


class TextSpy:
    """(text, font px, box, surface) of every text drawn; a surface is the image drawn on."""

    def __init__(self, monkeypatch):
        self.texts: list[tuple[str, int, tuple[float, float, float, float], object]] = []
        self._images: list[object] = []  # kept alive so no two surfaces share an id
        real_text, real_multi = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.multiline_text
        spy = self

        def record(d, xy, text, font, anchor, kwargs):
            if not str(text).strip():
                return
            if font is None:
                font = d.getfont()
            box = d.textbbox(xy, text, font=font, anchor=anchor, spacing=kwargs.get("spacing", 4))
            spy._images.append(d.im)
            spy.texts.append((str(text), getattr(font, "size", 0), box, d.im))

        def text(d, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
            if "\n" not in str(text):
                record(d, xy, text, font, anchor, kwargs)
            return real_text(d, xy, text, fill, font, anchor, *args, **kwargs)

        def multiline_text(d, xy, text, fill=None, font=None, anchor=None, *args, **kwargs):
            record(d, xy, text, font, anchor, kwargs)
            return real_multi(d, xy, text, fill, font, anchor, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        monkeypatch.setattr(ImageDraw.ImageDraw, "multiline_text", multiline_text)

    def surfaces(self, page_size: tuple[int, int]) -> dict[object, list[tuple[str, int, tuple]]]:
        """Texts per surface, each (text, box) once; every full-size layer counts as the page."""
        out: dict[object, list] = {}
        seen = set()
        for text, size, box, im in self.texts:
            key = "page" if tuple(im.size) == page_size else id(im)
            if (key, text, box) in seen:
                continue
            seen.add((key, text, box))
            out.setdefault(key, []).append((text, size, box))
        return out


CASES = [pytest.param(game, moment, locale, id=f"{game}-{moment}-{locale}",
                      )
         for game in GAMES
         for moment in ("start", "middle", "end", "plan") for locale in ("en", "es")
         if moment != "plan" or game == "robinson"]


def draw_recorded(monkeypatch, game: str, moment: str, locale: str) -> tuple[Image.Image, TextSpy]:
    view = views(game)[moment]
    _clear_render_caches()
    spy = TextSpy(monkeypatch)
    img = Image.open(io.BytesIO(render_board(view, NAMES, CAPTION, locale=locale)))
    return img, spy


@pytest.mark.parametrize("game, moment, locale", CASES)
def test_every_text_at_least_14px_no_overlap_at_most_1400_wide(monkeypatch, game, moment, locale):
    img, spy = draw_recorded(monkeypatch, game, moment, locale)
    assert img.width <= MAX_W
    assert len(spy.texts) > 20  # the spy saw the board's texts (caches were cleared)
    small = sorted({(t, size) for t, size, _, _ in spy.texts if size < MIN_PX})
    assert not small, small[:8]
    clashes = [pair for texts in spy.surfaces(img.size).values() for pair in overlapping(texts)]
    assert not clashes, clashes[:8]
    # every text drawn on the page inside it (Eclipse composes its page from panels: each panel's texts
    # are checked inside it by tests/render/test_eclipse_legibility.py)
    page = spy.surfaces(img.size).get("page", [])
    assert page or game == "eclipse"
    outside = [t for t, _, (x0, y0, x1, y1) in page if x0 < 0 or y0 < 0 or x1 > img.width or y1 > img.height]
    assert not outside, outside[:5]


def test_the_spy_sees_a_small_or_overlapping_text(monkeypatch):
    """The checks above can fail: a 12 px text and two texts on one spot are caught."""
    spy = TextSpy(monkeypatch)
    from render.common import font
    img = Image.new("RGB", (200, 100))
    d = ImageDraw.Draw(img)
    d.text((10, 10), "tiny", font=font(12))
    d.text((12, 12), "over", font=font(16))
    assert [(t, s) for t, s, _, _ in spy.texts] == [("tiny", 12), ("over", 16)]
    assert overlapping(spy.surfaces(img.size)["page"]) == [("tiny", "over")]


@pytest.mark.parametrize("locale", ["en", "es"])
def test_robinson_stacks_carry_the_number_the_support_command_takes(monkeypatch, locale):
    """`/robinson support stack:N` joins plan stack N (1 = first); the board draws
    N in a badge on the row of that stack, left of the stack's target."""
    from cogs.robinson_cog import support_move
    from render.robinson_panels import target_text

    view = views("robinson")["plan"]
    assert len(view.plan) >= 3
    img, spy = draw_recorded(monkeypatch, "robinson", "plan", locale)
    page = spy.surfaces(img.size)["page"]
    for i, st in enumerate(view.plan):
        assert support_move(i + 1, "friday") == f"s:{i}:f"  # the command's number -> the engine's stack index
        badge = [box for t, _, box in page if t == str(i + 1) and box[0] > 0]
        label = [box for t, _, box in page if t.startswith(target_text(view, st["target"], locale)[:12])]
        assert any(b[2] < lb[0] < b[2] + 30 and abs((b[1] + b[3]) / 2 - (lb[1] + lb[3]) / 2) < 8
                   for b in badge for lb in label), (i + 1, st["target"])


@pytest.mark.parametrize("game, players, seed", [("wayfinders", 2, 3), ("wayfinders", 3, 5), ("robinson", 1, 4),
                                                  ("robinson", 2, 21), ("robinson", 4, 9)])
def test_legible_all_through_a_game(monkeypatch, game, players, seed):
    """Every twelfth of a random game (other seat counts; Spanish, the longer words): each board
    legible, among them a Wayfinders discard with a hand of 11 and Robinson stacks waiting for pawns."""
    engine = importlib.import_module(f"rules.{game}").ENGINE
    state = engine.setup([f"p{i + 1}" for i in range(players)], seed)
    states = [state] + [step.after for step in iter_playout(engine, state, playout_rng(seed))]
    spy = TextSpy(monkeypatch)
    for k in range(0, len(states), max(1, len(states) // 12)):
        _clear_render_caches()
        spy.texts.clear()
        img = Image.open(io.BytesIO(render_board(engine.view(states[k], None), NAMES, CAPTION, locale="es")))
        assert img.width <= MAX_W
        assert min(size for _, size, _, _ in spy.texts) >= MIN_PX, k
        clashes = [pair for texts in spy.surfaces(img.size).values() for pair in overlapping(texts)]
        assert not clashes, (k, clashes[:5])
