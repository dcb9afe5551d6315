"""A player's private view as it stands now: their board at phone scale (render/focus.py: their area and what
only they see, their hand or face-down tiles, first; then the decision's places and their options, numbered as
the buttons name them), what their things in play do, and their legal moves as buttons when the decision is
theirs.

It answers `/game me`, the "My view" button every running board carries (`pv:<game>`, cogs/views.py), the
private move lists that button opens (after a click they are edited into the view as it stands then, so a
used list never stays behind as the newest thing with buttons) and the private threads of
`/game me private-thread:on` (cogs/private_threads.py)."""
from __future__ import annotations

import hashlib
import io
import json
from dataclasses import dataclass
from typing import Any, Optional

import discord

from host import drawing
from host.boards import draw_board, private_focus
from host.i18n import t, tm, user_locale
from host.limits import EMBED_TOTAL
from host.move_menus import MoveGroup, group_text, seat_menu
from host.names import shown_names
from host.notes import note_fields
from host.tables import Refusal, Table, game_title
from render.names import board_names
from rules import Move

from . import ops
from .views import move_components


def me_notes(table: Table, seat: str, locale: str) -> Optional[discord.Embed]:
    """`/game me`'s explanations: the seat's character, abilities, the group's items and tokens."""
    title = t("host.me.notes", locale)
    fields = note_fields(table, seat, locale, EMBED_TOTAL - len(title))
    if not fields:
        return None
    embed = discord.Embed(title=title)
    for name, value in fields:
        embed.add_field(name=name, value=value, inline=False)
    return embed


@dataclass
class PrivateView:
    content: str
    embed: Optional[discord.Embed]
    png: bytes
    view: Optional[discord.ui.View]

    def file(self) -> discord.File:
        return discord.File(io.BytesIO(self.png), "me.png")


def view_lines(table: Table, seat: str, locale: str, names: dict[str, str]) -> list[str]:
    """The header and, when the decision is theirs, what it is: as message text (`shown_names`) or as drawn
    on the image (`board_names`)."""
    assert table.state is not None
    lines = [t("host.me.header", locale, title=game_title(table.game), seat=names.get(seat, seat))]
    if seat in table.to_act and table.game.status == "active":
        lines.append(t("host.me.your_turn", locale, what=tm(table.engine.prompt(table.state, seat), locale, names)))
    return lines


def seat_moves(table: Table, seat: str) -> list[Move]:
    """The seat's legal moves now (none when the decision is not theirs or the game is not running)."""
    if table.game.status != "active" or table.state is None or seat not in table.to_act:
        return []
    return table.engine.legal_moves(table.state, seat)


async def private_view(table: Table, seat: str, locale: str, *, note: str = "",
                       moves: Optional[list[Move]] = None) -> PrivateView:
    """The seat's private view now; `note` goes first (what was just done, or why a click was refused);
    `moves` (default: the seat's legal moves) become buttons carrying the game's current version."""
    assert table.state is not None
    lines = view_lines(table, seat, locale, shown_names(table.names))
    drawn = board_names(table.names)
    moves = seat_moves(table, seat) if moves is None else moves
    focus = private_focus(table.engine, table.state, seat, view_lines(table, seat, locale, drawn), drawn, locale,
                          moves)
    png = await drawing.pool().draw_focus(table.engine.view(table.state, seat), drawn, focus, locale,
                                          public=table.engine.view(table.state, None))
    menu = seat_menu(table.engine, table.state, seat, moves) if moves else None
    view = move_components(table.game.id, table.game.version, moves, locale, names=table.names,
                           menu=menu) if moves else None
    content = "\n".join(([note] if note else []) + lines)
    return PrivateView(content=content, embed=me_notes(table, seat, locale), png=png, view=view)


def private_part(mine: Any, public: Any) -> Any:
    """What a seat's view holds beyond the public view, down to the differing leaves (a player's hand inside
    the list of players, not the whole list, whose public parts change at every move)."""
    if isinstance(mine, dict) and isinstance(public, dict):
        return {k: private_part(v, public.get(k)) for k, v in mine.items() if v != public.get(k)}
    if isinstance(mine, list) and isinstance(public, list) and len(mine) == len(public):
        return {i: private_part(a, b) for i, (a, b) in enumerate(zip(mine, public)) if a != b}
    return mine


def private_digest(table: Table, seat: str) -> str:
    """A fingerprint of what only `seat` may know now: the parts of their view that differ from the public
    view, and their options while they make a private decision.  It changes exactly when their private
    information does (a private thread is posted to then)."""
    if table.state is None:
        return ""
    mine = table.engine.view(table.state, seat).model_dump(mode="json")
    public = table.engine.view(table.state, None).model_dump(mode="json")
    private = {"view": private_part(mine, public)}
    if table.game.status == "active" and seat in table.to_act and table.engine.is_private(table.state, seat):
        private["__moves__"] = [m.id for m in table.engine.legal_moves(table.state, seat)]
    return hashlib.sha256(json.dumps(private, sort_keys=True, default=str).encode()).hexdigest()[:32]




