"""Lobbies on Discord: idle lobbies expire with a post in their thread (host/lobbies.py plans when), and
`/game abandon all-lobbies` lets someone with Manage Server clear a flood of lobbies after a confirmation.

The sweep timer runs on the deadlines' scheduler (cogs/deadlines_cog.py), so this cog loads after it.  The
confirmation button's custom id is `al:<server id>`; it is refused from any other server and to anyone
without Manage Server there, and works after a restart (a `DynamicItem` registered here).
"""
from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from host import offloop
from host.i18n import guild_locale, t, user_locale
from host.lobbies import SWEEP, LobbyKeeper
from host.limits import label as fit_label
from host.numbers import id_number
from host.names import shown
from host.tables import Refusal, Table, game_title
from storage import TimerRow

from . import ops
from .actions import Actions, actor_of
from .loaded import loaded_cog

if TYPE_CHECKING:
    from .game_bot import GameBot

log = logging.getLogger("gamehost.lobbies")


class ClearLobbiesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"al:(?P<guild>[0-9]+)"):
    """The private "Yes, close them all" answer to `/game abandon all-lobbies`."""

    def __init__(self, guild_id: int, label: str = "Close them all"):
        super().__init__(discord.ui.Button(label=fit_label(label), style=discord.ButtonStyle.danger,
                                           custom_id=f"al:{guild_id}"))
        self.guild_id = guild_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(id_number(match["guild"]), item.label or "Close them all")

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = lobbies_of(interaction.client)
        await cog.actions.run(interaction, cog.clear(interaction, self.guild_id))


class LobbiesCog(commands.Cog):
    """No commands of its own: expiry of idle lobbies and the flows of `/game abandon all-lobbies`."""

    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        self.scheduler = bot.scheduler  # the one timer loop (host/scheduler.py), built with the bot
        self.keeper = LobbyKeeper(bot.service, self.scheduler)

    async def cog_load(self) -> None:
        self.scheduler.on(SWEEP, self.fire_sweep)
        self.bot.add_dynamic_items(ClearLobbiesButton)
        try:
            await offloop.call(self.keeper.arm)
        except Refusal:  # the database is busy: the next start plans it
            log.warning("lobby expiry not planned at start-up: the database is busy")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ClearLobbiesButton)

    def _locale(self, table: Table) -> str:
        return self.bot.deadlines.guild_locale(table)

    async def fire_sweep(self, timer: TimerRow) -> None:
        """Close the expired lobbies, each with a post in its thread."""
        for table in await offloop.call(self.keeper.sweep):
            locale = self._locale(table)
            try:
                await self.actions.tell_thread(table, t("lobby.expired", locale, title=game_title(table.game),
                                                        n=int(self.bot.service.limits.lobby_idle_days)))
            except ops.PostFailed as exc:
                log.info("lobby %s expired; its post failed: %s", table.game.id, exc.reason)
            finally:
                await self.actions.changed(table, "abandon")

    # ---- /game abandon all-lobbies ---------------------------------------------------------------
    async def ask_clear(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        actor = actor_of(interaction)
        if interaction.guild_id is None:
            raise Refusal("host.refuse.dm_only")
        if not actor.can_manage:
            raise Refusal("lobby.refuse.manage_only")
        n = await self.actions.db(interaction, self.keeper.lobbies, interaction.guild_id)
        if not n:
            raise Refusal("lobby.refuse.none")
        view = discord.ui.View(timeout=None)
        view.add_item(ClearLobbiesButton(interaction.guild_id, t("lobby.clear.button", locale, n=n)))
        await ops.reply(interaction, t("lobby.clear.ask", locale, n=n), ephemeral=True, view=view)

    async def clear(self, interaction: discord.Interaction, guild_id: int) -> None:
        if interaction.guild_id != guild_id:
            raise Refusal("host.refuse.gone")
        await ops.defer(interaction, ephemeral=True)
        actor = actor_of(interaction)
        closed = await self.actions.db(interaction, self.keeper.clear, actor, interaction.guild_id)
        await ops.reply(interaction, t("lobby.clear.done_you", user_locale(interaction), n=len(closed)),
                        ephemeral=True)
        if closed and interaction.channel_id:
            try:  # one public line where it was asked, not one post per lobby
                await ops.post(self.bot, interaction.channel_id, content=t(
                    "lobby.clear.done", guild_locale(interaction), who=shown(actor.name), n=len(closed)))
            except ops.PostFailed as exc:
                log.info("closed %d lobbies; the note failed: %s", len(closed), exc.reason)
        for table in closed:
            await self.actions.changed(table, "abandon")  # each lobby's thread is archived (cogs/pause.py)


def lobbies_of(bot: discord.Client) -> LobbiesCog:
    return loaded_cog(bot, LobbiesCog)


__all__ = ["ClearLobbiesButton", "LobbiesCog", "lobbies_of"]
