"""The process's share of Discord's global REST budget (50 requests per second per bot).

One process spends the whole budget and discord.py honours Discord's answers.  Several processes of one bot
(a cluster: `bot.py run --cluster ... --shard-ids ...`) would together exceed it, so each paces its REST
calls to its share: `50 × (its shards / all shards)`, a little under, as a token bucket (a burst of
`burst` calls goes at once, then calls are spaced).  The burst comes out of the headroom too (`burst_for`), and no
second ever carries more than the share and the burst of calls however late the process wakes (a loaded
host's event loop wakes several spaced calls at once: `bench fleet` saw 56 in a second from two processes of
22.5/s with a burst of 5 each), so the processes' calls add up to at most 50 in any second.  Interaction responses and follow-ups go through
discord.py's webhook adapter, not this client, and are outside the global limit as Discord documents.
Several hosts share one budget through a REST proxy instead (README, "Several hosts").
"""
from __future__ import annotations

import math
from collections import deque
from typing import Any

from .pacing import Now, Sleep, make_clock

GLOBAL_RATE = 50.0  # requests per second, per bot (Discord's global rate limit)
HEADROOM = 0.9  # each process keeps under its share: clocks and bursts never add up past the limit


def share(shard_ids: list[int], shard_count: int) -> float:
    """Requests per second for a process running `shard_ids` of `shard_count` shards."""
    return GLOBAL_RATE * HEADROOM * len(set(shard_ids)) / shard_count


def burst_for(shard_ids: list[int], shard_count: int) -> int:
    """The calls a process may send at once: its part of the headroom (at least 1), so that every process's
    share and burst together stay within the global limit in any one second."""
    return max(1, int(GLOBAL_RATE * (1 - HEADROOM) * len(set(shard_ids)) / shard_count + 1e-9))


class RestBudget:
    """`rate` calls per second, `burst` of them at once: each call reserves its moment before it waits, so
    concurrent callers queue in order and never go together past the burst.  However late the sleeps end, no
    second holds more than `cap` (the rate, rounded down, and the burst) of the moments the calls went."""

    def __init__(self, rate: float, burst: int = 5, now: Now | None = None, sleep: Sleep | None = None):
        if now is None or sleep is None:
            now, sleep = make_clock()
        self.rate, self.burst = rate, burst
        self.cap = max(1, math.floor(rate) + burst - 1)
        self.now, self.sleep = now, sleep
        self.next_at = float("-inf")  # when the call after the queued ones would go, without the burst
        self.went: deque[float] = deque()  # when the calls of the last second went
        self.calls = 0
        self.waited = 0.0

    async def take(self) -> None:
        t = self.now()
        slot = max(self.next_at, t)
        self.next_at = slot + 1.0 / self.rate
        go = slot - (self.burst - 1) / self.rate
        self.calls += 1
        if go > t:
            self.waited += go - t
            await self.sleep(go - t)
        while True:  # woken late with others: wait until the last second has room (checked and noted at once)
            now = self.now()
            while self.went and self.went[0] <= now - 1.0 + 1e-9:  # (a clock's rounding is no call too many)
                self.went.popleft()
            if len(self.went) < self.cap:
                self.went.append(now)
                return
            self.waited += self.went[0] + 1.0 - now
            await self.sleep(self.went[0] + 1.0 - now)


def pace_rest(client: Any, budget: RestBudget) -> None:
    """Every REST call of `client` (discord.py's `HTTPClient.request`) waits for `budget` first."""
    request = client.http.request

    async def paced(route: Any, **kwargs: Any) -> Any:
        await budget.take()
        return await request(route, **kwargs)

    client.http.request = paced
    client.rest_budget = budget


__all__ = ["GLOBAL_RATE", "HEADROOM", "RestBudget", "burst_for", "pace_rest", "share"]
