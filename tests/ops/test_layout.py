"""`bot.py split`, `merge`, `check` and `backup` on a cluster layout: nothing lost, nothing moved between rows."""
from __future__ import annotations

import hashlib
import sqlite3

import pytest

import bot
import storage.layout_convert as convert
from host.tables import Actor, TableService
from rules.playout import random_move
from rules.rng import Rng
from storage import migrations, table_roles
from storage.backup import backup
from storage.partitions import Layout, Partitions, owned_partitions, partition_of
from storage.table_roles import Digests
from tools.integrity import check_layout

from .cluster_helpers import GUILDS, cluster_db
from .helpers import ALICE, BOB


def _digests(*paths) -> Digests:
    digests = Digests()
    for path in paths:
        conn = sqlite3.connect(path)
        try:
            digests.add_file(conn)
        finally:
            conn.close()
    return digests


def _sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture()
def source(tmp_path):
    db = tmp_path / "games.db"
    cluster_db(db)
    return db


def test_split_then_merge_round_trips_with_identical_digests(tmp_path, source, capsys):
    before, original = _digests(source), _sha(source)
    out, merged = tmp_path / "cluster", tmp_path / "merged.db"
    assert bot.main(["split", "--db", str(source), "--partitions", "16", "--out", str(out)]) == 0
    assert "16 game digests match" in capsys.readouterr().out
    assert _sha(source) == original  # the original is kept as it was
    layout = Layout.load(out)
    assert layout.partitions == 16 and layout.id_base == 16
    assert _digests(*layout.paths()).combined() == before.combined()
    assert bot.main(["merge", "--from", str(out), "--db", str(merged)]) == 0
    after = _digests(merged)
    assert after.games() == before.games() and after.combined() == before.combined()
    assert bot.main(["check", "--db", str(merged)]) == 0
    assert bot.main(["check", "--db", str(out)]) == 0
    assert "checked 16 games, 64 moves (16 games replayed): clean" in capsys.readouterr().out


def test_split_puts_each_server_in_its_partition_users_where_they_sit_and_global_rows_in_0(tmp_path, source):
    convert.split(source, tmp_path / "c", 16)
    layout = Layout.load(tmp_path / "c")
    for index, path in enumerate(layout.paths()):
        conn = sqlite3.connect(path)
        try:
            guilds = [g for (g,) in conn.execute("SELECT guild_id FROM games")]
            assert guilds == [GUILDS[index]] and partition_of(guilds[0], 16) == index
            users = {u for (u,) in conn.execute("SELECT user_id FROM user_prefs")}
            global_timers = conn.execute("SELECT COUNT(*) FROM timers WHERE game_id IS NULL").fetchone()[0]
        finally:
            conn.close()
        assert users == ({ALICE.user_id, BOB.user_id, 999} if index == 0 else {ALICE.user_id, BOB.user_id})
        assert global_timers == (1 if index == 0 else 0)


def test_resharding_2_to_4_moves_whole_files_and_no_rows(tmp_path, source):
    convert.split(source, tmp_path / "c", 16)
    layout = Layout.load(tmp_path / "c")
    held_before = {}
    for shard in range(2):  # two processes, one shard each
        procs = Partitions.for_shards(layout, 2, [shard])
        try:
            for index, store in procs:
                held_before[index] = shard
                for (guild,) in store.conn.execute("SELECT guild_id FROM games"):
                    assert (guild >> 22) % 2 == shard  # every row here is one this shard receives
        finally:
            procs.close()
    digests = {p: _digests(path).combined() for p, path in enumerate(layout.paths())}
    for shard in range(4):  # after resharding to four: each file goes whole to one new owner
        owned = owned_partitions(16, 4, [shard])
        assert {held_before[p] for p in owned} == {shard % 2}
        procs = Partitions.for_shards(layout, 4, [shard])
        try:
            for index, store in procs:
                for (guild,) in store.conn.execute("SELECT guild_id FROM games"):
                    assert (guild >> 22) % 4 == shard
        finally:
            procs.close()
    assert {p: _digests(path).combined() for p, path in enumerate(layout.paths())} == digests


def test_a_conversion_that_loses_a_row_is_refused_and_removed(tmp_path, source, monkeypatch, capsys):
    real = convert._write_partitions

    def lossy(layout, schema, batches):
        batches[3]["moves"].pop()
        real(layout, schema, batches)

    monkeypatch.setattr(convert, "_write_partitions", lossy)
    assert bot.main(["split", "--db", str(source), "--partitions", "16", "--out", str(tmp_path / "c")]) == 1
    assert "row counts differ" in capsys.readouterr().err and not (tmp_path / "c").exists()


