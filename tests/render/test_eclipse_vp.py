"""The Eclipse board shows each player's victory points (E75) in text that reads on a phone: recorded
through the drawing layer, each player's "name N VP" is drawn whole, inside the image, with a font at
least 2.25 % of the image's width (9 px where Discord shows it 400 px wide), on the boards during
play and on the final board, in English and Spanish; the others' face-down reputation tiles (E22)
show as "+N rep.", never as their values."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from render import render_board
from rules.eclipse import ENGINE as E
from rules.playout import iter_playout, playout_rng
from tests.rules.test_eclipse_kit import game
from tests.rules.test_eclipse_ranks import FOUR

NAMES = {"p1": "Alice", "p2": "Bartholomew", "p3": "Chiara", "p4": "Dmitri", "p5": "Eve", "p6": "Farid"}
VP = {"en": "VP", "es": "PV"}


def _spy(monkeypatch) -> list[tuple[str, int, tuple[float, float, float, float], tuple[int, int]]]:
    """(text, font px, box, surface size) of every text drawn from now on."""
    out = []
    real = ImageDraw.ImageDraw.text

    def text(d, xy, txt, fill=None, font=None, anchor=None, *args, **kwargs):
        out.append((str(txt), font.size, d.textbbox(xy, txt, font=font, anchor=anchor), d._image.size))
        return real(d, xy, txt, fill, font, anchor, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return out


def _labels(monkeypatch, view, locale) -> tuple[int, dict[str, tuple[str, int]]]:
    """(image width, each player's drawn VP text and its font px)."""
    drawn = _spy(monkeypatch)
    png = render_board(view, NAMES, ["caption"], locale=locale)
    width = Image.open(io.BytesIO(png)).width
    out = {}
    for p in view.players:
        head = NAMES[p.seat] + " "
        hits = [(t, px, box, size) for t, px, box, size in drawn if t.startswith(head) and f" {VP[locale]}" in t]
        assert len(hits) == 1, (p.seat, hits)
        t, px, box, size = hits[0]
        assert size[0] == width and 0 <= box[0] and box[2] <= width and 0 <= box[1] and box[3] <= size[1], (t, box)
        out[p.seat] = (t, px)
    return width, out


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("players,seed", [(3, 5), (6, 7)])
def test_e75_every_players_points_on_the_final_board_at_phone_size(monkeypatch, locale, players, seed):
    s = E.setup([f"p{i}" for i in range(1, players + 1)], seed)
    states = [s] + [step.after for step in iter_playout(E, s, playout_rng(seed))]
    scores = E.outcome(states[-1]).scores
    for state, final in ((states[len(states) // 2], False), (states[-1], True)):
        width, labels = _labels(monkeypatch, E.view(state, None), locale)
        for seat, (text, px) in labels.items():
            assert px >= 0.0225 * width, (text, px, width)
            if final:
                assert text == f"{NAMES[seat]} {scores[seat]} {VP[locale]}"


@pytest.mark.parametrize("locale", ["en", "es"])
def test_e22_others_see_the_number_of_reputation_tiles_not_their_values(monkeypatch, locale):
    s = game(FOUR)
    s.players["p1"].reputation = [4, 4]
    hexes = {p.seat: sum(p.vp.values()) for p in E.view(s, None).players}
    _, public = _labels(monkeypatch, E.view(s, None), locale)
    assert public["p1"][0] == f"Alice {hexes['p1']} {VP[locale]} +2 rep."
    assert public["p2"][0] == f"Bartholomew {hexes['p2']} {VP[locale]}"
    _, own = _labels(monkeypatch, E.view(s, "p1"), locale)
    assert own["p1"][0] == f"Alice {hexes['p1'] + 8} {VP[locale]}"
