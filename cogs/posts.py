"""What the bot posts in a game's thread: board image, embed, mention, buttons."""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Optional

import discord

from host.boards import draw_post_image, event_lines, headline, posted_moves
from host.i18n import t, tm
from host.limits import (EMBED_DESCRIPTION, EMBED_FOOTER, EMBED_FIELD_VALUE, EMBED_FIELDS, EMBED_TOTAL, clip, embed_text_size,
                         pack_lines)
from host.move_menus import seat_menu
from host.names import shown, shown_names
from host.notes import note_fields
from host.tables import Table, game_title
from rules import Move
from rules.text import Msg

from .seat_views import rematch_components
from .views import move_components

COLOUR_RUNNING = 0x0072B2
COLOUR_DONE = 0x009E73
COLOUR_STOPPED = 0x999999
NOTES_MARGIN = 200  # characters of a turn post's 6,000 kept free after the notes


def mention(table: Table, seat: str) -> str:
    row = table.user_of(seat)
    if row is None:
        return seat
    return f"<@{row.user_id}>" if row.user_id and not row.is_bot else shown(row.name)


@dataclass
class TurnPost:
    content: str
    embed: discord.Embed
    png: bytes
    view: Optional[discord.ui.View]
    mention_ids: list[int]
    notes_shown: bool = False  # whether the public notes went out whole (they give way to a long narration)

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), filename="board.png")


def score_lines(table: Table, locale: str) -> list[str]:
    """One line per player, best first: rank, name, score and its parts (a part worth 0 is left out)."""
    outcome = table.outcome()
    if outcome is None:
        return []
    names = shown_names(table.names)
    if outcome.coop:
        return [t("host.post.coop_won" if outcome.won else "host.post.coop_lost", locale)]
    order = sorted(outcome.scores, key=lambda s: (outcome.ranks.get(s, 99), table.names.get(s, s)))
    rows = []
    for seat in order:
        parts = ", ".join(f"{t('host.score.' + k, locale)} {v}" for k, v in outcome.breakdown.get(seat, {}).items()
                          if v)
        rows.append(t("host.post.score_line", locale, rank=outcome.ranks.get(seat, "?"),
                      who=names.get(seat, seat), score=outcome.scores[seat], parts=parts or "-"))
    return rows


def outcome_first(table: Table, locale: str, lines: list[str]) -> list[str]:
    """A finished game's narration with the engine's own account of the end first (who died and
    of what, the rounds run out, the goal met), so that no cut of the narration can lose it."""
    outcome = table.outcome()
    if outcome is None or outcome.summary is None:
        return lines
    first = clip(tm(outcome.summary, locale, shown_names(table.names)), EMBED_FIELD_VALUE)
    return [first] + [line for line in lines if line != first]


def scores_text(table: Table, locale: str) -> str:
    return "\n".join(score_lines(table, locale))


