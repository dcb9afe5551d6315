"""Self-healing start: a change saved but never posted is posted at the next start,
every waiting seat gets its deadline timer back, bots to act play.  Through the real bot on the local table."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

from bot import make_bot
from host.deadlines import EXPIRE
from cogs.lifecycle import CRASH_AT
from local import LocalTable
from cogs.reconcile import Reconciled, needs_care
from host.tables import Actor
from storage import TimerStore, open_store
from storage.migrations import MIGRATIONS, migrate

ROOT = Path(__file__).resolve().parents[2]
THREAD = "wayfinders-1"


def table_on(tmp: Path) -> LocalTable:
    return LocalTable(lambda path, **k: make_bot(path, **k), str(tmp / "games.db"), out_dir=str(tmp / "out"))


async def started_game(tmp: Path) -> int:
    table = table_on(tmp)
    await table.start()
    try:
        for user, line in [("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                           ("alice", "/game start game:1")]:
            assert not (await table.command(user, line)).refused, line
        return 1
    finally:
        await table.close()


def expire_versions(store, game_id: int) -> list[int]:
    return [t.payload.get("version") for t in TimerStore(store).for_game(game_id) if t.kind == EXPIRE]


def test_a_move_saved_but_not_posted_is_posted_and_timed_at_the_next_start(tmp_path):
    async def go():
        game_id = await started_game(tmp_path)
        # A move saved by a service without the bot's deadline planner (a tool, or a bot from before moves were
        # saved with their timers): saved, no post, the timers of the step before.
        store = open_store(tmp_path / "games.db")
        from host.tables import TableService
        service = TableService(store)
        table = service.table(game_id)
        first = table.user_of(table.to_act[0])
        moves = service.legal_moves(table, first.user_id)
        played = service.commit_move(Actor(user_id=first.user_id, name=first.name), table, moves[0].id)
        version = played.table.game.version
        assert played.table.game.posted_version == version - 1
        assert expire_versions(store, game_id) == [version - 1]
        store.close()

        table = table_on(tmp_path)
        await table.start()
        try:
            game = table.bot.service.games.get(game_id)
            assert game.posted_version == game.version == version
            assert expire_versions(table.bot.store, game_id) == [version]
            assert game.deadline and game.deadline > table.bot.clock()
            cog = table.bot.get_cog("ReconcileCog")
            assert cog.last.posted == [game_id] and cog.last.failed == []
            newest = next(iter(table.registry.history(table._channel(THREAD).id, limit=1)))
            assert newest.id == game.board_message_id
            # the new board's buttons play
            after = table.bot.service.table(game_id)
            second = after.user_of(after.to_act[0]).name
            pressed = await table.press(second, 1, THREAD)
            assert not pressed.refused, [m.content for m in pressed]
            assert table.bot.service.games.move_count(game_id) == 2
        finally:
            await table.close()

        # A start with nothing to heal posts nothing.
        table = table_on(tmp_path)
        await table.start()
        try:
            assert table.bot.get_cog("ReconcileCog").last == Reconciled()
        finally:
            await table.close()
    asyncio.run(go())


def test_a_missing_deadline_timer_is_planned_again(tmp_path):
    async def go():
        game_id = await started_game(tmp_path)
        store = open_store(tmp_path / "games.db")
        TimerStore(store).clear_game(game_id, [EXPIRE])
        store.close()
        table = table_on(tmp_path)
        await table.start()
        try:
            game = table.bot.service.games.get(game_id)
            assert expire_versions(table.bot.store, game_id) == [game.version]
            assert table.bot.get_cog("ReconcileCog").last.timed == [game_id]
            assert table.bot.get_cog("ReconcileCog").last.posted == []
        finally:
            await table.close()
    asyncio.run(go())


def test_the_process_killed_right_after_the_save_heals_at_the_next_command(tmp_path):
    """The crash test's hook: GAMEHOST_CRASH_AT=after-save exits (as kill -9 would) once the move is committed."""
    asyncio.run(started_game(tmp_path))
    db, out = str(tmp_path / "games.db"), str(tmp_path / "out")
    store = open_store(db)
    from host.tables import TableService
    service = TableService(store)
    table = service.table(1)
    player = table.user_of(table.to_act[0]).name
    version = table.game.version
    store.close()
    base = [sys.executable, str(ROOT / "bot.py"), "local", "--db", db, "--out", out]
    env = {**os.environ, CRASH_AT: "after-save"}
    died = subprocess.run(base + ["--as", player, "--channel", THREAD, "press 1"], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert died.returncode == 137, died.stderr
    store = open_store(db)
    game = TableService(store).games.get(1)
    assert game.version == version + 1 and game.posted_version == version
    assert expire_versions(store, 1) == [version + 1]  # saved with the move: no timer of the step before is left
    store.close()
    env.pop(CRASH_AT)
    healed = subprocess.run(base + ["/game status game:1"], env=env, cwd=ROOT, capture_output=True, text=True,
                            timeout=120)
    assert healed.returncode == 0, healed.stderr
    store = open_store(db)
    game = TableService(store).games.get(1)
    assert game.posted_version == game.version == version + 1
    assert expire_versions(store, 1) == [game.version]
    store.close()


def test_only_running_games_are_cared_for(tmp_path):
    asyncio.run(started_game(tmp_path))
    from host.tables import TableService
    service = TableService(open_store(tmp_path / "games.db"))
    try:
        table = service.table(1)
        assert needs_care(table)
        lobby = service.new_game(Actor(user_id=5, name="eve"), "wayfinders", guild_id=1, channel_id=1)
        assert not needs_care(lobby)
    finally:
        service.store.close()


def test_the_migration_counts_existing_games_as_posted(tmp_path):
    import sqlite3
    conn = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    for number, step in enumerate(MIGRATIONS[:2], start=1):
        step(conn)
        conn.execute(f"PRAGMA user_version = {number}")
    conn.execute("INSERT INTO games (game_key, channel_id, creator_id, status, seed, version, created_at, updated_at)"
                 " VALUES ('wayfinders', 1, 1, 'active', 1, 7, 0, 0)")
    migrate(conn)
    assert conn.execute("SELECT posted_version FROM games").fetchone() == (7,)
    conn.close()


def test_a_game_finished_by_a_move_never_posted_gets_its_final_post(tmp_path):
    async def go():
        game_id = await started_game(tmp_path)
        from host.tables import TableService
        from rules.playout import random_move
        from rules.rng import Rng
        service = TableService(open_store(tmp_path / "games.db"))
        rng = Rng.from_seed(1)
        table = service.table(game_id)
        while table.game.status == "active":  # played with nothing posted, as if each post were cut short
            seat = table.to_act[0]
            row = table.user_of(seat)
            table = service.commit_move(Actor(user_id=row.user_id, name=row.name), table,
                                 random_move(table.engine, table.state, seat, rng).id).table
        assert table.game.status == "finished" and table.game.posted_version < table.game.version
        service.store.close()
        table = table_on(tmp_path)
        await table.start()
        try:
            game = table.bot.service.games.get(game_id)
            assert game.posted_version == game.version
            assert table.bot.get_cog("ReconcileCog").last.posted == [game_id]
            assert expire_versions(table.bot.store, game_id) == []  # a finished game has no deadline
            newest = table.registry.history(table._channel(THREAD).id, limit=5)
            assert any("Final scores" in str(m.payload) for m in newest)
        finally:
            await table.close()
    asyncio.run(go())


def test_a_game_whose_channel_is_gone_is_not_drawn_at_every_start(tmp_path):
    async def go():
        from host.tables import TableService
        service = TableService(open_store(tmp_path / "games.db"))
        table = service.new_game(Actor(user_id=11, name="x"), "wayfinders", guild_id=5, channel_id=5)
        table = service.join(Actor(user_id=12, name="y"), table)
        table = service.start(Actor(user_id=11, name="x"), table)
        assert table.game.posted_version is None
        service.store.close()
        for expected in ([table.game.id], []):
            local = table_on(tmp_path)
            await local.start()
            try:
                assert local.bot.get_cog("ReconcileCog").last.failed == expected
                assert local.bot.service.games.get(table.game.id).posted_version == table.game.version
            finally:
                await local.close()
    asyncio.run(go())
