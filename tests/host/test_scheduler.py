"""The timer scheduler against a fake clock and a fake wait: no real time passes in these tests."""
from __future__ import annotations

import asyncio

from host import offloop
from host.scheduler import MAX_SLEEP, Scheduler, wait_event
from storage import TimerStore, open_store


class FakeClock:
    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


class FakeWait:
    """Records how long the loop meant to sleep; returns only when the loop is woken (event set)."""

    def __init__(self) -> None:
        self.delays: list[float] = []
        self.sleeping = asyncio.Event()

    async def __call__(self, event: asyncio.Event, delay: float) -> None:
        self.delays.append(delay)
        self.sleeping.set()
        await event.wait()
        self.sleeping.clear()


def make(tmp_path, clock=None, wait=None):
    store = open_store(tmp_path / "t.db")
    clock = clock or FakeClock()
    return Scheduler(TimerStore(store), clock, wait=wait or FakeWait()), clock, store


def run(coro):
    return asyncio.run(coro)


async def until(cond, turns: int = 500) -> None:
    """Let the event loop turn until `cond()` holds (no real time is waited for); each turn also lets the
    storage thread finish what was queued (the scheduler reads its timers there: host/offloop.py)."""
    for _ in range(turns):
        if cond():
            return
        await asyncio.sleep(0)
        await offloop.call(lambda: None)
    raise AssertionError("the scheduler did not get there")


def test_due_timers_fire_earliest_first_and_only_once(tmp_path):
    async def go():
        sched, clock, store = make(tmp_path)
        fired = []

        async def handler(timer):
            fired.append(timer.payload["n"])

        sched.on("k", handler)
        for n, delay in ((3, 300), (1, 100), (2, 200), (4, 400)):
            sched.add("k", clock.now + delay, payload={"n": n})
        assert await sched.run_due() == []
        clock.now += 250
        assert [t.payload["n"] for t in await sched.run_due()] == [1, 2]
        clock.now += 1000
        await sched.run_due()
        assert fired == [1, 2, 3, 4]
        assert await sched.run_due() == [] and sched.timers.next_due() is None
        store.close()
    run(go())


def test_next_due_is_the_earliest_whatever_the_insertion_order(tmp_path):
    sched, clock, store = make(tmp_path)
    sched.add("k", clock.now + 50, game_id=None)
    sched.add("k", clock.now + 10, game_id=None)
    sched.add("k", clock.now + 30, game_id=None)
    assert sched.timers.next_due().due_at == clock.now + 10
    store.close()


def test_the_loop_sleeps_until_the_next_timer_and_wakes_for_a_sooner_one(tmp_path):
    async def go():
        wait = FakeWait()
        sched, clock, store = make(tmp_path, wait=wait)
        fired = []

        async def handler(timer):
            fired.append(timer.payload["n"])

        sched.on("k", handler)
        sched.add("k", clock.now + 500, payload={"n": 1})
        sched.start()
        await asyncio.wait_for(wait.sleeping.wait(), 5)
        assert wait.delays == [500]
        sched.add("k", clock.now + 900, payload={"n": 2})  # later than planned: no need to wake
        assert not sched._event.is_set() and sched.planned == clock.now + 500
        sched.add("k", clock.now + 20, payload={"n": 3})  # sooner: the loop wakes and re-plans
        await until(lambda: len(wait.delays) == 2)
        assert wait.delays == [500, 20]
        clock.now += 20
        sched.poke()  # what the real wait does once 20 s passed
        await until(lambda: len(wait.delays) == 3)
        assert fired == [3] and wait.delays[-1] == 480
        await sched.stop()
        store.close()
    run(go())


def test_with_nothing_due_the_loop_sleeps_at_most_max_sleep(tmp_path):
    async def go():
        wait = FakeWait()
        sched, clock, store = make(tmp_path, wait=wait)
        sched.start()
        await asyncio.wait_for(wait.sleeping.wait(), 5)
        sched.add("k", clock.now + 10 * MAX_SLEEP)
        await until(lambda: len(wait.delays) == 2)
        assert wait.delays == [MAX_SLEEP, MAX_SLEEP]
        await sched.stop()
        store.close()
    run(go())


def test_timers_due_during_downtime_fire_on_the_first_run_after_restart(tmp_path):
    async def go():
        clock = FakeClock()
        sched, _, store = make(tmp_path, clock=clock)
        sched.add("k", clock.now + 60, payload={"n": 1})
        sched.add("k", clock.now + 7200, payload={"n": 2})
        store.close()  # the bot stops; three hours pass

        clock.now += 3 * 3600
        again, _, store2 = make(tmp_path, clock=clock)
        fired = []

        async def handler(timer):
            fired.append(timer.payload["n"])

        again.on("k", handler)
        await again.run_due()
        assert fired == [1, 2]
        store2.close()
    run(go())


def test_a_failing_handler_does_not_stop_the_others_and_durable_timers_refire_until_done(tmp_path):
    async def go():
        sched, clock, store = make(tmp_path)
        seen = []

        async def boom(timer):
            seen.append("boom")
            raise RuntimeError("handler bug")

        async def ok(timer):
            seen.append("ok")

        sched.on("boom", boom)
        sched.on("ok", ok, durable=True)
        sched.add("boom", clock.now + 1)
        sched.add("ok", clock.now + 2)
        sched.add("unknown", clock.now + 3)
        clock.now += 10
        await sched.run_due()
        assert seen == ["boom", "ok"]
        assert sched.timers.next_due() is None  # every one removed, the unknown kind too
        store.close()
    run(go())


def test_a_claimed_timer_is_not_fired_by_a_second_scheduler(tmp_path):
    async def go():
        sched, clock, store = make(tmp_path)
        other = Scheduler(TimerStore(store), clock, wait=FakeWait())
        count = []

        async def handler(timer):
            count.append(timer.id)
            await other.run_due()  # a second runner sees the same due timer while the first fires it

        other.on("k", handler)
        sched.on("k", handler)
        sched.add("k", clock.now)
        await sched.run_due()
        assert len(count) == 1
        store.close()
    run(go())


def test_the_real_wait_returns_when_woken_without_waiting_the_delay():
    async def go():
        event = asyncio.Event()
        event.set()
        await asyncio.wait_for(wait_event(event, 3600), 5)
    run(go())
