"""Persistent buttons and selects.

Custom ids carry the game id and the game's version, so a click works after a
restart (the items are registered as dynamic items at start-up) and a click on
an older board is recognised as stale and refused politely.
"""
from __future__ import annotations

import re
from typing import Any, Mapping, Optional, Sequence

import discord

from host.confirmations import LeaveTicket
from host.i18n import t, tm
from host.numbers import id_number
from host.limits import OPTION_TEXT, PLACEHOLDER, label as fit_label
from host.move_menus import GROUP_MARK, Entry, MoveGroup, entry_text
from render.names import board_names
from rules import Move

BUTTONS_MAX = 20  # leave room; Discord allows 25 per message
SELECT_OPTIONS_MAX = 25
SELECTS_MAX = 5  # action rows in a message; a select fills one
PAGE_SELECTS = SELECTS_MAX - 1  # a paged menu keeps its last row for the "more moves" button


def _actions(interaction: discord.Interaction) -> Any:
    return interaction.client.actions  # type: ignore[attr-defined]


class MoveButton(discord.ui.DynamicItem[discord.ui.Button], template=r"mv:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<move>\S+)"):
    def __init__(self, game_id: int, version: int, move_id: str, label: str = "?",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary):
        super().__init__(discord.ui.Button(label=fit_label(label) or move_id, style=style,
                                           custom_id=f"mv:{game_id}:{version}:{move_id}"[:100]))
        self.game_id, self.version, self.move_id = game_id, version, move_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(id_number(match["game"]), id_number(match["version"]), match["move"], item.label or "?", item.style)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _actions(interaction).click_move(interaction, self.game_id, self.version, self.move_id)


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"ms:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<k>[0-9]+)"):
    def __init__(self, game_id: int, version: int, k: int, options: Sequence[discord.SelectOption] = (),
                 placeholder: str | None = None):
        super().__init__(discord.ui.Select(custom_id=f"ms:{game_id}:{version}:{k}", options=list(options),
                                           placeholder=placeholder, min_values=1, max_values=1))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(id_number(match["game"]), id_number(match["version"]), id_number(match["k"]), item.options, item.placeholder)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        if values and values[0].startswith(GROUP_MARK):  # a group of moves: its own menu, privately
            await _actions(interaction).show_move_group(interaction, self.game_id, self.version,
                                                        values[0][len(GROUP_MARK):])
        elif values:
            await _actions(interaction).click_move(interaction, self.game_id, self.version, values[0])


class MovePageButton(discord.ui.DynamicItem[discord.ui.Button],
                     template=r"pg:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<page>[0-9]+)"):
    """More moves than five menus hold: opens page `page` of the moves privately (works after a restart)."""

    def __init__(self, game_id: int, version: int, page: int, label: str = "…"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.primary,
                                           custom_id=f"pg:{game_id}:{version}:{page}"))
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(id_number(match["game"]), id_number(match["version"]), id_number(match["page"]), item.label or "…")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _actions(interaction).show_my_moves(interaction, self.game_id, self.version, page=self.page)


class MyMovesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"my:(?P<game>[0-9]+):(?P<version>[0-9]+)"):
    """Simultaneous or private decisions on boards posted before the "My view" button: each player opens their own
    moves privately (still registered, so those boards keep working)."""

    def __init__(self, game_id: int, version: int, label: str = "My moves"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.primary,
                                           custom_id=f"my:{game_id}:{version}"))
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(id_number(match["game"]), id_number(match["version"]), item.label or "My moves")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _actions(interaction).show_my_moves(interaction, self.game_id, self.version)


class PrivateViewButton(discord.ui.DynamicItem[discord.ui.Button], template=r"pv:(?P<game>[0-9]+)"):
    """On every running board: opens the clicker's private view as it stands now (hand, face-down tiles, their
    legal moves as buttons).  No version in its id: it is never stale while the game runs (cogs/private_view.py)."""

    def __init__(self, game_id: int, label: str = "My view"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.primary,
                                           custom_id=f"pv:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(id_number(match["game"]), item.label or "My view")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _actions(interaction).show_private_view(interaction, self.game_id)


class FullBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fb:(?P<game>[0-9]+)"):
    """On every running board, whose image is the decision in view: the whole board as it stands now, privately
    (cogs/private_view.py `open_full_board`).  No version in its id: it is never stale while the game runs."""

    def __init__(self, game_id: int, label: str = "Full board"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.secondary,
                                           custom_id=f"fb:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["game"]), item.label or "Full board")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _actions(interaction).show_full_board(interaction, self.game_id)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button], template=r"lb:(?P<action>join|leave|start):(?P<game>[0-9]+)"):
    def __init__(self, action: str, game_id: int, label: str = ""):
        style = discord.ButtonStyle.success if action == "start" else (
            discord.ButtonStyle.primary if action == "join" else discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(label=fit_label(label or action), style=style, custom_id=f"lb:{action}:{game_id}"))
        self.action, self.game_id = action, game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["action"], id_number(match["game"]), item.label or match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _actions(interaction).click_lobby(interaction, self.action, self.game_id)


class LeaveConfirmButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"lv:(?P<game>[0-9]+)(?P<ticket>(?::[0-9]+){3})?"):
    """The private "Yes, leave" answer to `/game leave` (or the lobby's Leave button): only a click leaves, and only
    the button of the newest prompt, while leaving still does what it said (its ticket: host/confirmations.py)."""

    def __init__(self, custom_id: str, label: str = "Leave"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.danger,
                                           custom_id=custom_id))
        self.game_id = id_number(custom_id.split(":")[1])
        self.ticket = LeaveTicket.parse(custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match.group(0), item.label or "Leave")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _actions(interaction).click_leave(interaction, self.game_id, self.ticket)


