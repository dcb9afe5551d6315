"""`bot.py bench fleet`: K real `bot.py run --cluster` processes against a fake Discord that routes like Discord's.

The fake (tools/protocol_fake/fake_cluster.py) serves one gateway session per shard and delivers each server's
interactions only to its shard's session.  N complete two-player games are played by clicking over 8 servers
spread across the shards (the servers play at once, each its games one after another).  Printed: every
interaction answered exactly once and only by its shard's session, the partition files each process holds
open, REST requests per second (peak over 1 s windows, interaction answers excluded as Discord excludes them)
and 429s, identifies used, and moves/s of the fleet against one `bot.py run` (one file, one process) playing
the same games in the same run.  In the middle of the fleet's run one process is killed with SIGKILL; the
deadlines of its servers' running games fall due while it is dead; after its restart each fires once, and
no board is posted twice (two new posts of one game version).  At the end a split/merge round trip of the
layout must keep its state digest.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Optional

from host.deadlines import EXPIRE
from storage import GameStore, ReadStore, TimerStore, open_store
from storage.layout_convert import merge, split
from storage.partitions import Layout, owned_partitions, partition_of
from tools.layout import process_ranges
from tools.protocol_fake.fake_cluster import FakeCluster
from tools.protocol_fake.shard_sessions import shard_of

from .fleet_play import (STEP, Figures, Server, TimedFake, answers, duplicate_posts, interleaved, open_partitions,
                         peak_rate, spread)


ROOT = Path(__file__).resolve().parents[1]


def bot_env(tmp: Path, fake: FakeCluster, db: Path) -> dict[str, str]:
    custom = tmp / "custom"
    custom.mkdir(exist_ok=True)
    (custom / "sitecustomize.py").write_text(
        "import discord.http, discord.gateway, yarl\n"
        f"discord.http.Route.BASE = {fake.base!r}\n"
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL('ws://127.0.0.1:{fake.port}/gateway')\n",
        encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env.update(DISCORD_TOKEN="fake.token.value", DATABASE_PATH=str(db), BOARD_WORKERS="0", GAMEHOST_SEED="38",
               DEV_GUILD_ID="", LOG_LEVEL="INFO", PYTHONUNBUFFERED="1", NO_PROXY="127.0.0.1",
               PYTHONPATH=os.pathsep.join([str(custom), str(ROOT)]))
    return env


async def spawn(tmp: Path, fake: FakeCluster, name: str, args: list[str], db: Path) -> tuple[Any, Path]:
    log = tmp / f"bot-{name}.log"
    with open(log, "ab") as out:
        proc = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), "run", *args, cwd=tmp,
                                                    env=bot_env(tmp, fake, db), stdout=out, stderr=out)
    return proc, log


async def logged_in(proc: Any, log: Path, after: int = 0) -> None:
    deadline = time.monotonic() + STEP
    while time.monotonic() < deadline:
        if re.search(r"logged in as \S+ in \d+ servers", log.read_text(errors="replace")[after:]):
            return
        if proc.returncode is not None:
            raise RuntimeError(f"a bot exited ({proc.returncode}):\n{log.read_text(errors='replace')[-3000:]}")
        await asyncio.sleep(0.2)
    raise RuntimeError(f"a bot did not log in:\n{log.read_text(errors='replace')[-3000:]}")


async def stop_all(procs: dict[str, Any]) -> None:
    for proc in procs.values():
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs.values():
        try:
            await asyncio.wait_for(proc.wait(), STEP)
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()


async def kill_left(procs: dict[str, Any]) -> None:
    """Whatever is still running when a run ends early (a failed check, an interrupt) is killed."""
    for proc in procs.values():
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def fleet(tmp: Path, args: argparse.Namespace, out: list[str]) -> Figures:
    open_store(tmp / "games.db").close()
    split(tmp / "games.db", tmp / "cluster", args.partitions)
    layout = Layout.load(tmp / "cluster")
    fake = TimedFake(shard_count=args.shards, max_concurrency=args.shards, per_shard=8 // args.shards)
    await fake.start()
    ranges = process_ranges(args.shards, args.processes)
    procs: dict[str, Any] = {}
    logs: dict[str, Path] = {}
    figures = Figures("fleet")
    try:
        for n, ids in enumerate(ranges):
            run = ["--cluster", str(layout.folder), "--shard-count", str(args.shards), "--shard-ids",
                   ",".join(map(str, ids)), "--identify-concurrency", str(args.shards)]
            procs[str(n)], logs[str(n)] = await spawn(tmp, fake, f"p{n}", run, tmp / "unused.db")
        for name in procs:
            await logged_in(procs[name], logs[name])
        servers = {g: Server(fake, g, layout.path(partition_of(g, args.partitions)), figures, args.decisions)
                   for g in interleaved(fake.cluster_guilds, args.shards, ranges)}
        started = time.monotonic()
        players = [asyncio.create_task(s.play(games)) for s, games in zip(servers.values(), spread(args.games))]
        if args.kill:
            await kill_and_restart(tmp, fake, layout, args, ranges, procs, logs, servers, figures, out)
        await asyncio.gather(*players)
        figures.seconds = time.monotonic() - started
        await asyncio.sleep(1.0)  # a second answer, if any process sent one, would have arrived
        once = sum(1 for i in figures.interactions if answers(fake, i) == 1)
        astray = [(s, g) for s, e, g in fake.delivered if e == "INTERACTION_CREATE" and s != shard_of(g, args.shards)]
        out.append(f"fleet: {args.processes} processes over {args.shards} shards, {args.partitions} partitions, "
                   f"{len(servers)} servers, {args.games} games")
        out.append(f"  interactions answered exactly once: {once}/{len(figures.interactions)}; delivered to "
                   f"another shard's session: {len(astray)}; never delivered: {len(fake.undelivered)} "
                   "(sent to the dead process)")
        for n, ids in enumerate(ranges):
            held = open_partitions(procs[str(n)].pid, layout.folder)
            mine = owned_partitions(args.partitions, args.shards, ids)
            out.append(f"  process {n} (shards {ids}): holds open {len(held)} partition files, "
                       f"{'exactly its own' if held == mine else f'NOT its own {mine}: {held}'}")
        refused = sum(1 for c in fake.calls if c.status == 429)
        identifies = sum(1 for f in fake.frames if f.get("op") == 2)
        out.append(f"  REST: {len(fake.times)} requests, peak {peak_rate(fake)}/s over 1 s windows "
                   f"(limit 50), {refused} answered 429; identifies: {identifies} "
                   f"({args.shards} shards + {len(ranges[args.victim])} again after the kill), refused "
                   f"{len(fake.shards.refused)}")
        finished = sum(s.finished for s in servers.values())
        out.append(f"  {finished}/{args.games} games finished; {figures.moves} moves in {figures.seconds:.1f} s: "
                   f"{figures.moves / figures.seconds:.1f} moves/s; duplicate board posts: {duplicate_posts(fake)}")
        await stop_all(procs)
        roundtrip(tmp, layout, out)
        return figures
    finally:
        await kill_left(procs)
        await fake.stop()


async def kill_and_restart(tmp: Path, fake: FakeCluster, layout: Layout, args: argparse.Namespace,
                           ranges: list[list[int]], procs: dict[str, Any], logs: dict[str, Path],
                           servers: dict[int, Server], figures: Figures, out: list[str]) -> None:
    """SIGKILL one process half-way, make its servers' deadlines fall due while it is dead, restart it."""
    await fake.wait_for("moves before the kill", lambda: figures.moves >= args.kill_after, 10 * STEP)
    victim = str(args.victim)
    theirs = [g for g in servers if shard_of(g, args.shards) in ranges[args.victim]]
    for guild in theirs:
        await servers[guild].gate.acquire()  # nothing of theirs in flight
    try:
        await asyncio.sleep(3.0)  # the last move's listeners (its deadline planned) have run: the kill finds it quiet
        procs[victim].kill()
        await procs[victim].wait()
        overdue: dict[int, tuple[Path, int]] = {}
        for guild in theirs:
            path = layout.path(partition_of(guild, args.partitions))
            store = open_store(path)
            try:
                for game in GameStore(store).find(guild_id=guild, statuses=("active",)):
                    TimerStore(store).move_due(game.id, EXPIRE, time.time() - 60)
                    overdue[game.id] = (path, GameStore(store).move_count(game.id))
            finally:
                store.close()
        size = logs[victim].stat().st_size
        procs[victim], _ = await spawn(tmp, fake, f"p{victim}", ["--cluster", str(layout.folder), "--shard-count",
                                       str(args.shards), "--shard-ids", ",".join(map(str, ranges[args.victim])),
                                       "--identify-concurrency", str(args.shards)], tmp / "unused.db")
        await logged_in(procs[victim], logs[victim], size)

        def fired() -> list[int]:
            out = []
            for gid, (path, before) in overdue.items():
                reader = ReadStore(path)
                try:
                    out.append(GameStore(reader).move_count(gid) - before)
                finally:
                    reader.close()
            return out
        await fake.wait_for("the overdue deadlines", lambda: all(n >= 1 for n in fired()), STEP)
        await asyncio.sleep(2.0)  # a second firing, if any, would have happened
        counts = fired()
        figures.moves += sum(counts)
        out.append(f"  kill -9 of process {victim} after {args.kill_after} moves: {len(overdue)} deadlines fell due "
                   f"while it was dead; after its restart they played {counts} moves (1 each: fired once)")
    finally:
        for guild in theirs:
            servers[guild].gate.release()


