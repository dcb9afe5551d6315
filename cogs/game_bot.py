"""The bot itself: a discord.py client holding the store, the table service and the actions, and
loading every cog (the start-up wiring, in one place; `bot.py` is only the command line)."""
from __future__ import annotations

import asyncio
import importlib
import logging
import os
import time
from typing import Optional

import discord
from discord.ext import commands

from host import drawing, offloop
from host.config import Config
from host.identify_gate import IdentifyGate
from host.scheduler import Scheduler
from host.search_pool import CAP, SearchPool
from host.tables import Limits, TableService
from rules import GAMES
from storage.partitions import open_backend, open_readers
from storage.routed import timers_of

from . import CORE_COGS
from .actions import Actions
from .away_cog import AwayFlows
from .board_posts import BoardPoster
from .bot_driver import BotDriver
from .deadline_posts import Deadlines
from .deadline_settings import DeadlineSettings
from .gateway_watch import HEARTBEAT_TIMEOUT
from .hint import Hints
from .history_cog import MAKER as HISTORY
from .history_cog import HistoryPosts
from .lifecycle import GRACE, close_the_door, drain
from .listeners import Listeners
from .lobby_flows import Lobbies
from .pacing import Pacer
from .pause import Pauses
from .private_threads import PrivateThreads
from .rest_budget import RestBudget, burst_for, pace_rest, share
from .scope import ServerTree, guild_only_everywhere
from .seat_clicks import SeatClicks
from .translator import CommandTranslator  # command names and descriptions in Spanish
from .views import DYNAMIC_ITEMS
from .waiting_flows import Waiting

log = logging.getLogger("gamehost")


def game_cogs():
    """Each game's shortcut cog: class `COG` in `cogs/<game key>_cog.py`, when there is one."""
    for key in GAMES:
        try:
            module = importlib.import_module(f"cogs.{key}_cog")
        except ModuleNotFoundError as exc:
            if exc.name != f"cogs.{key}_cog":
                raise
            continue
        yield module.COG



