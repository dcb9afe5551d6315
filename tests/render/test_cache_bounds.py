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
    # a whole board's static layer is 5-6 MB: a drawing process keeps a handful, not dozens
    assert render.wayfinders._static.cache_info().maxsize <= 8
    assert render.flotilla._static.cache_info().maxsize <= 8
    assert wayfinders_cells.KEPT_CELLS.size == wayfinders_cells.CELLS_KEPT <= 100
    assert wayfinders_panels.KEPT_PANELS.size == wayfinders_panels.PANELS_KEPT <= 32
    assert flotilla_panels.KEPT_ROWS.size == flotilla_panels.ROWS_KEPT <= 32
