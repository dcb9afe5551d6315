"""Board images: a game's view model in, PNG bytes out (pure; see design.md).

A game's renderer is the `render` function of the module `render.<game key>`
(found on first use, so adding a game touches no shared file); `register` can
override it.  The bot calls `render_board` with the *public* view for channel
images.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, Optional, Sequence

from . import palettes
from .names import board_names

Renderer = Callable[..., bytes]

# game key -> renderer(view, names, caption, locale) -> PNG bytes; filled on first use
RENDERERS: dict[str, Renderer] = {}


def renderer_for(game: str) -> Renderer:
    if game not in RENDERERS:
        if not isinstance(game, str) or not game.isidentifier():
            raise ValueError(f"no board renderer for game {game!r}")
        try:
            module = importlib.import_module(f"{__name__}.{game}")
        except ModuleNotFoundError:
            raise ValueError(f"no board renderer for game {game!r}") from None
        RENDERERS[game] = module.render
    return RENDERERS[game]


def register(game: str, renderer: Renderer) -> None:
    """Add (or replace) the renderer of a game."""
    RENDERERS[game] = renderer


def render_board(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, *, locale: str = "en") -> bytes:
    """PNG bytes of `view`'s board.

    `names` maps seat id -> display name (a seat missing there shows its id);
    `caption` holds already-translated lines (whose decision it is, what just
    happened) drawn in the header band; `locale` picks the language of the
    board's own few labels ("en" or "es").  Names are cleaned and clipped
    here (render.names.board_names); any text is drawn legibly (render.glyphs)."""
    game = getattr(view, "game", None)
    renderer = renderer_for(game)  # type: ignore[arg-type]
    with palettes.drawing(game):  # its PNG maps to the game's fixed palette (render.palettes)
        return renderer(view, board_names(names), caption, locale=locale)


__all__ = ["RENDERERS", "register", "render_board", "renderer_for"]