def roundtrip(tmp: Path, layout: Layout, out: list[str]) -> None:
    """merge -> split -> merge: the layout's state digest unchanged at each step (the converters check rows too)."""
    first = merge(layout.folder, tmp / "merged.db")
    again = split(tmp / "merged.db", tmp / "resplit", layout.partitions)
    last = merge(tmp / "resplit", tmp / "merged2.db")
    same = first.digest == again.digest == last.digest
    out.append(f"  split/merge round trip: {first.games} games, digests {'identical' if same else 'DIFFER'} "
               f"({first.digest[:12]})")
    for shards in (2, 4):  # resharding moves whole files: every partition has exactly one owning shard
        owners = Counter(p for s in range(shards) for p in owned_partitions(layout.partitions, shards, [s]))
        assert sorted(owners) == list(range(layout.partitions)) and set(owners.values()) == {1}
    out.append("  resharding 2 -> 4: each shard of 4 owns half the partitions of one shard of 2, no partition split")


async def single(tmp: Path, args: argparse.Namespace, out: list[str]) -> Figures:
    """The same games on one `bot.py run` (one process, one file)."""
    folder = tmp / "one"
    folder.mkdir()
    fake = TimedFake(shard_count=1, max_concurrency=1, per_shard=8)
    await fake.start()
    figures = Figures("one process")
    procs: dict[str, Any] = {}
    try:
        procs["one"], log = await spawn(folder, fake, "one", [], folder / "games.db")
        await logged_in(procs["one"], log)
        servers = [Server(fake, g, folder / "games.db", figures, args.decisions)
                   for g in interleaved(fake.cluster_guilds, 1, [[0]])]
        started = time.monotonic()
        await asyncio.gather(*(s.play(n) for s, n in zip(servers, spread(args.games))))
        figures.seconds = time.monotonic() - started
        finished = sum(s.finished for s in servers)
        out.append(f"one process (bot.py run, one file): {finished}/{args.games} games finished, {figures.moves} moves in {figures.seconds:.1f} s: "
                   f"{figures.moves / figures.seconds:.1f} moves/s; peak REST {peak_rate(fake)}/s")
        await stop_all(procs)
        return figures
    finally:
        await kill_left(procs)
        await fake.stop()


