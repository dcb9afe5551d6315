"""The process's share of Discord's global REST budget (50 requests per second per bot).

One process spends the whole budget and discord.py honours Discord's answers.  Several processes of one bot
(a cluster: `bot.py run --cluster ... --shard-ids ...`) would together exceed it, so each paces its REST
calls to its share: `50 × (its shards / all shards)`, a little under, as a token bucket (a burst of
`burst` calls goes at once, then calls are spaced).  Interaction responses and follow-ups go through
discord.py's webhook adapter, not this client, and are outside the global limit as Discord documents.
Several hosts share one budget through a REST proxy instead (README, "Several hosts").
"""
from __future__ import annotations

from typing import Any

from .pacing import Now, Sleep, make_clock

GLOBAL_RATE = 50.0  # requests per second, per bot (Discord's global rate limit)
HEADROOM = 0.9  # each process keeps under its share: clocks and bursts never add up past the limit


def share(shard_ids: list[int], shard_count: int) -> float:
    """Requests per second for a process running `shard_ids` of `shard_count` shards."""
    return GLOBAL_RATE * HEADROOM * len(set(shard_ids)) / shard_count


class RestBudget:
    """`rate` calls per second, `burst` of them at once: each call reserves its moment before it waits, so
    concurrent callers queue in order and never go together past the burst."""

    def __init__(self, rate: float, burst: int = 5, now: Now | None = None, sleep: Sleep | None = None):
        if now is None or sleep is None:
            now, sleep = make_clock()
        self.rate, self.burst = rate, burst
        self.now, self.sleep = now, sleep
        self.next_at = float("-inf")  # when the call after the queued ones would go, without the burst
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


def pace_rest(client: Any, budget: RestBudget) -> None:
    """Every REST call of `client` (discord.py's `HTTPClient.request`) waits for `budget` first."""
    request = client.http.request

    async def paced(route: Any, **kwargs: Any) -> Any:
        await budget.take()
        return await request(route, **kwargs)

    client.http.request = paced
    client.rest_budget = budget


__all__ = ["GLOBAL_RATE", "HEADROOM", "RestBudget", "pace_rest", "share"]
