"""Heavy requests (a replay's GIF, exact combat odds) computed in a worker process of their own, bounded.

A request that takes seconds of CPU, computed in the bot's own process (`asyncio.to_thread`), holds the
interpreter: a few at once delayed every game's board posts by seconds.  Here each kind of heavy request has
one worker *process* (`WorkerProcess`), apart from the board pool (host/drawing.py), so boards never wait
behind it; the worker runs at a lower CPU priority (`NICE`), so boards and the event loop get the cores
first.  Requests are computed one at a time, in the order asked:

* a CPU budget (`budget`, seconds of CPU a request may use; a CPU timer in the worker, so a busy machine
  does not refuse small requests): past it the asker gets the kind's "too complex" refusal.  A worker that
  does not answer within `wall_limit` seconds is killed (a new one starts for the next request);
* at most one request per user in flight: a second one is refused while the first is waiting or computing;
* at most `max_waiting` requests queued behind the one computing: more are refused ("busy, try again in a
  moment") instead of piling up.

The refusals are the catalog keys `<refusals>.one_at_a_time`, `.busy` and `.too_complex` (with `seconds`).
A refusal raised by the computation (an exception carrying a translatable `msg`, such as the odds
notation's `NotationError`) comes back as its message.  Requests the bot makes itself (`user_id=None`, a
finished game's replay) are neither limited per user nor refused when the queue is full: they wait their turn.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
from multiprocessing.connection import Connection
from typing import Any, Callable, Optional

from rules.text import Msg

from .limits import quote
from .refusal import Refusal

log = logging.getLogger("gamehost.heavy")

NICE = 10  # the workers' CPU priority below the bot's (Unix); boards and the event loop come first
START_TIMEOUT = 120.0  # a new worker process has this long to start and import (a loaded machine is slow)


def _ping() -> str:
    return "pong"


class _OverBudget(Exception):
    pass


def _over_budget(signum: int, frame: Any) -> None:
    raise _OverBudget


def _serve(conn: Connection) -> None:
    """The worker process: compute `fn(*args)` for each request within `budget` seconds of CPU; an exception
    carrying a translatable `msg` comes back as that Msg."""
    if hasattr(os, "nice"):
        try:
            os.nice(NICE)
        except OSError:
            pass
    timer = hasattr(signal, "setitimer")  # Unix; elsewhere only the parent's wall limit applies
    if timer:
        signal.signal(signal.SIGPROF, _over_budget)
    while True:
        try:
            fn, args, budget = conn.recv()  # unpickling imports fn's module: outside the budget
        except (EOFError, OSError):
            return
        try:
            if timer:
                signal.setitimer(signal.ITIMER_PROF, max(budget, 1e-6))
            try:
                answer: tuple[str, Any] = ("ok", fn(*args))
            finally:
                if timer:
                    signal.setitimer(signal.ITIMER_PROF, 0)
        except _OverBudget:
            answer = ("over", None)
        except Exception as exc:
            if isinstance(getattr(exc, "msg", None), Msg):
                answer = ("refused", exc.msg)  # type: ignore[attr-defined]
            else:  # a bug: the bot logs it and apologises
                answer = ("error", f"{type(exc).__name__}: {exc}")
        conn.send(answer)


class WorkerProcess:
    """One kind of heavy request: its worker process and its queue (see the module docstring)."""

    def __init__(self, name: str, refusals: str, budget: float, max_waiting: int, wall_limit: float):
        self.name = name
        self.refusals = refusals
        self.budget = budget
        self.wall_limit = wall_limit
        self.max_waiting = max_waiting
        self.busy: set[int] = set()  # users with a request waiting or computing
        self.waiting = 0
        self.refused = 0  # requests refused as busy (one at a time, or the queue full)
        self._lock: Optional[asyncio.Lock] = None
        self._proc: Optional[multiprocessing.process.BaseProcess] = None
        self._conn: Optional[Connection] = None

    async def run(self, user_id: Optional[int], fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` in the worker process for `user_id`, within the budget; or a Refusal.

        `fn` and `args` travel to the worker by pickle: a module-level function and plain data."""
        if user_id is not None:
            if user_id in self.busy:
                self.refused += 1
                raise Refusal(f"{self.refusals}.one_at_a_time")
            if self.waiting >= self.max_waiting:
                self.refused += 1
                raise Refusal(f"{self.refusals}.busy")
            self.busy.add(user_id)
        self.waiting += 1
        queued = True
        try:
            if self._lock is None:
                self._lock = asyncio.Lock()
            async with self._lock:
                self.waiting -= 1
                queued = False
                await self._ready()
                try:
                    kind, value = await self._call((fn, args, self.budget), self.wall_limit)
                except asyncio.TimeoutError:
                    log.warning("%s request of user %s took over %.0f s: worker killed", self.name, user_id,
                                self.wall_limit)
                    kind, value = "over", None
        finally:
            if queued:
                self.waiting -= 1
            if user_id is not None:
                self.busy.discard(user_id)
        if kind == "over":
            raise Refusal(f"{self.refusals}.too_complex", seconds=f"{self.budget:g}")
        if kind == "refused":
            raise Refusal(value.key, **{k: quote(v) if isinstance(v, str) else v for k, v in value.args.items()})
        if kind == "error":
            raise RuntimeError(f"{self.name} worker: {value}")
        return value

    async def _ready(self) -> None:
        """A live worker process (a new one answers a ping first, outside any request's budget)."""
        if self._proc is not None and self._proc.is_alive():
            return
        self.close()
        ctx = multiprocessing.get_context("spawn")  # never fork the bot's threads and event loop
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(child,), name=f"gamehost-{self.name}", daemon=True)
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        try:
            await self._call((_ping, (), START_TIMEOUT), START_TIMEOUT)
        except BaseException:
            self.close()
            raise

    async def _call(self, request: tuple[Any, ...], timeout: float) -> tuple[str, Any]:
        """Send `(fn, args, budget)` to the worker and read its answer, waiting at most `timeout` seconds."""
        conn = self._conn
        assert conn is not None
        loop = asyncio.get_running_loop()
        readable = loop.create_future()
        fd = conn.fileno()

        def wake() -> None:
            if not readable.done():
                readable.set_result(None)

        loop.add_reader(fd, wake)
        answered = False
        try:
            conn.send(request)
            await asyncio.wait_for(readable, timeout)
            answered = True
        finally:
            loop.remove_reader(fd)
            if not answered:  # past the wall limit, or the request was cancelled: its answer must never be read
                self.close()
        try:
            answer: tuple[str, Any] = conn.recv()
            return answer
        except (EOFError, OSError):  # the worker died (killed from outside, out of memory)
            self.close()
            raise RuntimeError(f"the {self.name} worker process stopped") from None

    def pid(self) -> Optional[int]:
        """The worker's process id (None before the first request or after a close)."""
        proc = self._proc
        return proc.pid if proc is not None and proc.is_alive() else None

    def close(self) -> None:
        """Kill the worker process (the next request starts a new one)."""
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None:
            if proc.is_alive():
                proc.kill()
            proc.join(timeout=5)


__all__ = ["NICE", "WorkerProcess"]
