"""Wires deadlines into the bot: the timer scheduler, the change listener and each user's language.

The flows of `/game settings` and `/game notify setting:` are cogs/deadline_settings.py, handed to
`GameCog` (cogs/game_cog.py) by the bot.  Start-up: `cog_load` registers the
listener and starts a catch-up task that, once the bot is ready, fires every
timer that fell due while it was down and then starts the scheduler's
sleeping task (named `background:…`, which the local table does not wait for).
"""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Optional

import discord
from discord.ext import commands

from host import offloop
from host.i18n import user_locale
from host.scheduler import Scheduler
from host.tables import Refusal

from .actions import Actions
from .deadline_posts import Deadlines

if TYPE_CHECKING:
    from .game_bot import GameBot

log = logging.getLogger("gamehost.deadlines")


class DeadlinesCog(commands.Cog):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        self.scheduler: Scheduler = bot.scheduler  # built with the bot (cogs/game_bot.py); started here
        self.deadlines: Deadlines = bot.deadlines
        self._boot_task: Optional[asyncio.Task] = None

    async def cog_load(self) -> None:
        self.actions.listeners.append(self.deadlines.on_change)
        self._boot_task = asyncio.get_running_loop().create_task(self._boot(), name="deadlines-catch-up")

    async def cog_unload(self) -> None:
        if self.deadlines.on_change in self.actions.listeners:
            self.actions.listeners.remove(self.deadlines.on_change)
        if self._boot_task is not None and not self._boot_task.done():
            self._boot_task.cancel()
        await self.scheduler.stop()

    async def _boot(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:  # a bot built without logging in (command sync, tests): nothing to fire
            return
        try:
            fired = await self.scheduler.run_due()
            if fired:
                log.info("fired %d timers that fell due while the bot was away", len(fired))
        except Exception:
            log.exception("catching up on timers failed")
        self.scheduler.start()

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Remember each user's language: turn DMs are sent outside any interaction."""
        try:
            await offloop.call(self.deadlines.prefs.remember_locale, interaction.user.id, user_locale(interaction),
                               self.bot.service.clock())
        except Refusal:  # the database is busy: remembered at the next interaction
            log.info("database busy: the language of user %s is not remembered this time", interaction.user.id)
        except Exception:  # a preference must never break an interaction
            log.exception("could not remember the locale of user %s", interaction.user.id)


__all__ = ["DeadlinesCog"]
