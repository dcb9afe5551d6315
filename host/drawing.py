"""Board images drawn and encoded in worker processes, one per core, so drawing does not hold the bot's own process.

Drawing a board and encoding its PNG are almost all of a move's CPU (94-97 %).  In threads of the bot's
one process they share one core (Python's GIL); in a pool of processes sized to the machine's cores the
bot uses every core, and the event loop never waits for a drawing.

A worker receives only what the drawing needs (the public view, the names as drawn, the caption lines,
the language), all plain pydantic models and strings.  Workers are forkserver children (a clean process, not
a copy of the bot's threads) that import every renderer once.  They start and warm up off the event loop:
`ready()` runs before the bot connects (cogs/game_bot.py): starting them takes seconds of every core (the
forkserver and each worker import the renderers; 4-6 s on a loaded 2-core machine, `bot.py bench
pool-start`), and done while the bot served, on the first board, it made the interactions of those seconds
late; the bot's own thread waits for nothing but a pid from the forkserver.  Without `ready()`, the first
board starts them in a background thread and is itself drawn in a thread meanwhile.

After about `MAX_TASKS` boards a worker the whole pool is replaced by a fresh one, so that no allocator
fragmentation accumulates (and every `TRIM_EVERY` boards a worker hands its freed heap pages back to the
system, `malloc_trim`): the fresh pool warms up in the background while the old one keeps drawing, then
the old one finishes its boards in flight and its workers exit.  Not the executor's own
`max_tasks_per_child`: on Python 3.11 to 3.13 it can stop replacing workers and leave every later board
waiting forever (CPython gh-115634), which the load test met after 2,000 boards a worker.  A worker that
dies (killed, out of memory) costs nothing accepted: the board is drawn in a thread instead and a fresh
pool starts in the background.  On a one-core machine, or with `BOARD_WORKERS=0` or `1`, boards are drawn
in threads.
"""
from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import logging
import multiprocessing
import os
import select
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Mapping, Optional, Sequence

from render import Focus, render_board, render_focus, renderer_for
from rules import GAMES

log = logging.getLogger("gamehost.drawing")

