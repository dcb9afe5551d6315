"""`/eclipse odds` runs in its own worker process: a time budget, at most one request
per user at a time, a bounded queue; each refusal private and clear.  No timing is asserted: the figure
is `bot.py bench odds-load`."""
from __future__ import annotations

import asyncio

from .test_commands import Session, texts

MEDIUM = '/eclipse odds attacker:"2 interceptor, 2 cruiser, 2 dreadnought" defender:"2 interceptor, 2 cruiser, 2 dreadnought"'
SMALL = '/eclipse odds attacker:"1 interceptor" defender:"interceptor"'


def worker_of(s: Session):
    return s.table.bot.get_cog("EclipseCog").odds_worker


def test_past_its_budget_a_request_is_refused_as_too_complex_and_the_worker_goes_on(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            worker = worker_of(s)
            worker.budget = 0.01  # seconds of CPU; these fleets need far more
            out = await s.cmd("alice", MEDIUM)
            assert out.refused and not out.errors and [m.ephemeral for m in out] == [True], texts(out)
            assert "too long" in texts(out) and "smaller fleets" in texts(out), texts(out)
            worker.budget = 5.0
            out = await s.cmd("alice", SMALL)  # the same worker process answers the next request
            assert not out.refused and "45.45%" in texts(out), texts(out)
    asyncio.run(go())


def test_spanish_too_complex(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            worker_of(s).budget = 0.01
            out = await s.cmd("ana", MEDIUM)
            assert out.refused and "flotas más pequeñas" in texts(out), texts(out)
    asyncio.run(go())


def test_one_request_per_user_at_a_time(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            worker = worker_of(s)
            alice = s.table.registry.user("alice").id
            first = await s.table.command_nowait("alice", MEDIUM)  # still computing while alice asks again
            for _ in range(6000):
                if alice in worker.busy:
                    break
                await asyncio.sleep(0.01)
            assert alice in worker.busy
            out = await s.cmd("alice", SMALL)
            assert out.refused and not out.errors and all(m.ephemeral for m in out), texts(out)
            assert "still being computed" in texts(out), texts(out)
            for _ in range(12000):  # the first request is answered in full
                if first.original_shown:
                    break
                await asyncio.sleep(0.01)
            assert first.original_shown and alice not in worker.busy
            out = await s.cmd("alice", SMALL)  # and alice may ask again
            assert not out.refused and "45.45%" in texts(out), texts(out)
    asyncio.run(go())


def test_a_full_queue_refuses_instead_of_piling_up(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            worker_of(s).max_waiting = 0  # as if the queue were full
            out = await s.cmd("alice", SMALL)
            assert out.refused and all(m.ephemeral for m in out) and "try again" in texts(out), texts(out)
    asyncio.run(go())
