"""Self-healing start: every running game is brought back to a state where it goes on by itself.

A process stopped between saving a change and finishing what follows it (a kill -9, a power cut, a
host that did not wait for the clean stop) leaves a game without its board post, its ping, its
deadline timer or its bot's answer.  Once the bot is ready, `reconcile` walks the running games:

0. the notices a thread was owed besides its board (a lobby text, an abandon, a replay...) and Discord refused
   for a passing reason before the stop go out first, in order (cogs/notices.py `redeliver`); a finished game's
   chart and replay whose build the stop cut short are made again, after its final board;
1. a game whose latest change was saved but never posted (`games.posted_version` behind `version`: the
   outbox, cogs/outbox.py) gets its board post (tried again with backoff while Discord refuses it), and the
   change is reported to the listeners as if it had just happened
   (deadline timers, the turn DM, bot seats; for a game its last move finished, the results and
   replay);  where a bot seat must act, its own move posts the board.  A game whose thread or channel
   is gone counts as posted (nothing more can be done for it; it is not drawn again at every start);
2. a game whose waiting players have no deadline timer for the current step gets one (the deadline
   counts from when the turn began, as always, so an overdue one fires at once);
3. bot seats that must act play (`cogs/bot_players.py` resumes them; step 1 kicks them too).

Each game goes through `needs_care` first: a game that must be left alone at start-up is skipped
there (a paused game returns False: cogs/pause.py).
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional

from discord.ext import commands

from host import offloop
from host.bot_seats import bots_to_act
from host.deadlines import EXPIRE
from host.tables import Refusal, Table

from . import ops
from .notices import redeliver
from .outbox import DELAYED, STALLED, already_posted, is_stalled, resume_stalled

if TYPE_CHECKING:
    from .game_bot import GameBot

log = logging.getLogger("gamehost.reconcile")


@dataclass
class Reconciled:
    posted: list[int] = field(default_factory=list)  # games whose missing board post went out
    found: list[int] = field(default_factory=list)  # their board was out already (its answer lost): recorded
    left_to_bots: list[int] = field(default_factory=list)  # unposted, but a bot seat moves (and posts) next
    failed: list[int] = field(default_factory=list)  # the post failed (thread gone, permissions): next start
    delayed: list[int] = field(default_factory=list)  # Discord refused it for now: the outbox tries it again
    timed: list[int] = field(default_factory=list)  # games whose deadline timers were planned again
    notices: int = 0  # notices owed from before the stop (delivered now, or waiting for a retry)

    def summary(self) -> str:
        return (f"{len(self.posted)} boards posted, {len(self.found)} found posted already, "
                f"{len(self.left_to_bots)} left to their bot seats, "
                f"{len(self.delayed)} waiting to be tried again, {len(self.failed)} posts failed, "
                f"{len(self.timed)} deadline timers planned again, {self.notices} notices owed from before")


def needs_care(table: Table) -> bool:
    """Whether start-up may act for this game: running games, and finished ones for their last post
    (a paused game would say no here, unless it paused because its board went undelivered too long: that
    board is still owed, cogs/outbox.py)."""
    return table.game.status in ("active", "finished") and table.state is not None \
        and table.game.settings.get("paused") in (None, STALLED)  # cogs/pause.py: a player's command resumes it


async def reconcile(bot: "GameBot") -> Reconciled:

    service, actions = bot.service, bot.actions
    driver, deadlines = bot.bot_driver, bot.deadlines
    done = Reconciled()
    done.notices = await redeliver(actions.boards)
    for game_id in await offloop.call(service.games.unposted):
        table = await offloop.call(_table, bot, game_id)
        if table is None:
            continue
        if bots_to_act(table):
            done.left_to_bots.append(game_id)
            driver.kick(game_id)
            continue
        kind = ("finish" if table.game.status == "finished" else
                "move" if await offloop.call(service.games.move_count, game_id) else "start")
        assert table.state is not None
        locale = driver.guild_locale(table)
        found = await already_posted(bot, table, locale)
        try:
            if found is not None:  # posted before the stop, never recorded: recorded now, not posted twice
                await offloop.call(service.games.set_board_message, game_id, found, table.game.version)
                done.found.append(game_id)
            else:
                await actions.announce(table, locale, list(table.state.events))
                done.posted.append(game_id)
        except ops.PostFailed as exc:
            log.warning("game %s: the board of its latest change could not be posted: %s", game_id, exc.reason)
            (done.delayed if exc.transient or exc.reason == DELAYED else done.failed).append(game_id)
            if exc.reason == "host.error.channel_gone":
                await offloop.call(service.games.set_posted, game_id, table.game.version)
        await actions.changed(await offloop.call(service.table, game_id), kind)  # deadlines, the turn DM, bot seats
    for game_id in [g for g in list(actions.boards.pauses.paused) if is_stalled(actions.boards, g)]:
        if not actions.boards.waiting(game_id):  # its board went out before the stop, the pause stayed
            await resume_stalled(actions.boards, game_id)
    for game_id in await offloop.call(deadlines.timers.games_missing, EXPIRE):
        table = await offloop.call(_table, bot, game_id)
        if table is not None and table.game.status == "active" and deadlines.waiting(table) \
                and await offloop.call(deadlines.schedule, table) is not None:
            done.timed.append(game_id)
    return done


def _table(bot: "GameBot", game_id: int) -> Optional[Table]:
    try:
        table = bot.service.table(game_id)
    except Refusal:
        return None
    return table if needs_care(table) else None


class ReconcileCog(commands.Cog):
    """No commands: heals the running games once the bot is ready (see the module's text)."""

    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self._boot: Optional[asyncio.Task] = None
        self.last: Optional[Reconciled] = None

    async def cog_load(self) -> None:
        self._boot = asyncio.get_running_loop().create_task(self._run(), name="reconcile-start-up")

    async def cog_unload(self) -> None:
        if self._boot is not None and not self._boot.done():
            self._boot.cancel()

    async def _run(self) -> None:
        try:
            await self.bot.wait_until_ready()
        except RuntimeError:  # built without logging in (command sync, tests)
            return
        try:
            self.last = await reconcile(self.bot)
        except Exception:
            log.exception("reconciling the running games at start-up failed")
            return
        if self.last.posted or self.last.timed or self.last.failed or self.last.left_to_bots or self.last.delayed \
                or self.last.found or self.last.notices:
            log.info("start-up: %s", self.last.summary())


__all__ = ["Reconciled", "ReconcileCog", "needs_care", "reconcile"]
