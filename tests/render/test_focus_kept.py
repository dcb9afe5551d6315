"""Parts of decision images kept between posts (render/focus_kept.py): along a run of consecutive decisions of
each game, the images drawn with kept windows and folded rows are the very images drawn with nothing kept, the
same pixels and the same texts where they lie; parts are kept when they recur, and a bounded number of them."""
from __future__ import annotations

import hashlib

import pytest

from render import focus_kept, measure
from rules import GAMES
from rules.playout import iter_playout, playout_rng
from tools.legibility_bench import decision_image


def _consecutive(game: str, count: int, players: int = 0) -> list:
    engine = GAMES[game]
    state = engine.setup([f"p{i + 1}" for i in range(players or engine.board_players())], 3)
    states = [state] + [step.after for step in iter_playout(engine, state, playout_rng(3))]
    deciding = [s for s in states if engine.to_act(s)]
    start = len(deciding) // 3
    return [(engine, s) for s in deciding[start:start + count]]


def _drawn(img) -> tuple:
    return (hashlib.sha256(img.tobytes()).hexdigest(), img.size,
            [(t.text, t.box, t.size) for t in measure.visible(img)])


CASES = [(game, 0, True) for game in sorted(GAMES) if game != "wayfinders"] + [
    ("wayfinders", 2, True),  # hangars 1-4 shown: a worker put on another hangar leaves the window as it was
    ("wayfinders", 0, False)]  # 4 players: the whole row of 8 hangars shown, which every placement changes


@pytest.mark.parametrize("game,players,recur", CASES)
def test_kept_parts_draw_what_drawing_them_again_draws(game, players, recur):
    focus_kept.forget()
    kept = []
    for engine, state in _consecutive(game, 14, players):
        kept.append(_drawn(decision_image(engine, state, list(engine.to_act(state)), "en")))
        assert len(focus_kept.WINDOWS) <= focus_kept.KEPT and len(focus_kept.FOLDS) <= focus_kept.KEPT
    looked = sum(c.hits + c.misses for c in (focus_kept.WINDOWS, focus_kept.FOLDS))
    stored = sum(c.misses for c in (focus_kept.WINDOWS, focus_kept.FOLDS))
    assert looked and (stored < looked) == recur  # parts recur from one decision to the next
    fresh = []
    for engine, state in _consecutive(game, 14, players):
        focus_kept.forget()
        fresh.append(_drawn(decision_image(engine, state, list(engine.to_act(state)), "en")))
    assert kept == fresh


def test_a_kept_part_holds_its_texts_not_the_board():
    focus_kept.forget()
    engine, state = _consecutive("flotilla", 1)[0]
    decision_image(engine, state, list(engine.to_act(state)), "en")
    parts = [img for img, _ in focus_kept.WINDOWS.values()] + focus_kept.FOLDS.values()
    assert parts
    for img in parts:
        notes = getattr(img, measure._ATTR)
        assert notes and all(type(n) is measure.Drawn for n in notes)
