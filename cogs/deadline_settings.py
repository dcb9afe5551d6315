"""The flows behind `/game settings` (a game's turn deadline, what its expiry does, its time bank) and
`/game notify setting:` (one game's turn DMs).  Built once with the bot (cogs/game_bot.py `GameBot.wire`)
and handed to `GameCog`, which declares the commands."""
from __future__ import annotations

from typing import Optional

import discord

from host.clocks import BANKS
from host.deadlines import DEADLINES, POLICIES, change_settings, settings_text, span
from host.i18n import guild_locale, t, user_locale
from host.names import shown
from host.tables import Refusal, game_title

from . import ops
from .actions import Actions, actor_of
from .deadline_posts import Deadlines


class DeadlineSettings:
    def __init__(self, actions: Actions, deadlines: Deadlines):
        self.actions = actions
        self.service = actions.service
        self.deadlines = deadlines

    async def settings(self, interaction: discord.Interaction, game_id: Optional[int], deadline: Optional[str],
                       expire: Optional[str], bank: Optional[str] = None) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
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
        table = await self.actions.db(interaction, change_settings, self.service, table.game.id, changes)
        due = table.game.deadline if table.game.status == "active" else None
        text = settings_text(table, locale)
        if due is not None:
            text += " " + t("deadline.settings.next", locale, left=span(due - self.service.clock(), locale))
        await ops.reply(interaction, text, ephemeral=True)
        glocale = guild_locale(interaction)
        await self.actions.tell_thread(table, t("deadline.settings.changed", glocale, who=shown(actor.name),
                                                settings=settings_text(table, glocale)))

    async def notify(self, interaction: discord.Interaction, setting: str, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        locale = user_locale(interaction)
        table = await self.actions.locate(interaction, game_id, ("lobby", "active"))
        on = setting == "on"
        if not await self.actions.db(interaction, self.deadlines.prefs.set_notify, table.game.id, interaction.user.id, on):
            raise Refusal("host.refuse.not_player")
        if on:  # asking again means: try my DMs again
            await self.actions.db(interaction, self.deadlines.prefs.set_dm_closed, interaction.user.id, False,
                                  self.service.clock())
        await ops.reply(interaction, t("notify.on" if on else "notify.off", locale, title=game_title(table.game)),
                        ephemeral=True)


__all__ = ["DeadlineSettings"]
