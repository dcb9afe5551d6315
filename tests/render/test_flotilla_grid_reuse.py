"""Flotilla's map grid is drawn once and reused from move to move: the grid (hex size and origin) stays put while
the map grows, so a game's boards share a few cached grid layers instead of drawing a new one after most moves,
and a board drawn from the cached layers is the very board drawn from fresh ones."""
from __future__ import annotations

import functools

from render.flotilla import BODY_H, KEY_H, MAP_W, _static, draw
from render.flotilla_map import HUB, cells_in, fit, grid_layer
from rules.flotilla import ENGINE
from rules.playout import iter_playout, playout_rng

NAMES = {"s1": "Alice", "s2": "Bob", "s3": "Chiara", "s4": "Dmitri"}
BOX = (0, 56, MAP_W, 56 + BODY_H - KEY_H)  # the map of a board drawn without a caption (a turn post's)


@functools.lru_cache(maxsize=None)
def _views(players: int, seed: int) -> tuple[object, ...]:
    """The public view after every step of a seeded random game, from the setup to the end."""
    s0 = ENGINE.setup([f"s{i + 1}" for i in range(players)], seed)
    return (ENGINE.view(s0, None), *(ENGINE.view(step.after, None) for step in iter_playout(ENGINE, s0, playout_rng(seed))))


def test_a_sequence_of_moves_draws_the_same_boards_with_and_without_the_cached_layers():
    views = _views(4, 3)[::12]  # boards from the start to the end, across changes of the grid
    assert len({fit(v, BOX) for v in views}) >= 3
    grid_layer.cache_clear()
    _static.cache_clear()
    cached = [draw(v, NAMES).tobytes() for v in views]  # each layer drawn once, then reused
    assert grid_layer.cache_info().hits > 0 and _static.cache_info().hits > 0
    for view, board in zip(views, cached):
        grid_layer.cache_clear()
        _static.cache_clear()
        assert draw(view, NAMES).tobytes() == board


def test_the_grid_stays_put_while_the_map_grows():
    for players, seed in ((3, 2), (4, 3), (5, 1)):
        grids = [fit(v, BOX) for v in _views(players, seed)]
        changes = sum(1 for a, b in zip(grids, grids[1:]) if a != b)
        assert grids[0].size == 46  # the start at full size
        assert changes <= 20, (players, seed, changes)  # one new grid per 30 steps or more (centred: 61-78 changes)


def test_every_tile_its_neighbours_and_every_target_stay_on_the_map():
    for view in _views(4, 3)[::5]:
        cells = set(cells_in(BOX, fit(view, BOX)))
        assert set(HUB) | {t.cell for t in view.tiles} | set(view.targets) <= cells


def test_the_grid_layers_are_few():
    assert grid_layer.cache_info().maxsize <= 4  # 3.5 MB each; a game's boards use one at a time
