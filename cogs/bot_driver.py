"""The bot seats' driver: bot seats move by themselves, promptly, after every change to their game; so does a
player's pass where they asked the host to pass for them (host/autopass.py, `/eclipse autopass on`).

`BotDriver.on_change` is a listener (cogs/listeners.py).  When a bot seat must act
it starts one task per game (never two) that loops while bots are to act:
the move is chosen in a worker thread (`asyncio.to_thread`, the event loop
keeps serving everyone) or, for the hard level, in the search pool's worker
processes (host/search_pool.py; the greedy move if they fail), played with `TableService.play_seat` (same rules, same
version-guarded transaction as a human move), posted like a human move, and
reported to the other listeners.  The bot builds it (cogs/game_bot.py) and
cogs/bot_players.py hooks it in; its flow here is `/game addbot` in a lobby.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Optional

import discord

from host import offloop
from host.autopass import autopass_to_act
from host.bot_seats import add_bots, bot_level, bots_to_act
from host.search_pool import SearchPool
from host.i18n import guild_locale, t, user_locale
from host.tables import Refusal, Table, game_title
from rules import Move
from rules.bots import choose
from rules.text import locale_of

from . import ops
from .actions import Actions, actor_of

log = logging.getLogger("gamehost.bots")

MAX_BOT_MOVES = 5000  # per drive: a safety net against an engine that never ends
MAX_STALE = 5  # races lost in a row before a drive gives up (the next change starts it again)


class BotDriver:
    def __init__(self, client: discord.Client, actions: Actions, search: Optional[SearchPool] = None):
        self.client = client
        self.actions = actions
        self.service = actions.service
        self.tasks: dict[int, asyncio.Task] = {}
        self.search = search or SearchPool()  # the hard level's worker processes, started at its first decision

    async def choose(self, table: Table, seat: str, level: str) -> Move:
        """The move of the bot playing `seat` at `level`, the event loop never waiting on it."""
        assert table.state is not None
        if level == "hard":
            return await self.search.move(table.engine, table.state, seat, table.game.seed)
        return await asyncio.to_thread(choose, table.engine, table.state, seat, level, table.game.seed)

    def guild_locale(self, table: Table) -> str:
        guild = self.client.get_guild(table.game.guild_id) if table.game.guild_id else None
        return locale_of(str(getattr(guild, "preferred_locale", "") or "")) if guild else locale_of("")

    async def on_change(self, table: Table, kind: str) -> None:
        """The `Actions.listeners` hook: start the game's bot task when a bot seat must act."""
        if bots_to_act(table) or autopass_to_act(table):
            self.kick(table.game.id)

    def kick(self, game_id: int) -> None:
        task = self.tasks.get(game_id)
        if task is not None and not task.done():
            return  # its loop reads the game again after every move
        self.actions.boards.hold(game_id)  # at once: whoever else holds the board now waits for these bots too
        self.tasks[game_id] = asyncio.get_running_loop().create_task(self.drive(game_id), name=f"bots-game-{game_id}")

    async def drive(self, game_id: int) -> None:
        """Play the game's bot seats until a human must decide (or the game ends), then post one board for
        everything the bots did (cogs/board_posts.py holds the game's board meanwhile)."""
        stale = 0
        boards = self.actions.boards
        boards.hold(game_id)
        try:
            for _ in range(MAX_BOT_MOVES):
                if getattr(self.client, "closing", False):
                    return  # the bot is stopping (cogs/lifecycle.py): the next start resumes this game
                try:
                    table = await offloop.call(self.service.table, game_id)
                except Refusal:
                    return
                seats = bots_to_act(table)
                passes = autopass_to_act(table)  # players who asked to be passed for (host/autopass.py)
                if not (seats or passes) or self.actions.pauses.is_paused(game_id):  # paused: cogs/pause.py
                    return
                if seats:
                    seat = seats[0]
                    row = table.user_of(seat)
                    assert row is not None and table.state is not None
                    move_id = (await self.choose(table, seat, bot_level(row))).id
                else:
                    seat, move_id = passes[0]
                assert table.state is not None
                try:
                    played = await offloop.call(self.service.play_seat, table, seat, move_id)
                except Refusal:
                    stale += 1  # someone else changed the game first: read it again
                    if stale >= MAX_STALE:
                        return
                    await asyncio.sleep(0)
                    continue
                stale = 0
                try:  # held: merged into one board with the bots' summary, posted when they are done
                    await boards.submit(played.table, self.guild_locale(played.table), played.events, before=table,
                                        seat=seat, move=played.move, bot=True,
                                        private=table.engine.is_private(table.state, seat))
                finally:
                    await self.actions.changed(played.table, "finish" if played.finished else "move")
            log.error("game %s: bots made %d moves in a row; stopping", game_id, MAX_BOT_MOVES)
        except Exception:
            log.exception("bot seats of game %s failed", game_id)
        finally:
            if self.tasks.get(game_id) is asyncio.current_task():
                del self.tasks[game_id]
            try:
                await boards.release(game_id)
            except ops.PostFailed as exc:
                log.warning("bot moves in game %s saved but not posted: %s", game_id, exc.reason)

    def waiting_games(self) -> list[int]:
        """The running games where a bot must act (a storage read: run it on the storage thread)."""
        return [game.id for game in self.service.games.find(statuses=("active",), limit=100000)
                if bots_to_act(table := self.service.table(game.id)) or autopass_to_act(table)]

    async def resume_all(self) -> int:
        """Start the bots of every running game where a bot must act (after a restart)."""
        waiting = await offloop.call(self.waiting_games)
        for game_id in waiting:
            self.kick(game_id)
        return len(waiting)

    async def idle(self) -> None:
        """Wait until no bot task runs (tests)."""
        while self.tasks:
            await asyncio.gather(*list(self.tasks.values()), return_exceptions=True)

    # ---- flows -------------------------------------------------------------------------
    async def add_bot(self, interaction: discord.Interaction, game_id: Optional[int], level: Optional[str]) -> None:
        """`/game addbot`: one more bot seat in a lobby (a seated player or a manager asks)."""
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        table = await self.actions.locate(interaction, game_id, ("lobby",))
        actor = actor_of(interaction)
        if not table.seat_of(actor.user_id) and not actor.manages(table.game):
            raise Refusal("host.refuse.not_player")
        table = await self.actions.db(interaction, add_bots, self.service, table, 1, level)
        name = table.seats[-1].name
        await ops.reply(interaction, t("bots.added_you", user_locale(interaction), bot=name,
                                       title=game_title(table.game)), ephemeral=True)
        await self.actions.tell_thread(table, self.actions.lobby_text(table, guild_locale(interaction)))
        await self.actions.changed(table, "join")


__all__ = ["MAX_BOT_MOVES", "MAX_STALE", "BotDriver"]
