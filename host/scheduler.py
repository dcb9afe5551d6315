"""One task that sleeps until the next timer is due, then fires every due timer.

Timers live in the `timers` table (`storage.TimerStore`), so they survive
restarts: the first `run_due()` after start-up fires whatever fell due while
the bot was down.  No polling: the task sleeps until the earliest timer (at
most `MAX_SLEEP`, a guard against wall-clock jumps) and `add()` wakes it when
a sooner timer arrives.  The clock is injected; the wait is injectable too so
tests drive the loop without real time passing.

Features register a handler per timer kind with `on(kind, handler)`.  A timer
is claimed (deleted) before its handler runs, so two runs never fire it twice
and a crash loses it rather than repeating it; `durable=True` kinds are deleted
only after their handler returned (their handler must be idempotent, e.g.
guarded by the game version), so a crash fires them again on start-up.
"""
from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Awaitable, Callable, Optional

from storage import TimerRow, TimerStore
from storage.routed import RoutedTimers

from . import offloop
from .refusal import Refusal

log = logging.getLogger("gamehost.scheduler")

Handler = Callable[[TimerRow], Awaitable[None]]
Wait = Callable[[asyncio.Event, float], Awaitable[None]]

MAX_SLEEP = 3600.0
BUSY_RETRY = 5.0  # seconds: how soon the loop tries again when the database was busy
MAX_PER_RUN = 500  # timers fired by one run_due (a handler that keeps adding due timers cannot spin forever)
TASK_NAME = "background:timer-scheduler"  # the local table does not wait for tasks named background:*


def _identity(timer: TimerRow) -> tuple[Any, ...]:
    return (timer.id, timer.kind, timer.due_at, timer.created_at)


async def wait_event(event: asyncio.Event, delay: float) -> None:
    """Return when `event` is set or `delay` seconds passed, whichever comes first.

    (Not `asyncio.wait_for`: that runs the wait in a task of its own, which the local table would wait for.)"""
    handle = asyncio.get_running_loop().call_later(max(0.0, delay), event.set)
    try:
        await event.wait()
    finally:
        handle.cancel()


class Scheduler:
    def __init__(self, timers: TimerStore | RoutedTimers, clock: Callable[[], float] = time.time,
                 wait: Wait = wait_event):
        self.timers = timers
        self.clock = clock
        self.wait = wait
        self.handlers: dict[str, tuple[Handler, bool]] = {}
        self.planned: Optional[float] = None  # the due time the loop sleeps towards (None: not sleeping)
        self.task: Optional[asyncio.Task[None]] = None
        self._event = asyncio.Event()
        self._lock = asyncio.Lock()
        self._loop: Optional[asyncio.AbstractEventLoop] = None  # the loop of `run_forever` (set by `start`)

    def on(self, kind: str, handler: Handler, *, durable: bool = False) -> None:
        self.handlers[kind] = (handler, durable)

    # ---- adding -----------------------------------------------------------------
    def add(self, kind: str, due_at: float, *, game_id: Optional[int] = None,
            payload: Optional[dict[str, Any]] = None) -> int:
        timer_id = self.timers.add(kind=kind, due_at=due_at, now=self.clock(), game_id=game_id, payload=payload)
        self.poke(due_at)
        return timer_id

    def poke(self, due_at: Optional[float] = None) -> None:
        """Wake the loop if `due_at` is sooner than what it sleeps towards (None: wake it anyway)."""
        if due_at is None or self.planned is None or due_at < self.planned:
            self._wake()

    def _wake(self) -> None:
        """Set the event; from the storage thread (host/offloop.py) through the loop, as asyncio requires."""
        try:
            running: Optional[asyncio.AbstractEventLoop] = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if self._loop is not None and running is not self._loop and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._event.set)
        else:
            self._event.set()

    # ---- firing -------------------------------------------------------------------
    async def run_due(self) -> list[TimerRow]:
        """Fire every timer due now, earliest first (including ones their handlers add as due)."""
        fired: list[TimerRow] = []
        seen: set[tuple[Any, ...]] = set()  # (id, kind, due, created): SQLite reuses the ids of deleted rows
        async with self._lock:
            while len(fired) < MAX_PER_RUN:
                due = [t for t in await offloop.call(self.timers.due, self.clock()) if _identity(t) not in seen]
                if not due:
                    break
                timer = due[0]  # one at a time: a handler may have changed or removed the others
                seen.add(_identity(timer))
                if await self._fire(timer):
                    fired.append(timer)
        return fired

    async def _fire(self, timer: TimerRow) -> bool:
        handler, durable = self.handlers.get(timer.kind, (None, False))
        if handler is None:
            log.warning("no handler for timer kind %r (timer %s); dropped", timer.kind, timer.id)
            await offloop.call(self.timers.delete_exact, timer)
            return False
        if not durable and not await offloop.call(self.timers.delete_exact, timer):
            return False  # someone else claimed it
        busy = False
        try:
            await handler(timer)
        except Refusal as exc:
            busy = exc.text.key == offloop.BUSY_KEY  # a durable timer then stays, to fire again
            log.warning("timer %s (%s) of game %s: %s", timer.id, timer.kind, timer.game_id, exc.text.key)
        except Exception:
            log.exception("timer %s (%s) of game %s failed", timer.id, timer.kind, timer.game_id)
        finally:
            if durable and not busy:
                await offloop.call(self.timers.delete_exact, timer)
        return True

    # ---- the loop -------------------------------------------------------------------
    async def run_forever(self) -> None:
        while True:
            try:
                await self._step()
            except Refusal:  # the database is busy (host/offloop.py): try again a little later
                log.info("timers: the database is busy; retrying in %g s", BUSY_RETRY)
                await self.wait(self._event, BUSY_RETRY)

    async def _step(self) -> None:
        """Fire what is due, then sleep until the next timer (or a poke)."""
        self.planned = None
        self._event.clear()
        nxt = await offloop.call(self.timers.next_due)
        if nxt is not None and nxt.due_at <= self.clock():
            # Fire in a task of its own, not named background:*: the local table waits for it.
            await asyncio.get_running_loop().create_task(self.run_due(), name="timers-fire")
        nxt = await offloop.call(self.timers.next_due)
        if nxt is None:
            delay = MAX_SLEEP
        else:
            self.planned = nxt.due_at
            delay = min(MAX_SLEEP, nxt.due_at - self.clock())
        if delay > 0 and not self._event.is_set():
            await self.wait(self._event, delay)

    def start(self) -> asyncio.Task[None]:
        self._loop = asyncio.get_running_loop()
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run_forever(), name=TASK_NAME)
        return self.task

    async def stop(self) -> None:
        task, self.task = self.task, None
        if task is not None and not task.done():
            task.cancel()
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass


__all__ = ["Scheduler", "wait_event", "MAX_SLEEP", "TASK_NAME"]
