"""Notices a thread is owed besides its board (cogs/notices.py) survive a restart: refused for a passing reason,
they stay owed rows, and the next bot on the same database posts them exactly once, in order.

Through the real bot on the local table with faults injected into its message writes (local/faults.py)."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Optional

import pytest

from bot import make_bot
from cogs import outbox, pacing
from cogs.notices import kwargs_of
from local import LocalTable
from storage import open_store
from storage.notices import NoticeStore, OwedNotice

THREAD = "wayfinders-1"


def table_on(tmp: Path, faults: str = "", clock: Optional[Any] = None) -> LocalTable:
    return LocalTable(lambda path, **k: make_bot(path, **k), str(tmp / "games.db"), out_dir=str(tmp / "out"),
                      faults=faults, clock=clock)


def owed_rows(tmp: Path) -> list[OwedNotice]:
    store = open_store(tmp / "games.db")
    try:
        return NoticeStore(store).owed(1)
    finally:
        store.close()


def owed(tmp: Path) -> list[str]:
    return [n.content for n in owed_rows(tmp)]


def said(table: LocalTable, words: str) -> list[str]:
    """The thread's messages containing `words`, oldest first."""
    channel = table.registry.find_channel(THREAD)
    rows = sorted(table.registry.history(channel.id, limit=100), key=lambda r: r.id)
    return [r.payload.get("content") or "" for r in rows if words in (r.payload.get("content") or "")]


@pytest.fixture
def slow_retries(monkeypatch):
    """Retries on the real clock an hour apart: a notice refused in one bot stays owed until the next bot."""
    monkeypatch.setattr(outbox, "make_clock", pacing.real_clock)
    monkeypatch.setattr(outbox, "BASE", 3600.0)


def ten_minutes_on():
    import time
    start = time.time()
    return lambda: start + 600  # Discord has forgotten the nonces by then


@pytest.mark.parametrize("faults", ["503x6", "429-novia", "5xxx6"])
def test_a_lobby_notice_refused_for_now_is_delivered_once_by_the_next_bot(tmp_path, slow_retries, faults):
    async def go():
        async with table_on(tmp_path) as table:
            assert not (await table.command("alice", "/game new game:wayfinders", "local")).refused
            assert len(said(table, "Join with")) == 1
        async with table_on(tmp_path, faults=faults) as table:
            out = await table.command("bob", "/game join game:1", THREAD)
            assert not out.refused
            assert len(said(table, "players (2")) == 0  # refused: not posted in this process
        assert len(owed(tmp_path)) == 1 and "players (2" in owed(tmp_path)[0]
        async with table_on(tmp_path, clock=ten_minutes_on()) as table:  # a new bot on the same database
            assert len(said(table, "players (2")) == 1
            assert table.bot.get_cog("ReconcileCog").last.notices == 1
        assert owed(tmp_path) == []
        async with table_on(tmp_path) as table:  # and never again
            assert len(said(table, "players (2")) == 1
    asyncio.run(go())


def test_owed_notices_go_out_in_the_order_they_were_owed(tmp_path, slow_retries):
    async def go():
        async with table_on(tmp_path) as table:
            assert not (await table.command("alice", "/game new game:wayfinders", "local")).refused
        async with table_on(tmp_path, faults="503x20") as table:
            for user in ("bob", "carol"):
                assert not (await table.command(user, "/game join game:1", THREAD)).refused
        assert [("players (2" in c, "players (3" in c) for c in owed(tmp_path)] == [(True, False), (False, True)]
        async with table_on(tmp_path, clock=ten_minutes_on()) as table:
            texts = said(table, "players (")
            assert ["players (2" in c for c in texts[1:]] == [True, False] and "players (3" in texts[-1]
        assert owed(tmp_path) == []
    asyncio.run(go())


def test_a_notice_made_although_its_answer_was_lost_is_not_posted_twice(tmp_path, slow_retries):
    async def go():
        async with table_on(tmp_path) as table:
            assert not (await table.command("alice", "/game new game:wayfinders", "local")).refused
        async with table_on(tmp_path, faults="lost") as table:  # Discord made it; the bot never heard
            assert not (await table.command("bob", "/game join game:1", THREAD)).refused
        assert len(owed(tmp_path)) == 1
        async with table_on(tmp_path, clock=ten_minutes_on()) as table:  # found by its nonce, not posted again
            assert len(said(table, "players (2")) == 1
        assert owed(tmp_path) == []
    asyncio.run(go())


def test_a_notice_refused_in_a_running_process_is_retried_there_and_leaves_no_row(tmp_path):
    async def go():
        async with table_on(tmp_path, faults="503x2") as table:
            assert not (await table.command("alice", "/game new game:wayfinders", "local")).refused
            await table.bot.actions.boards.idle()
            assert len(said(table, "Join with")) == 1
            figures = table.bot.actions.boards.figures
            assert (figures.notes_owed, figures.notes_delivered, figures.notes_failed) == (1, 1, 2)
        assert owed(tmp_path) == []
    asyncio.run(go())


