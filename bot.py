"""Discord bot game host: entry point.

    python bot.py            run the bot (the local table when no token is configured)
    python bot.py run        run the bot on Discord (needs DISCORD_TOKEN)
    python bot.py local ...  the local table: the same bot in a terminal (see README)
    python bot.py bench      benchmark figures
    python bot.py check | backup PATH | loadtest | crashtest   operations (see README)
    python bot.py invite --client-id ID   the URL that adds the bot to a server
    python bot.py split | merge | partitions   the cluster layout: one file <-> P partition files
    python bot.py run --cluster DIR --shard-count S --shard-ids a,b   one process of a fleet
    python bot.py cluster --shard-count S --processes K   a fleet on one host (spawns, restarts, stops)
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import signal
import sys
from typing import Callable, Optional

import discord

from cogs.game_bot import make_bot
from cogs.lifecycle import serve
from host import drawing
from host.config import Config
from host.log_redaction import install
from local.cli import main as local_main
from storage import StoreError
from storage.partitions import Layout, check_shards, open_backend

log = logging.getLogger("gamehost")


# ---- command line ----------------------------------------------------------------------
def run_discord(config: Config) -> int:
    """The bot on Discord until SIGTERM or SIGINT (Ctrl-C), which stop it cleanly (cogs/lifecycle.py)."""
    bot = make_bot(config.db_path, sync_commands=True, config=config)
    try:
        asyncio.run(serve(bot, config.token or ""))
    except discord.LoginFailure:  # a clear line for the operator; the token itself is never printed
        print("Discord refused the token in DISCORD_TOKEN (environment or .env): check it in the developer portal.",
              file=sys.stderr)
        return 2
    finally:
        drawing.shutdown()  # the board workers finish what they draw and stop
    return 0


# Operator commands: name -> "module:function" taking (argv, default_db=...), imported only when run, so that
# every other start (the bot, each one-shot command of the local table) does not load the tools' modules.
OPS_COMMANDS: dict[str, str] = {
    "check": "tools.integrity:main",
    "backup": "storage.backup:main",
    "loadtest": "tools.loadtest:main",
    "crashtest": "tools.crashtest:main",
    "invite": "tools.invite:main",
    "split": "tools.layout:split_main",
    "merge": "tools.layout:merge_main",
    "partitions": "tools.layout:partitions_main",
    "cluster": "tools.cluster:main",
    "bench": "tools.bench:main",
}


def _command(name: str) -> Callable[..., int]:
    module, function = OPS_COMMANDS[name].split(":")
    return getattr(importlib.import_module(module), function)


def setup_logging(config: Config) -> None:
    """Log at LOG_LEVEL; every handler redacts tokens and webhook URLs, at every level (host/log_redaction.py)."""
    logging.basicConfig(level=getattr(logging, config.log_level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    install(config.token)


def main(argv: Optional[list[str]] = None) -> int:
    try:
        return _main(argv)
    except StoreError as exc:  # a database the bot cannot use: one line, no traceback
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _main(argv: Optional[list[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    config = Config.load()
    setup_logging(config)
    if argv and argv[0] == "bench":
        return _command("bench")(argv[1:])
    if argv and argv[0] in OPS_COMMANDS:
        return _command(argv[0])(argv[1:], default_db=config.db_path)
    if not argv or argv[0] not in ("run", "local"):
        if config.token and not argv:
            return run_discord(config)
        if not config.token and not argv:
            print("No DISCORD_TOKEN configured: opening the local table (see README). Type 'help'.")
        return _local(argv, config)
    command, rest = argv[0], argv[1:]
    if command == "run":
        problem = cluster_options(rest, config)
        if problem:
            print(f"bot.py run: {problem}", file=sys.stderr)
            return 2
        if not config.token:
            print("DISCORD_TOKEN is not set (environment or .env). Try `python bot.py local`.", file=sys.stderr)
            return 2
        return run_discord(config)
    return _local(rest, config)


def cluster_options(argv: list[str], config: Config) -> Optional[str]:
    """`run`'s options for one process of a cluster, set on `config`; returns what is wrong with them, if anything.

    --cluster DIR           the layout folder (`bot.py split`) whose partitions this process serves
    --shard-count S         the bot's total shard count (a power of two dividing the partition count)
    --shard-ids a,b,...     the shards this process runs (default: all S)
    --identify-concurrency  Discord's max_concurrency for the bot (default 1)
    """
    parser = argparse.ArgumentParser(prog="bot.py run", add_help=False, exit_on_error=False)
    parser.add_argument("--cluster")
    parser.add_argument("--shard-count", type=int)
    parser.add_argument("--shard-ids")
    parser.add_argument("--identify-concurrency", type=int, default=1)
    try:
        args, extra = parser.parse_known_args(argv)
        ids = [int(x) for x in args.shard_ids.split(",")] if args.shard_ids else None
    except (argparse.ArgumentError, ValueError) as exc:
        return str(exc)
    if extra:
        return f"unknown options {' '.join(extra)}"
    if (ids or args.cluster) and not args.shard_count:
        return "--shard-ids and --cluster need --shard-count"
    if args.shard_count:
        partitions = Layout.load(args.cluster).partitions if args.cluster else args.shard_count
        problem = check_shards(partitions, args.shard_count, ids or ())
        if problem:
            return problem
        if ids and set(ids) != set(range(args.shard_count)) and not args.cluster:
            return "a process running only some shards needs --cluster: the layout whose partitions it owns"
        config.shard_count, config.shard_ids = args.shard_count, ids or list(range(args.shard_count))
    config.cluster_dir, config.identify_concurrency = args.cluster, args.identify_concurrency
    return None


def _as_sigint(signum, frame) -> None:
    """SIGTERM handled as SIGINT: inside asyncio.run that cancels the main task (its `finally` closes the table)."""
    handler = signal.getsignal(signal.SIGINT)
    if not callable(handler):
        raise KeyboardInterrupt
    handler(signum, frame)


def _local(argv: list[str], config: Config) -> int:
    logging.getLogger().setLevel(logging.WARNING)
    # One player at a terminal, often one command per process: boards are drawn in threads, unless
    # BOARD_WORKERS asks for processes (starting a pool would cost more than it saves here).
    workers = 0 if config.board_workers is None else config.board_workers
    if not {"-h", "--help"} & set(argv):  # a database it cannot use stops the table before it starts (StoreError)
        probe = argparse.ArgumentParser(add_help=False)
        probe.add_argument("--db", default=config.db_path)
        open_backend(probe.parse_known_args(argv)[0].db).close()
    # SIGTERM stops the table as Ctrl-C does: asyncio cancels it, and closing the table closes the bot cleanly.
    signal.signal(signal.SIGTERM, _as_sigint)

    try:
        return local_main(argv, lambda path, **kw: make_bot(path, board_workers=workers, **kw), config.db_path)
    finally:
        drawing.shutdown()  # the board workers finish what they draw and stop


if __name__ == "__main__":
    sys.exit(main())
