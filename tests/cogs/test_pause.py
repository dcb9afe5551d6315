"""Failure is a pause, not a flood, and finished games' threads are archived.

With Send Messages in Threads revoked, a game played with bots sent 80 refused posts in a burst; now the first
refused post pauses the game (bots stop, deadlines stand still, later posts are skipped without a request) and a
player's command where the bot may post again resumes it, posting the board again."""
from __future__ import annotations

import asyncio

import discord

from local.payloads import BOT_PERMISSIONS
from rules.bots import choose

from .test_bot_players import read
from .test_commands import Session, texts

NO_THREAD_POSTS = BOT_PERMISSIONS & ~discord.Permissions(send_messages_in_threads=True)


def set_bot_permissions(s: Session, perms: discord.Permissions) -> None:
    s.table.set_bot_permissions(perms)


def thread_id(s: Session, name: str = "wayfinders-1") -> int:
    return s.table.registry.find_channel(name).id


async def human_move(s: Session, channel: str = "wayfinders-1"):
    table = read(s.db)
    move = choose(table.engine, table.state, "p1", "greedy", seed=table.state.moves_made)
    return await s.cmd("alice", f"/play move:{move.id}", channel)


def test_a_revoked_permission_pauses_the_game_after_one_refused_request_and_a_command_resumes_it(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders bots:3")
            assert not (await s.cmd("alice", "/game start", "wayfinders-1")).refused
            tid = thread_id(s)
            set_bot_permissions(s, NO_THREAD_POSTS)
            before = read(s.db)
            out = await human_move(s)  # saved; the board post is refused once, the game pauses
            # With bots to act, the board goes out after their moves (cogs/board_posts.py): the refusal meets
            # the bots' post, not this reply; the move itself was accepted.
            assert not out.refused and "Done" in texts(out), texts(out)
            # alice was answered before the bots' post was refused: she hears why, privately (not only the log)
            notices = [m for m in out if m.ephemeral and "missing permission" in (m.content or "")]
            assert len(notices) == 1, texts(out)
            paused = read(s.db)  # the bots played up to alice's next decision; their one post was refused
            assert paused.state.moves_made > before.state.moves_made and paused.to_act == ["p1"]
            for _ in range(3):  # more commands from where the bot cannot post: no request reaches the thread
                await s.cmd("alice", "/game status", "wayfinders-1")
            after = read(s.db)
            assert after.game.settings.get("paused") == "host.error.no_permission_send"
            assert after.state.moves_made == paused.state.moves_made  # nothing runs while paused
            assert after.game.deadline is None  # no deadline runs while paused
            assert s.table.ledger.refusals_in(tid) == 1, s.table.ledger.refused
            set_bot_permissions(s, BOT_PERMISSIONS)  # an admin gives the permission back
            out = await s.cmd("alice", "/game status", "wayfinders-1")
            assert not out.refused, texts(out)
            resumed = read(s.db)
            assert not resumed.game.settings.get("paused")
            assert resumed.state.moves_made == after.state.moves_made and resumed.to_act == ["p1"]  # nothing lost
            boards = [m for m in out if not m.ephemeral and m.files and m.channel == "wayfinders-1"]
            assert boards  # the board was posted again
            assert s.table.ledger.refusals_in(tid) == 1
    asyncio.run(go())


def test_a_deleted_thread_pauses_the_game_and_status_in_the_channel_moves_it_there(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders bots:1")
            assert not (await s.cmd("alice", "/game start", "wayfinders-1")).refused
            tid = thread_id(s)
            s.table.delete_thread("wayfinders-1")
            await human_move(s, "local")  # the board has nowhere to go: the game pauses, the bot waits
            for _ in range(2):
                assert not (await s.cmd("alice", "/game log game:1", "local")).refused
            assert read(s.db).game.settings.get("paused") == "host.error.channel_gone"
            assert s.table.ledger.refusals_in(tid) <= 1
            out = await s.cmd("alice", "/game status game:1", "local")
            assert not out.refused, texts(out)
            table = read(s.db)
            assert not table.game.settings.get("paused") and table.game.post_channel_id != tid
            assert any(m.files and not m.ephemeral and m.channel == "local" for m in out)
    asyncio.run(go())


def test_a_locked_thread_refuses_once_and_stays_quiet(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders bots:1")
            assert not (await s.cmd("alice", "/game start", "wayfinders-1")).refused
            tid = thread_id(s)
            set_bot_permissions(s, BOT_PERMISSIONS & ~discord.Permissions(manage_threads=True))
            s.table.lock_thread("wayfinders-1")
            await human_move(s, "local")
            for _ in range(2):
                await s.cmd("alice", "/game log game:1", "local")
            assert read(s.db).game.settings.get("paused") == "host.error.thread_locked"
            assert s.table.ledger.refusals_in(tid) == 1, s.table.ledger.refused
    asyncio.run(go())


def test_a_finished_games_thread_is_archived_and_a_command_there_opens_it(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders bots:1")
            await s.cmd("alice", "/game start", "wayfinders-1")
            tid = thread_id(s)
            for _ in range(500):
                if read(s.db).game.status != "active":
                    break
                assert not (await human_move(s)).refused
            assert read(s.db).game.status == "finished"
            assert s.table.registry.channel_by_id(tid).archived
            assert "wayfinders-1" not in s.table.channel_names()
            out = await s.cmd("alice", "/game log game:1", "wayfinders-1")
            assert not out.refused, texts(out)
            assert not s.table.registry.channel_by_id(tid).archived
    asyncio.run(go())