def test_an_abandon_notice_survives_a_restart(tmp_path, slow_retries):
    async def go():
        async with table_on(tmp_path) as table:
            for user, line in [("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                               ("alice", "/game start game:1")]:
                assert not (await table.command(user, line, "local" if "new" in line else THREAD)).refused
        async with table_on(tmp_path, faults="503x6") as table:
            out = await table.command("alice", "/game abandon game:1", THREAD)
            assert not out.refused
            assert said(table, "was abandoned by") == []
        assert len(owed(tmp_path)) == 1
        async with table_on(tmp_path, clock=ten_minutes_on()) as table:
            assert len(said(table, "was abandoned by")) == 1
        assert owed(tmp_path) == []
    asyncio.run(go())


def test_an_invitation_refused_for_now_comes_with_its_ping_and_button_from_the_next_bot(tmp_path, slow_retries):
    async def go():
        async with table_on(tmp_path) as table:
            assert not (await table.command("alice", "/game new game:wayfinders private:true", "local")).refused
        async with table_on(tmp_path, faults="503x6") as table:
            assert not (await table.command("alice", "/game invite user:bob", THREAD)).refused
            bob = table.registry.find_user("bob").id
        [row] = owed_rows(tmp_path)
        assert row.mention_ids == str(bob) and row.components == f"invite:{bob}:en"  # what the next bot sends
        kwargs = kwargs_of({"nonce": row.nonce, "content": row.content, "mention_ids": [bob],
                            "components": tuple(row.components.split(":"))}, 1)
        assert kwargs["mention_ids"] == [bob] and kwargs["view"].children[0].custom_id.startswith("iv:")
        async with table_on(tmp_path, clock=ten_minutes_on()) as table:
            channel = table.registry.find_channel(THREAD)
            [post] = [r.payload for r in table.registry.history(channel.id, limit=20)
                      if f"<@{bob}>" in (r.payload.get("content") or "")]
            assert post["content"] == row.content and [u["id"] for u in post["mentions"]] == [str(bob)]
            out = await table.press("bob", 1, THREAD)  # its button works: bob joins
            assert not out.refused, [m.content for m in out]
            assert "alice, bob" in " ".join(m.content for m in await table.command("alice", "/game status game:1"))
        assert owed(tmp_path) == []
    asyncio.run(go())


def test_a_board_waits_behind_a_notice_of_its_thread_refused_for_now(tmp_path, slow_retries):
    from rules.bots import choose

    def order(table: LocalTable) -> tuple[list[int], list[int]]:
        """(the settings notice, the boards of the game's current version): their message ids."""
        channel = table.registry.find_channel(THREAD)
        rows = sorted(table.registry.history(channel.id, limit=50), key=lambda r: r.id)
        version = str(table.bot.service.table(1).game.version)
        return ([r.id for r in rows if "changed the settings" in (r.payload.get("content") or "")],
                [r.id for r in rows if any(c.get("custom_id", "").split(":")[2:3] == [version]
                                           for row in r.payload.get("components") or []
                                           for c in row.get("components", []))])

    async def go():
        async with table_on(tmp_path) as table:
            for user, line in [("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                               ("alice", "/game start game:1")]:
                assert not (await table.command(user, line, "local" if "new" in line else THREAD)).refused
            table.inject("503")  # the notice's first try only: Discord would take the board after it at once
            assert not (await table.command("alice", "/game settings deadline:24h", THREAD)).refused
            game = table.bot.service.table(1)
            seat = game.to_act[0]
            chosen = choose(game.engine, game.state, seat, "greedy", seed=0)
            out = await table.command(game.user_of(seat).name, f"/play move:{chosen.id}", THREAD)
            assert not out.refused
            assert order(table) == ([], [])  # the board waits behind the notice (its retry is an hour away)
            boards = table.bot.actions.boards
            boards.close()  # as the bot does when it closes: the notice's retry is cancelled ...
            await asyncio.sleep(0.2)
            assert order(table) == ([], []) and not boards.workers  # ... and the board behind it stays owed
        async with table_on(tmp_path, clock=ten_minutes_on()) as table:
            notice, board = order(table)
            assert len(notice) == 1 and len(board) == 1 and notice[0] < board[0]  # in the order they were owed
        assert owed(tmp_path) == []
    asyncio.run(go())


def test_a_notice_told_while_a_board_of_its_thread_waits_for_a_retry_goes_out_after_it(tmp_path, monkeypatch):
    from rules.bots import choose
    monkeypatch.setattr(outbox, "make_clock", pacing.real_clock)
    monkeypatch.setattr(outbox, "BASE", 2.0)  # the board's retry comes after the settings command

    async def go():
        async with table_on(tmp_path) as table:
            for user, line in [("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                               ("alice", "/game start game:1")]:
                assert not (await table.command(user, line, "local" if "new" in line else THREAD)).refused
            table.inject("503")  # the move's board, once
            game = table.bot.service.table(1)
            seat = game.to_act[0]
            chosen = choose(game.engine, game.state, seat, "greedy", seed=0)
            assert not (await table.command(game.user_of(seat).name, f"/play move:{chosen.id}", THREAD)).refused
            assert table.bot.actions.boards.backoff  # the board waits for its retry
            assert not (await table.command("alice", "/game settings deadline:24h", THREAD)).refused
            await table.bot.actions.boards.idle()
            channel = table.registry.find_channel(THREAD)
            rows = sorted(table.registry.history(channel.id, limit=50), key=lambda r: r.id)
            version = str(table.bot.service.table(1).game.version)
            notice = [r.id for r in rows if "changed the settings" in (r.payload.get("content") or "")]
            boards = [r.id for r in rows if any(c.get("custom_id", "").split(":")[1:3] == ["1", version]
                                                for row in r.payload.get("components") or []
                                                for c in row.get("components", []))]
            assert len(notice) == 1 and len(boards) == 1 and boards[0] < notice[0]  # the board owed first, first
        assert owed(tmp_path) == []
    asyncio.run(go())