def build_turn_post(table: Table, locale: str, events: list[Msg], png: bytes,
                    moves: Optional[list[Move]] = None, *, lines: Optional[list[str]] = None,
                    pinged: Optional[list[str]] = None, clocks: Optional[str] = None, notes: bool = True) -> TurnPost:
    """Everything for the post after a start or a move, given the rendered board.

    `lines` (default: the events) are the text above the board: a merged board's narration
    (cogs/board_posts.py).  `pinged` (default: every seat to act) are the seats whose players are mentioned.
    `clocks` (a game with a time bank): the players' clocks, in the footer.
    `notes`: whether the public notes (what the threats, items and tokens in play do) are shown; when not (they
    are as on the game's previous post, cogs/board_posts.py), one line says `/game me` shows them."""
    assert table.state is not None
    title = tm(game_title(table.game), locale)
    done = table.game.status in ("finished", "abandoned")
    lines = event_lines(table, events, locale) if lines is None else lines
    if table.game.status == "finished":
        lines = outcome_first(table, locale, lines)
    embed = discord.Embed(
        title=title,
        description=clip("\n".join(lines), EMBED_DESCRIPTION) or None,
        colour=COLOUR_DONE if table.game.status == "finished" else COLOUR_STOPPED if done else COLOUR_RUNNING,
    )
    if table.game.status == "finished":
        for i, value in enumerate(pack_lines(score_lines(table, locale))):  # 6 players fit, in several fields
            embed.add_field(name=t("host.post.final_scores" if i == 0 else "host.post.final_scores_more", locale),
                            value=value, inline=False)
    elif not done:
        for line in headline(table, locale):
            embed.add_field(name=t("host.post.next", locale), value=clip(line, EMBED_FIELD_VALUE), inline=False)
    embed.set_image(url="attachment://board.png")
    footer = t("host.post.footer", locale, id=table.game.number, n=table.state.moves_made)
    if not done and not notes and note_fields(table, None, locale, EMBED_TOTAL):
        footer = f"{footer}\n{t('host.notes.unchanged', locale)}"
    embed.set_footer(text=clip(f"{footer}\n{clocks}" if clocks and not done else footer, EMBED_FOOTER))
    notes_shown = False
    if not done and notes:  # what the threats, items and tokens in play do, in what room is left
        budget = EMBED_TOTAL - NOTES_MARGIN - embed_text_size(embed.to_dict())
        fields = note_fields(table, None, locale, budget, EMBED_FIELDS - len(embed.fields))
        for name, value in fields:
            embed.add_field(name=name, value=value, inline=False)
        notes_shown = len(fields) == len(note_fields(table, None, locale, EMBED_TOTAL))
    pinged = list(table.to_act) if pinged is None else [s for s in table.to_act if s in pinged]
    mention_ids = [] if done else [r.user_id for s in pinged if (r := table.user_of(s)) and r.user_id and not r.is_bot]
    if done:
        content = ""
    else:
        content = " ".join(mention(table, s) for s in pinged)
    view = rematch_components(table.game.id, locale) if table.game.status == "finished" else None
    if not done:
        single = table.to_act[0] if len(table.to_act) == 1 else None
        # A private decision (Engine.is_private) never shows its options publicly: only "My view", which every
        # running board carries (each player's private view and moves, cogs/private_view.py).  The image shows
        # the same options as these buttons (host/boards.py `posted_moves`, the decision in view).
        private = any(table.engine.is_private(table.state, s) for s in table.to_act)
        pending = posted_moves(table, moves, pinged)  # several deciders: e.g. Robinson's confirm again (R30)
        menu = seat_menu(table.engine, table.state, single, pending) if single and pending else None
        view = move_components(table.game.id, table.game.version, pending, locale, names=table.names,
                               several=single is None or private, view_button=True, menu=menu)
    return TurnPost(content=content, embed=embed, png=png, view=view,
                    mention_ids=mention_ids, notes_shown=notes_shown)


async def make_turn_post(table: Table, locale: str, events: list[Msg], *, lines: Optional[list[str]] = None,
                         pinged: Optional[list[str]] = None, clocks: Optional[str] = None, notes: bool = True
                         ) -> TurnPost:
    """Draw the image in the board pool (host/drawing.py): the decision in view while the game runs (the whole
    board is the "Full board" button's), the whole board at the end; then assemble the post on the loop (views
    need it).  `clocks`: the players' clocks, shown under the board (host/deadlines.py `board_clocks`)."""
    asked = None if pinged is None else [s for s in table.to_act if s in pinged]
    # the decider's legal list, built once for the image's options and the buttons (they must name the same moves)
    moves = posted_moves(table, asked=asked) if table.game.status == "active" and table.to_act else None
    png = await draw_post_image(table, locale, events, asked, moves)
    return build_turn_post(table, locale, events, png, moves, lines=lines, pinged=pinged, clocks=clocks, notes=notes)
