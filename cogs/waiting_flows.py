"""What waits on you: `/game waiting` (this server's games waiting for your decision, privately) and the daily
digest of `/game notify digest:daily` (one direct message a day listing them across servers, links only: no
buttons, so no click ever arrives from a DM).  The lists and the digest's timer are host/waiting.py;
the flows are `Waiting` here, built with the bot (cogs/game_bot.py `GameBot.wire`).

`/game waiting` is declared in cogs/waiting_cog.py; the `digest` option of `/game notify` (cogs/game_cog.py) calls
`Waiting.notify_digest` here.  A user whose DMs are closed gets no digest and no post about
it: the first refusal is remembered (`user_prefs.dm_closed`, as the turn DMs do) and logged once, and
`/game notify digest:daily` or `/game notify setting:on` tries again.
"""
from __future__ import annotations

import logging
from typing import Optional

import discord

from host import offloop
from host.i18n import t, user_locale
from host.names import shown
from host.scheduler import Scheduler
from host.tables import Refusal
from host.waiting import DIGEST, DIGEST_EVERY, DigestPlanner, thread_link, thread_mention, waiting_line, waiting_lines
from rules.text import locale_of
from storage import TimerRow
from storage.routed import prefs_of

from . import ops
from .actions import Actions
from .info import _chunks

log = logging.getLogger("gamehost.waiting")

DM_LINES = 10  # games listed in one digest (a DM is one message of 2,000 characters)
REPLY_LINES = 25


class Waiting:
    """The lists, `/game notify digest:` and the daily digest's timer: built with the bot (cogs/game_bot.py
    `GameBot.wire`) and handed to `GameCog` and `WaitingCog`."""

    def __init__(self, client: discord.Client, actions: Actions, scheduler: Scheduler):
        self.client = client
        self.actions = actions
        self.service = actions.service
        self.planner = DigestPlanner(self.service, scheduler)
        self.prefs = prefs_of(self.service.store)
        scheduler.on(DIGEST, self.fire_digest)

    async def list_waiting(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        if interaction.guild_id is None:
            raise Refusal("host.refuse.dm_only")
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        entries = await self.actions.db(interaction, self.planner.waiting, interaction.user.id, interaction.guild_id)
        if not entries:
            await ops.reply(interaction, t("waiting.none", locale), ephemeral=True)
            return
        lines = [t("waiting.header", locale, n=len(entries))]
        lines += waiting_lines(entries, locale, self.service.clock(), thread_mention, REPLY_LINES)
        for chunk in _chunks(lines):
            await ops.reply(interaction, chunk, ephemeral=True)

    # ---- /game notify digest: ------------------------------------------------------------
    async def notify_digest(self, interaction: discord.Interaction, every: str) -> None:
        locale = user_locale(interaction)
        if every not in DIGEST_EVERY:
            raise Refusal("core.raw", text=", ".join(DIGEST_EVERY))
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        user_id = interaction.user.id
        await self.actions.db(interaction, self.planner.set, user_id, every)
        if every != "off":  # asking again means: try my DMs again
            await self.actions.db(interaction, self.prefs.set_dm_closed, user_id, False, self.service.clock())
        await ops.reply(interaction, t("waiting.digest.on" if every != "off" else "waiting.digest.off", locale),
                        ephemeral=True)

    async def notify_status(self, interaction: discord.Interaction) -> None:
        """`/game notify` with no option: what is on."""
        locale = user_locale(interaction)
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        every = await self.actions.db(interaction, self.planner.store.digest, interaction.user.id)
        key = "waiting.notify.digest_on" if every else "waiting.notify.digest_off"
        await ops.reply(interaction, t(key, locale), ephemeral=True)

    # ---- the digest timer ----------------------------------------------------------------
    async def fire_digest(self, timer: TimerRow) -> None:
        user_id = int(timer.payload.get("user_id") or 0)
        if not user_id:
            return
        try:
            await self.send_digest(user_id)
        finally:  # the next one is planned whatever happened to this one
            await offloop.call(self.planner.plan_next, user_id, timer.due_at)

    def server_name(self, guild_id: Optional[int]) -> str:
        guild = self.client.get_guild(guild_id) if guild_id else None
        return shown(guild.name) if guild is not None else "?"

    async def send_digest(self, user_id: int) -> str:
        """One DM listing the games waiting for the user in every server: "sent", "closed", "failed", or
        "skipped" (digest off, DMs known closed, or nothing waits)."""
        if await offloop.call(self.planner.store.digest, user_id) is None:
            return "skipped"
        if await offloop.call(self.prefs.dm_closed, user_id):
            return "skipped"  # known closed: silent until the user asks again
        entries = await offloop.call(self.planner.waiting, user_id, None)
        if not entries:
            return "skipped"  # a day with nothing waiting sends nothing
        locale = locale_of(await offloop.call(self.prefs.locale, user_id) or "")
        now = self.service.clock()
        lines = [t("waiting.digest.header", locale, n=len(entries))]
        for entry in entries[:DM_LINES]:
            lines.append(t("waiting.digest.line", locale, server=self.server_name(entry.game.guild_id),
                           line=waiting_line(entry, locale, now, thread_link)))
        if len(entries) > DM_LINES:
            lines.append(t("waiting.more", locale, n=len(entries) - DM_LINES))
        lines.append(t("waiting.digest.footer", locale))
        result = await ops.send_dm(self.client, user_id, "\n".join(lines))
        if result == "closed":
            await offloop.call(self.prefs.set_dm_closed, user_id, True, now)
            log.info("daily digest for user %s: DMs closed; not tried again until they run /game notify", user_id)
        return result


__all__ = ["DM_LINES", "REPLY_LINES", "Waiting"]