MAX_TASKS = 2000  # boards per worker before the pool is replaced
TRIM_EVERY = 25  # boards between two hand-backs of freed heap memory (malloc_trim) in a drawing process
PR_SET_PDEATHSIG = 1  # prctl(2)
MAX_BREAKS = 3  # pools broken (a worker died, or could not start) before boards go back to threads for good
START_TIMEOUT = 120.0  # seconds a new pool's workers have to start (a loaded machine is slow to import)
SETTLE = 0.05  # seconds each warm-up task holds its worker


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def _die_with_parent() -> None:
    """Linux: the kernel kills this worker when its parent (the forkserver) goes away; `_die_with` ends it
    with the bot itself, after which the forkserver stops too: a bot killed with SIGKILL leaves no drawing
    process behind."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the pool's own shutdown is all there is
        pass


def _die_with(owner: int) -> None:
    """End this worker when the bot process `owner` ends, however it ends (SIGKILL too).  PR_SET_PDEATHSIG
    alone is not enough: a worker's parent is the forkserver, and the forkserver stays up while any of its
    children holds its "alive" pipe, which every worker does, so after a kill -9 of the bot the forkserver
    and its workers kept each other running."""
    def watch() -> None:
        try:
            handle = os.pidfd_open(owner)  # Linux 5.3+: readable once the process has ended
        except (AttributeError, OSError):
            handle = None
        if handle is not None:
            select.select([handle], [], [])
        else:
            while True:
                time.sleep(1.0)
                try:
                    os.kill(owner, 0)
                except ProcessLookupError:
                    break
                except PermissionError:  # alive, another user's: cannot happen for our own parent, keep waiting
                    pass
        os._exit(0)

    threading.Thread(target=watch, name="owner-watch", daemon=True).start()


def _warm(owner: int) -> None:
    """A worker's start: tied to the bot's life, every game's renderer imported and a board of each drawn
    before the first real one (`warm_boards`)."""
    _die_with_parent()
    _die_with(owner)
    warm_boards()


WARM_LOCALES = ("en", "es")


def warm_boards() -> None:
    """Import every game's renderer and draw its set-up board in each language once: the fonts, their glyph
    caches and the renderers' static layers are loaded here rather than by the first board players wait for
    (which cost 2-5 times a later one).  A game whose warm-up board fails is left to its first real board."""
    for key, engine in GAMES.items():
        renderer_for(key)
        seats = [f"p{i + 1}" for i in range(engine.min_players)]
        try:
            view = engine.view(engine.setup(seats, 1, None), None)
            for locale in WARM_LOCALES:
                render_board(view, {s: s for s in seats}, [key], locale=locale)
        except Exception:  # noqa: BLE001 - a warm-up never stops a worker from starting
            log.exception("warm-up board of %s failed", key)


def _settle() -> int:
    """A warm-up task: the worker that runs it has started and imported every renderer."""
    time.sleep(SETTLE)  # long enough that each warm-up task lands on a worker of its own
    return os.getpid()


def _malloc_trim() -> Any:
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6").malloc_trim
    except (OSError, AttributeError):  # not glibc (musl, macOS, Windows): nothing to call
        return None


_TRIM = _malloc_trim()
_drawn = 0  # boards drawn by this process


def _trimmed(png: bytes) -> bytes:
    """Every `TRIM_EVERY` boards, the freed heap pages go back to the system: glibc keeps what a board's
    images freed (about 20 MB of a worker's RSS), and a trim costs about 2 ms (0.1 ms a board)."""
    global _drawn
    _drawn += 1
    if _TRIM is not None and _drawn % TRIM_EVERY == 0:
        _TRIM(0)
    return png


def _draw(view: Any, names: dict[str, str], caption: list[str], locale: str) -> bytes:
    return _trimmed(render_board(view, names, caption, locale=locale))


def _draw_focus(view: Any, names: dict[str, str], focus: Focus, locale: str, public: Any = None) -> bytes:
    return _trimmed(render_focus(view, names, focus, locale=locale, public=public))


class BoardPool:
    """Draws boards in `workers` processes (threads when `workers` <= 1).

    The processes start and warm up off the event loop: `ready()` before the bot connects (cogs/game_bot.py),
    else a background thread on the first board, which is drawn in a thread meanwhile.  A pool due for
    replacement keeps drawing until its successor is warm; then the two are swapped."""

    def __init__(self, workers: int):
        self.workers = max(0, workers)
        self._pool: Optional[ProcessPoolExecutor] = None
        self._breaks = 0
        self._given = 0  # boards handed to the current pool
        self.replaced = 0  # pools retired after their share of boards
        self.in_threads = 0  # boards drawn in a thread while no warm pool was there
        self._closed = False
        self._start_lock = threading.Lock()  # one start at a time
        self._starter: Optional[threading.Thread] = None

    @property
    def uses_processes(self) -> bool:
        return self.workers > 1

    @property
    def is_ready(self) -> bool:
        """Warm worker processes are there to draw (never true with threads)."""
        return self._pool is not None

    def _due(self) -> bool:
        return self._pool is not None and self._given >= MAX_TASKS * self.workers

    def _new_executor(self) -> ProcessPoolExecutor:
        forkserver = "forkserver" in multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if forkserver else "spawn")
        if forkserver:  # the server imports the renderers once; every worker forks from it ready to draw
            context.set_forkserver_preload([__name__])
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=_warm, initargs=(os.getpid(),))

    def start(self) -> None:
        """Blocking (call it in a thread): start every worker process and wait until each has imported the
        renderers; the warm pool then replaces the current one (none yet, broken, or past its share)."""
        with self._start_lock:
            if self._closed or not self.uses_processes or (self._pool is not None and not self._due()):
                return
            fresh = self._new_executor()
            try:  # one task a worker: the executor starts a process for each (their forks happen here, not on the loop)
                for answer in [fresh.submit(_settle) for _ in range(self.workers)]:
                    answer.result(timeout=START_TIMEOUT)
            except BaseException:
                fresh.shutdown(wait=False, cancel_futures=True)
                raise
            old, self._pool, self._given = self._pool, fresh, 0
            if self._closed:  # closed while starting: these workers are not wanted
                self._pool = None
                fresh.shutdown(wait=False, cancel_futures=True)
            if old is not None:
                old.shutdown(wait=False, cancel_futures=False)  # its boards in flight still finish
                self.replaced += 1

    def _start_or_fall_back(self) -> None:
        """`start`, counting a pool that cannot start as a break (threads for good after MAX_BREAKS)."""
        try:
            self.start()
        except Exception as exc:
            self._broke(f"board-drawing workers could not start ({type(exc).__name__})")

    def _start_in_background(self) -> None:
        if self._closed or (self._starter is not None and self._starter.is_alive()):
            return
        self._starter = threading.Thread(target=self._start_or_fall_back, name="board-pool-start", daemon=True)
        self._starter.start()

    async def ready(self) -> bool:
        """Start and warm the worker processes without blocking the event loop; True when they draw from now on
        (False with threads, or when they cannot start here)."""
        if self.uses_processes and (self._pool is None or self._due()):
            await asyncio.to_thread(self._start_or_fall_back)
        return self.is_ready

    def _broke(self, what: str) -> None:
        self._breaks += 1
        if self._breaks >= MAX_BREAKS:  # workers cannot start here: draw in threads from now on
            log.error("%s (%d times): boards are drawn in threads from now on", what, self._breaks)
            self.workers = 0
        else:
            log.warning("%s; boards are drawn in threads until a fresh pool is ready", what)

    async def draw(self, view: Any, names: Mapping[str, str], caption: Sequence[str], locale: str) -> bytes:
        """The board's PNG, drawn off the event loop: in the warm pool, else in a thread (never waiting for
        processes to start)."""
        return await self._run(_draw, (view, dict(names), list(caption), locale))

    async def draw_focus(self, view: Any, names: Mapping[str, str], focus: Focus, locale: str,
                         public: Any = None) -> bytes:
        """The decision in view (render/focus.py), drawn like a board; `public`: a player's own view's public
        counterpart (render.render_focus)."""
        return await self._run(_draw_focus, (view, dict(names), focus, locale, public))

    async def _run(self, draw: Any, args: tuple[Any, ...]) -> bytes:
        if not self.uses_processes:
            return await asyncio.to_thread(draw, *args)
        pool = self._pool
        if pool is None or self._due():
            self._start_in_background()
        if pool is None:
            self.in_threads += 1
            return await asyncio.to_thread(draw, *args)
        self._given += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, draw, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                self._pool = None
            self._broke("a board-drawing worker died")
            self._start_in_background()
        except RuntimeError:  # retired by a fresh pool between taking it and handing it the board
            pass
        self.in_threads += 1
        return await asyncio.to_thread(draw, *args)

    def worker_pids(self) -> list[int]:
        """The process ids of the drawing workers running now (none with threads, or before the pool starts)."""
        pool = self._pool
        processes = getattr(pool, "_processes", None) or {}  # the executor's own table of its workers
        return [pid for pid, proc in list(processes.items()) if proc.is_alive()]

    def close(self) -> None:
        """Stop the workers (the boards in flight finish first)."""
        self._closed = True
        with self._start_lock:  # a start under way finishes first (and then sees the pool closed)
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
    """The process's board pool (one per process; `ready()` starts its workers)."""
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
