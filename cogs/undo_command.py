"""`/game undo` on Discord: the flow around host/undo.py (which holds the rules of taking back)."""
from __future__ import annotations

import asyncio
from typing import Optional

import discord

from host.i18n import guild_locale, t, tm, user_locale
from host.names import shown_names
from host.tables import game_title
from host.undo import check_undo, commit_undo, plan_undo, taken_back, undo_window
from rules.text import msg, seat_ref

from . import ops
from .actions import Actions, actor_of


async def undo_flow(actions: "Actions", interaction: discord.Interaction, game_id: Optional[int],
                    steps: Optional[int]) -> None:

    await ops.defer(interaction, ephemeral=True)
    service = actions.service
    table = await actions.locate(interaction, game_id, ("active", "lobby", "finished", "abandoned"))
    seat = check_undo(service, actor_of(interaction), table)
    window = await actions.db(interaction, undo_window, service, table, seat)
    plan = await asyncio.to_thread(plan_undo, table, window.rows, seat, steps or 1, window)
    new_table = await actions.db(interaction, commit_undo, service, table, plan)  # version-guarded: a move meanwhile refuses
    locale = user_locale(interaction)
    what = taken_back(plan)
    try:
        said = tm(what, locale, shown_names(table.names))
        await ops.reply(interaction, t("undo.done_you", locale, n=len(plan.moves), moves=said,
                                       title=game_title(table.game)), ephemeral=True)
        event = msg("undo.posted", who=seat_ref(seat), n=len(plan.moves), moves=taken_back(plan, public=True))
        await actions.announce(new_table, guild_locale(interaction), [event])
    finally:  # saved even if the post failed: deadlines and bots must hear of it
        await actions.changed(new_table, "undo")


__all__ = ["undo_flow"]