def test_outputs_are_never_overwritten(tmp_path, source, capsys):
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "x").write_text("x")
    assert bot.main(["split", "--db", str(source), "--partitions", "4", "--out", str(tmp_path / "busy")]) == 2
    convert.split(source, tmp_path / "c", 4)
    assert bot.main(["merge", "--from", str(tmp_path / "c"), "--db", str(source)]) == 2
    assert "exists" in capsys.readouterr().err


def test_check_finds_a_game_in_the_wrong_partition_and_backup_copies_a_layout(tmp_path, source, capsys):
    convert.split(source, tmp_path / "c", 16)
    layout = Layout.load(tmp_path / "c")
    assert bot.main(["backup", str(tmp_path / "copy"), "--db", str(tmp_path / "c")]) == 0
    copy = check_layout(tmp_path / "copy")
    assert copy.ok and copy.games == 16 and copy.replayed == 16
    conn = sqlite3.connect(layout.path(2))
    try:
        conn.execute("UPDATE games SET guild_id = ?", (GUILDS[3],))
        conn.commit()
    finally:
        conn.close()
    report = check_layout(tmp_path / "c")
    assert [p.kind for p in report.problems] == ["layout"]
    assert "part-002.db" in report.problems[0].detail and "partition is 3" in report.problems[0].detail
    assert bot.main(["check", "--db", str(tmp_path / "c")]) == 1


def test_a_lost_partition_restored_from_its_backup_plays_on(tmp_path, source):
    convert.split(source, tmp_path / "c", 16)
    layout = Layout.load(tmp_path / "c")
    backup(layout.path(6), tmp_path / "part-006.copy.db")  # what Litestream or `bot.py backup` keeps
    for lost in layout.folder.glob("part-006.db*"):
        lost.unlink()  # the host holding it is gone
    restored = tmp_path / "part-006.copy.db"
    restored.rename(layout.path(6))
    procs = Partitions.for_shards(layout, 8, [6])  # its shard started on another host
    try:
        service = TableService(procs, seeds=iter(range(1, 99)).__next__)
        [table] = service.list_games(GUILDS[6])
        seat = table.to_act[0]
        user = table.user_of(seat)
        before = table.game.version
        move = random_move(table.engine, table.state, seat, Rng.from_seed(1)).id
        after = service.commit_move(Actor(user_id=user.user_id, name=user.name), table, move).table
        assert after.game.version == before + 1
    finally:
        procs.close()
    assert check_layout(layout.folder).ok


def test_a_table_added_by_a_later_migration_is_partitioned_by_its_columns(tmp_path, monkeypatch):
    def _m_extra(conn):
        migrations._run(conn, """
            CREATE TABLE server_notes (guild_id INTEGER, note TEXT);
            CREATE TABLE game_tags (id INTEGER PRIMARY KEY, game_id INTEGER REFERENCES games (id), tag TEXT)
        """)

    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, _m_extra])
    table_roles.bot_tables.cache_clear()
    try:
        db = tmp_path / "games.db"
        ids = cluster_db(db)
        conn = sqlite3.connect(db)
        conn.executemany("INSERT INTO server_notes VALUES (?, ?)", [(g, f"note {i}") for i, g in enumerate(GUILDS)])
        conn.executemany("INSERT INTO game_tags (game_id, tag) VALUES (?, ?)", [(gid, "t") for gid in ids])
        conn.commit()
        conn.close()
        convert.split(db, tmp_path / "c", 16)
        layout = Layout.load(tmp_path / "c")
        for index, path in enumerate(layout.paths()):
            part = sqlite3.connect(path)
            try:
                notes = [g for (g,) in part.execute("SELECT guild_id FROM server_notes")]
                tags = part.execute("SELECT COUNT(*) FROM game_tags JOIN games ON games.id = game_tags.game_id"
                                    ).fetchone()[0]
            finally:
                part.close()
            assert notes == [GUILDS[index]] and tags == 1
        done = convert.merge(tmp_path / "c", tmp_path / "merged.db")
        assert done.rows["server_notes"] == 16 and done.rows["game_tags"] == 16
        assert _digests(tmp_path / "merged.db").combined() == _digests(db).combined()
    finally:
        table_roles.bot_tables.cache_clear()
