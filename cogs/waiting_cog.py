"""`/game waiting`: joins the `/game` group when this cog loads (cogs/subcommands.py); its flow, the digest
of `/game notify digest:daily` and the digest's timer are cogs/waiting_flows.py `Waiting`, built with the bot.
At start-up the digests of every user who asked for one are re-armed.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from host import offloop

from .actions import Actions
from .subcommands import attach, detach
from .waiting_flows import Waiting

if TYPE_CHECKING:
    from .game_bot import GameBot

log = logging.getLogger("gamehost.waiting")


class WaitingCog(commands.Cog):
    """`/game waiting` (joins the `/game` group when this cog loads) and the digests re-armed at start-up."""

    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        self.waiting_flows: Waiting = bot.waiting
        self._attached: list[app_commands.Command] = []

    async def cog_load(self) -> None:
        self._attached = attach(self, self.bot.tree, "game")
        healed = await offloop.call(self.waiting_flows.planner.heal)
        if healed:
            log.info("re-armed the daily digest of %d users", len(healed))

    async def cog_unload(self) -> None:
        detach(self.bot.tree, "game", self._attached)

    @app_commands.command(name="waiting", description="This server's games waiting for your decision (only you see it)")
    async def waiting(self, interaction: discord.Interaction) -> None:
        await self.actions.run(interaction, self.waiting_flows.list_waiting(interaction))


__all__ = ["Waiting", "WaitingCog"]
