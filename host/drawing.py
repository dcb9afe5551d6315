"""Board images drawn and encoded in worker processes, one per core (issue 14).

Drawing a board and encoding its PNG are almost all of a move's CPU (94-97 %).  In threads of the bot's
one process they share one core (Python's GIL); in a pool of processes sized to the machine's cores the
bot uses every core, and the event loop never waits for a drawing.

A worker receives only what the drawing needs (the public view, the names as drawn, the caption lines,
the language), all plain pydantic models and strings.  Workers start on the first board (forkserver: a
clean process, not a copy of the bot's threads), import every renderer once, and are replaced after
about `MAX_TASKS` boards each so that no allocator fragmentation accumulates: the whole pool is swapped for a
fresh one (the old one finishes its boards in flight, then its workers exit).  Not the executor's own
`max_tasks_per_child`: on Python 3.11 to 3.13 it can stop replacing workers and leave every later board
waiting forever (CPython gh-115634), which the load test met after 2,000 boards a worker.  A worker that dies (killed, out of
memory) costs nothing accepted: the board is drawn in a thread instead and a fresh pool starts next
time.  On a one-core machine, or with `BOARD_WORKERS=0` or `1`, boards are drawn in threads.
"""
from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Mapping, Optional, Sequence

from render import render_board, renderer_for
from rules import GAMES

log = logging.getLogger("gamehost.drawing")

MAX_TASKS = 2000  # boards per worker before the pool is replaced
PR_SET_PDEATHSIG = 1  # prctl(2)
MAX_BREAKS = 3  # pools broken (a worker died) before boards go back to threads for good


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _die_with_parent() -> None:
    """Linux: the kernel kills this worker when its parent (the forkserver, which itself stops when the bot
    does) goes away, so a bot killed with SIGKILL leaves no drawing process behind."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the pool's own shutdown is all there is
        pass


def _warm() -> None:
    """A worker's start: tied to its parent's life, every game's renderer imported before the first board."""
    _die_with_parent()
    for key in GAMES:
        renderer_for(key)


def _draw(view: Any, names: dict[str, str], caption: list[str], locale: str) -> bytes:
    return render_board(view, names, caption, locale=locale)


class BoardPool:
    """Draws boards in `workers` processes (threads when `workers` <= 1)."""

    def __init__(self, workers: int):
        self.workers = max(0, workers)
        self._pool: Optional[ProcessPoolExecutor] = None
        self._breaks = 0
        self._given = 0  # boards handed to the current pool
        self.replaced = 0  # pools retired after their share of boards

    @property
    def uses_processes(self) -> bool:
        return self.workers > 1

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is not None and self._given >= MAX_TASKS * self.workers:
            old, self._pool = self._pool, None
            old.shutdown(wait=False, cancel_futures=False)  # its boards in flight still finish
            self.replaced += 1
        if self._pool is None:
            self._given = 0
            forkserver = "forkserver" in multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context("forkserver" if forkserver else "spawn")
            if forkserver:  # the server imports the renderers once; every worker forks from it ready to draw
                context.set_forkserver_preload([__name__])
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm)
        self._given += 1
        return self._pool

    async def draw(self, view: Any, names: Mapping[str, str], caption: Sequence[str], locale: str) -> bytes:
        """The board's PNG, drawn off the event loop."""
        if not self.uses_processes:
            return await asyncio.to_thread(_draw, view, dict(names), list(caption), locale)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), _draw, view, dict(names), list(caption), locale)
        except BrokenProcessPool:
            self._pool = None
            self._breaks += 1
            if self._breaks >= MAX_BREAKS:  # workers cannot start here: draw in threads from now on
                log.error("board-drawing workers keep dying (%d times): boards are drawn in threads from now on",
                          self._breaks)
                self.workers = 0
            else:
                log.warning("a board-drawing worker died; this board is drawn in a thread, a fresh pool starts next")
            return await asyncio.to_thread(_draw, view, dict(names), list(caption), locale)

    def worker_pids(self) -> list[int]:
        """The process ids of the drawing workers running now (none with threads, or before the first board)."""
        pool = self._pool
        processes = getattr(pool, "_processes", None) or {}  # the executor's own table of its workers
        return [pid for pid, proc in list(processes.items()) if proc.is_alive()]

    def close(self) -> None:
        """Stop the workers (the boards in flight finish first)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=False)


def workers_set(setting: Optional[str]) -> Optional[int]:
    """`BOARD_WORKERS` as configured: a count, or None when it is empty (or not a number)."""
    text = (setting or "").strip()
    return int(text) if text.isascii() and text.isdigit() else None


def workers_from(setting: Optional[str]) -> int:
    """`BOARD_WORKERS` as configured, or one worker per core when it is not set."""
    found = workers_set(setting)
    return cores() if found is None else found


_POOL: Optional[BoardPool] = None


def pool() -> BoardPool:
    """The process's board pool (one per process, started on its first board)."""
    global _POOL
    if _POOL is None:
        _POOL = BoardPool(workers_from(os.environ.get("BOARD_WORKERS")))
    return _POOL


def configure(workers: int) -> BoardPool:
    """Use `workers` processes from now on (the bot's configuration; the load test compares settings)."""
    global _POOL
    if _POOL is not None and _POOL.workers != workers:
        _POOL.close()
        _POOL = None
    if _POOL is None:
        _POOL = BoardPool(workers)
    return _POOL


def shutdown() -> None:
    global _POOL
    if _POOL is not None:
        _POOL.close()
        _POOL = None


__all__ = ["BoardPool", "MAX_BREAKS", "MAX_TASKS", "configure", "cores", "pool", "shutdown", "workers_from",
           "workers_set"]