class GameBot(commands.AutoShardedBot):
    def __init__(self, config: Config, clock=None):
        intents = discord.Intents.none()
        intents.guilds = True  # threads and channels; no privileged intents needed
        shards: dict = {}
        if config.shard_count:  # a cluster process: only its shards connect, only their partitions open
            shards = {"shard_count": config.shard_count, "shard_ids": list(config.shard_ids or [])}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=ServerTree,  # commands from a DM are refused (cogs/scope.py)
                         heartbeat_timeout=HEARTBEAT_TIMEOUT,  # a dead gateway resumed in seconds (cogs/gateway_watch.py)
                         **shards)  # a dead gateway resumed in seconds (cogs/gateway_watch.py)
        self.config = config
        self.store = open_backend(config.db_path, config.cluster_dir, config.shard_count, config.shard_ids)
        self.identify_gate = (IdentifyGate(config.cluster_dir, config.identify_concurrency)
                              if config.cluster_dir else None)
        if config.shard_count and config.shard_ids and len(config.shard_ids) < config.shard_count:
            pace_rest(self, RestBudget(share(config.shard_ids, config.shard_count),  # its share of 50/s
                                       burst=burst_for(config.shard_ids, config.shard_count)))
        self.clock = clock or time.time  # injectable: tests and `local --now` run the bot on another clock
        fixed = os.environ.get("GAMEHOST_SEED", "").strip()
        limits = Limits(open_per_user=config.max_open_games_per_user,
                        running_per_server=config.max_running_games_per_server,
                        lobby_idle_days=config.lobby_idle_days, away_days_per_year=config.away_days_per_year)
        if fixed.lstrip("-").isdigit():  # reproducible games for bug reports and tests
            self.service = TableService(self.store, clock=self.clock, seeds=lambda: int(fixed), limits=limits)
        else:
            self.service = TableService(self.store, clock=self.clock, limits=limits)
        # Reads that cannot wait (autocomplete) use a read-only connection on a thread of their own
        # (host/offloop.py `read`): a write waiting for the lock never delays them.
        reader = open_readers(self.store)  # a cluster: a read-only connection per owned partition
        self.reads = self.service if reader is self.store else TableService(reader, clock=self.clock, limits=limits)
        self.wire()
        # Boards are drawn in processes, one per core unless BOARD_WORKERS says otherwise (host/drawing.py);
        # the pool belongs to the process (bot.py stops it on the way out), so a new bot reuses it.
        self.board_pool = drawing.configure(drawing.cores() if config.board_workers is None else config.board_workers)
        self.closing = False  # set by close(): new interactions get a "restarting" reply (cogs/lifecycle.py)
        close_the_door(self)

    def wire(self) -> None:
        """What the flows and features share, built here once and handed to each (nothing attaches itself later):
        the channels' pacer, the board poster, the pauses, the listeners, the flows, the bot seats' driver, the
        history posts, the one timer loop and the deadlines planned on it, and the features' flows that `/game`
        subcommands and buttons call.  The cogs (`CORE_COGS`, loaded in `setup_hook`) read them from the bot; no
        cog looks another up."""
        self.post_pacer = Pacer()  # every post and edit of this bot, per channel (cogs/pacing.py, cogs/ops.py)
        listeners = Listeners()
        boards = BoardPoster(self, self.service, self.post_pacer)
        self.pauses = Pauses(self, self.service, boards.submit, listeners)
        boards.pauses = self.pauses  # a paused game's board makes no request (cogs/pause.py)
        self.actions = Actions(self, self.service, boards, self.pauses, listeners)
        search = SearchPool(self.config.search_workers, min(CAP, self.config.search_ms / 1000))  # SEARCH_WORKERS, SEARCH_MS
        self.bot_driver = BotDriver(self, self.actions, search)  # plays bot seats once BotPlayersCog hooks it in
        self.hints = Hints(self.actions, self.bot_driver, self.config.hint_iters)  # /game hint, in the same search pool
        self.history = HistoryPosts(self.actions)  # a finished game's history, and /game replay
        boards.makers[HISTORY] = self.history.made  # its chart and replay, made after the final board
        self.scheduler = Scheduler(timers_of(self.store), self.service.clock)  # every timer (host/scheduler.py)
        self.deadlines = Deadlines(self, self.actions, self.scheduler, self.bot_driver)  # DeadlinesCog starts the loop
        self.service.after_change = self.deadlines.plan_with_change  # a move (or start) and its timers: one transaction
        # The features' flows behind `/game` subcommands and their buttons (GameCog and the buttons use them;
        # the feature's cog, when it has one, hooks their timers and listeners in):
        self.deadline_settings = DeadlineSettings(self.actions, self.deadlines)  # /game settings, /game notify setting:
        self.away_flows = AwayFlows(self.actions, self.deadlines)  # /game away, /game back
        self.lobbies = Lobbies(self, self.actions, self.scheduler, self.deadlines)  # /game abandon all-lobbies
        self.waiting = Waiting(self, self.actions, self.scheduler)  # /game waiting, /game notify digest:
        self.private_threads = PrivateThreads(self, self.actions)  # /game me private-thread:
        self.seat_clicks = SeatClicks(self, self.actions)  # the invitation and Rematch buttons

    async def setup_hook(self) -> None:
        # Before the gateway connects: the board workers start and warm up (seconds of every core, in a thread),
        # so no interaction ever waits for them or competes with their start; without workers this returns at once.
        if await self.board_pool.ready():
            log.info("board pool ready: %d worker processes (pids %s)", self.board_pool.workers,
                     " ".join(map(str, self.board_pool.worker_pids())))
        await self.tree.set_translator(CommandTranslator())
        for spec in CORE_COGS:
            module, _, name = spec.partition(":")
            await self.add_cog(getattr(importlib.import_module(module), name)(self))
        for cog in game_cogs():
            await self.add_cog(cog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        guild_only_everywhere(self.tree)  # every command is for servers only (allowed contexts)
        if not self.config.sync_commands or 0 not in (self.config.shard_ids or [0]):
            return  # what is global happens once: in the process running shard 0
        if self.config.dev_guild:
            guild = discord.Object(id=self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), self.config.dev_guild)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (may take up to an hour to appear)", len(synced))

    async def read(self, method, *args, **kwargs):
        """`TableService.<method>(*args, **kwargs)` (or, for a function, `method(service, *args, **kwargs)`) on
        the read-only connection, never behind a write (an in-memory database has one connection: then on the
        storage thread)."""
        run = offloop.call if self.reads is self.service else offloop.read
        if callable(method):
            return await run(method, self.reads, *args, **kwargs)
        return await run(getattr(self.reads, method), *args, **kwargs)

    async def before_identify_hook(self, shard_id: Optional[int], *, initial: bool = False) -> None:
        """In a cluster, identifies take turns per max_concurrency bucket with the host's other processes."""
        if self.identify_gate is None:
            await super().before_identify_hook(shard_id, initial=initial)
        else:
            await asyncio.to_thread(self.identify_gate.wait_turn, shard_id or 0)

    async def on_ready(self) -> None:
        log.info("logged in as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        """Stop taking commands, let the work in flight finish (at most GRACE s), unload the cogs (bot tasks,
        timers and the odds worker process stop), close the gateway, then the database (its WAL checkpointed:
        no -wal file remains)."""
        if not self.closing:
            self.closing = True
            left = await drain(GRACE)
            if left:
                log.warning("closing with work still running after %.0f s: %s", GRACE, ", ".join(left))
        self.actions.boards.close()  # boards waiting to be retried stay owed in the database (cogs/outbox.py)
        for name in list(self.cogs):
            try:
                await self.remove_cog(name)
            except Exception:
                log.exception("unloading cog %s failed", name)
        try:
            # AutoShardedClient.close() assumes a gateway connection was made; the
            # local table and tests never connect, so only close what was opened.
            if hasattr(self, "_AutoShardedClient__queue"):
                await super().close()
            else:
                await self.http.close()
        finally:  # each connection on its own thread, after any call still queued there (host/offloop.py)
            if self.reads is not self.service:
                await offloop.read(self.reads.store.close)
            await offloop.call(self.store.close)


def make_bot(db_path: Optional[str] = None, *, sync_commands: bool = False, clock=None,
             board_workers: Optional[int] = None, config: Optional[Config] = None) -> GameBot:
    """The bot with all cogs, on `db_path`; used by `run`, the local table and tests.

    `clock` (a `() -> float` of Unix seconds, default `time.time`) is the time the bot lives by:
    moves, deadlines and timers all read it.  `board_workers` overrides BOARD_WORKERS (host/drawing.py)."""
    config = config or Config.load()
    if db_path:
        config.db_path = db_path
    if board_workers is not None:
        config.board_workers = board_workers
    config.sync_commands = sync_commands
    return GameBot(config, clock=clock)


__all__ = ["GameBot", "game_cogs", "make_bot"]
