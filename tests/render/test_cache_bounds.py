"""Every cache the drawing processes keep is bounded (a long-running bot's board workers hold what these caches
hold): each functools cache in `render/` has a maxsize, and the layers kept between boards a count."""
from __future__ import annotations

import importlib
import pkgutil

import render
from render import flotilla_panels, wayfinders_cells, wayfinders_panels


def _render_modules() -> list:
    return [importlib.import_module(f"render.{m.name}") for m in pkgutil.iter_modules(render.__path__)]


def test_every_cache_in_render_has_a_bound():
    caches = {f"{module.__name__}.{name}": value for module in _render_modules()
              for name, value in vars(module).items() if callable(getattr(value, "cache_info", None))}
    assert "render.wayfinders._static" in caches and "render.flotilla._static" in caches
    unbounded = [name for name, fn in caches.items() if fn.cache_info().maxsize is None]
    assert unbounded == []


def test_the_whole_board_layers_are_few():
    import render.flotilla
    import render.wayfinders
    # a whole board's static layer is 7-8.5 MB: a drawing process keeps a few (a running game's boards use one;
    # on the bot's path 2-4 were asked for over 18 games, 95-99 % hits with one kept)
    assert render.wayfinders._static.cache_info().maxsize <= 4
    assert render.flotilla._static.cache_info().maxsize <= 4
    assert wayfinders_cells.KEPT_CELLS.size == wayfinders_cells.CELLS_KEPT <= 100
    assert wayfinders_panels.KEPT_PANELS.size == wayfinders_panels.PANELS_KEPT <= 16
    assert flotilla_panels.KEPT_ROWS.size == flotilla_panels.ROWS_KEPT <= 16


def test_the_kept_parts_hold_a_few_boards_at_once():
    """A board asks for all its cells (25) and every player's panel or row (up to 5) in turn: kept fewer than a
    board's, the least recently used is the next one asked for, and nothing is ever found (0 % hits on the bot's
    path with 24 cells kept, 96 % with 32)."""
    assert wayfinders_cells.CELLS_KEPT >= 3 * 25
    assert wayfinders_panels.PANELS_KEPT >= 3 * 5
    assert flotilla_panels.ROWS_KEPT >= 3 * 5
