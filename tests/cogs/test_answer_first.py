"""A click, and every slash command, is answered before any storage call: the storage thread serves every game of
the process, and a move click that first waited there for its game (behind other games' moves) was answered after
Discord's 3 s on a loaded host.  Here the storage thread (and for the commands the read thread too) is held busy
and the fallback that defers a slow storage call after `deferred.DEFER_AFTER` is switched off: the click must
still get its private "thinking" answer, and the move is saved once the thread is free."""
from __future__ import annotations

import asyncio
import inspect
import threading
from typing import Optional

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


@pytest.mark.parametrize("where", ["board", "lobby", "invitation"])
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
                if where == "invitation":  # the invitation's own Join button, in the thread
                    assert not (await s.cmd("alice", "/game invite user:bob", "wayfinders-1")).refused
            free = threading.Event()
            busy = asyncio.get_running_loop().run_in_executor(offloop._WORKER, free.wait)  # the thread is held
            try:
                click = asyncio.ensure_future(s.press(who, 1, "wayfinders-1"))  # a move, the lobby's or the invitation's Join
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


async def answered_in_time(s: Session, label: str, before: int, bound: float = 10.0) -> bool:
    """Whether an interaction `label…` dispatched after the first `before` records got its first response within
    `bound` seconds (a handler waiting for a held thread never answers, so a loaded host's slowness is no excuse)."""
    for _ in range(int(bound / 0.01)):
        found = [r for r in list(s.table.server.interactions.values())[before:] if r.label.startswith(label)]
        if found and found[-1].response_type is not None:
            return True
        await asyncio.sleep(0.01)
    return False


async def held(s: Session, user: str, line: str, channel: str) -> Optional[str]:
    """Run `line` while the storage thread and the read thread are both held busy (no fallback defer); then both
    are freed and the command runs to its end.  Returns what went wrong (None: nothing): not answered while both
    were held, or a statement run on the bot's connections from the event loop meanwhile (a storage call made
    on the loop itself)."""
    free = threading.Event()
    loop = asyncio.get_running_loop()
    holding = [threading.Event(), threading.Event()]

    def hold(started: threading.Event) -> None:
        started.set()
        free.wait()

    busy = [loop.run_in_executor(offloop._WORKER, hold, holding[0]),
            loop.run_in_executor(offloop._READER, hold, holding[1])]
    while not all(e.is_set() for e in holding):  # whatever either thread still ran before is done
        await asyncio.sleep(0.01)
    conns = {s.table.bot.store.conn, s.table.bot.reads.store.conn}
    on_loop: list[str] = []

    def trace(statement: str) -> None:
        if threading.current_thread() is threading.main_thread():  # the event loop's thread
            on_loop.append(statement)

    for conn in conns:
        conn.set_trace_callback(trace)
    before = len(s.table.server.interactions)
    running = asyncio.ensure_future(s.cmd(user, line, channel))
    try:
        words = line.lstrip("/").split()
        label = "/" + " ".join(words[:next((i for i, w in enumerate(words) if ":" in w), len(words))])  # "/game list"
        ok = await answered_in_time(s, label, before)
    finally:
        for conn in conns:
            conn.set_trace_callback(None)
        free.set()
        await asyncio.gather(*busy)
    await running
    if not ok:
        return f"{line}: not answered while the storage threads were held"
    return f"{line}: storage used on the event loop before the answer: {on_loop[:3]}" if on_loop else None


# Every slash command, as a player types it in a running game's thread (alice opened Wayfinders #1 and started
# it with bob), in an order that keeps that game running; each must be answered before its first storage call.
COMMANDS = [
    ("alice", "/game status"), ("bob", "/game list"), ("alice", "/game list everywhere:True"),
    ("alice", "/game moves"), ("bob", "/game moves"), ("alice", "/game me"), ("alice", "/game me private-thread:off"),
    ("bob", "/game me private-thread:on"), ("alice", "/game log"),
    ("alice", "/game rules"), ("alice", "/game rules name:flotilla"), ("alice", "/game replay"),
    ("alice", "/game hint"), ("alice", "/game settings"), ("alice", "/game settings deadline:24h"),
    ("bob", "/game notify setting:on"), ("bob", "/game notify digest:daily"), ("bob", "/game notify"),
    ("bob", "/game waiting"), ("bob", "/game away until:3d"), ("bob", "/game back"),
    ("alice", "/game invite user:carol"), ("carol", "/game follow"), ("carol", "/game sub user:dave seat:p1"),
    ("carol", "/game addbot"), ("carol", "/game join"), ("carol", "/game start"), ("carol", "/game abandon"),
    ("carol", "/game abandon all-lobbies:True"), ("carol", "/game leave"), ("alice", "/game undo"),
    ("alice", "/stats me"), ("alice", "/stats server game:wayfinders"),
    ("carol", "/play move:end"), ("carol", "/wayfinders place hangar:1"), ("carol", "/eclipse autopass setting:on"),
    ("carol", "/eclipse board"), ("carol", "/eclipse tech"), ("carol", "/eclipse odds"),
    ("carol", "/eclipse odds attacker:\"2 interceptor\" defender:\"1 cruiser\""),
    ("carol", "/robinson plan action:gather target:2"), ("carol", "/flotilla turn skyside:True"),
    ("alice", "/game new game:wayfinders"), ("alice", "/wayfinders new"), ("alice", "/robinson new"),
    ("alice", "/eclipse new"),
]


def test_every_command_is_answered_before_its_storage_calls(tmp_path, monkeypatch):
    """Each slash command runs while the storage thread and the read thread are held busy: one that waited for
    either before its first response would be answered late on a loaded host (Discord's 3 s)."""
    monkeypatch.setattr(deferred, "DEFER_AFTER", 3600.0)  # no fallback: only an answer given first counts

    async def go():
        async with Session(tmp_path) as s:
            await two_player_game(s)
            late = [said for who, line in COMMANDS if (said := await held(s, who, line, "wayfinders-1"))]
            assert late == [], late
    asyncio.run(go())


def test_the_list_of_commands_names_every_command(tmp_path):
    """A new slash command is answered first too: it goes into COMMANDS, unless it is a game's shortcut (a move
    id played through `Shortcuts._play`, i.e. `Actions.on_play`, which `/play` and `/wayfinders place` cover)."""
    async def go():
        async with Session(tmp_path) as s:
            listed = {"/" + " ".join(w for w in line.lstrip("/").split() if ":" not in w and '"' not in w)
                      for _, line in COMMANDS}
            missing = []
            for command in s.table.bot.tree.walk_commands():
                callback = getattr(command, "callback", None)
                if callback is None or "self._play(" in inspect.getsource(callback):
                    continue
                if "/" + command.qualified_name not in listed:
                    missing.append(command.qualified_name)
            assert missing == [], f"commands the answer-first test does not run: {missing}"
    asyncio.run(go())
