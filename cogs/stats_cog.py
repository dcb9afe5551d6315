"""`/stats me [game:]` and `/stats server game:` (the numbers come from host/stats.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import discord
from discord import app_commands
from discord.ext import commands

from host.i18n import user_locale
from host.stats import Stats

from . import ops
from .actions import Actions
from .completion import game_choices
from .info import _chunks

if TYPE_CHECKING:
    from .game_bot import GameBot


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
            key = self.bot.service.engine(game).key if game else None
            lines = await self.actions.db(interaction, self.stats.me, interaction.user.id, interaction.guild_id, key,
                                          user_locale(interaction))
            await self._send(interaction, lines, ephemeral=True)
        await self.actions.run(interaction, flow())

    @app_commands.command(name="server", description="This server's ratings and results for one game")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_choices)
    async def server(self, interaction: discord.Interaction, game: str) -> None:
        async def flow() -> None:
            lines = await self.actions.db(interaction, self.stats.server, interaction.guild_id, game,
                                          user_locale(interaction))
            await self._send(interaction, lines, ephemeral=False)
        await self.actions.run(interaction, flow())
