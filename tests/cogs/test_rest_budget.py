"""Each cluster process paces its REST calls to its share of the bot's 50 requests per second."""
from __future__ import annotations

import asyncio

from cogs.pacing import VirtualClock
from cogs.rest_budget import GLOBAL_RATE, RestBudget, burst_for, pace_rest, share


def test_shares_of_every_process_stay_under_the_global_limit():
    assert share([0, 1], 4) + share([2, 3], 4) <= GLOBAL_RATE
    assert share([0], 8) * 8 <= GLOBAL_RATE and share([0], 8) == share([5], 8)


def test_calls_beyond_the_burst_are_spaced_to_the_rate():
    clock = VirtualClock(100.0)
    budget = RestBudget(rate=10.0, burst=5, now=clock, sleep=clock.sleep)
    sent: list[float] = []

    class Http:
        async def request(self, route, **kwargs):
            sent.append(clock.now)
            return route

    class Client:
        http = Http()

    client = Client()
    pace_rest(client, budget)

    async def go():
        return [await client.http.request(f"r{i}") for i in range(25)]

    assert asyncio.run(go()) == [f"r{i}" for i in range(25)]
    assert sent[:5] == [100.0] * 5  # the burst at once
    assert abs(sent[-1] - 102.0) < 1e-9  # then 20 more at 10 per second
    windows = [sum(1 for t in sent if s <= t < s + 1.0) for s in (100.5, 101.0, 101.5)]
    assert max(windows) <= 10 and client.rest_budget.calls == 25


def test_concurrent_callers_queue_in_order_and_keep_the_rate():
    clock = VirtualClock(0.0)
    budget = RestBudget(rate=20.0, burst=2, now=clock, sleep=clock.sleep)
    went: list[float] = []

    async def call():
        await budget.take()
        went.append(clock.now)

    async def go():
        await asyncio.gather(*(call() for _ in range(42)))

    asyncio.run(go())
    assert len(went) == 42 and went.count(0.0) == 2
    assert abs(max(went) - 2.0) < 1e-9  # 40 calls after the burst, at 20 per second


def test_every_layout_of_processes_keeps_its_shares_and_bursts_within_the_limit_in_any_second():
    for shards in (1, 2, 4, 8, 16, 64):  # up to 32 processes: each needs a call a second (more: a REST proxy)
        for processes in {p for p in (1, 2, shards // 2 or 1, shards) if p <= 32}:
            ranges = [list(range(shards))[p::processes] for p in range(processes)]
            caps = [RestBudget(share(ids, shards), burst=burst_for(ids, shards)).cap for ids in ranges]
            assert sum(caps) <= GLOBAL_RATE, (shards, processes, caps)
    assert burst_for([0, 1], 4) == 2 and burst_for([0], 8) == 1 and burst_for(list(range(4)), 4) == 5


class Loaded(VirtualClock):
    """A loaded host: the event loop runs nothing between 0.05 s and 2 s, so every call spaced into that stretch
    wakes at 2 s, all together."""

    async def sleep(self, seconds: float) -> None:
        wake = self.now + max(0.0, seconds)
        if 0.05 < wake < 2.0:
            wake = 2.0
        await asyncio.sleep(0)
        self.now = max(self.now, wake)


def test_calls_woken_late_together_still_keep_any_second_within_the_cap():
    clock = Loaded(0.0)
    budget = RestBudget(rate=10.0, burst=2, now=clock, sleep=clock.sleep)
    went: list[float] = []

    async def call():
        await budget.take()
        went.append(clock.now)

    async def go():
        await asyncio.gather(*(call() for _ in range(40)))

    asyncio.run(go())
    assert len(went) == 40 and budget.cap == 11
    assert went.count(2.0) == budget.cap  # the late ones that fit went at once, the others waited
    assert max(sum(1 for t in went if s <= t < s + 1.0) for s in sorted(set(went))) <= budget.cap
