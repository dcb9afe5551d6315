"""Discord bot game host: entry point.

    python bot.py            run the bot (the local table when no token is configured)
    python bot.py run        run the bot on Discord (needs DISCORD_TOKEN)
    python bot.py local ...  the local table: the same bot in a terminal (see README)
    python bot.py bench      benchmark figures
    python bot.py check | backup PATH | loadtest | crashtest   operations (see README)
"""
from __future__ import annotations

import importlib
import logging
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent
DEFAULT_DB = str(ROOT / "data" / "games.db")
log = logging.getLogger("gamehost")


# ---- configuration -------------------------------------------------------------
def read_env_file(path: Path) -> dict[str, str]:
    """KEY=value lines; # comments; optional quotes.  Never logged."""
    values: dict[str, str] = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip().removeprefix("export ").strip()] = value
    return values


@dataclass
class Config:
    token: Optional[str]
    db_path: str
    dev_guild: Optional[int]
    log_level: str
    sync_commands: bool = True
    max_open_games_per_user: int = 10  # lobby or running games one user opened, per server
    max_running_games_per_server: int = 500  # lobby or running games of one server (threads: Discord allows 1,000)

    @classmethod
    def load(cls, env_file: Path = ROOT / ".env") -> "Config":
        merged = {**read_env_file(env_file), **os.environ}
        guild = merged.get("DEV_GUILD_ID", "").strip()

        def count(key: str, default: int) -> int:
            raw = merged.get(key, "").strip()
            return int(raw) if raw.isascii() and raw.isdigit() and int(raw) > 0 else default

        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip() or None,
            db_path=merged.get("DATABASE_PATH", "").strip() or DEFAULT_DB,
            dev_guild=int(guild) if guild.isdigit() else None,
            log_level=(merged.get("LOG_LEVEL", "INFO").strip() or "INFO").upper(),
            max_open_games_per_user=count("MAX_OPEN_GAMES_PER_USER", 10),
            max_running_games_per_server=count("MAX_RUNNING_GAMES_PER_SERVER", 500),
        )

    def __repr__(self) -> str:  # the token never appears in logs or tracebacks
        return f"Config(token={'set' if self.token else 'unset'}, db_path={self.db_path!r}, dev_guild={self.dev_guild})"


# ---- the bot -------------------------------------------------------------------------
def _bot_class():
    import discord
    from discord.ext import commands

    from cogs import offloop
    from cogs.actions import Actions
    import cogs
    from cogs.lifecycle import GRACE, close_the_door, drain
    from cogs.scope import ServerTree, guild_only_everywhere
    from host.tables import Limits, TableService
    from cogs.views import DYNAMIC_ITEMS
    from rules import GAMES
    from storage import open_store

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
            super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                             tree_cls=ServerTree)  # commands from a DM are refused (cogs/scope.py)
            self.config = config
            self.store = open_store(config.db_path)
            self.clock = clock or time.time  # injectable: tests and `local --now` run the bot on another clock
            fixed = os.environ.get("GAMEHOST_SEED", "").strip()
            limits = Limits(open_per_user=config.max_open_games_per_user,
                            running_per_server=config.max_running_games_per_server)
            if fixed.lstrip("-").isdigit():  # reproducible games for bug reports and tests
                self.service = TableService(self.store, clock=self.clock, seeds=lambda: int(fixed), limits=limits)
            else:
                self.service = TableService(self.store, clock=self.clock, limits=limits)
            self.actions = Actions(self, self.service)
            self.closing = False  # set by close(): new interactions get a "restarting" reply (cogs/lifecycle.py)
            close_the_door(self)

        async def setup_hook(self) -> None:
            from cogs.translator import CommandTranslator  # command names and descriptions in Spanish
            await self.tree.set_translator(CommandTranslator())
            for spec in cogs.CORE_COGS:
                module, _, name = spec.partition(":")
                await self.add_cog(getattr(importlib.import_module(module), name)(self))
            for cog in game_cogs():
                await self.add_cog(cog(self))
            self.add_dynamic_items(*DYNAMIC_ITEMS)
            guild_only_everywhere(self.tree)  # every command is for servers only (allowed contexts)
            if not self.config.sync_commands:
                return
            if self.config.dev_guild:
                guild = discord.Object(id=self.config.dev_guild)
                self.tree.copy_global_to(guild=guild)
                synced = await self.tree.sync(guild=guild)
                log.info("synced %d commands to development guild %s", len(synced), self.config.dev_guild)
            else:
                synced = await self.tree.sync()
                log.info("synced %d global commands (may take up to an hour to appear)", len(synced))

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
            finally:  # on the storage thread, after any call still queued there (cogs/offloop.py)
                await offloop.call(self.store.close)

    return GameBot


