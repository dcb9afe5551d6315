"""The outbox: a board Discord refuses for a passing reason is kept, tried again and posted exactly once.

Through the real bot on the local table with faults injected into its message writes (local/faults.py):
503 (which discord.py does not retry), 5xx bursts, 429 without `Via` and with a shared scope past
discord.py's own retries, dropped connections and answers lost after Discord made the message; across a
restart (a new bot on the same database); and a board that waits past OUTBOX_PAUSE_MINUTES, which pauses
its game with one notice once the channel takes posts again."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, Optional

import pytest

from bot import make_bot
from cogs import outbox, pacing
from host.tables import TableService
from local import LocalTable
from rules.bots import choose
from storage import open_store

THREAD = "wayfinders-1"


def table_on(tmp: Path, faults: str = "", clock: Optional[Any] = None) -> LocalTable:
    return LocalTable(lambda path, **k: make_bot(path, **k), str(tmp / "games.db"), out_dir=str(tmp / "out"),
                      faults=faults, clock=clock)


def read(tmp: Path):
    store = open_store(tmp / "games.db")
    try:
        return TableService(store).table(1)
    finally:
        store.close()


def boards_in(table: LocalTable, version: int) -> list[dict]:
    """The thread's messages showing the game's board at `version` (their buttons carry it)."""
    channel = table.registry.find_channel(THREAD)
    out = []
    for row in table.registry.history(channel.id, limit=100):
        ids = [c.get("custom_id", "") for r in row.payload.get("components") or [] for c in r.get("components", [])]
        if any(cid.split(":")[1:3] == ["1", str(version)] for cid in ids if cid[:3] in ("mv:", "ms:", "pg:", "my:")):
            out.append(row.payload)
    return out


async def started(table: LocalTable) -> None:
    for user, line in [("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                       ("alice", "/game start game:1")]:
        assert not (await table.command(user, line, "local" if "new" in line else THREAD)).refused, line


async def move(table: LocalTable, tmp: Path):
    """The player to act makes a move; returns (their replies, the version after it)."""
    game = read(tmp)
    seat = game.to_act[0]
    user = game.user_of(seat).name
    chosen = choose(game.engine, game.state, seat, "greedy", seed=game.state.moves_made)
    out = await table.command(user, f"/play move:{chosen.id}", THREAD)
    return out, game.game.version + 1


def mentions(payload: dict) -> str:
    return payload.get("content") or ""


@pytest.mark.parametrize("faults", ["503x6", "5xxx6", "429-novia", "429-scopex6", "netx2", "503x2,429-novia"])
def test_a_board_refused_for_a_passing_reason_is_posted_once_with_its_ping(tmp_path, faults):
    async def go():
        async with table_on(tmp_path) as table:
            await started(table)
            table.inject(faults)  # from now on
            out, version = await move(table, tmp_path)
            assert not out.refused, out.errors
            assert any("Your move is saved" in (m.content or "") for m in out if m.ephemeral)  # told, privately
            await table.bot.actions.boards.idle()  # the retries (virtual time) go through
            game = read(tmp_path)
            assert game.game.posted_version == game.game.version == version and game.game.owed_since is None
            boards = boards_in(table, version)
            assert len(boards) == 1  # one post, no duplicate
            pinged = game.user_of(game.to_act[0])
            assert f"<@{pinged.user_id}>" in mentions(boards[0])  # with the ping of whoever acts next
            figures = table.bot.actions.boards.figures
            assert figures.retried >= 1 and figures.refused == 0
            assert sum(table.faults.injected.values()) >= 1
    asyncio.run(go())


def test_an_answer_lost_after_discord_made_the_post_is_not_posted_twice(tmp_path):
    async def go():
        async with table_on(tmp_path) as table:
            await started(table)
            table.inject("lost")
            _, version = await move(table, tmp_path)
            await table.bot.actions.boards.idle()
            assert len(boards_in(table, version)) == 1  # the retry's nonce met the message Discord made
            assert table.server.nonce_repeats == 1
            assert read(tmp_path).game.posted_version == version
    asyncio.run(go())


def test_a_lasting_refusal_is_not_retried(tmp_path):
    """A 403 pauses the game as before (cogs/pause.py): one refused request, no retries."""
    import discord
    from local.payloads import BOT_PERMISSIONS

    async def go():
        async with table_on(tmp_path) as table:
            await started(table)
            table.set_bot_permissions(BOT_PERMISSIONS & ~discord.Permissions(send_messages_in_threads=True))
            await move(table, tmp_path)
            await table.bot.actions.boards.idle()
            figures = table.bot.actions.boards.figures
            assert figures.retried == 0 and figures.refused == 1
            assert table.ledger.refusals_in(table.registry.find_channel(THREAD).id) == 1
    asyncio.run(go())


@pytest.fixture
def slow_retries(monkeypatch):
    """Retries on the real clock an hour apart: a board refused in one bot stays owed until the next bot."""
    monkeypatch.setattr(outbox, "make_clock", pacing.real_clock)
    monkeypatch.setattr(outbox, "BASE", 3600.0)


@pytest.mark.parametrize("faults", ["503x6", "lost"])
def test_an_owed_board_is_delivered_exactly_once_by_the_next_bot(tmp_path, slow_retries, faults):
    async def go():
        async with table_on(tmp_path) as table:
            await started(table)
        async with table_on(tmp_path, faults=faults) as table:
            out, version = await move(table, tmp_path)
            assert not out.refused
        owed = read(tmp_path).game
        assert owed.version == version and owed.posted_version == version - 1 and owed.owed_since is not None
        later = lambda: owed.updated_at + 600  # noqa: E731  (ten minutes on: Discord forgot the nonce)
        async with table_on(tmp_path, clock=later) as table:  # a new bot on the same database
            game = read(tmp_path)
            assert game.game.posted_version == version and game.game.owed_since is None
            boards = boards_in(table, version)
            assert len(boards) == 1  # delivered at start-up ("lost": found among the newest, not posted again)
            assert f"<@{game.user_of(game.to_act[0]).user_id}>" in mentions(boards[0])
            await table.command("alice", "/game status", THREAD)
            assert len(boards_in(table, version)) == 1
    asyncio.run(go())


def test_a_board_waiting_past_the_setting_pauses_the_game_with_one_notice(tmp_path, slow_retries, monkeypatch):
    monkeypatch.setenv("OUTBOX_PAUSE_MINUTES", "2")

    async def go():
        async with table_on(tmp_path) as table:
            await started(table)
        async with table_on(tmp_path, faults="503") as table:
            _, version = await move(table, tmp_path)
        owed = read(tmp_path).game
        assert owed.settings.get("paused") is None  # a minute is not enough
        later = lambda: owed.updated_at + 300  # noqa: E731
        async with table_on(tmp_path, faults="503", clock=later) as table:  # still refused at start-up
            paused = read(tmp_path).game
            assert paused.settings.get("paused") == outbox.STALLED and paused.deadline is None
            out = await table.command("bob", "/game status", THREAD)  # a command does not lift a stall
            assert not out.refused
            assert read(tmp_path).game.settings.get("paused") == outbox.STALLED
        async with table_on(tmp_path, clock=later) as table:  # Discord takes posts again
            game = read(tmp_path)
            assert game.game.settings.get("paused") is None and game.game.posted_version == version
            assert game.game.deadline is not None  # the game goes on
            channel = table.registry.find_channel(THREAD)
            notices = [r for r in table.registry.history(channel.id, limit=50)
                       if "This game was paused" in (r.payload.get("content") or "")]
            assert len(notices) == 1 and len(boards_in(table, version)) == 1
            assert notices[0].id < int(boards_in(table, version)[0]["id"])  # the notice first, then the board
        async with table_on(tmp_path, clock=later) as table:  # and once only
            channel = table.registry.find_channel(THREAD)
            assert len([r for r in table.registry.history(channel.id, limit=50)
                        if "This game was paused" in (r.payload.get("content") or "")]) == 1
    asyncio.run(go())


def test_a_lobby_text_refused_for_now_is_posted_later_and_the_game_opens(tmp_path):
    async def go():
        async with table_on(tmp_path, faults="503x2") as table:
            out = await table.command("alice", "/game new game:wayfinders", "local")
            assert not out.refused and any("opened" in (m.content or "") for m in out), out.errors
            await table.bot.actions.boards.idle()
            channel = table.registry.find_channel(THREAD)
            lobbies = [r for r in table.registry.history(channel.id, limit=10)
                       if "Join with" in (r.payload.get("content") or "")]
            assert len(lobbies) == 1  # posted once, after the 503s
            figures = table.bot.actions.boards.figures
            assert figures.notes_failed == 2 and figures.notes_retried == 2
    asyncio.run(go())


def test_the_pause_setting_is_read_from_the_environment_with_a_default_of_ten_minutes(tmp_path, monkeypatch):
    from host.config import Config
    monkeypatch.delenv("OUTBOX_PAUSE_MINUTES", raising=False)
    env = tmp_path / ".env"
    env.write_text("")
    assert Config.load(env).outbox_pause_minutes == 10
    env.write_text("OUTBOX_PAUSE_MINUTES=3\n")
    assert Config.load(env).outbox_pause_minutes == 3
    env.write_text("OUTBOX_PAUSE_MINUTES=soon\n")
    assert Config.load(env).outbox_pause_minutes == 10


def test_retries_double_up_to_a_minute_and_never_come_before_discords_retry_after():
    assert [outbox.delay(n) for n in (1, 2, 3, 4, 7, 20)] == [1.0, 2.0, 4.0, 8.0, 60.0, 60.0]
    assert outbox.delay(1, retry_after=7.5) == 7.5 and outbox.delay(9, retry_after=90.0) == 90.0


def test_a_finished_games_chart_and_replay_refused_for_now_follow_in_order(tmp_path):
    """The end-of-game posts after the final board: the chart, then the replay, each once, in that order."""
    async def go():
        async with table_on(tmp_path) as table:
            await table.command("alice", "/game new game:wayfinders bots:1", "local")
            await table.command("alice", "/game start", THREAD)
            injected = False
            for _ in range(400):
                game = read(tmp_path)
                if game.game.status != "active":
                    break
                if game.game.version >= 12 and not injected:
                    table.inject("503x1/9")  # from here on, one write in nine is refused
                    injected = True
                chosen = choose(game.engine, game.state, "p1", "greedy", seed=game.state.moves_made)
                await table.command("alice", f"/play move:{chosen.id}", THREAD)
                await table.bot.actions.boards.idle()
            await table.bot.actions.boards.idle()
            assert read(tmp_path).game.status == "finished"
            channel = table.registry.find_channel(THREAD)
            files = [a["filename"] for r in reversed(list(table.registry.history(channel.id, limit=200)))
                     for a in r.payload.get("attachments") or [] if a["filename"].endswith(("scores.png", ".gif"))]
            assert files == ["wayfinders-1-scores.png", "wayfinders-1-replay.gif"], [
                (r.payload.get("content") or "")[:80] for r in table.registry.history(channel.id, limit=6)]
            assert table.registry.find_channel(THREAD).archived  # archived after its last post
            assert table.faults.injected["503"] >= 3
    asyncio.run(go())
