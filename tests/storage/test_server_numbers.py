"""Per-server game numbers: each server counts its own games #1, #2…; migration 3 numbers old rows."""
from __future__ import annotations

import sqlite3

import pytest

from tools.integrity import check_database
from storage import GameStore, open_store
from storage.migrations import MIGRATIONS, migrate, schema_version


def _create(games: GameStore, guild, creator=1):
    return games.create(game_key="wayfinders", guild_id=guild, channel_id=10, creator_id=creator,
                        creator_name="a", options={}, settings={}, seed=1, now=1.0)


def test_each_server_counts_its_own_games(tmp_path):
    store = open_store(tmp_path / "g.db")
    games = GameStore(store)
    made = [_create(games, g) for g in (111, 222, 111, 222, 222)]
    assert [(g.guild_id, g.number) for g in made] == [(111, 1), (222, 1), (111, 2), (222, 2), (222, 3)]
    assert games.by_number(222, 3).id == made[4].id
    assert games.by_number(111, 3) is None  # server 111 has only two games
    with pytest.raises(sqlite3.IntegrityError):  # a number is unique within its server
        with store.transaction() as conn:
            conn.execute("UPDATE games SET number = 1 WHERE id = ?", (made[2].id,))
    store.close()


def test_running_games_are_counted_per_server_and_creator(tmp_path):
    store = open_store(tmp_path / "g.db")
    games = GameStore(store)
    a = _create(games, 111, creator=5)
    _create(games, 111, creator=6)
    _create(games, 222, creator=5)
    assert games.count_running(111) == 2
    assert games.count_running(111, creator_id=5) == 1
    games.end(a.id, a.version, status="abandoned", state=None, now=2.0)
    assert games.count_running(111, creator_id=5) == 0
    assert games.count_running(222, creator_id=5) == 1
    store.close()


def test_migration_3_numbers_existing_games_in_id_order_per_server(tmp_path):
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    for m in MIGRATIONS[:2]:  # a database as schema 2 left it
        m(conn)
    conn.execute("PRAGMA user_version = 2")
    for gid, guild in enumerate((7, 8, 7, None, 7, 8, None), start=1):
        conn.execute("INSERT INTO games (id, game_key, guild_id, channel_id, creator_id, status, seed, created_at,"
                     " updated_at) VALUES (?, 'wayfinders', ?, 1, 1, 'lobby', 1, 0, 0)", (gid, guild))
        conn.execute("INSERT INTO seats (game_id, position, user_id, name, joined_at) VALUES (?, 1, 1, 'a', 0)",
                     (gid,))
    conn.execute("COMMIT")
    conn.execute("BEGIN")
    assert migrate(conn) == len(MIGRATIONS)
    conn.execute("COMMIT")
    assert schema_version(conn) == len(MIGRATIONS)
    numbers = conn.execute("SELECT id, guild_id, number FROM games ORDER BY id").fetchall()
    assert numbers == [(1, 7, 1), (2, 8, 1), (3, 7, 2), (4, None, 1), (5, 7, 3), (6, 8, 2), (7, None, 2)]
    conn.close()
    store = open_store(path)  # a new game continues its server's sequence
    assert _create(GameStore(store), 8).number == 3
    store.close()
    report = check_database(path)
    assert report.ok, [str(p) for p in report.problems]


def test_check_reports_a_game_without_number(tmp_path):
    path = tmp_path / "g.db"
    store = open_store(path)
    game = _create(GameStore(store), 9)
    with store.transaction() as conn:
        conn.execute("UPDATE games SET number = NULL WHERE id = ?", (game.id,))
    store.close()
    report = check_database(path)
    assert any("per-server game number" in str(p) for p in report.problems)