DYNAMIC_ITEMS = (MoveButton, MoveSelect, MovePageButton, MyMovesButton, PrivateViewButton, FullBoardButton,
                 LobbyButton, LeaveConfirmButton)


def entry_option(entry: Entry, locale: str, names: Mapping[str, str]) -> discord.SelectOption:
    """One option of a grouped menu (host/move_menus.py): a move, or a group that opens the next menu."""
    if isinstance(entry, MoveGroup):
        return discord.SelectOption(label=fit_label(entry_text(entry, locale, names), OPTION_TEXT) or entry.key[:OPTION_TEXT],
                                    value=entry.value[:OPTION_TEXT])
    return discord.SelectOption(label=fit_label(tm(entry.text, locale, names), OPTION_TEXT) or entry.id[:OPTION_TEXT],
                                value=entry.id[:OPTION_TEXT])


def move_components(game_id: int, version: int, moves: Sequence[Move], locale: str, *,
                    names: Mapping[str, str], several: bool = False, page: int = 0,
                    view_button: bool = False, menu: Optional[Sequence[Entry]] = None) -> discord.ui.View | None:
    """Buttons for a short list of moves, selects for a long one (`/play` always works too).

    `names` (the table's seat -> player name) makes a seat in a label read as its player, cleaned and clipped
    (labels show no markdown or mentions, so nothing is escaped).
    `view_button` (a board's buttons) adds the "Full board" button (the post's image is the decision in view) and
    the "My view" button, which answers each player privately with their
    private view and their own moves; with `several` (simultaneous or private decisions) it comes after a button
    for each of `moves` (the moves every player asked may make with one click: `Engine.shared_moves`).
    (`several` without `view_button` gives the "My moves" button of older boards.)
    More moves than five menus hold (125; with `view_button`, more than four hold: 100) are paged: `page` shows
    four menus (100 moves) and a button opening the next page (from the last, the first), so every move is
    reachable by a click.
    `menu` (host/move_menus.py `seat_menu`): the moves grouped into one menu of at most 25 entries, a group
    opening the next menu privately; used instead of pages when the moves do not fit in buttons."""
    names = board_names(names)
    view = discord.ui.View(timeout=None)
    mine = PrivateViewButton(game_id, t("private.button", locale)) if view_button else None
    whole = FullBoardButton(game_id, t("focus.button", locale)) if view_button else None
    if several:
        for move in moves[:BUTTONS_MAX - 1]:
            view.add_item(MoveButton(game_id, version, move.id, tm(move.text, locale, names), discord.ButtonStyle.primary))
        view.add_item(mine or MyMovesButton(game_id, version, t("host.button.my_moves", locale)))
        if whole is not None:
            view.add_item(whole)
        return view
    if not moves:
        if mine is None:
            return None
        view.add_item(mine)
        if whole is not None:
            view.add_item(whole)
        return view
    if len(moves) <= BUTTONS_MAX:
        for i, move in enumerate(moves):
            style = discord.ButtonStyle.primary if i == 0 else discord.ButtonStyle.secondary
            view.add_item(MoveButton(game_id, version, move.id, tm(move.text, locale, names), style))
        if mine is not None:
            view.add_item(mine)
        if whole is not None:
            view.add_item(whole)
        return view
    if menu is not None and len(menu) <= SELECT_OPTIONS_MAX:
        placeholder = t("menus.placeholder", locale, n=len(menu))
        view.add_item(MoveSelect(game_id, version, 0, [entry_option(e, locale, names) for e in menu],
                                 fit_label(placeholder, PLACEHOLDER)))
        if mine is not None:
            view.add_item(mine)
        if whole is not None:
            view.add_item(whole)
        return view
    fits = len(moves) <= SELECT_OPTIONS_MAX * SELECTS_MAX and mine is None  # else the last row holds buttons
    per_page = SELECT_OPTIONS_MAX * (SELECTS_MAX if fits else PAGE_SELECTS)
    pages = -(-len(moves) // per_page)
    page = page % pages
    first = page * per_page
    shown = moves[first:first + per_page]
    chunks = [shown[i:i + SELECT_OPTIONS_MAX] for i in range(0, len(shown), SELECT_OPTIONS_MAX)]
    for k, chunk in enumerate(chunks):
        options = [discord.SelectOption(label=fit_label(tm(m.text, locale, names), OPTION_TEXT) or m.id[:OPTION_TEXT],
                                        value=m.id[:OPTION_TEXT]) for m in chunk]
        a = first + k * SELECT_OPTIONS_MAX + 1
        placeholder = t("host.select.placeholder", locale, a=a, b=a + len(chunk) - 1, n=len(moves))
        view.add_item(MoveSelect(game_id, version, page * SELECTS_MAX + k, options, fit_label(placeholder, PLACEHOLDER)))
    if pages > 1:
        nxt = (page + 1) % pages
        a = nxt * per_page + 1
        more = t("host.select.more", locale, a=a, b=min(len(moves), a + per_page - 1), n=len(moves))
        view.add_item(MovePageButton(game_id, version, nxt, more))
    if mine is not None:
        view.add_item(mine)
    if whole is not None:
        view.add_item(whole)
    return view


def leave_confirm_components(custom_id: str, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(LeaveConfirmButton(custom_id, t("host.button.leave_confirm", locale)))
    return view


def lobby_components(game_id: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start"):
        view.add_item(LobbyButton(action, game_id, t(f"host.button.{action}", locale)))
    return view
