"""A game's board image and the lines around it: whose decision it is (or the result), what just
happened.  The image is drawn from the engine's public view, in the board pool (host/drawing.py)."""
from __future__ import annotations

from typing import Any, Iterable, Optional

from render import Focus, render_board, render_focus
from render.focus import OPTIONS_SHOWN
from render.names import board_names
from rules import Move
from rules.text import Msg

from . import drawing
from .i18n import t, tm
from .move_menus import Entry, entry_text, seat_menu
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
                names: Optional[dict[str, str]] = None, more: str = "boards.more_events") -> list[str]:
    """What just happened, in at most `limit` lines: past it, the last line says in words how many more there are
    and where they are (`more`: the post's text sends to `/game log`; the image's caption, "boards.more_lines",
    to the message above it, which holds them)."""
    names = shown_names(table.names) if names is None else names
    lines = [sentence_start(tm(e, locale, names), names.values()) for e in events]
    if len(lines) > limit:
        lines = lines[: limit - 1] + [t(more, locale, n=len(lines) - limit + 1)]
    return lines


ARTICLES = ("the ", "a ", "an ", "el ", "la ", "los ", "las ", "un ", "una ", "unos ", "unas ")  # how a game's names begin


def sentence_start(line: str, names: Iterable[str] = ()) -> str:
    """A line of what happened that begins with a game's name after its article ("the Cook rolls: ...", "el
    Cocinero recibe 1 herida") begins with a capital, as a sentence does; any other line is left as it is written:
    the catalog's own lines begin with a capital already, and a line may begin with a person's name, which is
    written as they write it ("alice: ...", "bob left Flotilla #1", also once bob's seat has another name)."""
    if not line.startswith(ARTICLES) or any(name and line.startswith(name) for name in names):
        return line
    return line[0].upper() + line[1:]


def board_inputs(table: Table, locale: str, events: list[Msg]) -> tuple[Any, dict[str, str], list[str]]:
    """What the board image is drawn from: the public view, the names as drawn, the caption lines."""
    assert table.state is not None
    view = table.engine.view(table.state, None)
    drawn = board_names(table.names)
    lines = event_lines(table, events, locale, limit=3, names=drawn, more="boards.more_lines")
    head = headline(table, locale, drawn)
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


def offered(engine: Any, state: Any, to_act: list[str], moves: Optional[list[Move]] = None,
            asked: Optional[list[str]] = None) -> list[Move]:
    """The moves a running board offers as buttons: the one decider's legal moves (`moves` when given), or those
    the deciders the post asks (`asked`, default all) may each make with one click (`Engine.shared_moves`, e.g.
    Robinson's confirm again, R30); none while a decision is private (Engine.is_private: its options are only
    shown through "My view")."""
    if not to_act or any(engine.is_private(state, s) for s in to_act):
        return []
    if moves is not None:
        return moves
    found: list[Move] = (engine.legal_moves(state, to_act[0]) if len(to_act) == 1
                         else engine.shared_moves(state, list(to_act if asked is None else asked)))
    return found


def posted_moves(table: Table, moves: Optional[list[Move]] = None, asked: Optional[list[str]] = None) -> list[Move]:
    """`offered` on a table: nothing once the game is not running."""
    assert table.state is not None
    if table.game.status != "active":
        return []
    return offered(table.engine, table.state, list(table.to_act), moves, asked)


def _outside(locale: str) -> tuple[str, str]:
    """The line naming numbered options no window of the image holds, for one and for several (render/focus.py
    puts the numbers in)."""
    return (t("focus.outside", locale, n=1, numbers="{numbers}"), t("focus.outside", locale, n=2, numbers="{numbers}"))


def option_texts(engine: Any, state: Any, seat: Optional[str], moves: list[Move], drawn: dict[str, str],
                 locale: str) -> list[str]:
    """`moves` as the buttons and menus under an image name them: the groups of the first menu when the engine
    groups them for `seat` (`Engine.menus`: Robinson's planning lists its targets as its menu does), else each
    move's label; whole, where a button cuts a long one at Discord's limit (the image has room to wrap it)."""
    grouped = seat_menu(engine, state, seat, moves) if seat is not None and moves else None
    entries: list[Entry] = list(moves) if grouped is None else grouped
    return [" ".join(entry_text(e, locale, drawn).split()) or (e.id if isinstance(e, Move) else e.key) for e in entries]


