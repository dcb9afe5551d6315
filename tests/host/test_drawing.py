"""Boards drawn in worker processes (host/drawing.py): the same bytes as drawn in the bot's own
process, threads where processes cannot help, and a dead worker costing no board."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time

import pytest

from host import drawing
from host.boards import board_inputs, board_png
from host.tables import Actor, TableService
from storage import open_store
from tools.bench_games import started_game

ACTORS = [Actor(user_id=1, name="Ana"), Actor(user_id=2, name="Bo")]


@pytest.fixture
def table(tmp_path):
    service = TableService(open_store(tmp_path / "g.db"))
    yield started_game(service, "wayfinders", ACTORS)
    service.store.close()


def test_a_board_drawn_by_a_worker_process_is_the_board_drawn_here(table):
    pool = drawing.BoardPool(2)

    async def warm_then_draw() -> bytes:
        assert await pool.ready()
        return await pool.draw(*board_inputs(table, "es", []), "es")

    try:
        png = asyncio.run(warm_then_draw())
        assert pool.uses_processes and pool._pool is not None and pool.in_threads == 0  # it went to the processes
    finally:
        pool.close()
    assert png == board_png(table, "es", [])


def test_one_worker_or_none_draws_in_threads(table):
    for workers in (0, 1):
        pool = drawing.BoardPool(workers)
        png = asyncio.run(pool.draw(*board_inputs(table, "en", []), "en"))
        assert not pool.uses_processes and pool._pool is None and pool.worker_pids() == []
        assert png == board_png(table, "en", [])


def test_the_pool_names_its_live_workers(table):
    """The load test reads the workers' CPU by their process ids."""
    pool = drawing.BoardPool(2)
    try:
        assert pool.worker_pids() == []  # none before the pool starts
        asyncio.run(pool.ready())
        pids = pool.worker_pids()
        assert len(pids) == 2 and os.getpid() not in pids  # every worker started by the warm-up
        for pid in pids:
            os.kill(pid, 0)  # a live process
        os.kill(pids[0], signal.SIGKILL)
        for _ in range(50):
            if pids[0] not in pool.worker_pids():
                break
            asyncio.run(asyncio.sleep(0.1))
        assert pids[0] not in pool.worker_pids()
    finally:
        pool.close()


def test_a_killed_worker_costs_no_board_and_repeated_deaths_fall_back_to_threads(table):
    pool = drawing.BoardPool(2)
    expected = board_png(table, "en", [])

    async def kill_then_draw() -> bytes:
        assert await pool.ready()  # the workers are up (again)
        for pid in list(pool._pool._processes):  # type: ignore[attr-defined]
            os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.5)
        return await pool.draw(*board_inputs(table, "en", []), "en")

    try:
        for _ in range(drawing.MAX_BREAKS):
            assert asyncio.run(kill_then_draw()) == expected  # drawn in a thread instead
        assert pool.workers == 0 and not pool.uses_processes  # after MAX_BREAKS deaths: threads for good
    finally:
        pool.close()


def test_board_workers_setting():
    assert drawing.workers_from("3") == 3
    assert drawing.workers_from("0") == 0
    assert drawing.workers_from("") == drawing.cores() == drawing.workers_from(None)
    assert drawing.workers_from("two") == drawing.cores()  # not a number: the default
    assert drawing.workers_set("") is None and drawing.workers_set("x") is None and drawing.workers_set("2") == 2


def test_a_backlog_of_boards_outlives_many_worker_replacements(table, monkeypatch):
    """Workers are replaced after their share of boards without the executor's max_tasks_per_child, which on
    Python 3.11 can stop replacing them and leave every later board waiting forever (CPython gh-115634): the
    load test hung after 2,000 boards a worker.  A backlog much larger than the share must all come back."""
    monkeypatch.setattr(drawing, "MAX_TASKS", 3)
    pool = drawing.BoardPool(2)
    inputs = board_inputs(table, "en", [])
    expected = board_png(table, "en", [])

    async def backlog():
        await pool.ready()
        boards = []
        for _ in range(5):  # fresh pools warm in the background while the old ones draw
            boards += await asyncio.wait_for(asyncio.gather(*(pool.draw(*inputs, "en") for _ in range(6))), timeout=60)
            await pool.ready()
        return boards

    try:
        boards = asyncio.run(backlog())
    except asyncio.TimeoutError:
        pytest.fail("boards stopped coming back from the pool")
    finally:  # never wait for a stuck pool: the test fails instead of hanging
        if pool._pool is not None:
            pool._pool.shutdown(wait=False, cancel_futures=True)
    assert boards == [expected] * 30
    assert pool.replaced >= 4  # 30 boards at 6 a pool


def test_the_first_board_before_the_pool_is_warm_is_drawn_in_a_thread_and_the_loop_never_waits(table):
    """Starting the workers (forks, imports) takes seconds: never on the event loop.  A board asked for before
    `ready()` is drawn in a thread while the pool starts in the background; `ready()` itself runs in a thread."""
    pool = drawing.BoardPool(2)
    inputs = board_inputs(table, "en", [])
    expected = board_png(table, "en", [])

    async def go():
        gaps: list[float] = []
        loop = asyncio.get_running_loop()

        async def ticker() -> None:  # the longest the loop went without running it
            last = loop.time()
            while True:
                await asyncio.sleep(0.01)
                gaps.append(loop.time() - last)
                last = loop.time()

        task = loop.create_task(ticker())
        first = await pool.draw(*inputs, "en")
        assert pool.in_threads == 1  # no warm pool yet: a thread drew it
        assert await pool.ready() and pool.is_ready
        second = await pool.draw(*inputs, "en")
        task.cancel()
        return first, second, max(gaps)

    try:
        first, second, longest = asyncio.run(go())
    finally:
        pool.close()
    assert first == second == expected
    assert pool.in_threads == 1  # the second board went to the warm processes
    print(f"longest the loop waited while the pool started: {longest * 1000:.0f} ms")


def test_a_closed_pool_never_starts(table):
    pool = drawing.BoardPool(2)
    pool.close()
    assert asyncio.run(pool.ready()) is False and pool.worker_pids() == []


KILLED_BOT = """
import asyncio, os, signal
from host import drawing

async def main():
    pool = drawing.BoardPool(2)
    await pool.ready()
    print(" ".join(map(str, pool.worker_pids())), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)

asyncio.run(main())
"""


def test_a_bot_killed_with_sigkill_leaves_no_drawing_process_behind():
    """The workers end with the bot however it ends: a kill -9 used to leave the forkserver and its workers
    running, each keeping the other alive."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run([sys.executable, "-c", KILLED_BOT], cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL, done.stderr
    pids = [int(p) for p in done.stdout.split()]
    assert len(pids) == 2
    for _ in range(100):
        alive = [pid for pid in pids if _alive(pid)]
        if not alive:
            break
        time.sleep(0.1)
    assert alive == [], f"drawing workers still running after the bot was killed: {alive}"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False


def test_a_drawing_process_hands_freed_memory_back_every_few_boards(table, monkeypatch):
    trims: list[int] = []
    monkeypatch.setattr(drawing, "_TRIM", trims.append)
    monkeypatch.setattr(drawing, "_drawn", 0)
    view, names, caption = board_inputs(table, "en", [])
    pngs = [drawing._draw(view, names, caption, "en") for _ in range(drawing.TRIM_EVERY * 2 + 3)]
    assert trims == [0, 0]  # malloc_trim(0) after the 25th and the 50th board, not after every one
    assert len(set(pngs)) == 1 and pngs[0] == board_png(table, "en", [])  # the boards are what they were
