"""The real cogs through the real command tree (local table seam): lobby, play, refusals, autocomplete."""
from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Optional

import pytest

from bot import make_bot
from local import LocalTable
from host.tables import TableService
from storage import open_store


def run(coro):
    return asyncio.run(coro)


class Session:
    """One LocalTable (one bot process) on a database, for a test."""

    def __init__(self, tmp: Path, locale: str = "en-US", guild_locale: Optional[str] = None):
        self.db = str(tmp / "games.db")
        self.table = LocalTable(lambda path: make_bot(path), self.db, out_dir=str(tmp / "out"), locale=locale,
                                guild_locale=guild_locale)

    async def __aenter__(self) -> "Session":
        await self.table.start()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.table.close()

    async def cmd(self, user: str, line: str, channel: str = "local"):
        return await self.table.command(user, line, channel)

    async def press(self, user: str, n: int, channel: str):
        return await self.table.press(user, n, channel)

    async def leave(self, user: str, line: str = "/game leave", channel: str = "local"):
        """`/game leave` and its private confirm button: the asking (if refused) or the leaving's replies."""
        asked = await self.cmd(user, line, channel)
        return asked if asked.refused else await self.press(user, 1, channel)


def texts(replies) -> str:
    return "\n".join(s.content + " " + " ".join(str(e) for e in s.embeds) for s in replies)


def read(db: str, game_id: int = 1):
    """The game's table as saved in the database file (its own connection, closed again)."""
    service = TableService(open_store(db))
    try:
        return service.table(game_id)
    finally:
        service.store.close()


def to_act_user(db: str, game_id: int = 1) -> str:
    table = read(db, game_id)
    return table.user_of(table.to_act[0]).name


async def lobby_of_three(s: Session) -> None:
    await s.cmd("alice", "/game new game:wayfinders")
    await s.press("bob", 1, "wayfinders-1")  # the Join button in the thread
    await s.cmd("carol", "/game join game:1")
    started = await s.cmd("alice", "/game start")
    assert not started.refused, texts(started)


async def two_player_game(s: Session) -> None:
    """alice opens Wayfinders #1, bob joins, alice starts it."""
    await s.cmd("alice", "/game new game:wayfinders")
    await s.cmd("bob", "/game join game:1")
    await s.cmd("alice", "/game start")


