"""Bot players: the cog that hooks the bot seats' driver (cogs/bot_driver.py, built with the bot) into every
change, and picks up the games a bot was playing when the process stopped, once the bot is ready.

Flows of bot seats: `/game new bots:`, `/game addbot` in a lobby and `/game leave` in a running game
(cogs/actions.py `leave_running`).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Optional

from discord.ext import commands

from host.tables import Refusal

if TYPE_CHECKING:
    from .game_bot import GameBot

log = logging.getLogger("gamehost.bots")


class BotPlayersCog(commands.Cog):
    """No commands of its own: it plays the bot seats (see `/game new bots:`, `/game addbot`, `/game leave`)."""

    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.driver = bot.bot_driver
        self._boot: Optional[asyncio.Task] = None

    async def cog_load(self) -> None:
        self.bot.actions.listeners.append(self.driver.on_change)
        self.bot.actions.boards.bots_play = True  # a change that leaves a bot to act waits for it (cogs/board_posts.py)
        self._boot = asyncio.get_running_loop().create_task(self._resume(), name="bots-resume")

    async def cog_unload(self) -> None:
        if self.driver.on_change in self.bot.actions.listeners:
            self.bot.actions.listeners.remove(self.driver.on_change)
        self.bot.actions.boards.bots_play = False
        for task in [self._boot, *self.driver.tasks.values()]:
            if task is not None and not task.done():
                task.cancel()
        self.driver.search.close()  # the hard level's worker processes (host/search_pool.py)

    async def _resume(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:  # built without logging in (command sync, tests)
            return
        try:
            n = await self.driver.resume_all()
        except Refusal:  # the database is busy: the next move in each game wakes its bots
            log.warning("bots not resumed at start-up: the database is busy")
            return
        if n:
            log.info("bots resumed in %d games", n)


__all__ = ["BotPlayersCog"]
