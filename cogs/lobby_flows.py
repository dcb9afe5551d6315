"""The flows of lobbies on Discord: idle lobbies expire with a post in their thread (host/lobbies.py plans
when), and `/game abandon all-lobbies` (declared in cogs/game_cog.py) lets someone with Manage Server clear
a flood of lobbies after a confirmation.  `Lobbies` is built with the bot (cogs/game_bot.py `GameBot.wire`).

The confirmation button's custom id is `al:<server id>`; it is refused from any other server and to anyone
without Manage Server there, and works after a restart (a `DynamicItem`, registered by cogs/lobbies_cog.py).
"""
from __future__ import annotations

import logging
import re

import discord

from host import offloop
from host.i18n import guild_locale, t, user_locale
from host.limits import label as fit_label
from host.lobbies import LobbyKeeper
from host.names import shown
from host.numbers import id_number
from host.scheduler import Scheduler
from host.tables import Refusal, Table, game_title
from storage import TimerRow

from . import ops
from .actions import Actions, actor_of
from .deadline_posts import Deadlines

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
        lobbies: Lobbies = interaction.client.lobbies  # type: ignore[attr-defined]  # built by GameBot.wire
        await lobbies.actions.run(interaction, lobbies.clear(interaction, self.guild_id))


class Lobbies:
    """Expiry of idle lobbies and the flows of `/game abandon all-lobbies`: built with the bot
    (cogs/game_bot.py `GameBot.wire`) and handed to `GameCog`; `LobbiesCog` hooks it in."""

    def __init__(self, client: discord.Client, actions: Actions, scheduler: Scheduler, deadlines: Deadlines):
        self.client = client
        self.actions = actions
        self.service = actions.service
        self.deadlines = deadlines
        self.keeper = LobbyKeeper(self.service, scheduler)

    def _locale(self, table: Table) -> str:
        return self.deadlines.guild_locale(table)

    async def fire_sweep(self, timer: TimerRow) -> None:
        """Close the expired lobbies, each with a post in its thread."""
        for table in await offloop.call(self.keeper.sweep):
            locale = self._locale(table)
            try:
                await self.actions.tell_thread(table, t("lobby.expired", locale, title=game_title(table.game),
                                                        n=int(self.service.limits.lobby_idle_days)))
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
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
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
                await ops.post(self.client, interaction.channel_id, content=t(
                    "lobby.clear.done", guild_locale(interaction), who=shown(actor.name), n=len(closed)))
            except ops.PostFailed as exc:
                log.info("closed %d lobbies; the note failed: %s", len(closed), exc.reason)
        for table in closed:
            await self.actions.changed(table, "abandon")  # each lobby's thread is archived (cogs/pause.py)


__all__ = ["ClearLobbiesButton", "Lobbies"]