def make_bot(db_path: Optional[str] = None, *, sync_commands: bool = False, clock=None):
    """The bot with all cogs, on `db_path`; used by `run`, the local table and tests.

    `clock` (a `() -> float` of Unix seconds, default `time.time`) is the time the bot lives by:
    moves, deadlines and timers all read it."""
    config = Config.load()
    if db_path:
        config.db_path = db_path
    config.sync_commands = sync_commands
    return _bot_class()(config, clock=clock)


# ---- command line ----------------------------------------------------------------------
def run_discord(config: Config) -> int:
    """The bot on Discord until SIGTERM or SIGINT (Ctrl-C), which stop it cleanly (cogs/lifecycle.py)."""
    import asyncio

    import discord

    from cogs.lifecycle import serve

    bot = make_bot(config.db_path, sync_commands=True)
    try:
        asyncio.run(serve(bot, config.token or ""))
    except discord.LoginFailure:  # a clear line for the operator; the token itself is never printed
        print("Discord refused the token in DISCORD_TOKEN (environment or .env): check it in the developer portal.",
              file=sys.stderr)
        return 2
    return 0


# Operator commands: name -> "module:function(argv, default_db=...)".
OPS_COMMANDS = {
    "check": "tools.integrity:main",
    "backup": "storage.backup:main",
    "loadtest": "tools.loadtest:main",
    "crashtest": "tools.crashtest:main",
}


def setup_logging(config: Config) -> None:
    """Log at LOG_LEVEL; every handler redacts tokens and webhook URLs, at every level (host/log_redaction.py)."""
    from host.log_redaction import install

    logging.basicConfig(level=getattr(logging, config.log_level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    install(config.token)


def main(argv: Optional[list[str]] = None) -> int:
    from storage import StoreError

    try:
        return _main(argv)
    except StoreError as exc:  # a database the bot cannot use: one line, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _main(argv: Optional[list[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    config = Config.load()
    setup_logging(config)
    if argv and argv[0] in OPS_COMMANDS:
        module, _, func = OPS_COMMANDS[argv[0]].partition(":")
        return getattr(importlib.import_module(module), func)(argv[1:], default_db=config.db_path)
    if not argv or argv[0] not in ("run", "local", "bench"):
        if config.token and not argv:
            return run_discord(config)
        if not config.token and not argv:
            print("No DISCORD_TOKEN configured: opening the local table (see README). Type 'help'.")
        return _local(argv, config)
    command, rest = argv[0], argv[1:]
    if command == "run":
        if not config.token:
            print("DISCORD_TOKEN is not set (environment or .env). Try `python bot.py local`.", file=sys.stderr)
            return 2
        return run_discord(config)
    if command == "local":
        return _local(rest, config)
    from tools.bench import main as bench_main

    return bench_main(rest)


def _as_sigint(signum, frame) -> None:
    """SIGTERM handled as SIGINT: inside asyncio.run that cancels the main task (its `finally` closes the table)."""
    import signal

    handler = signal.getsignal(signal.SIGINT)
    if not callable(handler):
        raise KeyboardInterrupt
    handler(signum, frame)


def _local(argv: list[str], config: Config) -> int:
    logging.getLogger().setLevel(logging.WARNING)
    import argparse
    import signal

    from local.cli import main as local_main
    from storage import open_store

    if not {"-h", "--help"} & set(argv):  # a database it cannot use stops the table before it starts (StoreError)
        probe = argparse.ArgumentParser(add_help=False)
        probe.add_argument("--db", default=config.db_path)
        open_store(probe.parse_known_args(argv)[0].db).close()
    # SIGTERM stops the table as Ctrl-C does: asyncio cancels it, and closing the table closes the bot cleanly.
    signal.signal(signal.SIGTERM, _as_sigint)

    return local_main(argv, lambda path, **kw: make_bot(path, **kw), config.db_path)


if __name__ == "__main__":
    sys.exit(main())
