"""`/game replay` is built in the replay worker process, bounded: one request per user at a time, a bounded
queue ("busy, try again in a moment"), a CPU budget; each refusal private, clear, in both languages, and the
bot goes on.  No timing is asserted: the figure is `bot.py bench replays`."""
from __future__ import annotations

import asyncio
import os

import pytest


from .test_history import _finished_game, _play_to_last_move, run


def texts(out) -> str:
    return "\n".join(m.content for m in out)


async def finished(tmp_path):
    table = await _finished_game(tmp_path)
    user, move_id = _play_to_last_move(str(tmp_path / "games.db"))
    assert not (await table.command(user, f"/play move:{move_id} game:1")).refused
    builder = table.bot.history.builder
    builder._cache.clear()  # every request below builds the replay again
    return table, builder


@pytest.mark.parametrize("locale,busy,again", [("en-US", "try again in a moment", "still being drawn"),
                                               ("es-ES", "dentro de un momento", "todavía se está dibujando")])
def test_a_second_request_of_the_same_user_and_a_full_queue_are_refused_privately(tmp_path, locale, busy, again):
    async def go():
        table, builder = await finished(tmp_path)
        try:
            worker = builder.worker
            bob = table.registry.user("bob").id
            table.locale = locale  # the players' Discord language
            first = await table.command_nowait("bob", "/game replay game:1")
            for _ in range(6000):
                if bob in worker.busy:
                    break
                await asyncio.sleep(0.01)
            assert bob in worker.busy
            out = await table.command("bob", "/game replay game:1")
            assert out.refused and out and all(m.ephemeral for m in out), texts(out)
            assert again in texts(out), texts(out)
            worker.max_waiting = 0  # as if the queue were full: alice is refused too
            out = await table.command("alice", "/game replay game:1")
            assert out.refused and all(m.ephemeral for m in out) and busy in texts(out), texts(out)
            for _ in range(30000):  # bob's first request is answered in full, by another process
                if first.original_shown:
                    break
                await asyncio.sleep(0.01)
            assert first.original_shown and bob not in worker.busy
            assert worker.pid() not in (None, os.getpid())
            worker.max_waiting = 6
            out = await table.command("alice", "/game replay game:1")  # served from the cache
            assert not out.refused and any(f.endswith("replay.gif") for m in out for f in m.files), texts(out)
        finally:
            await table.close()
    run(go())


def test_past_its_cpu_budget_a_replay_is_refused_and_the_worker_goes_on(tmp_path):
    async def go():
        table, builder = await finished(tmp_path)
        try:
            builder.worker.budget = 0.01  # seconds of CPU: a replay needs far more
            out = await table.command("bob", "/game replay game:1")
            assert out.refused and all(m.ephemeral for m in out), texts(out)
            assert "takes too long to draw" in texts(out), texts(out)
            builder.worker.budget = 30.0
            out = await table.command("bob", "/game replay game:1")
            assert not out.refused and any(f.endswith("replay.gif") for m in out for f in m.files), texts(out)
        finally:
            await table.close()
    run(go())
