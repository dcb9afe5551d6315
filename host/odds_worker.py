"""The exact Eclipse combat odds (`/eclipse odds`, Eclipse E98) computed apart from everything else.

The odds can take seconds of CPU.  Computed in the bot's worker threads (where
boards are drawn), eight heavy requests held the interpreter and the thread pool
long enough to delay an ordinary board post by over a minute.  Here they run in
one worker *process* of their own, one request at a time, in the order asked:

* a time budget (`budget`, seconds of CPU the computation may use, default 5; a
  CPU timer in the worker, so a busy machine does not refuse small requests): past
  it the asker gets "too complex, try smaller fleets".  A worker that does not
  answer within `wall_limit` seconds is killed (a new one starts for the next request);
* at most one request per user in flight: a second one is refused while the
  first is waiting or computing;
* at most `max_waiting` requests queued behind the one computing: more are refused
  ("try again in a minute") instead of piling up.

A refusal raised by the computation (`NotationError`, e.g. fleets too large to
compute at all) comes back as its translatable message.  `bot.py bench odds-load`
prints how long a board post takes while eight heavy requests run.
"""
from __future__ import annotations

import asyncio
import logging
import multiprocessing
import signal
from multiprocessing.connection import Connection
from typing import Any, Callable, Optional

from rules.eclipse.battle import game_odds, odds  # noqa: F401  (loaded with the worker, outside any budget)
from rules.eclipse.battle.notation import NotationError

from .limits import quote
from .refusal import Refusal

log = logging.getLogger("gamehost.odds")

BUDGET = 5.0  # seconds of CPU a request may use
WALL_LIMIT = 120.0  # seconds a request may take in all before its worker is killed
MAX_WAITING = 16  # requests queued behind the one computing
START_TIMEOUT = 120.0  # a new worker process has this long to import the rules (a loaded machine is slow)


def _ping() -> str:
    return "pong"


class _OverBudget(Exception):
    pass


def _over_budget(signum: int, frame: Any) -> None:
    raise _OverBudget


def _serve(conn: Connection) -> None:
    """The worker process: compute `fn(*args)` for each request within `budget` seconds of CPU;
    a NotationError comes back as its Msg."""
    timer = hasattr(signal, "setitimer")  # Unix; elsewhere only the parent's wall limit applies
    if timer:
        signal.signal(signal.SIGPROF, _over_budget)
    while True:
        try:
            fn, args, budget = conn.recv()
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
        except NotationError as exc:
            answer = ("refused", exc.msg)
        except Exception as exc:  # a bug: the bot logs it and apologises
            answer = ("error", f"{type(exc).__name__}: {exc}")
        conn.send(answer)


class OddsWorker:
    """The odds worker process of one bot, and its queue (see the module docstring)."""

    def __init__(self, budget: float = BUDGET, max_waiting: int = MAX_WAITING, wall_limit: float = WALL_LIMIT):
        self.budget = budget
        self.wall_limit = wall_limit
        self.max_waiting = max_waiting
        self.busy: set[int] = set()  # users with a request waiting or computing
        self.waiting = 0
        self._lock: Optional[asyncio.Lock] = None
        self._proc: Optional[multiprocessing.process.BaseProcess] = None
        self._conn: Optional[Connection] = None

    async def run(self, user_id: int, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)` in the worker process for `user_id`, within the budget; or a Refusal.

        `fn` and `args` travel to the worker by pickle: a module-level function and plain data."""
        if user_id in self.busy:
            raise Refusal("odds.refuse.one_at_a_time")
        if self.waiting >= self.max_waiting:
            raise Refusal("odds.refuse.busy")
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
                    log.warning("odds request of user %s took over %.0f s: worker killed", user_id, self.wall_limit)
                    kind, value = "over", None
        finally:
            if queued:
                self.waiting -= 1
            self.busy.discard(user_id)
        if kind == "over":
            raise Refusal("odds.refuse.too_complex", seconds=f"{self.budget:g}")
        if kind == "refused":
            raise Refusal(value.key, **{k: quote(v) if isinstance(v, str) else v for k, v in value.args.items()})
        if kind == "error":
            raise RuntimeError(f"odds worker: {value}")
        return value

    async def _ready(self) -> None:
        """A live worker process (a new one answers a ping first, outside any request's budget)."""
        if self._proc is not None and self._proc.is_alive():
            return
        self.close()
        ctx = multiprocessing.get_context("spawn")  # never fork the bot's threads and event loop
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(child,), name="gamehost-odds", daemon=True)
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
            raise RuntimeError("the odds worker process stopped") from None

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


__all__ = ["BUDGET", "OddsWorker"]
