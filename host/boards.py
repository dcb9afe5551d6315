"""A game's board image and the lines around it: whose decision it is (or the result), what just
happened.  The image is drawn from the engine's public view, in the board pool (host/drawing.py)."""
from __future__ import annotations

from typing import Any, Optional

from render import render_board
from render.names import board_names
from rules.text import Msg

from . import drawing
from .i18n import t, tm
from .names import shown_names
from .tables import Table, game_title


def headline(table: Table, locale: str, names: Optional[dict[str, str]] = None) -> list[str]:
    """One or two lines for the top of the image: whose decision, or the result.  `names`: the table's
    names as message text (default) or as drawn (board_names, for the image's caption)."""
    assert table.state is not None
    outcome = table.outcome()
    names = shown_names(table.names) if names is None else names
    if table.game.status == "abandoned":
        return [t("host.post.abandoned", locale, title=game_title(table.game))]
    if outcome is not None:
        if outcome.coop:  # the game's own account of the end when it gives one (the cause)
            if outcome.summary is not None:
                return [tm(outcome.summary, locale, names)]
            return [t("host.post.coop_won" if outcome.won else "host.post.coop_lost", locale)]
        winners = ", ".join(names.get(s, s) for s in outcome.winners())
        return [t("host.post.winner", locale, who=winners)]
    lines = []
    for seat in table.to_act:
        prompt = tm(table.engine.prompt(table.state, seat), locale, names)
        lines.append(t("host.post.to_act", locale, who=names.get(seat, seat), what=prompt))
    return lines


def event_lines(table: Table, events: list[Msg], locale: str, limit: int = 12,
                names: Optional[dict[str, str]] = None) -> list[str]:
    names = shown_names(table.names) if names is None else names
    lines = [tm(e, locale, names) for e in events]
    if len(lines) > limit:
        lines = lines[: limit - 1] + ["…"]
    return lines


def board_inputs(table: Table, locale: str, events: list[Msg]) -> tuple[Any, dict[str, str], list[str]]:
    """What the board image is drawn from: the public view, the names as drawn, the caption lines."""
    assert table.state is not None
    view = table.engine.view(table.state, None)
    drawn = board_names(table.names)
    lines, head = event_lines(table, events, locale, limit=3, names=drawn), headline(table, locale, drawn)
    outcome = table.outcome()
    # a co-operative game's end (who died, the rescue) goes first: a caption keeps only its first lines
    caption = head + [x for x in lines if x not in head] if outcome is not None and outcome.coop else lines + head
    return view, drawn, caption


def board_png(table: Table, locale: str, events: list[Msg]) -> bytes:
    """The board image of the table's latest change, drawn here (benchmarks, tests)."""
    view, drawn, caption = board_inputs(table, locale, events)
    return render_board(view, drawn, caption, locale=locale)


async def draw_board(table: Table, locale: str, events: list[Msg]) -> bytes:
    """The same image, drawn and encoded in the board pool (host/drawing.py): every core, never the loop."""
    view, drawn, caption = board_inputs(table, locale, events)
    return await drawing.pool().draw(view, drawn, caption, locale)


__all__ = ["board_inputs", "board_png", "draw_board", "event_lines", "headline"]
