"""Eclipse: every image legible on a phone.

Through the drawing layer: every text drawn at least 14 px high (its font size), inside its
image, and no text, wormhole/planet disc or player marker drawn over another; the image at most
1,400 px wide.  Boards: the start, an Explore with its positions offered, an Explore placement
with the drawn hex's orientations, a battle, the final board, a wide 6-player galaxy, in English
and Spanish; the player board and the tech supply board too.
"""
from __future__ import annotations

import functools
import io
from dataclasses import dataclass

import pytest
from PIL import Image, ImageDraw

from render import render_board
from render.eclipse_board import render_board as render_player
from render.eclipse_tech import render_supply
from rules.eclipse import ENGINE as E
from rules.playout import iter_playout, playout_rng

MIN_PX = 14
MAX_W = 1400
NAMES = {f"s{i}": n for i, n in enumerate(["Alice", "Bob", "Chiara", "Dmitri", "Eve", "Farid"], 1)}


@dataclass
class Box:
    kind: str  # "text", "disc" (an ellipse) or "marker" (a pasted sprite)
    what: str
    box: tuple[float, float, float, float]


def _overlap(a: Box, b: Box, slack: float = 0.5) -> bool:
    return (min(a.box[2], b.box[2]) - max(a.box[0], b.box[0]) > slack
            and min(a.box[3], b.box[3]) - max(a.box[1], b.box[1]) > slack)


def _label(a: Box, b: Box) -> bool:
    """A text written on its own token (an upkeep value on an influence disc) is not drawn over it."""
    text, disc = (a, b) if a.kind == "text" else (b, a)
    return (text.kind, disc.kind) == ("text", "disc") and disc.box[0] <= text.box[0] and disc.box[1] <= text.box[1] \
        and text.box[2] <= disc.box[2] and text.box[3] <= disc.box[3]


class Spy:
    """Records, per drawing surface, the boxes of texts, ellipses and pasted sprites."""

    def __init__(self, monkeypatch):
        # keyed by id, the image kept alive with its boxes so that no other image can take its id
        self.surfaces: dict[int, tuple[Image.Image, list[Box]]] = {}
        self.sizes: list[tuple[int, str]] = []
        real_text, real_ellipse, real_paste = ImageDraw.ImageDraw.text, ImageDraw.ImageDraw.ellipse, Image.Image.paste
        spy = self

        def text(draw, xy, txt, fill=None, font=None, anchor=None, *args, **kwargs):
            if str(txt).strip():
                spy.sizes.append((font.size, str(txt)))
                spy._add(draw._image, Box("text", str(txt), draw.textbbox(xy, txt, font=font, anchor=anchor)))
            return real_text(draw, xy, txt, fill, font, anchor, *args, **kwargs)

        def ellipse(draw, xy, *args, **kwargs):
            (x0, y0), (x1, y1) = (xy[0], xy[1]) if isinstance(xy[0], (tuple, list)) else ((xy[0], xy[1]), (xy[2], xy[3]))
            spy._add(draw._image, Box("disc", "", (x0, y0, x1, y1)))
            return real_ellipse(draw, xy, *args, **kwargs)

        def paste(img, im, box=None, mask=None):
            if mask is not None and isinstance(box, tuple) and len(box) == 2 and isinstance(im, Image.Image):
                spy._add(img, Box("marker", "", (box[0], box[1], box[0] + im.width, box[1] + im.height)))
            return real_paste(img, im, box, mask)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
        monkeypatch.setattr(ImageDraw.ImageDraw, "ellipse", ellipse)
        monkeypatch.setattr(Image.Image, "paste", paste)

    def _add(self, img, box: Box) -> None:
        self.surfaces.setdefault(id(img), (img, []))[1].append(box)

    def problems(self) -> list[str]:
        out = [f"{size} px: {txt!r}" for size, txt in self.sizes if size < MIN_PX]
        for img, boxes in self.surfaces.values():
            w, h = img.size
            for i, a in enumerate(boxes):
                if a.kind == "text" and (a.box[0] < 0 or a.box[1] < 0 or a.box[2] > w or a.box[3] > h):
                    out.append(f"outside the image: {a.what!r} {a.box}")
                for b in boxes[i + 1:]:
                    if (a.kind != "disc" or b.kind != "disc") and _overlap(a, b) and not _label(a, b):
                        out.append(f"{a.kind} {a.what!r} over {b.kind} {b.what!r}")
        return out


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


