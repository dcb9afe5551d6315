"""`/game me private-thread:on`: a private thread per player (only they, the bot and the server's moderators
with Manage Threads see it) kept up to date with their private view.

The thread is made in the channel the game was opened in, and the player is added to it.  After every change
of a game (`Actions.listeners`) each of its private threads is posted to when the player's private
information changed (`private_digest`: what their view shows beyond the public view, and their options
while they make a private decision): their board, notes and, when the decision is theirs, their moves as
buttons.  Between such posts, while the decision is theirs (or their latest post still has buttons), that
post is edited into the view of the moment, so its buttons are never stale and none are left after their
turn.  A thread the bot can no longer post in stops being updated (logged once); the game's end posts the
last view and stops them all.  Where the server does not allow private threads, the player is told so
privately and nothing changes.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Optional

import discord

from host import offloop
from host.i18n import t, user_locale
from host.tables import Refusal, Table, game_title
from rules.text import locale_of
from storage.private_threads import PrivateThreadRow
from storage.routed import prefs_of
from storage.routed import private_threads_of as thread_rows_of

from . import ops
from .actions import Actions
from .private_view import private_digest, private_view, seat_moves

log = logging.getLogger("gamehost.private_threads")

SETTINGS = ("on", "off")
OVER = ("finished", "abandoned")


class PrivateThreads:
    """The players' private threads and `/game me private-thread:`: built with the bot (cogs/game_bot.py
    `GameBot.wire`) and handed to `GameCog`; `PrivateThreadsCog` hooks `on_change` into the listeners."""

    def __init__(self, client: discord.Client, actions: Actions):
        self.client = client
        self.actions = actions
        self.service = actions.service
        self.store = thread_rows_of(self.service.store)
        self.prefs = prefs_of(self.service.store)
        self._locks: dict[int, asyncio.Lock] = {}  # per game: one update at a time, from the latest state

    # ---- after every change ----------------------------------------------------------------
    async def on_change(self, table: Table, kind: str) -> None:
        """The `Actions.listeners` hook."""
        rows = await offloop.call(self.store.for_game, table.game.id)
        if not rows:
            return
        lock = self._locks.setdefault(table.game.id, asyncio.Lock())
        async with lock:
            table = await offloop.call(self.service.table, table.game.id)  # the latest, not the one told of
            for row in await offloop.call(self.store.for_game, table.game.id):
                await self.update(table, row)
            if table.game.status in OVER:
                await offloop.call(self.store.remove, table.game.id)
                self._locks.pop(table.game.id, None)

    async def update(self, table: Table, row: PrivateThreadRow, *, force: bool = False,
                     mention: bool = False) -> bool:
        """Post the player's private view in their thread when their private information changed (or `force`);
        else, while the decision is theirs or their latest post still carries moves, edit that post into the
        view of the moment (its buttons follow the game, and none are left once the decision is not theirs).
        False when the thread is no longer updated."""
        seat = table.seat_of(row.user_id)
        if seat is None or table.state is None:  # they left the game
            await offloop.call(self.store.remove, table.game.id, row.user_id)
            return False
        digest = private_digest(table, seat.seat)
        moves = seat_moves(table, seat.seat)
        fresh = force or digest != row.shown or row.message_id is None
        if not fresh and not moves and not row.buttons:
            return True  # nothing private changed and no buttons to bring up to date
        locale = locale_of(await offloop.call(self.prefs.locale, row.user_id) or "")
        shown = await private_view(table, seat.seat, locale, moves=moves)
        try:
            message = None
            if not fresh:
                message = await ops.edit_post(self.client, row.thread_id, int(row.message_id or 0), embed=shown.embed,
                                              file=shown.file(), view=shown.view, content=shown.content)
            if message is None:  # a new post (or the old one is gone, or its thread archived)
                content = (f"<@{row.user_id}> " if mention else "") + shown.content
                message = await ops.post(self.client, row.thread_id, content=content, embed=shown.embed,
                                         file=shown.file(), view=shown.view,
                                         mention_ids=[row.user_id] if mention else [])
        except ops.PostFailed as exc:
            log.warning("private thread %s of user %s in game %s refused a post (%s): no longer updated",
                        row.thread_id, row.user_id, table.game.id, exc.reason)
            await offloop.call(self.store.remove, table.game.id, row.user_id)
            return False
        await offloop.call(self.store.set_shown, table.game.id, row.user_id, digest, message.id, bool(moves))
        return True

    # ---- /game me private-thread: ---------------------------------------------------------
    async def setting(self, interaction: discord.Interaction, game_id: Optional[int], setting: str) -> None:
        locale = user_locale(interaction)
        if setting not in SETTINGS:
            raise Refusal("core.raw", text=", ".join(SETTINGS))
        await ops.defer(interaction, ephemeral=True)  # before the storage calls (a thread, a drawing); all private
        table = await self.actions.locate(interaction, game_id, ("active",))
        user_id = interaction.user.id
        if table.seat_of(user_id) is None:
            raise Refusal("host.refuse.spectator_me")
        title = game_title(table.game)
        if table.state is None or table.game.status != "active":  # a lobby: nothing private yet
            raise Refusal("host.refuse.not_started", title=title)
        if setting == "off":
            row = await self.actions.db(interaction, self.store.get, table.game.id, user_id)
            await self.actions.db(interaction, self.store.remove, table.game.id, user_id)
            key = "private.thread.off" if row else "private.thread.none"
            await ops.reply(interaction, t(key, locale, title=title, where=f"<#{row.thread_id}>" if row else ""),
                            ephemeral=True)
            return
        row = await self.actions.db(interaction, self.store.get, table.game.id, user_id)
        if row is not None and await self.update(table, row, force=True):
            await ops.reply(interaction, t("private.thread.already", locale, title=title,
                                           where=f"<#{row.thread_id}>"), ephemeral=True)
            return
        parent = await ops.resolve_channel(self.client, table.game.channel_id)
        name = f"{table.game.game_key}-{table.game.number}-{getattr(interaction.user, 'name', user_id)}"
        thread = await ops.open_private_thread(parent, name, user_id)
        if thread is None:
            raise Refusal("private.thread.not_allowed")
        await self.actions.db(interaction, self.store.put, table.game.id, user_id, thread.id,
                              self.service.clock())
        row = await self.actions.db(interaction, self.store.get, table.game.id, user_id)
        assert row is not None
        if not await self.update(table, row, force=True, mention=True):
            raise Refusal("private.thread.not_allowed")
        await ops.reply(interaction, t("private.thread.on", locale, title=title, where=thread.mention),
                        ephemeral=True)


__all__ = ["PrivateThreads"]
