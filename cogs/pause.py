"""A refused post pauses its game instead of flooding Discord; a finished game's thread is archived.

When Discord refuses a game's post for good (Send Messages in Threads revoked, the thread locked or deleted:
403/404), `Pauses.post` pauses the game: it is remembered in `games.settings["paused"]` (the reason, a host
catalog key) and in memory, the failure is logged once, bots stop playing (cogs/bot_players.py asks
`is_paused`), deadlines stop running (host/deadlines.py, cogs/deadline_posts.py) and every later post of the game is skipped
without a request, so a game costs Discord at most one refused request until it resumes.

It resumes by itself when a player's command in the game's thread or channel succeeds where the bot may
post again (its permissions there come with the interaction), or with `/game status` run in any channel of
the server where the bot can post (the game then lives there): the current board is posted again and the
listeners hear "resume" (deadlines planned again, bots play on).

`PauseCog` also archives a finished or abandoned game's thread after its last post (so old games never count
against Discord's 1,000 active threads per server) and unarchives an archived thread where someone runs a
command.
"""
from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable, Optional

import discord
from discord.ext import commands

from host import offloop
from host.deadlines import clear_deadline
from host.i18n import guild_locale
from host.tables import Refusal, Table, TableService
from rules.text import Msg

from . import ops
from .listeners import Listeners
from .outbox import STALLED

log = logging.getLogger("gamehost.pause")

#: Refusals that stay until someone changes something on Discord: they pause the game.
PAUSING = frozenset({"host.error.no_permission_send", "host.error.channel_gone", "host.error.thread_locked"})


def can_post_here(interaction: Any) -> bool:
    """Whether the bot may post boards where this interaction happened (its permissions come with it)."""
    perms = getattr(interaction, "app_permissions", None)
    channel = getattr(interaction, "channel", None)
    if perms is None or channel is None or interaction.guild_id is None:
        return False
    thread = isinstance(channel, discord.Thread)
    if not (perms.view_channel and perms.attach_files and perms.embed_links):
        return False
    if not (perms.send_messages_in_threads if thread else perms.send_messages):
        return False
    return not (thread and channel.locked and not perms.manage_threads)


Announce = Callable[[Table, str, list[Msg]], Awaitable[None]]


class Pauses:
    """The paused games of this process (loaded from `games.settings` at start-up) and the guarded post.

    Built with the bot (cogs/game_bot.py): `announce` posts a resumed game's board (the board poster's
    `submit`), `listeners` hear that it resumed."""

    def __init__(self, client: discord.Client, service: TableService, announce: Announce, listeners: Listeners):
        self.client = client
        self.service = service
        self.announce = announce
        self.listeners = listeners
        self.paused: dict[int, tuple[str, int]] = {}  # game id -> (reason, the channel its posts go to)

    def load(self) -> int:
        """The running games paused before a restart (a storage read: run it on the storage thread)."""
        for game in self.service.games.find(statuses=("active",), limit=100000):
            if game.settings.get("paused"):
                self.paused[game.id] = (str(game.settings["paused"]), game.post_channel_id)
        return len(self.paused)

    def is_paused(self, game_id: int) -> bool:
        return game_id in self.paused

    async def post(self, table: Table, **kwargs: Any) -> discord.Message:
        """`ops.post` into the game's thread or channel: a paused game makes no request (PostFailed with its
        reason); a refusal that lasts pauses it."""
        reason = self.paused.get(table.game.id, ("",))[0]
        if reason and reason != STALLED:  # a stalled game's posts are tried again (cogs/outbox.py)
            raise ops.PostFailed(reason)
        try:
            return await ops.post(self.client, table.game.post_channel_id, **kwargs)
        except ops.PostFailed as exc:
            if exc.reason in PAUSING:
                await self.pause(table, exc.reason)
            raise

    async def pause(self, table: Table, reason: str) -> None:
        if table.game.id in self.paused:
            return
        self.paused[table.game.id] = (reason, table.game.post_channel_id)
        if reason == STALLED:
            log.warning("game %s paused: its board has waited too long for Discord (channel %s); it goes on once"
                        " the board goes out", table.game.id, table.game.post_channel_id)
        else:
            log.warning("game %s paused: its post in channel %s was refused (%s); it resumes with a player's next"
                        " command where I can post", table.game.id, table.game.post_channel_id, reason)
        try:
            await offloop.call(self.service.games.merge_settings, table.game.id,
                               {"paused": reason, "paused_told": None})  # a stall's notice is owed (cogs/outbox.py)
            await offloop.call(clear_deadline, self.service, table.game.id)  # time stands still
        except Exception:  # busy or gone: the pause holds in memory for this process
            log.exception("game %s: the pause could not be saved", table.game.id)

    async def resume(self, interaction: discord.Interaction, table: Table, *, repost: bool = True) -> Optional[Table]:
        """Resume a paused game where this interaction shows the bot may post (its own thread or channel, or
        any channel of its server for `/game status`): unpaused, the board posted again, listeners told.
        Returns the fresh table, or None when nothing was resumed."""
        game = table.game
        if game.id not in self.paused or not can_post_here(interaction) or interaction.guild_id != game.guild_id:
            return None
        if self.paused[game.id][0] == STALLED:  # the outbox resumes it once its board goes out (cogs/outbox.py)
            return None
        service = self.service
        if interaction.channel_id != game.post_channel_id:
            await offloop.call(service.games.set_thread, game.id, interaction.channel_id)  # the game moves here
        await offloop.call(service.games.merge_settings, game.id, {"paused": None, "paused_told": None})
        del self.paused[game.id]
        log.info("game %s resumed in channel %s", game.id, interaction.channel_id)
        fresh = await offloop.call(service.table, game.id)
        if not repost:  # the caller's flow posts the board and reports its own change
            return fresh
        if fresh.state is not None:
            try:
                await self.announce(fresh, guild_locale(interaction), [])
            except ops.PostFailed as exc:
                log.warning("game %s: the board could not be posted again: %s", game.id, exc.reason)
                return fresh
        await self.listeners.changed(fresh, "resume")
        return fresh

    async def after_command(self, interaction: discord.Interaction, command: Any) -> None:
        """A command succeeded: resume the paused games it concerns."""
        if not self.paused or interaction.extras.get("refused") or interaction.guild_id is None:
            return
        service = self.service
        if getattr(command, "qualified_name", "") == "game status":
            number = getattr(interaction.namespace, "game", None)
            try:
                table = await offloop.call(service.locate, interaction.channel_id or 0, interaction.user.id, number,
                                           ("active",), guild_id=interaction.guild_id)
            except Refusal:
                return
            await self.resume(interaction, table)
            return
        for game_id, (_, channel_id) in list(self.paused.items()):
            if channel_id != interaction.channel_id:
                continue
            try:
                table = await offloop.call(service.table, game_id)
            except Refusal:
                continue
            if table.game.post_channel_id == interaction.channel_id and table.seat_of(interaction.user.id):
                await self.resume(interaction, table)