def parse(argv: Optional[list[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py bench fleet", description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--shards", type=int, default=4, help="the total shard count (a power of two)")
    parser.add_argument("--partitions", type=int, default=16)
    parser.add_argument("--games", type=int, default=8, help="complete games over the 8 servers")
    parser.add_argument("--decisions", type=int, default=1500,
                        help="a game is left unfinished after this many decisions (a short CI run)")
    parser.add_argument("--kill-after", type=int, default=30, help="moves before one process is killed")
    parser.add_argument("--victim", type=int, default=1, help="which process is killed")
    parser.add_argument("--no-kill", dest="kill", action="store_false")
    parser.add_argument("--no-single", dest="single", action="store_false", help="skip the one-process run")
    return parser.parse_args(argv)


async def bench(tmp: Path, args: argparse.Namespace) -> list[str]:
    out: list[str] = []
    ran = await fleet(tmp, args, out)
    if args.single:
        one = await single(tmp, args, out)
        if one.moves and ran.moves:
            out.append(f"fleet against one process: {ran.moves / ran.seconds:.1f} vs {one.moves / one.seconds:.1f} "
                       "moves/s (the fleet's run includes the kill and restart)")
    return out


def main(argv: Optional[list[str]] = None) -> int:
    args = parse(argv)
    with tempfile.TemporaryDirectory(prefix="fleet-") as tmp:
        for line in asyncio.run(bench(Path(tmp), args)):
            print(line)
    return 0


__all__ = ["bench", "main", "parse"]
