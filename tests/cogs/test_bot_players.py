"""Bot seats on the local table: `/game new bots:`, `/game addbot`, bots answering, leave -> bot, restart."""
from __future__ import annotations

import asyncio

from bot import make_bot
from local import LocalTable
from host.tables import Actor, TableService
from rules.bots import choose
from storage import open_store

from .test_commands import Session, read, run, texts, two_player_game


def test_one_human_plays_a_whole_game_against_two_bots(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/game new game:wayfinders bots:2")
            assert not out.refused, texts(out)
            table = read(s.db)
            assert [(x.name, x.is_bot, x.user_id) for x in table.seats[1:]] == [
                ("Bot 1", True, None), ("Bot 2", True, None)]
            out = await s.cmd("alice", "/game start", "wayfinders-1")
            assert not out.refused, texts(out)
            human_moves = 0
            for _ in range(500):
                table = read(s.db)
                if table.game.status != "active":
                    break
                # the bots answered by themselves: whenever a command returns, a human is to act
                assert table.to_act == ["p1"], table.to_act
                move = choose(table.engine, table.state, "p1", "greedy", seed=human_moves)
                out = await s.cmd("alice", f"/play move:{move.id}", "wayfinders-1")
                assert not out.refused, texts(out)
                human_moves += 1
            assert table.game.status == "finished"
            service = TableService(open_store(s.db))
            moves = service.games.moves(1)
            results = service.games.results(1)
            service.store.close()
            assert {m.seat for m in moves} == {"p1", "p2", "p3"}
            assert sum(1 for m in moves if m.seat == "p1") == human_moves
            assert all(m.user_id is None for m in moves if m.seat != "p1")
            assert sorted((r.seat, r.is_bot) for r in results) == [("p1", False), ("p2", True), ("p3", True)]
    run(go())


def test_bot_posts_look_like_human_moves(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders bots:1")
            out = await s.cmd("alice", "/game start", "wayfinders-1")
            table = read(s.db)
            assert [x.is_bot for x in table.seats] == [False, True]
            service = TableService(open_store(s.db))
            n_bot = sum(1 for m in service.games.moves(1) if m.seat == "p2")
            service.store.close()
            boards = [m for m in out if m.channel == "wayfinders-1" and m.files]
            assert len(boards) == 1  # the start board, with the bots' first moves if they began (cogs/board_posts.py)
            assert ("🤖" in boards[0].embeds[0].get("description", "")) == bool(n_bot)  # told in a summary
            assert table.to_act == ["p1"]
    run(go())


def test_too_many_bots_and_unknown_level_are_refused_before_anything_is_created(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/game new game:wayfinders bots:4")
            assert out.refused and all(m.ephemeral for m in out)
            assert "at most 4 players" in texts(out)
            service = TableService(open_store(s.db))
            assert service.games.all_ids() == []
            service.store.close()
    run(go())


def test_addbot_in_the_lobby(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            out = await s.cmd("alice", "/game addbot level:random", "wayfinders-1")
            assert not out.refused, texts(out)
            assert "Bot 1 ⚄" in texts(out)
            out = await s.cmd("dave", "/game addbot", "wayfinders-1")
            assert out.refused and "not a player" in texts(out)
            table = read(s.db)
            assert [x.name for x in table.seats] == ["alice", "Bot 1 ⚄"]
    run(go())


def test_a_player_who_leaves_a_running_game_is_replaced_by_a_bot_and_the_game_is_unrated(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await two_player_game(s)
            assert read(s.db).game.rated
            out = await s.leave("bob", "/game leave", "wayfinders-1")
            assert not out.refused, texts(out)
            assert "Bot · bob" in texts(out)
            public = [m for m in out if not m.ephemeral]
            assert len(public) == 1 and "no longer counts" in public[0].text()  # told on the board: one post
            table = read(s.db)
            bob = table.user_of("p2")
            assert bob.is_bot and bob.user_id is None and bob.name == "Bot · bob"
            assert not table.game.rated
            assert table.to_act == ["p1"]  # if it was bob's turn, his bot already played it
            out = await s.leave("bob", "/game leave", "wayfinders-1")
            assert out.refused and "not a player" in texts(out)
    run(go())


def test_bots_pick_up_their_turn_after_a_restart(tmp_path):
    db = str(tmp_path / "games.db")
    from rules import GAMES
    seed = next(n for n in range(1, 100) if GAMES["wayfinders"].to_act(
        GAMES["wayfinders"].setup(["p1", "p2", "p3", "p4"], n)) != ["p1"])  # a bot opens the game
    service = TableService(open_store(db), seeds=lambda: seed)
    from host.bot_seats import add_bots
    from local.registry import Registry
    registry = Registry(db)  # the game lives in the local table's #local: its bots' posts go out (else it pauses)
    guild_id, channel_id = registry.guild_id, registry.text_channel("local").id
    registry.close()
    table = service.new_game(Actor(user_id=5, name="alice"), "wayfinders", guild_id=guild_id, channel_id=channel_id)
    table = add_bots(service, table, 3)
    table = service.start(Actor(user_id=5, name="alice"), table)
    assert table.to_act != ["p1"]  # nobody drove the bots: the service alone never does
    service.store.close()

    async def go():
        local = LocalTable(lambda path: make_bot(path), db, out_dir=str(tmp_path / "out"))
        await local.start()
        try:
            after = read(db)
            assert after.to_act == ["p1"]
        finally:
            await local.close()
    run(go())


def test_a_hard_bot_plays_its_turns_through_the_search_workers(tmp_path, monkeypatch):
    monkeypatch.setenv("SEARCH_MS", "30")  # a short search per decision (host/config.py)
    monkeypatch.setenv("SEARCH_WORKERS", "1")

    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/game new game:wayfinders bots:1 level:hard")
            assert not out.refused, texts(out)
            table = read(s.db)
            assert [x.name for x in table.seats] == ["alice", "Bot 1 ★"]
            assert table.game.settings.get("expire_level") == "hard"  # the creator picked hard: expiries too
            await s.cmd("alice", "/game start", "wayfinders-1")
            # alice plays whenever she is to act until the bot has answered four times; the bot's search is
            # timed, so its moves (and whether alice's move leaves her a follow-up decision) vary with the host's load
            bot_moves: list = []
            for i in range(600):
                service = TableService(open_store(s.db))
                bot_moves = [m for m in service.games.moves(1) if m.seat == "p2"]
                service.store.close()
                if len(bot_moves) >= 4:
                    break
                table = read(s.db)
                if table.to_act != ["p1"]:  # the bot's answer may still be in the search worker (a loaded host)
                    await asyncio.sleep(0.1)
                    continue
                move = choose(table.engine, table.state, "p1", "greedy", seed=i)
                out = await s.cmd("alice", f"/play move:{move.id}", "wayfinders-1")
                assert not out.refused, texts(out)
            # the bot's moves are narrated in the thread like anyone's, in the post that follows them (alice's
            # reply when the bot answered at once, else the bot's own post once its search is done)
            thread = s.table.registry.find_channel("wayfinders-1")
            narrated = 0
            for _ in range(100):
                narrated = sum("🤖 Bot 1 ★" in str(e.get("description")) for row in s.table.registry.history(thread.id)
                               for e in row.payload.get("embeds") or [])
                if narrated >= 3:
                    break
                await asyncio.sleep(0.1)
            assert narrated >= 3, narrated
            pool = s.table.bot.bot_driver.search
            assert len(pool.workers) == 1 and pool.cpu == 0.03 and pool.pids() and pool.failures == 0
            assert len(bot_moves) >= 4 and all(m.user_id is None for m in bot_moves)
    run(go())
