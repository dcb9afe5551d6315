"""A click is answered before any storage call: the storage thread serves every game of the process, and a move
click that first waited there for its game (behind other games' moves) was answered after Discord's 3 s on a
loaded host.  Here the storage thread is held busy and the fallback that defers a slow storage call after
`deferred.DEFER_AFTER` is switched off: the click must still get its private "thinking" answer, and the move is
saved once the thread is free."""
from __future__ import annotations

import asyncio
import threading

import pytest

from cogs import deferred
from host import offloop

from .test_commands import Session, read, texts, to_act_user, two_player_game


async def answered(s: Session, label: str) -> object:
    """The interaction record of the latest `label…` once it has its first response (fails after a bound)."""
    for _ in range(1000):
        found = [r for r in s.table.server.interactions.values() if r.label.startswith(label)]
        if found and found[-1].response_type is not None:
            return found[-1]
        await asyncio.sleep(0.01)
    raise AssertionError(f"{label} was not answered while the storage thread was busy")


@pytest.mark.parametrize("where", ["board", "lobby"])
def test_a_click_is_answered_privately_before_its_storage_calls(tmp_path, monkeypatch, where):
    monkeypatch.setattr(deferred, "DEFER_AFTER", 3600.0)  # no fallback: only an answer given first counts

    async def go():
        async with Session(tmp_path) as s:
            if where == "board":
                await two_player_game(s)
                who, version = to_act_user(s.db), read(s.db).game.version
            else:
                await s.cmd("alice", "/game new game:wayfinders")
                who, version = "bob", None
            free = threading.Event()
            busy = asyncio.get_running_loop().run_in_executor(offloop._WORKER, free.wait)  # the thread is held
            try:
                click = asyncio.ensure_future(s.press(who, 1, "wayfinders-1"))  # a move, or the lobby's Join
                rec = await answered(s, "press 1")
                assert rec.response_type == 5 and rec.ephemeral  # "thinking", privately, while nothing was read
                assert not click.done()  # the move (the join) itself still waits for the storage thread
            finally:
                free.set()
                await busy
            out = await click
            assert not out.refused and out.errors == [], texts(out)
            if where == "board":
                assert read(s.db).game.version > version  # the move was saved once the thread was free
            else:
                assert "bob" in [seat.name for seat in read(s.db).seats]
    asyncio.run(go())
