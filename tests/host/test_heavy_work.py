"""The heavy-request worker process (host/heavy_work.py): it computes in another process at a lower priority,
turns a computation's translatable refusal into a Refusal, survives being killed, and bounds its queue."""
from __future__ import annotations

import asyncio
import os

import pytest

from host.heavy_work import NICE, WorkerProcess
from host.refusal import Refusal
from rules.text import msg


class Refused(ValueError):
    def __init__(self) -> None:
        self.msg = msg("history.refuse.busy")
        super().__init__("refused")


def where_and_how_nice() -> tuple[int, int]:
    return os.getpid(), os.nice(0)


def refuse() -> None:
    raise Refused()


def spin() -> None:
    while True:
        pass


def worker() -> WorkerProcess:
    return WorkerProcess("test", "history.refuse", budget=5.0, max_waiting=4, wall_limit=60.0)


def test_work_runs_in_another_process_below_the_bots_priority():
    async def go():
        w = worker()
        try:
            pid, nice = await w.run(1, where_and_how_nice)
            assert pid != os.getpid() and pid == w.pid()
            assert nice >= os.nice(0) + min(NICE, 19 - os.nice(0))
        finally:
            w.close()
    asyncio.run(go())


def test_a_translatable_refusal_and_the_cpu_budget_come_back_as_refusals():
    async def go():
        w = worker()
        try:
            with pytest.raises(Refusal) as err:
                await w.run(1, refuse)
            assert err.value.text.key == "history.refuse.busy"
            w.budget = 0.2
            with pytest.raises(Refusal) as err:
                await w.run(1, spin)
            assert err.value.text.key == "history.refuse.too_complex"
            assert (await w.run(1, where_and_how_nice))[0] == w.pid()  # the same worker goes on
        finally:
            w.close()
    asyncio.run(go())


def test_a_killed_worker_is_replaced_by_the_next_request():
    async def go():
        w = worker()
        try:
            first = (await w.run(1, where_and_how_nice))[0]
            os.kill(first, 9)
            await asyncio.sleep(0.2)
            second = (await w.run(1, where_and_how_nice))[0]
            assert second != first
        finally:
            w.close()
    asyncio.run(go())


def test_the_bots_own_requests_wait_their_turn_while_a_users_are_refused_past_the_bound():
    async def go():
        w = worker()
        w.max_waiting = 0
        try:
            with pytest.raises(Refusal) as err:
                await w.run(7, where_and_how_nice)
            assert err.value.text.key == "history.refuse.busy" and w.refused == 1
            assert (await w.run(None, where_and_how_nice))[0] == w.pid()  # a finished game's replay is never refused
            assert w.busy == set() and w.waiting == 0
        finally:
            w.close()
    asyncio.run(go())