# ---- the flows behind the "My view" button and a click in a private list ----------------------------------
def clicked_privately(interaction: discord.Interaction) -> bool:
    """Whether the click came from a private (ephemeral) message: a list of moves the bot gave one player."""
    message = getattr(interaction, "message", None)
    return bool(message is not None and message.flags.ephemeral)


async def open_private_view(actions: Any, interaction: discord.Interaction, game_id: int) -> None:
    """The "My view" button (`game_id`: the internal id of its custom id, checked against the click's server):
    the clicker's private view now, privately; a spectator is refused privately."""
    await ops.defer(interaction, ephemeral=True)  # drawing takes a moment
    table = await actions.db(interaction, actions.service.table_in, game_id, interaction.guild_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None:
        raise Refusal("host.refuse.spectator_me")
    if table.state is None:
        raise Refusal("host.refuse.not_started", title=game_title(table.game))
    shown = await private_view(table, seat.seat, user_locale(interaction))
    await ops.reply(interaction, shown.content, ephemeral=True, embed=shown.embed, file=shown.file(),
                    view=shown.view)


async def open_full_board(actions: Any, interaction: discord.Interaction, game_id: int) -> None:
    """The "Full board" button of a running board (whose image is the decision in view): the whole public board
    as it stands now, privately, to anyone in the server (it shows nothing private)."""
    await ops.defer(interaction, ephemeral=True)  # drawing takes a moment
    table = await actions.db(interaction, actions.service.table_in, game_id, interaction.guild_id)
    if table.state is None:
        raise Refusal("host.refuse.not_started", title=game_title(table.game))
    locale = user_locale(interaction)
    png = await draw_board(table, locale, [])
    await ops.reply(interaction, t("focus.reply", locale, title=game_title(table.game)), ephemeral=True,
                    file=discord.File(io.BytesIO(png), "board.png"))


async def open_move_group(actions: Any, interaction: discord.Interaction, game_id: int, version: int,
                          key: str) -> None:
    """A group in a menu of moves (host/move_menus.py, e.g. Robinson's planning: an action, then its target):
    the moves under it as the next menu, privately.  A click on an older list, or by someone who does not
    decide now, is refused and changes nothing."""
    await ops.defer(interaction, ephemeral=True)
    table = await actions.db(interaction, actions.service.table_in, game_id, interaction.guild_id)
    if table.game.version != version:
        raise Refusal("host.refuse.stale_board")
    moves = await actions.db(interaction, actions.service.legal_moves, table, interaction.user.id)
    seat = table.seat_of(interaction.user.id)
    assert seat is not None and table.state is not None  # legal_moves refused a spectator
    text = group_text(table.engine, table.state, seat.seat, key)
    menu = seat_menu(table.engine, table.state, seat.seat, moves, within=key) if moves else None
    if text is None or not menu:
        raise Refusal("host.refuse.stale_board")
    locale = user_locale(interaction)
    if any(isinstance(e, MoveGroup) for e in menu):  # groups again (an action, then its targets)
        view = move_components(game_id, version, moves, locale, names=table.names, menu=menu)
    else:  # the moves themselves: buttons, or menus
        view = move_components(game_id, version, [e for e in menu if isinstance(e, Move)], locale,
                               names=table.names)
    await ops.reply(interaction, t("menus.pick", locale, what=tm(text, locale, shown_names(table.names))),
                    ephemeral=True, view=view)


async def refresh_private_list(actions: Any, interaction: discord.Interaction, game_id: int, note: str,
                               table: Optional[Table] = None) -> None:
    """After a click in a private list (acknowledged as an update of that list): the list becomes the player's
    private view as it stands now, `note` first (the move done, or why the click was refused), with buttons
    only for what they can do now.  `table`: the game as the click's move left it (nothing to read again);
    None after a refusal, when the game is read as it stands."""
    if table is None:
        table = await actions.db(interaction, actions.service.table_in, game_id, interaction.guild_id)
    seat = table.seat_of(interaction.user.id)
    if seat is None or table.state is None:
        await ops.edit_reply(interaction, note)
        return
    shown = await private_view(table, seat.seat, user_locale(interaction), note=note)
    await ops.edit_reply(interaction, shown.content, embed=shown.embed, file=shown.file(), view=shown.view)


__all__ = ["PrivateView", "clicked_privately", "me_notes", "open_full_board", "open_move_group",
           "open_private_view", "private_digest", "private_view",
           "refresh_private_list", "seat_moves", "view_lines"]
