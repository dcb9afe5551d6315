"""Boards drawn in worker processes (host/drawing.py, issue 14): the same bytes as drawn in the bot's own
process, threads where processes cannot help, and a dead worker costing no board."""
from __future__ import annotations

import asyncio
import os
import signal

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
    try:
        png = asyncio.run(pool.draw(*board_inputs(table, "es", []), "es"))
        assert pool.uses_processes and pool._pool is not None  # it really went to the processes
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
        assert pool.worker_pids() == []  # none before the first board
        asyncio.run(pool.draw(*board_inputs(table, "en", []), "en"))
        pids = pool.worker_pids()
        assert 1 <= len(pids) <= 2 and os.getpid() not in pids
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
        await pool.draw(*board_inputs(table, "en", []), "en")  # the workers are up
        assert pool._pool is not None
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
        return await asyncio.wait_for(asyncio.gather(*(pool.draw(*inputs, "en") for _ in range(30))), timeout=60)

    try:
        boards = asyncio.run(backlog())
    except asyncio.TimeoutError:
        pytest.fail("boards stopped coming back from the pool")
    finally:  # never wait for a stuck pool: the test fails instead of hanging
        if pool._pool is not None:
            pool._pool.shutdown(wait=False, cancel_futures=True)
    assert boards == [expected] * 30
    assert pool.replaced >= 4  # 30 boards at 6 a pool
