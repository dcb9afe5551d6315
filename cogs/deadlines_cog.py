"""Wires deadlines into the bot: the timer scheduler, the change listener, `/game settings` and `/game notify`.

The commands themselves are declared in `cogs/game_cog.py` (they belong to the
`/game` group) and call the flows here.  Start-up: `cog_load` registers the
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
from host.clocks import BANKS
from host.deadlines import DEADLINES, POLICIES, settings_text, span
from host.i18n import guild_locale, t, user_locale
from host.names import shown
from host.scheduler import Scheduler
from host.tables import Refusal, game_title

from . import ops
from .actions import Actions, actor_of
from .deadline_posts import Deadlines
from .loaded import loaded_cog

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

    # ---- flows behind /game settings and /game notify ------------------------------------
    async def settings(self, interaction: discord.Interaction, game_id: Optional[int], deadline: Optional[str],
                       expire: Optional[str], bank: Optional[str] = None) -> None:
        locale = user_locale(interaction)
        table = await self.actions.locate(interaction, game_id, ("lobby", "active"))
        if deadline is None and expire is None and bank is None:
            await ops.reply(interaction, settings_text(table, locale), ephemeral=True)
            return
        if table.game.status not in ("lobby", "active"):  # a finished or abandoned game's settings stay as they were
            raise Refusal("host.refuse.already_over", title=game_title(table.game))
        actor = actor_of(interaction)
        if actor.user_id != table.game.creator_id and not actor.manages(table.game):
            raise Refusal("deadline.refuse.settings")
        changes = {}
        if deadline is not None:
            if deadline not in DEADLINES:
                raise Refusal("core.raw", text=", ".join(DEADLINES))
            changes["deadline"] = deadline
        if expire is not None:
            if expire not in POLICIES:
                raise Refusal("core.raw", text=", ".join(POLICIES))
            changes["expire"] = expire
        if bank is not None:
            if bank not in BANKS:
                raise Refusal("core.raw", text=", ".join(BANKS))
            changes["bank"] = bank
        await self.actions.db(interaction, self.bot.service.games.merge_settings, table.game.id, changes)
        table = await self.actions.db(interaction, self.bot.service.table, table.game.id)
        due = await self.actions.db(interaction, self.deadlines.schedule, table) if table.game.status == "active" else None
        text = settings_text(table, locale)
        if due is not None:
            text += " " + t("deadline.settings.next", locale, left=span(due - self.bot.service.clock(), locale))
        await ops.reply(interaction, text, ephemeral=True)
        glocale = guild_locale(interaction)
        await self.actions.tell_thread(table, t("deadline.settings.changed", glocale, who=shown(actor.name),
                                                settings=settings_text(table, glocale)))

    async def notify(self, interaction: discord.Interaction, setting: str, game_id: Optional[int]) -> None:
        locale = user_locale(interaction)
        table = await self.actions.locate(interaction, game_id, ("lobby", "active"))
        on = setting == "on"
        if not await self.actions.db(interaction, self.deadlines.prefs.set_notify, table.game.id, interaction.user.id, on):
            raise Refusal("host.refuse.not_player")
        if on:  # asking again means: try my DMs again
            await self.actions.db(interaction, self.deadlines.prefs.set_dm_closed, interaction.user.id, False,
                                  self.bot.service.clock())
        await ops.reply(interaction, t("notify.on" if on else "notify.off", locale, title=game_title(table.game)),
                        ephemeral=True)


def deadlines_of(bot: discord.Client) -> DeadlinesCog:
    return loaded_cog(bot, DeadlinesCog)


__all__ = ["DeadlinesCog", "deadlines_of"]
