"""`/stats me [game:]` and `/stats server game:` (the numbers come from host/stats.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import discord
from discord import app_commands
from discord.ext import commands

from host.i18n import user_locale
from host.stats import Stats

from . import deferred, ops
from .actions import Actions
from .completion import game_choices
from .info import _chunks

if TYPE_CHECKING:
    from .game_bot import GameBot
    from host.tables import TableService


def server_lines(reads: "TableService", guild_id: Optional[int], key: str, locale: str) -> list[str]:
    """`/stats server`'s lines, read through `reads` (the bot's read-only service, cogs/game_bot.py `GameBot.read`)."""
    return Stats(reads.store).server(guild_id, key, locale)


class StatsCog(commands.GroupCog, group_name="stats", group_description="Results, wins and ratings of players"):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        self.stats = Stats(bot.store)
        super().__init__()

    async def _send(self, interaction: discord.Interaction, lines: list[str], ephemeral: bool) -> None:
        for chunk in _chunks(lines):
            await ops.reply(interaction, chunk, ephemeral=ephemeral)

    @app_commands.command(name="me", description="Your games, wins, average score and rating (only you see them)")
    @app_commands.describe(game="Only this game (default: every game)")
    @app_commands.autocomplete(game=game_choices)
    async def me(self, interaction: discord.Interaction, game: Optional[str] = None) -> None:
        async def flow() -> None:
            key = self.bot.service.engine(game).key if game else None  # an unknown game: refused at once
            await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
            lines = await self.actions.db(interaction, self.stats.me, interaction.user.id, interaction.guild_id, key,
                                          user_locale(interaction))
            await self._send(interaction, lines, ephemeral=True)
        await self.actions.run(interaction, flow())

    @app_commands.command(name="server", description="This server's ratings and results for one game")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_choices)
    async def server(self, interaction: discord.Interaction, game: str) -> None:
        async def flow() -> None:
            # The game is checked first, so a refusal is the private answer itself; then the public "thinking",
            # before the results are read (on the read-only connection, never behind a write) and rated.
            key = self.bot.service.engine(game).key
            await ops.defer(interaction, ephemeral=False)
            lines = await deferred.read_for_interaction(interaction, server_lines, interaction.guild_id, key,
                                                        user_locale(interaction))
            await self._send(interaction, lines, ephemeral=False)
        await self.actions.run(interaction, flow())
