"""Board images: a game's view model in, PNG bytes out (pure; see design.md).

A game's renderer is the `render` function of the module `render.<game key>`
(found on first use, so adding a game touches no shared file); `register` can
override it.  The bot calls `render_board` with the *public* view for channel
images.
"""
from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, Optional, Sequence

from . import measure, palettes  # measure: every text drawn is noted on its image (render.measure)
from .common import to_png
from .focus import Focus, draw_focus
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


def render_focus(view: Any, names: Mapping[str, str], focus: Focus, *, locale: str = "en",
                 public: Any = None) -> bytes:
    """PNG bytes of the decision in view (render.focus): what a phone shows of a turn post.  `focus` holds the
    translated header lines, the acting seat and the options as their buttons name them.  A player's own view
    ("My view": `view` is their seat's, `focus.mine`) passes the `public` view too: what their board draws that
    the public one does not (their hand) is shown first."""
    game = getattr(view, "game", None)
    with palettes.drawing(game):
        return to_png(draw_focus(view, board_names(names), focus, locale, public))


__all__ = ["Focus", "RENDERERS", "measure", "register", "render_board", "render_focus", "renderer_for"]
