"""A finished game's chart and replay are owed posts made after the command that ended it (cogs/notices.py
`owe_made`): the command and its private answer never wait for the replay build, and the replay still goes out
once, after the final board, also when the build is cut short by a stop."""
from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import make_bot
from host.history import History
from local import LocalTable
from storage import open_store
from storage.notices import NoticeStore

from .test_history import _finished_game, _play_to_last_move

THREAD = "wayfinders-1"
INVOKER = "CommandTree-invoker"  # the task discord.py runs a slash command in


def invoker_running() -> bool:
    return any(t.get_name() == INVOKER and not t.done() for t in asyncio.all_tasks())


def thread_posts(table: LocalTable) -> list[str]:
    """What the thread shows, oldest first: "board" for a board with the final scores, else each file's ending."""
    channel = table.registry.find_channel(THREAD)
    shown = []
    for row in sorted(table.registry.history(channel.id, limit=200), key=lambda r: r.id):
        if "Final scores" in str(row.payload.get("embeds")):
            shown.append("board")
        shown += [a["filename"].rsplit("-", 1)[-1] for a in row.payload.get("attachments") or []
                  if a["filename"].endswith(("scores.png", "replay.gif"))]
    return shown


@pytest.fixture
def slow_build(monkeypatch):
    """The history build made slow (and watched): it notes what was true when it began."""
    real = History.history
    seen: dict[str, Any] = {"builds": 0, "block": False}

    async def slow(self: History, table: Any, locale: str, user_id: Any = None) -> Any:
        seen["builds"] += 1
        for _ in range(500):  # up to 5 s for the game-ending command to end first (it must not wait for this)
            if not invoker_running():
                break
            await asyncio.sleep(0.01)
        seen["command_running"] = invoker_running()
        poster = seen["table"].bot.actions.boards
        seen["boards_owed"] = bool(poster.pending or poster.held or poster.sending)
        seen["thread"] = thread_posts(seen["table"])
        if seen["block"]:
            await asyncio.Event().wait()  # never built in this process
        await asyncio.sleep(0.5)
        return await real(self, table, locale, user_id)

    monkeypatch.setattr(History, "history", slow)
    return seen


def watch(seen: dict[str, Any], table: LocalTable) -> None:
    seen["table"] = table


async def cut_short(seen: dict[str, Any], table: LocalTable) -> None:
    """Once the history build began (and blocks), its task is cancelled: as a stop cancels it."""
    for _ in range(3000):
        if seen["builds"] and table.bot.actions.boards.making:
            break
        await asyncio.sleep(0.01)
    for task in list(table.bot.actions.boards.making.values()):
        task.cancel()


def test_the_game_ending_command_does_not_wait_for_a_slow_replay(tmp_path, slow_build):
    async def go():
        table = await _finished_game(tmp_path)
        watch(slow_build, table)
        try:
            user, move_id = _play_to_last_move(str(tmp_path / "games.db"))
            out = await table.command(user, f"/play move:{move_id} game:1")
            assert not out.refused, out.errors
            assert slow_build["builds"] == 1
            assert slow_build["command_running"] is False  # the command (its answer given) ended before the build
            assert slow_build["boards_owed"] is False  # the final board's waiters were resolved before it too
            assert slow_build["thread"] == ["board"]
            assert out[0].ephemeral and out[0].content.startswith("Done:"), [m.content for m in out]  # answered first
            # the table still collects the owed posts with the command's replies, after the final board
            assert [p for p in thread_posts(table)] == ["board", "scores.png", "replay.gif"]
            assert table.registry.find_channel(THREAD).archived  # archived after its last post
            assert NoticeStore(table.bot.service.store).owed(1) == []
        finally:
            await table.close()
    asyncio.run(go())


def test_a_history_waits_for_a_final_board_held_by_bots(tmp_path, slow_build):
    """A game finished while its board is held (as the bots' driver holds it while bots play): the chart and
    replay are built and posted only after that board went out."""
    async def go():
        table = await _finished_game(tmp_path)
        watch(slow_build, table)
        boards = table.bot.actions.boards
        try:
            user, move_id = _play_to_last_move(str(tmp_path / "games.db"))
            boards.hold(1, "test")
            noted: dict[str, Any] = {}

            async def release_later() -> None:
                for _ in range(500):
                    if not invoker_running() and boards.making:
                        break
                    await asyncio.sleep(0.01)
                await asyncio.sleep(0.3)
                noted["builds"], noted["thread"] = slow_build["builds"], thread_posts(table)
                await boards.release(1, "test")

            helper = asyncio.create_task(release_later())
            out = await table.command(user, f"/play move:{move_id} game:1")
            await helper
            assert not out.refused, out.errors
            assert noted == {"builds": 0, "thread": []}  # nothing built or posted while the board was held
            assert slow_build["thread"] == ["board"]
            assert thread_posts(table) == ["board", "scores.png", "replay.gif"]
            assert table.registry.find_channel(THREAD).archived
        finally:
            await table.close()
    asyncio.run(go())


def test_a_history_cut_short_by_a_stop_is_made_once_by_the_next_bot(tmp_path, slow_build):
    async def go():
        table = await _finished_game(tmp_path)
        watch(slow_build, table)
        slow_build["block"] = True
        try:
            user, move_id = _play_to_last_move(str(tmp_path / "games.db"))
            stop = asyncio.create_task(cut_short(slow_build, table))
            out = await table.command(user, f"/play move:{move_id} game:1")
            await stop
            assert not out.refused, out.errors
            assert thread_posts(table) == ["board"]
        finally:
            await table.close()
        store = open_store(tmp_path / "games.db")
        try:
            assert [r.components for r in NoticeStore(store).owed(1)] == ["history:en"]  # owed as what makes it
        finally:
            store.close()
        slow_build["block"] = False
        for _ in range(2):  # the next bot makes and posts it; the one after has nothing left to post
            again = LocalTable(lambda path: make_bot(path), str(tmp_path / "games.db"), out_dir=str(tmp_path / "out"))
            watch(slow_build, again)
            async with again:
                assert thread_posts(again) == ["board", "scores.png", "replay.gif"]
                assert NoticeStore(again.bot.service.store).owed(1) == []
        assert slow_build["builds"] == 2  # the cut one, and the next bot's
    asyncio.run(go())


def test_a_finish_reported_again_takes_up_the_owed_row(tmp_path, slow_build):
    """cogs/reconcile.py reports a finish again when its final board was not posted before a stop: the history
    row owed before stands for it, and the chart and replay go out once."""
    async def go():
        table = await _finished_game(tmp_path)
        watch(slow_build, table)
        try:
            user, move_id = _play_to_last_move(str(tmp_path / "games.db"))
            slow_build["block"] = True
            stop = asyncio.create_task(cut_short(slow_build, table))
            await table.command(user, f"/play move:{move_id} game:1")
            await stop
            assert thread_posts(table) == ["board"]
            slow_build["block"] = False
            finished = table.bot.service.table(1)
            for _ in range(2):
                await table.bot.actions.changed(finished, "finish")
            await table.bot.actions.boards.idle()
            assert thread_posts(table) == ["board", "scores.png", "replay.gif"]
            assert NoticeStore(table.bot.service.store).owed(1) == []
        finally:
            await table.close()
    asyncio.run(go())
