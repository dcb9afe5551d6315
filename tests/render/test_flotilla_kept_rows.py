"""Flotilla's player rows are drawn once and kept between boards (render/flotilla_panels.py: `KEPT_ROWS`): a
board pasted from kept rows is the board with every row drawn in place, pixels and texts, through a game to its
final ranking, and a third of the rows of a game's boards or more are pasted, not drawn."""
from __future__ import annotations

import pytest

from render import measure
from render.flotilla import draw
from render.flotilla_panels import KEPT_ROWS
from rules.flotilla import ENGINE
from rules.playout import iter_playout, playout_rng

NAMES = {"s1": "Alice", "s2": "Bob", "s3": "Chiara", "s4": "Dmitri"}


def _views(players: int, seed: int) -> list[object]:
    s0 = ENGINE.setup([f"s{i + 1}" for i in range(players)], seed)
    return [ENGINE.view(s0, None), *(ENGINE.view(step.after, None) for step in iter_playout(ENGINE, s0, playout_rng(seed)))]


def _texts(img) -> list[tuple[str, tuple[float, float, float, float]]]:
    return [(d.text, d.box) for d in measure.visible(img)]


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 5)])
def test_boards_from_kept_rows_are_the_boards_drawn_in_place(monkeypatch, players, seed):
    views = _views(players, seed)
    views = views[:16] + views[-2:]  # one step after another from the start, then the final ranking
    KEPT_ROWS.clear()
    kept = [draw(v, NAMES, locale="es") for v in views]
    assert KEPT_ROWS.hits * 2 >= KEPT_ROWS.misses > 0  # a third of the rows or more pasted from the kept ones
    monkeypatch.setattr(KEPT_ROWS, "size", 0)
    for view, board in list(zip(views, kept))[::3] + [(views[-1], kept[-1])]:
        fresh = draw(view, NAMES, locale="es")
        assert fresh.tobytes() == board.tobytes()
        assert _texts(fresh) == _texts(board)
