"""A camp on a tile with many marks (a shelter, a numbered totem, a beast: Cannibal Island's village tile 2 with the
camp on it) draws them all, on two lines above the CAMP tag, rather than one line cut short ("shelter totem 1
be…"); a camp whose marks fit one line is drawn as before."""
from __future__ import annotations

import pytest

from render import measure
from render.robinson import draw
from rules import GAMES
from rules.robinson import marks
from rules.robinson.state import Spot

E = GAMES["robinson"]
NAMES = {"p1": "ana", "p2": "ben"}


def _camp_texts(tile: int, locale: str) -> list[str]:
    s = E.setup(["p1", "p2"], 3, {"scenario": "cannibal_island"})
    s.island[s.camp] = Spot(tile=tile)
    s.totems = {s.camp: 1}
    marks.add(s, s.camp, "village")
    img = draw(E.view(s), NAMES, [], locale=locale)
    at = [d for d in measure.visible(img) if d.text.startswith(f"{s.camp}·#")][0].box
    return [d.text for d in measure.visible(img)  # the texts inside the camp's hex, under its "space·#tile"
            if abs((d.box[0] + d.box[2]) / 2 - (at[0] + at[2]) / 2) < 80 and at[1] < d.box[1] < at[1] + 190]


@pytest.mark.parametrize("locale, words", [("en", ("shelter", "totem 1", "beast")),
                                           ("es", ("refugio", "tótem 1", "bestia"))])
def test_k5_4_the_camps_marks_are_drawn_whole_on_two_lines(locale, words):
    texts = _camp_texts(2, locale)  # tile 2: Mountains, a natural shelter, a totem and a beast
    said = " ".join(texts)
    assert "…" not in said, texts
    assert all(w in said.lower() for w in words), texts


def test_a_camp_whose_marks_fit_one_line_keeps_it():
    texts = _camp_texts(6, "en")  # tile 6: a totem only
    assert "totem 1" in texts and "…" not in " ".join(texts)
