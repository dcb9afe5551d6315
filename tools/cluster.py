"""`bot.py cluster --processes K`: a fleet of cluster processes on one host, for convenience.

    bot.py cluster --cluster data/cluster --shard-count 8 --processes 2 [--identify-concurrency N]

Spawns K `bot.py run --cluster DIR --shard-count S --shard-ids ...` processes (consecutive shard ranges),
restarts one that exits (but stops the fleet when one exits with 2, a configuration error such as a
missing token) with a backoff that doubles from 1 s up to 60 s (back to 1 s once it has run a
minute), and forwards SIGTERM and SIGINT to every process, waiting for them to stop cleanly (each closes
its partitions with a checkpoint) before exiting.  Every process identifies through the host-wide
identify lock (host/identify_gate.py) in the layout folder.  Under systemd, Docker Compose or Kubernetes,
run one `bot.py run ...` per unit instead and let the supervisor you already have restart it.
"""
from __future__ import annotations

import argparse
import logging
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from storage.db import StoreError
from storage.partitions import Layout, check_shards

from .layout import process_ranges

log = logging.getLogger("gamehost.cluster")
CONFIG_ERROR = 2  # what `bot.py run` exits with when it cannot start (no token, a database it cannot use)
BOT = str(Path(__file__).resolve().parents[1] / "bot.py")


@dataclass
class Child:
    command: list[str]
    proc: Optional[subprocess.Popen] = None
    started: float = 0.0
    failures: int = 0
    restart_at: float = 0.0
    restarts: int = 0


class Supervisor:
    """Keeps `commands` running until stopped; `stop()` (or SIGTERM/SIGINT in `run`) ends them cleanly."""

    def __init__(self, commands: list[list[str]], *, first_delay: float = 1.0, max_delay: float = 60.0,
                 stable: float = 60.0, grace: float = 30.0, clock: Callable[[], float] = time.monotonic):
        self.children = [Child(list(c)) for c in commands]
        self.first_delay, self.max_delay, self.stable, self.grace = first_delay, max_delay, stable, grace
        self.clock = clock
        self.stopping = False
        self.code = 0

    def _spawn(self, child: Child) -> None:
        child.proc = subprocess.Popen(child.command)
        child.started = self.clock()
        log.info("started pid %d: %s", child.proc.pid, " ".join(child.command[2:]))

    def delay(self, failures: int) -> float:
        """The wait before the restart after `failures` exits in a row: 1, 2, 4 ... up to max_delay seconds."""
        return min(self.max_delay, self.first_delay * 2 ** max(0, failures - 1))

    def step(self) -> None:
        """Notice exits and restart what is due (called every fraction of a second by `run`)."""
        now = self.clock()
        for child in self.children:
            if child.proc is None:
                if not self.stopping and now >= child.restart_at:
                    self._spawn(child)
                    child.restarts += 1
                continue
            code = child.proc.poll()
            if code is None or self.stopping:
                continue
            if code == CONFIG_ERROR:  # a missing token or a bad layout: restarting cannot help
                log.error("pid %d exited with %d (a configuration error): stopping the fleet", child.proc.pid, code)
                self.stopping, self.code = True, code
                continue
            child.failures = 1 if now - child.started >= self.stable else child.failures + 1
            child.restart_at = now + self.delay(child.failures)
            log.warning("pid %d exited with %s; restarting in %.0f s", child.proc.pid, code,
                        child.restart_at - now)
            child.proc = None

    def stop(self) -> None:
        """SIGTERM to every process, then wait up to `grace` seconds (SIGKILL after that)."""
        self.stopping = True
        running = [c.proc for c in self.children if c.proc is not None and c.proc.poll() is None]
        for proc in running:
            proc.send_signal(signal.SIGTERM)
        deadline = self.clock() + self.grace
        for proc in running:
            try:
                proc.wait(timeout=max(0.0, deadline - self.clock()))
            except subprocess.TimeoutExpired:
                log.error("pid %d did not stop within %.0f s: killed", proc.pid, self.grace)
                proc.kill()
                proc.wait()

    def run(self, poll: float = 0.2) -> int:
        def on_signal(signum, frame) -> None:
            self.stopping = True

        previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
        try:
            for child in self.children:
                self._spawn(child)
            while not self.stopping:
                self.step()
                time.sleep(poll)
        finally:
            self.stop()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
        return self.code


def commands_for(cluster: str, shard_count: int, processes: int, identify_concurrency: int) -> list[list[str]]:
    return [[sys.executable, BOT, "run", "--cluster", cluster, "--shard-count", str(shard_count),
             "--shard-ids", ",".join(map(str, ids)), "--identify-concurrency", str(identify_concurrency)]
            for ids in process_ranges(shard_count, processes)]


def main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    parser = argparse.ArgumentParser(prog="bot.py cluster", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cluster", default=str(Path(default_db or "data/games.db").parent / "cluster"),
                        help="the layout folder (`bot.py split`)")
    parser.add_argument("--shard-count", type=int, required=True)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--identify-concurrency", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        partitions = Layout.load(args.cluster).partitions
    except StoreError as exc:
        print(f"cluster: {exc}", file=sys.stderr)
        return 2
    problem = check_shards(partitions, args.shard_count)
    if problem or not 1 <= args.processes <= args.shard_count:
        print(f"cluster: {problem or 'the process count must be between 1 and the shard count'}", file=sys.stderr)
        return 2
    commands = commands_for(args.cluster, args.shard_count, args.processes, args.identify_concurrency)
    for command in commands:
        print("will run:", " ".join(command[1:]))
    return Supervisor(commands).run()


__all__ = ["Supervisor", "commands_for", "main"]