@functools.lru_cache(maxsize=None)
def boards() -> dict[str, object]:
    """Views of random games at the moments the issue names."""
    out: dict[str, object] = {}
    for n, seed in ((4, 3), (6, 5), (2, 7)):
        s = E.setup([f"s{i + 1}" for i in range(n)], seed)
        for st in iter_playout(E, s, playout_rng(seed)):
            a = st.after
            f = a.stack[-1] if a.stack else None
            if a.phase == "action" and f is not None and f.kind == "turn" and f"start{n}" not in out:
                out[f"start{n}"] = E.view(a, None)
            if f and f.kind == "explore" and "targets" not in out and E.view(a, None).explore_targets:
                out["targets"] = E.view(a, None)
            if f and f.kind == "explore" and f.drawn and a.round >= 3 and "drawn" not in out:
                out["drawn"] = E.view(a, None)
            s = a
        out[f"final{n}"] = E.view(s, None)
    return out


def battle_view():
    from tests.rules.test_eclipse_combat_battles import dread_vs_two
    from tests.rules.test_eclipse_combat_kit import act, board
    s = board(rolls=[1, 1, 6, 5, 1, 6])
    s.events = []
    dread_vs_two(s)
    act(s, "hit:cruiser:0", "hit:cruiser:1")
    return E.view(s, None)


CASES = ["start4", "start2", "targets", "drawn", "final4", "final6", "final2", "battle"]


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("case", CASES)
def test_galaxy_text_14px_nothing_overlaps_at_most_1400_wide(monkeypatch, case, locale):
    view = battle_view() if case == "battle" else boards()[case]
    names = {"p1": "Ann", "p2": "Bob", **NAMES}
    spy = Spy(monkeypatch)
    img = decode(render_board(view, names, ["Alice explores 0,-3 and draws 302.", "Bob: take an action or pass."],
                              locale=locale))
    assert img.width <= MAX_W
    assert not spy.problems(), "\n".join(spy.problems()[:20])


def test_the_explore_decisions_are_drawn():
    """E103: the positions offered at step 1 and the drawn hex's orientations at step 3 (E35) are in the view."""
    b = boards()
    assert b["targets"].explore_targets and not b["targets"].explore_options
    assert b["drawn"].explore_pos and b["drawn"].explore_options


@pytest.mark.parametrize("locale", ["en", "es"])
def test_player_and_tech_boards_text_14px_nothing_overlaps(monkeypatch, locale):
    view = boards()["final4"]
    spy = Spy(monkeypatch)
    assert decode(render_player(view, "s1", NAMES, locale=locale)).width <= MAX_W
    assert decode(render_supply(view, "s1", NAMES, locale=locale)).width <= MAX_W
    assert not spy.problems(), "\n".join(spy.problems()[:20])


def test_the_spy_sees_small_and_overlapping_text(monkeypatch):
    """The checks above can fail."""
    from render.common import font
    spy = Spy(monkeypatch)
    img = Image.new("RGB", (100, 40))
    d = ImageDraw.Draw(img)
    d.text((2, 2), "tiny", font=font(10))
    d.text((4, 4), "over", font=font(16))
    d.text((90, 30), "out", font=font(16))
    found = spy.problems()
    assert any(p.startswith("10 px") for p in found)
    assert any("over" in p and "text 'tiny'" in p for p in found)
    assert any(p.startswith("outside the image: 'out'") for p in found)
