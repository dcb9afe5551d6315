"""The decision in view's text tracking (render/measure.py, render/text_sheet.py, render/focus_places.py) changes
where texts are looked up, never what is drawn: a run of random decisions of every game, drawn as a running
board posts them (in English and Spanish) and as a player's own view ("My view"), gives the very same pixels as
the code before the texts were laid out as sheets (commit cf9be86; digests in `focus_pixels.json`).

The digest is of the drawn image's pixels (mode, size, bytes), the image the post's PNG encodes, so that a change
of palette or encoder elsewhere does not read as a change of drawing.  When a change is meant to alter what the
decision in view draws, record the digests again: `PYTHONPATH=. python -c "from
tests.render.test_focus_same_pixels import record; record()"`."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from rules import GAMES
from tools.legibility_bench import decision_image, positions, private_image

DIGESTS = Path(__file__).with_name("focus_pixels.json")
SEEDS, PER_GAME = [1], 8  # positions spread along one random game of each game
KINDS = ("decision en", "decision es", "my view en")


def _digest(img) -> str:
    return hashlib.sha256(img.mode.encode() + repr(img.size).encode() + img.tobytes()).hexdigest()[:24]


def digests(game: str) -> dict[str, str]:
    """The pixel digest of every decision image of the run, by "game/seed/move/kind"."""
    out = {}
    for seed, k, engine, state, to_act in positions(game, SEEDS, PER_GAME):
        for kind in KINDS:
            locale = kind[-2:]
            img = (private_image(engine, state, to_act[0], locale) if kind.startswith("my view")
                   else decision_image(engine, state, to_act, locale))
            out[f"{game}/{seed}/{k}/{kind}"] = _digest(img)
    return out


def record() -> None:
    DIGESTS.write_text(json.dumps({game: digests(game) for game in sorted(GAMES)}, indent=1, sort_keys=True) + "\n",
                       encoding="utf-8")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_decisions_draw_the_same_pixels_as_before(game):
    expected = json.loads(DIGESTS.read_text(encoding="utf-8"))[game]
    got = digests(game)
    assert len(got) == PER_GAME * len(SEEDS) * len(KINDS)
    assert sorted(got) == sorted(expected)
    changed = sorted(key for key in got if got[key] != expected[key])
    assert not changed, changed
