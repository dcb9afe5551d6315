"""The bot processes of `bot.py bench fleet` (tools/fleet_bench.py): started, stopped, killed and restarted, and
the whole fleet stopped and started again with another shard count (resharding).

Each process is a real `bot.py run --cluster` whose Discord is the routing fake (tools/protocol_fake/
fake_cluster.py); `Fleet` holds the running processes, their logs and their shard ranges.
"""
from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from storage.partitions import Layout
from storage.table_roles import file_game_digests
from tools.layout import process_ranges
from tools.protocol_fake.fake_cluster import FakeCluster

from .fleet_play import patience

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
    deadline = time.monotonic() + patience()
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
            await asyncio.wait_for(proc.wait(), patience())
        except asyncio.TimeoutError:
            proc.kill()
            await proc.wait()


async def kill_left(procs: dict[str, Any]) -> None:
    """Whatever is still running when a run ends early (a failed check, an interrupt) is killed."""
    for proc in procs.values():
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


@dataclass
class Fleet:
    """The cluster processes of one run: process `n` runs the shard ids `ranges[n]` of `shards`."""
    tmp: Path
    fake: FakeCluster
    layout: Layout
    shards: int
    ranges: list[list[int]]
    procs: dict[str, Any] = field(default_factory=dict)
    logs: dict[str, Path] = field(default_factory=dict)
    generation: int = 0  # how many times the whole fleet was started (a reshard starts it again)

    def run_args(self, n: int) -> list[str]:
        return ["--cluster", str(self.layout.folder), "--shard-count", str(self.shards), "--shard-ids",
                ",".join(map(str, self.ranges[n])), "--identify-concurrency", str(self.shards)]

    async def start_one(self, n: int) -> None:
        """Start (or restart) process `n` and wait for its login."""
        name = f"p{n}" if not self.generation else f"g{self.generation}-p{n}"
        log = self.tmp / f"bot-{name}.log"
        size = log.stat().st_size if log.exists() else 0
        self.procs[str(n)], self.logs[str(n)] = await spawn(self.tmp, self.fake, name, self.run_args(n),
                                                            self.tmp / "unused.db")
        await logged_in(self.procs[str(n)], self.logs[str(n)], size)

    async def start(self) -> None:
        for n in range(len(self.ranges)):
            await self.start_one(n)

    async def kill(self, n: int) -> None:
        self.procs[str(n)].kill()
        await self.procs[str(n)].wait()

    async def reshard(self, shards: int, processes: int) -> None:
        """Stop every process cleanly, then start `processes` processes over the shards of the new count and the
        same files (the partitions each shard owns change; no file is split: storage/partitions.py)."""
        await stop_all(self.procs)
        self.procs.clear()
        self.logs.clear()
        self.fake.reshard(shards, max_concurrency=shards)
        self.shards, self.ranges = shards, process_ranges(shards, processes)
        self.generation += 1
        await self.start()


def game_digests(layout: Layout) -> dict[int, str]:
    """Each game's state digest over every partition file (the rows the split/merge check compares)."""
    return file_game_digests(layout.paths())


__all__ = ["Fleet", "bot_env", "game_digests", "kill_left", "logged_in", "spawn", "stop_all"]
