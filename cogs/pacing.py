"""Pacing: the bot never writes into one channel faster than Discord accepts.

Discord answers a burst of messages in one channel (about 5 per 5 seconds) with
429 Too Many Requests; discord.py then waits and retries, but every 429 counts
toward the invalid-request ban.  Every message the bot posts or edits in a channel
is sent inside `async with Pacer.slot(channel_id)` (cogs/ops.py): it enters at once
while the channel had fewer than `limit` writes in the last `window` seconds, and
otherwise sleeps until the oldest of them leaves the window.  The write counts from
when its request ended, not from when it was queued: a request that discord.py
retried for seconds (a 429, a 502) takes its place in the window when it really went
out, so the writes after it keep their distance.

The clock is injectable: `make_clock` gives (now, sleep) for a new pacer; tests and
`bot.py bench posts` run pacers on a `VirtualClock`, whose sleeps move its time
forward at once instead of waiting.
"""
from __future__ import annotations

import asyncio
import time
from collections import deque
from contextlib import asynccontextmanager
from typing import Any, AsyncIterator, Awaitable, Callable

LIMIT = 5  # writes per window and channel (Discord's per-channel message bucket)
WINDOW = 5.0  # seconds
MARGIN = 0.5  # seconds added to the window: network jitter never squeezes two windows into one

Now = Callable[[], float]
Sleep = Callable[[float], Awaitable[Any]]


class VirtualClock:
    """Time that moves only when someone sleeps: a sleep of d seconds jumps to (time of the call) + d.

    Concurrent sleepers share one timeline that never goes back: a sleeper that wakes after a longer one
    wakes at the later time (never earlier than it asked)."""

    def __init__(self, start: float = 0.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        wake = self.now + max(0.0, seconds)
        await asyncio.sleep(0)  # others run, as during a real sleep
        self.now = max(self.now, wake)


def real_clock() -> tuple[Now, Sleep]:
    return time.monotonic, asyncio.sleep


def virtual_clock() -> tuple[Now, Sleep]:
    clock = VirtualClock()
    return clock, clock.sleep


make_clock: Callable[[], tuple[Now, Sleep]] = real_clock  # tests set virtual_clock (tests/conftest.py)


class Pacer:
    """At most `limit` writes in any `window` + `margin` seconds, per channel."""

    def __init__(self, limit: int = LIMIT, window: float = WINDOW + MARGIN,
                 now: Now | None = None, sleep: Sleep | None = None):
        if now is None or sleep is None:
            now, sleep = make_clock()
        self.limit, self.window = limit, window
        self.now, self.sleep = now, sleep
        self.sent: dict[int, deque[float]] = {}
        self.waited = 0.0  # seconds spent waiting, all channels (figures)

    def _recent(self, channel_id: int) -> deque[float]:
        times = self.sent.setdefault(channel_id, deque())
        cutoff = self.now() - self.window
        while times and times[0] <= cutoff:
            times.popleft()
        return times

    def free_in(self, channel_id: int) -> float:
        """Seconds until the channel takes one more write (0: now)."""
        times = self._recent(channel_id)
        if len(times) < self.limit:
            return 0.0
        return max(0.0, times[0] + self.window - self.now())

    async def ready(self, channel_id: int) -> None:
        """Wait until the channel takes one more write (without taking it)."""
        while (delay := self.free_in(channel_id)) > 0:
            self.waited += delay
            await self.sleep(delay)

    async def take(self, channel_id: int) -> None:
        """Wait for room in the channel, then count one write there, now."""
        await self.ready(channel_id)
        self._recent(channel_id).append(self.now())
        self._forget()

    @asynccontextmanager
    async def slot(self, channel_id: int) -> AsyncIterator[None]:
        """One write: wait for room, hold a place in the window while the request runs (other writers see it),
        and count the write from when the request ended (however long discord.py retried it)."""
        await self.ready(channel_id)
        held = self.now()
        self._recent(channel_id).append(held)
        try:
            yield
        finally:
            times = self.sent.setdefault(channel_id, deque())
            try:
                times.remove(held)
            except ValueError:  # it had left the window already
                pass
            times.append(self.now())  # the latest time of all: the deque stays in order
            self._forget()

    def _forget(self) -> None:
        if len(self.sent) > 4096:  # forget channels that have been quiet for a whole window
            for cid in [c for c, times in self.sent.items() if not times or times[-1] <= self.now() - self.window]:
                del self.sent[cid]


def pacer_of(client: object) -> Pacer:
    """The client's pacer (one per bot: channels are the bot's), built with the bot (cogs/game_bot.py
    `GameBot.post_pacer`) for `cogs/ops.py`, whose calls receive only the client."""
    pacer = getattr(client, "post_pacer", None)
    if not isinstance(pacer, Pacer):
        raise RuntimeError("this client has no post pacer: build the bot with cogs/game_bot.py make_bot")
    return pacer


__all__ = ["LIMIT", "WINDOW", "MARGIN", "Pacer", "VirtualClock", "make_clock", "pacer_of", "real_clock",
           "virtual_clock"]
