"""`/game new` typed inside a game's thread opens the new game beside it, in the thread's channel, with a
thread of its own (a thread cannot hold a thread, and a game must not live inside another game's thread)."""
from __future__ import annotations

from .test_commands import Session, run


def test_game_new_inside_a_games_thread_opens_in_the_parent_channel(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders")).refused
            out = await s.cmd("bob", "/game new game:flotilla", "wayfinders-1")
            assert not out.refused, out.errors
            service = s.table.bot.actions.service
            first, second = service.table(1).game, service.table(2).game
            assert second.channel_id == first.channel_id  # the channel, not the first game's thread
            assert second.thread_id and second.thread_id not in (first.thread_id, first.channel_id)
            assert not (await s.cmd("carol", "/game join game:2", "flotilla-2")).refused  # its own thread works
    run(go())
