"""Hooks the lobbies (cogs/lobby_flows.py `Lobbies`) into the bot: their sweep timer and the confirmation
button of `/game abandon all-lobbies`.

The sweep timer runs on the deadlines' scheduler (cogs/deadlines_cog.py), so this cog loads after it.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands

from host import offloop
from host.lobbies import SWEEP
from host.tables import Refusal

from .lobby_flows import ClearLobbiesButton, Lobbies

if TYPE_CHECKING:
    from .game_bot import GameBot

log = logging.getLogger("gamehost.lobbies")


class LobbiesCog(commands.Cog):
    """No commands of its own: plans the lobbies' sweep on the one timer loop and registers the button."""

    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.lobbies: Lobbies = bot.lobbies
        self.scheduler = bot.scheduler  # the one timer loop (host/scheduler.py), built with the bot

    async def cog_load(self) -> None:
        self.scheduler.on(SWEEP, self.lobbies.fire_sweep)
        self.bot.add_dynamic_items(ClearLobbiesButton)
        try:
            await offloop.call(self.lobbies.keeper.arm)
        except Refusal:  # the database is busy: the next start plans it
            log.warning("lobby expiry not planned at start-up: the database is busy")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ClearLobbiesButton)


__all__ = ["LobbiesCog"]
