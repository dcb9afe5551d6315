"""`bot.py backup PATH`: a consistent, self-contained copy of the live database, restorable."""
from __future__ import annotations

import shutil
import threading

import bot
from tools.integrity import check_database
from host.tables import TableService
from storage import open_store
from storage.backup import backup

from .helpers import ALICE, BOB, played_db


def test_backup_of_a_live_database_is_consistent_and_restores(tmp_path, capsys):
    db = tmp_path / "live.db"
    played_db(db, games=3)
    live = TableService(open_store(db))  # the bot keeps the database open (WAL) while the copy is made
    stop = threading.Event()

    def keep_writing():
        n = 0
        while not stop.is_set() and n < 200:
            table = live.new_game(ALICE, "wayfinders", guild_id=1, channel_id=1)
            live.join(BOB, table)
            n += 1

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        copy = tmp_path / "backups" / "games-copy.db"
        assert bot.main(["backup", str(copy), "--db", str(db)]) == 0
    finally:
        stop.set()
        writer.join()
    assert "backed up" in capsys.readouterr().out
    assert not (tmp_path / "backups" / "games-copy.db-wal").exists()
    report = check_database(copy)
    assert report.ok and report.replayed == 3, report.problems
    copied = TableService(open_store(copy))
    assert [m.move_id for m in copied.games.moves(1)] == [m.move_id for m in live.games.moves(1)]
    copied.store.close()
    live.store.close()
    # restore as the README says: bot stopped, copy over the db file, remove -wal/-shm, start
    shutil.copyfile(copy, db)
    for suffix in ("-wal", "-shm"):
        (tmp_path / f"live.db{suffix}").unlink(missing_ok=True)
    restored = TableService(open_store(db))
    assert restored.games.move_count(1) == 6
    restored.store.close()


def test_backup_refuses_to_overwrite_the_live_database_and_a_missing_source(tmp_path, capsys):
    db = tmp_path / "live.db"
    played_db(db, games=1)
    assert bot.main(["backup", str(db), "--db", str(db)]) == 2
    assert bot.main(["backup", str(tmp_path / "x.db"), "--db", str(tmp_path / "missing.db")]) == 2
    err = capsys.readouterr().err
    assert "must not overwrite" in err and "no database" in err
    assert backup(db, tmp_path / "ok.db") > 0


def test_a_failed_backup_leaves_no_partial_file_and_the_old_copy_untouched(tmp_path, monkeypatch, capsys):
    db = tmp_path / "live.db"
    played_db(db, games=1)
    folder = tmp_path / "backups"
    folder.mkdir()
    old = folder / "games.db"
    old.write_bytes(b"yesterday's copy")
    import storage.backup as module

    def full(*args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(module.os, "fsync", full)
    assert bot.main(["backup", str(old), "--db", str(db)]) == 2
    assert "No space left on device" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == ["games.db"]
    assert old.read_bytes() == b"yesterday's copy"


def test_backup_of_a_corrupt_database_writes_nothing(tmp_path, capsys):
    db = tmp_path / "live.db"
    db.write_bytes(b"not a database" * 100)
    assert bot.main(["backup", str(tmp_path / "copy.db"), "--db", str(db)]) == 2
    assert "corrupt" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["live.db"]


def test_backup_finishes_while_another_process_commits_moves(tmp_path):
    """One step under one read transaction: the writer's commits never restart the copy (the figure with a
    120 MB database is `bot.py bench backup`)."""
    import subprocess
    import sys
    db = tmp_path / "live.db"
    played_db(db, games=2)
    writer = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)\n"
        "c.execute('CREATE TABLE IF NOT EXISTS churn (x)')\n"
        "print('go', flush=True)\n"
        "while True:\n"
        "    c.execute('BEGIN IMMEDIATE'); c.execute('INSERT INTO churn VALUES (randomblob(2000))'); c.execute('COMMIT')\n"
    ), str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "go"
        for n in range(3):
            assert backup(db, tmp_path / "copy.db") > 0
            assert check_database(tmp_path / "copy.db").ok
    finally:
        writer.kill()
        writer.wait()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
