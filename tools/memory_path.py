"""`python bot.py bench memory` (the default, the real path): resident memory as games are played through the
bot itself on the local table's transport, every move's board drawn and posted.

Each game is opened with `/game new game:KEY bots:N`, one human seat and bot seats (the bot's greedy level);
the human plays a random legal move with `/play move:ID` at each of its decisions; the bot draws and posts its
boards in its board pool (host/drawing.py), plays its seats, and builds each finished game's chart and replay
(cogs/history_cog.py) as it does on Discord.  Games rotate over `--mix` (every registered game, the shorter
ones more often), all in one bot (one local server, English), so the growth is that of one running process.
The pacer (cogs/pacing.py) counts every write on virtual time, as in `bench posts`: the run never sleeps for
Discord's rate limit, which made a game last a minute.  After each finished game it prints the RSS of the bot's
process (and of its worker processes: the board pool, the replay and odds workers) and the load average, then
the first, post-warm-up, last and highest RSS and the growth per finished game (least-squares slopes after the
warm-up and over the last 150 games).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import resource
import tempfile
import time
from typing import Optional

from cogs import pacing
from cogs.game_bot import make_bot
from host.tables import TableService
from local import LocalTable
from rules import GAMES
from rules.playout import random_move
from rules.rng import Rng
from storage.partitions import open_backend

from . import memory_bench
from .memory_bench import rss_mib

MAX_DECISIONS = 3000  # the human's decisions in one game: a safety net


def descendants(pid: object = "self") -> list[str]:
    """The pids of a process's children and of theirs (the board pool's workers are the forkserver's children),
    from Linux /proc (none elsewhere)."""
    found: list[str] = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as kids:
                for kid in kids.read().split():
                    found += [kid, *descendants(kid)]
    except OSError:
        pass
    return found


def workers_rss_mib() -> list[float]:
    """The RSS of each of this process's descendant processes (the bot's workers: the board pool, its
    forkserver, the replay and odds workers)."""
    return [rss_mib(pid) for pid in descendants()]


def slope(values: list[float]) -> float:
    """The least-squares slope of `values` over their positions (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mx, my = (n - 1) / 2, sum(values) / n
    return sum((i - mx) * (v - my) for i, v in enumerate(values)) / sum((i - mx) ** 2 for i in range(n))


async def play_game(table: LocalTable, service: TableService, user: str, key: str, seats: int, seed: int) -> str:
    """One game through the bot's commands; its status at the end."""
    bots = f" bots:{seats - 1}" if seats > 1 else ""
    await table.command(user, f"/game new game:{key}{bots}", "local")
    game_id = max(service.games.all_ids())
    row = service.games.get(game_id)
    assert row is not None
    thread = f"{key}-{row.number}"
    await table.command(user, "/game start", thread)
    uid = table.registry.user(user).id  # type: ignore[union-attr]
    rng = Rng.from_seed(seed)
    for _ in range(MAX_DECISIONS):
        tb = service.table(game_id)
        if tb.game.status != "active":
            break
        seat = tb.seat_of(uid)
        if seat is None or seat.seat not in tb.to_act:
            break  # the bots stopped: reported as a game that did not finish
        assert tb.state is not None
        move = random_move(tb.engine, tb.state, seat.seat, rng)
        await table.command(user, f"/play move:{move.id}", thread)
    await table.bot.actions.boards.idle()
    return service.table(game_id).game.status


MIX = ("wayfinders", "robinson", "eclipse", "wayfinders", "robinson", "flotilla")
"""The default rotation: the shorter games (Wayfinders and Robinson at two seats, 10-30 s each on two shared cores
at load average 10-17) between the longer ones (Eclipse 30-80 s, Flotilla's three seats 75-200 s), every game
still drawn and posted on each move."""


def _workers() -> str:
    each = sorted(workers_rss_mib(), reverse=True)
    return f"{sum(each):.0f} MiB ({' + '.join(f'{x:.0f}' for x in each)})"


def forget_fake_records(table: LocalTable) -> None:
    """Empty what the fake Discord keeps of every request (the route of each call, each acknowledgement's delay):
    they live in this process too but are the transport's bookkeeping, not the bot's memory."""
    server = table.server
    assert server is not None  # the table is open
    server.requests.clear()
    server.ledger.acks.clear()


def summary(rss: list[float], warmup: int, tail: int = 150) -> str:
    """First, after warm-up, last and highest RSS, and the growth per game after warm-up and over the last `tail`."""
    after, last = rss[warmup:], rss[-tail:]
    return (f"RSS first {rss[0]:.1f} MiB, after {warmup} warm-up games {rss[min(warmup, len(rss)) - 1]:.1f} MiB, "
            f"last {rss[-1]:.1f} MiB, highest {max(rss):.1f} MiB; growth {slope(after):+.3f} MiB per finished game "
            f"over the {len(after)} games after warm-up, {slope(last):+.3f} over the last {len(last)}")


async def run(games: int, players: int, warmup: int, mix: list[str], db_dir: str) -> None:
    rss: list[float] = []
    started = time.perf_counter()
    clock, pacing.make_clock = pacing.make_clock, pacing.virtual_clock  # every write counted, on time that does not wait
    try:
        await _games(rss, started, games, players, mix, db_dir)
    finally:  # stopped early (Ctrl-C), the games played so far are summed up too
        pacing.make_clock = clock
        if rss:
            print(summary(rss, warmup))
        print(f"peak (max RSS) {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB "
              f"(load average {os.getloadavg()[0]:.1f})")


async def _games(rss: list[float], started: float, games: int, players: int, mix: list[str], db_dir: str) -> None:
    table = LocalTable(lambda path: make_bot(path), f"{db_dir}/memory.db", out_dir=f"{db_dir}/out",
                       ack_deadline=None)
    table.settle_timeout = 600.0  # not a timing test
    async with table:
        service = TableService(open_backend(table.db_path))
        print(f"RSS with the bot started: {rss_mib():.0f} MiB (workers {_workers()})")
        try:
            for i in range(games):
                key = mix[i % len(mix)]
                engine = GAMES[key]
                seats = max(engine.min_players, min(engine.max_players, players))
                status = await play_game(table, service, f"player{i}", key, seats, i)
                forget_fake_records(table)
                rss.append(rss_mib())
                print(f"{len(rss):4d} games ({key} {seats} seats, {status}): RSS {rss[-1]:.1f} MiB, workers "
                      f"{_workers()}, {time.perf_counter() - started:.0f} s, "
                      f"load average {os.getloadavg()[0]:.1f}", flush=True)
        finally:
            service.store.close()


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench memory", description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="finished games")
    parser.add_argument("--players", type=int, default=None,
                        help="seats per game, capped to each game's range (default 2; 3 with --histories)")
    parser.add_argument("--warmup", type=int, default=20, help="games before the growth is measured")
    parser.add_argument("--mix", default=",".join(MIX),
                        help="the games played in turn, comma-separated keys (default: %(default)s)")
    parser.add_argument("--histories", action="store_true", help="only build finished games' histories through "
                        "the table service, no boards and no transport (tools/memory_bench.py)")
    parser.add_argument("--max-moves", type=int, default=2000, help="--histories: a random game longer than this is skipped")
    parser.add_argument("--every", type=int, default=25, help="--histories: print the RSS after this many games")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        if args.histories:
            asyncio.run(memory_bench.run(args.games, args.players or 3, args.max_moves, args.every, tmp))
        else:
            mix = [key.strip() for key in args.mix.split(",") if key.strip()]
            unknown = [key for key in mix if key not in GAMES]
            if unknown or not mix:
                parser.error(f"--mix: unknown games {', '.join(unknown)} (known: {', '.join(sorted(GAMES))})")
            asyncio.run(run(args.games, args.players or 2, args.warmup, mix, tmp))
    return 0
