"""Taking turns to IDENTIFY with Discord across the processes of one host.

Discord lets a bot start `max_concurrency` sessions per 5 seconds: shard `s` is in bucket
`s % max_concurrency`, and each bucket may identify once per 5 s.  A bot run as several processes must share
that budget, or Discord refuses identifies (and too many refusals reset the token).  On one host the bucket is
a file (`identify-<bucket>.lock` in a folder every process of the bot shares): a process takes an exclusive
`flock` on it, reads when the bucket last identified, waits out the rest of the interval, writes the new
time, and lets go.  The lock is released by the kernel if the process dies, so a `kill -9` never wedges the
others.  Several hosts need the same rule over a shared lock (Redis: README, "Several hosts").
"""
from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path
from typing import Callable

INTERVAL = 5.5  # seconds between two identifies of one bucket: Discord's 5, and half a second for the IDENTIFY
# to reach Discord (the time is taken before it is sent; a loaded host was seen 4008-refused at exactly 5.0)


class IdentifyGate:
    def __init__(self, folder: str | Path, max_concurrency: int = 1, interval: float = INTERVAL,
                 clock: Callable[[], float] = time.time, sleep: Callable[[float], None] = time.sleep):
        if max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        self.folder = Path(folder)
        self.max_concurrency = max_concurrency
        self.interval = interval
        self.clock = clock
        self.sleep = sleep

    def bucket(self, shard_id: int) -> int:
        return shard_id % self.max_concurrency

    def path(self, shard_id: int) -> Path:
        return self.folder / f"identify-{self.bucket(shard_id)}.lock"

    def wait_turn(self, shard_id: int) -> float:
        """Block until shard `shard_id` may identify, and claim the slot; returns the time claimed.

        Call it right before sending IDENTIFY (from a thread: it blocks)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path(shard_id), os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                raw = os.pread(fd, 64, 0).decode("ascii", "replace").strip()
                last = float(raw) if raw else 0.0
                wait = min(self.interval, last + self.interval - self.clock())  # a clock set back waits once
                if wait > 0:
                    self.sleep(wait)
                now = self.clock()
                stamp = f"{now!r}\n".encode("ascii")
                os.ftruncate(fd, 0)
                os.pwrite(fd, stamp, 0)
                return now
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


__all__ = ["INTERVAL", "IdentifyGate"]
