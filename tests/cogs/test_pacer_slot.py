"""The pacer counts a write from when its request ended, not from when it was queued: a post that
discord.py retried for seconds (a 429 waited out, a 502 tried again) keeps the writes after it 5 per
5.5 s away from when it really went out."""
from __future__ import annotations

import asyncio

from cogs.pacing import Pacer, VirtualClock


def test_a_slow_write_counts_from_its_end_so_no_six_writes_share_a_window():
    clock = VirtualClock()
    pacer = Pacer(limit=5, window=5.5, now=clock, sleep=clock.sleep)
    sent: list[float] = []

    async def write(seconds: float = 0.0) -> None:
        async with pacer.slot(7):
            await clock.sleep(seconds)  # the request, with discord.py's own retries inside it
            sent.append(clock())

    async def go() -> None:
        for _ in range(4):
            await write()
        await write(4.0)  # the fifth write took 4 s to go out (t = 4)
        for _ in range(5):
            await write()
    asyncio.run(go())
    assert sent[4] == 4.0
    for i in range(len(sent)):  # in any window of 5.5 s, at most 5 writes went out
        assert sum(1 for t in sent if sent[i] <= t < sent[i] + 5.5) <= 5, sent
    assert sent[-1] >= 4.0 + 5.5  # the tenth waited for the slow one to leave the window


def test_writers_racing_for_a_channel_see_each_others_requests_in_flight():
    clock = VirtualClock()
    pacer = Pacer(limit=5, window=5.5, now=clock, sleep=clock.sleep)
    started: list[float] = []

    async def write() -> None:
        async with pacer.slot(7):
            started.append(clock())
            await clock.sleep(0.5)

    async def go() -> None:
        await asyncio.gather(*(write() for _ in range(6)))
    asyncio.run(go())
    assert started[:5] == [0.0] * 5 and started[5] > 0.0  # the sixth waited although none had ended
