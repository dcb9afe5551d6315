"""Board images: a game's view model in, PNG bytes out (pure; see design.md).

Each game registers a renderer in `RENDERERS` under its engine key; the bot
calls `render_board` with the *public* view for channel images.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, Optional, Sequence

from . import wayfinders

Renderer = Callable[..., bytes]

# game key -> renderer(view, names, caption, locale) -> PNG bytes
RENDERERS: dict[str, Renderer] = {
    "wayfinders": wayfinders.render,
}


def register(game: str, renderer: Renderer) -> None:
    """Add (or replace) the renderer of a game."""
    RENDERERS[game] = renderer


def render_board(view: Any, names: Mapping[str, str], caption: Optional[Sequence[str]] = None, *, locale: str = "en") -> bytes:
    """PNG bytes of `view`'s board.

    `names` maps seat id -> display name (a seat missing there shows its id);
    `caption` holds already-translated lines (whose decision it is, what just
    happened) drawn in the header band; `locale` picks the language of the
    board's own few labels ("en" or "es")."""
    game = getattr(view, "game", None)
    try:
        renderer = RENDERERS[game]
    except KeyError:
        raise ValueError(f"no board renderer for game {game!r}") from None
    return renderer(view, names, caption, locale=locale)


__all__ = ["RENDERERS", "register", "render_board"]