def decision_focus(engine: Any, state: Any, to_act: list[str], caption: list[str], drawn: dict[str, str],
                   locale: str, asked: Optional[list[str]] = None, moves: Optional[list[Move]] = None) -> Focus:
    """The translated lines of the decision in view (render/focus.py): the caption, the options as their buttons
    and menus name them (`option_texts`; `asked`: the deciders the post asks; `moves`: the buttons' moves when the
    caller listed them already), what is left to the buttons and the "Full board" button."""
    found = offered(engine, state, to_act, moves, asked)
    options = option_texts(engine, state, to_act[0] if len(to_act) == 1 else None, found, drawn, locale)
    after = []
    if len(options) > OPTIONS_SHOWN:
        after.append(t("focus.more", locale, n=len(options) - OPTIONS_SHOWN))
    if to_act and any(engine.is_private(state, s) for s in to_act):
        after.append(t("focus.private", locale))
    elif _unlisted(engine, state, to_act, found):
        after.append(t("focus.each_own", locale))
    after.append(t("focus.full_board", locale))
    heading = t("focus.options", locale, n=len(options)) if options else ""
    return Focus(lines=caption, seat=to_act[0] if to_act else None, options=options, heading=heading, after=after,
                 outside=_outside(locale), seats=tuple(to_act) if len(to_act) > 1 else (),
                 touches=_touched(engine, state, to_act, drawn, locale) if not options else ())


def _unlisted(engine: Any, state: Any, to_act: list[str], found: list[Move]) -> bool:
    """Whether several decide at once and one of them has moves the post does not list (Robinson's planning: each
    places their pawns through "My view"), so that the post must send them there."""
    if len(to_act) < 2:
        return False
    listed = {m.id for m in found}
    return any(m.id not in listed for seat in to_act for m in engine.legal_moves(state, seat))


def _touched(engine: Any, state: Any, to_act: list[str], drawn: dict[str, str], locale: str) -> tuple[str, ...]:
    """When several decide at once and the post lists no options (each plans through "My view"): the texts of
    every decider's own options, which tell the image the part of the board they act on.  None while a decision
    is private: where its options lie could tell what only its decider may know."""
    if len(to_act) < 2 or any(engine.is_private(state, s) for s in to_act):
        return ()
    texts = [text for seat in to_act for text in option_texts(engine, state, None, engine.legal_moves(state, seat),
                                                              drawn, locale)]
    return tuple(dict.fromkeys(texts))


def private_focus(engine: Any, state: Any, seat: str, lines: list[str], drawn: dict[str, str], locale: str,
                  moves: list[Move]) -> Focus:
    """The lines of a player's own view at phone scale ("My view", `/game me`): their header, then (drawn by
    render/focus.py) their area and what only they see, then their options (`moves`, private ones too) as the
    buttons under it name them."""
    options = option_texts(engine, state, seat, moves, drawn, locale)
    after = [t("focus.more", locale, n=len(options) - OPTIONS_SHOWN)] if len(options) > OPTIONS_SHOWN else []
    heading = t("focus.options", locale, n=len(options)) if options else ""
    return Focus(lines=lines, seat=seat, options=options, heading=heading, after=after, mine=True,
                 outside=_outside(locale))


def focus_inputs(table: Table, locale: str, events: list[Msg], asked: Optional[list[str]] = None,
                 moves: Optional[list[Move]] = None) -> tuple[Any, dict[str, str], Focus]:
    """What the decision in view is drawn from: the public view, the names as drawn, its lines."""
    view, drawn, caption = board_inputs(table, locale, events)
    to_act = list(table.to_act) if table.game.status == "active" else []
    return view, drawn, decision_focus(table.engine, table.state, to_act, caption, drawn, locale, asked, moves)


def focus_png(table: Table, locale: str, events: list[Msg]) -> bytes:
    """The decision in view of the table's latest change, drawn here (benchmarks, tests)."""
    view, drawn, focus = focus_inputs(table, locale, events)
    return render_focus(view, drawn, focus, locale=locale)


def whole_board_posted(table: Table) -> bool:
    """A turn post shows the whole board once the game is over (or nobody is to act), else the decision in view."""
    return table.game.status != "active" or not table.to_act


def post_png(table: Table, locale: str, events: list[Msg], moves: Optional[list[Move]] = None) -> bytes:
    """A turn post's image (`draw_post_image`), drawn here (benchmarks, tests)."""
    if whole_board_posted(table):
        return board_png(table, locale, events)
    view, drawn, focus = focus_inputs(table, locale, events, None, moves)
    return render_focus(view, drawn, focus, locale=locale)


async def draw_post_image(table: Table, locale: str, events: list[Msg], asked: Optional[list[str]] = None,
                          moves: Optional[list[Move]] = None) -> bytes:
    """A turn post's image: the decision in view while the game runs (`asked`: the deciders the post mentions,
    whose one-click moves it offers; `moves`: those moves when the caller listed them already, as the post's
    buttons), the whole board once it is over."""
    if whole_board_posted(table):
        return await draw_board(table, locale, events)
    view, drawn, focus = focus_inputs(table, locale, events, asked, moves)
    return await drawing.pool().draw_focus(view, drawn, focus, locale)


__all__ = ["board_inputs", "board_png", "decision_focus", "draw_board", "draw_post_image", "event_lines", "sentence_start",
           "focus_inputs", "focus_png", "headline", "offered", "option_texts", "post_png", "posted_moves",
           "private_focus", "whole_board_posted"]
