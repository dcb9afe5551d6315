"""`bot.py backup PATH`: a consistent, self-contained copy of the live database, restorable."""
from __future__ import annotations

import shutil
import threading

import bot
from cogs.integrity import check_database
from cogs.service import TableService
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
