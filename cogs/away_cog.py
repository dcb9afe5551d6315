"""`/game away` and `/game back`: a member's holidays (host/away.py) on Discord.

The commands belong to the `/game` group: `AwayCommands` is a mixin of `cogs/game_cog.py`'s `GameCog`; the
flows live in `AwayFlows`, built with the bot (cogs/game_bot.py `GameBot.wire`) and handed to `GameCog`.
Going away re-plans the deadlines of every running game of the member in this
server (their clocks stand still, host/clocks.py) and says so once in each of those games' threads.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from host.away import Holidays, until_text
from host.clocks import DAY
from host.i18n import guild_locale, t, user_locale
from host.names import shown
from host.tables import Table

from . import ops
from .actions import Actions, actor_of

if TYPE_CHECKING:
    from .deadline_posts import Deadlines


class AwayFlows:
    """The flows behind `/game away` and `/game back` (the commands are `AwayCommands`)."""

    def __init__(self, actions: Actions, deadlines: "Deadlines"):
        self.actions = actions
        self.deadlines = deadlines
        self.holidays = Holidays(actions.service)

    async def _replan(self, interaction: discord.Interaction, tables: list[Table]) -> None:
        for table in tables:
            await self.actions.db(interaction, self.deadlines.schedule, table)

    async def _tell(self, tables: list[Table], text: str) -> None:
        """One post in each game's thread; a refused post in one game does not stop the others."""
        for table in tables:
            try:
                await self.actions.tell_thread(table, text)
            except ops.PostFailed:
                continue  # the game is paused (cogs/pause.py); its players hear of it when it resumes

    async def away(self, interaction: discord.Interaction, until: str) -> None:
        locale, glocale = user_locale(interaction), guild_locale(interaction)
        actor = actor_of(interaction)
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        row, tables = await self.actions.db(interaction, self.holidays.go_away, interaction.guild_id, actor.user_id,
                                            until)
        await self._replan(interaction, tables)
        left = await self.actions.db(interaction, self.holidays.days_left, row.guild_id, actor.user_id)
        left = max(0.0, left - (row.until_at - row.start_at) / DAY)
        await ops.reply(interaction, t("away.done_you", locale, until=until_text(row.until_at, locale),
                                       n=len(tables), days=int(left + 0.001)), ephemeral=True)
        await self._tell(tables, t("away.post", glocale, who=shown(actor.name),
                                   until=until_text(row.until_at, glocale)))

    async def back(self, interaction: discord.Interaction) -> None:
        locale, glocale = user_locale(interaction), guild_locale(interaction)
        actor = actor_of(interaction)
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        tables = await self.actions.db(interaction, self.holidays.come_back, interaction.guild_id, actor.user_id)
        await self._replan(interaction, tables)
        await ops.reply(interaction, t("away.back_you", locale, n=len(tables)), ephemeral=True)
        await self._tell(tables, t("away.back_post", glocale, who=shown(actor.name)))


class AwayCommands:
    """Mixin of `GameCog` (before `commands.GroupCog`): `/game away` and `/game back`."""

    actions: Actions
    away_flows: AwayFlows

    @app_commands.command(name="away", description="Pause the deadlines of all your games in this server until then")
    @app_commands.describe(until="When you are back: a date (2026-02-03) or a duration (3d, 36h, 1w)")
    async def away(self, interaction: discord.Interaction, until: app_commands.Range[str, 1, 40]) -> None:
        await self.actions.run(interaction, self.away_flows.away(interaction, until))

    @app_commands.command(name="back", description="End your time away now: your games' clocks run again")
    async def back(self, interaction: discord.Interaction) -> None:
        await self.actions.run(interaction, self.away_flows.back(interaction))


__all__ = ["AwayCommands", "AwayFlows"]