async def archive_thread(client: discord.Client, channel_id: int) -> bool:
    """Archive a game's thread (a channel is left alone); whether it is archived now."""
    channel = await ops.resolve_channel(client, channel_id)
    if not isinstance(channel, discord.Thread) or channel.archived:
        return False
    try:
        await channel.edit(archived=True)
        return True
    except discord.HTTPException as exc:
        log.info("thread %s stays open: %s", channel_id, exc)
        return False


class PauseCog(commands.Cog):
    """No commands: pauses and resumes games, archives finished games' threads."""

    def __init__(self, bot: commands.Bot):  # the GameBot (cogs/game_bot.py)
        self.bot = bot
        self.pauses = bot.actions.pauses

    async def cog_load(self) -> None:
        self.bot.actions.listeners.append(self.on_change)
        self.bot.actions.boards.after_final = self._archive  # a final board still queued: archived after it
        try:
            n = await offloop.call(self.pauses.load)
        except Refusal:
            log.warning("paused games not read at start-up: the database is busy")
            return
        if n:
            log.info("%d games are paused (a refused post); a player's command where I can post resumes each", n)

    async def cog_unload(self) -> None:
        if self.on_change in self.bot.actions.listeners:
            self.bot.actions.listeners.remove(self.on_change)

    async def on_change(self, table: Table, kind: str) -> None:
        """The last listener: a finished or abandoned game's thread is archived after its last post."""
        if kind in ("finish", "abandon") and not self.bot.actions.boards.owing(table.game.id):
            await self._archive(table)

    async def _archive(self, table: Table) -> None:
        if table.game.thread_id and not self.pauses.is_paused(table.game.id):
            await archive_thread(self.bot, table.game.thread_id)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A command or click in an archived (not locked) thread opens it again, as a message there would."""
        channel = interaction.channel
        if isinstance(channel, discord.Thread) and channel.archived and not channel.locked:
            try:
                await channel.edit(archived=False)
            except discord.HTTPException as exc:
                log.info("thread %s stays archived: %s", channel.id, exc)

    @commands.Cog.listener()
    async def on_app_command_completion(self, interaction: discord.Interaction, command: Any) -> None:
        await self.pauses.after_command(interaction, command)


__all__ = ["PAUSING", "Announce", "PauseCog", "Pauses", "archive_thread", "can_post_here"]