def test_new_game_opens_a_thread_with_a_lobby(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/game new game:wayfinders")
            assert not out.refused
            channels = {m.channel for m in out}
            assert channels == {"local", "wayfinders-1"}
            lobby = next(m for m in out if m.channel == "wayfinders-1")
            assert [p.label for p in lobby.pressables] == ["Join", "Leave", "Start"]
    run(go())


def test_start_posts_board_image_mention_and_buttons(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join")
            out = await s.cmd("alice", "/game start")
            board = next(m for m in out if m.channel == "wayfinders-1" and m.files)
            assert board.files[0].endswith(".png") and Path(board.files[0]).stat().st_size < 1_000_000
            first = to_act_user(s.db)
            assert s.table.bot.get_user is not None
            assert board.content.startswith("<@")  # the player to act is pinged
            labels = [p.label for p in board.pressables]
            assert any(label.startswith("Place a worker on hangar") for label in labels)
            assert any(label.startswith("Return") for label in labels)
            assert first in ("alice", "bob")
    run(go())


def test_refusals_are_private_and_change_nothing(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            other = next(u for u in ("alice", "bob", "carol") if u != first)
            cases = [
                ("dave", "/play move:return", "not a player"),
                (other, "/play move:return", "not your decision"),
                (first, "/play move:fly:Z9", "cannot be played now: First choose your action"),  # the engine says why
                (first, "/game new game:chess", "do not know a game"),
                (first, "/game new game:wayfinders options:\"mix=1/2/3\"", "do not work for Wayfinders"),
                (first, "/play move:return game:99", "no game #99"),
                ("dave", "/game me", "watching this game"),
                ("bob", "/game abandon", "Only the player who opened"),
            ]
            service = TableService(open_store(s.db))
            before = service.table(1).game.version
            for user, line, expected in cases:
                out = await s.cmd(user, line, "wayfinders-1")
                assert out.refused, (line, texts(out))
                assert all(m.ephemeral for m in out), (line, texts(out))
                assert expected.lower() in texts(out).lower(), (line, texts(out))
            assert service.table(1).game.version == before
            assert service.games.move_count(1) == 0
            service.store.close()
    run(go())


def test_buttons_play_and_stale_boards_are_refused(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            out = await s.press(first, 1, "wayfinders-1")
            assert not out.refused, texts(out)
            assert any("Done:" in m.content and m.ephemeral for m in out)
            service = TableService(open_store(s.db))
            assert service.games.move_count(1) == 1
            # the first board's buttons are now stale: pressing one of them is refused
            thread = s.table.registry.find_channel("wayfinders-1")
            boards = [m for m in s.table.registry.history(thread.id, limit=50) if m.payload.get("components")]
            stale = boards[1]  # newest first: [0] is the new board, [1] the one already played on
            second = to_act_user(s.db)
            refused = await s.table.press_message(second, stale.id, 1, "wayfinders-1")
            assert refused.refused and "out of date" in texts(refused)
            assert service.games.move_count(1) == 1
            service.store.close()
    run(go())


def test_play_autocomplete_filters_and_caps(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            every = await s.table.complete(first, "/play move:", "wayfinders-1")
            assert 1 <= len(every) <= 25
            only = await s.table.complete(first, "/play move:ret", "wayfinders-1")
            assert [v for _, v in only] == ["return"]
            other = next(u for u in ("alice", "bob", "carol") if u != first)
            assert list(await s.table.complete(other, "/play move:", "wayfinders-1")) == []
    run(go())


def test_moves_log_rules_status_list(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            moves = await s.cmd(first, "/game moves", "wayfinders-1")
            assert all(m.ephemeral for m in moves)
            assert "`return` — Return" in texts(moves)
            await s.cmd(first, "/play move:place:1", "wayfinders-1")
            log = await s.cmd("dave", "/game log", "wayfinders-1")
            assert "**1.**" in texts(log) and "hangar 1" in texts(log)
            rules = await s.cmd("dave", "/game rules name:wayfinders")
            assert "PROPOSED" in texts(rules) or "proposed" in texts(rules).lower()
            status = await s.cmd("dave", "/game status game:1")
            assert status[0].files and status[0].ephemeral
            listing = await s.cmd("dave", "/game list")
            assert "Wayfinders #1" in texts(listing)
    run(go())


def test_several_games_in_one_channel_need_a_game_number(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("alice", "/game new game:wayfinders")
            out = await s.cmd("alice", "/game start")
            assert out.refused and "Several games" in texts(out)
            await s.cmd("bob", "/game join game:2")
            ok = await s.cmd("alice", "/game start game:2")
            assert not ok.refused
            assert any(m.channel == "wayfinders-2" and m.files for m in ok)
    run(go())


def test_a_restart_keeps_games_and_buttons(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
        async with Session(tmp_path) as again:  # a new process on the same database
            out = await again.press(first, 1, "wayfinders-1")
            assert not out.refused, texts(out)
            service = TableService(open_store(again.db))
            assert service.games.move_count(1) == 1
            service.store.close()
    run(go())


def test_spanish_locale_answers_in_spanish(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            out = await s.cmd("alice", "/game start")
            assert out.refused and "partida" in texts(out).lower()
    run(go())


@pytest.mark.parametrize("line", ["/wayfinders place hangar:1", "/wayfinders return"])
def test_wayfinders_shortcuts_go_through_the_same_pipeline(tmp_path, line):
    async def go():
        async with Session(tmp_path) as s:
            await lobby_of_three(s)
            first = to_act_user(s.db)
            out = await s.cmd(first, line, "wayfinders-1")
            assert not out.refused, texts(out)
            service = TableService(open_store(s.db))
            assert service.games.moves(1)[0].move_id in ("place:1", "return")
            service.store.close()
    run(go())
