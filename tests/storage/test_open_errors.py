"""Start-up on a bad database: one clear line and a non-zero exit, never a traceback.

Each case goes through `bot.main` (the `local` table, `check`, `backup`) and `open_store` itself.
Tests run as root on CI, where file modes do not stop writes: read-only cases use a `mode=ro`
connection (what SQLite gives a process without write permission) or are skipped as root.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

import bot
from storage import StoreError, open_store
from storage import db as storage_db
from tests.ops.helpers import played_db

ROOT = Path(__file__).resolve().parents[2]
AS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def one_line(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert "Traceback" not in err
    assert len(err.splitlines()) == 1, err
    return err


def commands(db: Path, tmp_path: Path) -> list[list[str]]:
    return [["local", "--db", str(db), "--out", str(tmp_path / "out"), "/game new game:wayfinders"],
            ["check", "--db", str(db)],
            ["backup", str(tmp_path / "copy.db"), "--db", str(db)]]


@pytest.fixture
def garbage(tmp_path) -> Path:
    db = tmp_path / "games.db"
    db.write_bytes(b"these are not the pages you are looking for\n" * 200)
    return db


def test_a_file_that_is_not_a_database_gives_one_line_everywhere(garbage, tmp_path, capsys):
    for argv in commands(garbage, tmp_path):
        assert bot.main(argv) == 2, argv
        assert "corrupt" in one_line(capsys), argv
    assert not (tmp_path / "copy.db").exists()


def test_a_damaged_schema_is_found_at_start_up(tmp_path, capsys):
    db = tmp_path / "games.db"
    played_db(db, games=1, moves=2)
    data = bytearray(db.read_bytes())
    data[100:4096] = b"\x07" * (4096 - 100)  # the schema page, the header left intact
    db.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="malformed"):
        open_store(db)
    assert bot.main(commands(db, tmp_path)[0]) == 2
    assert "corrupt" in one_line(capsys)


def test_a_missing_folder_is_created_when_its_parent_is_writable(tmp_path):
    db = tmp_path / "new" / "deeper" / "games.db"
    open_store(db).close()
    assert db.exists()


def test_a_folder_that_cannot_be_created_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    db = blocker / "sub" / "games.db"
    with pytest.raises(StoreError, match="cannot create the database folder"):
        open_store(db)
    assert bot.main(commands(db, tmp_path)[0]) == 2
    assert "cannot create the database folder" in one_line(capsys)


def _read_only(path: str) -> sqlite3.Connection:
    """What SQLite gives a process that may read the file but not write it."""
    return sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None,
                           check_same_thread=False)


def test_a_database_that_cannot_be_written_is_found_at_start_up(tmp_path, monkeypatch, capsys):
    db = tmp_path / "games.db"
    played_db(db, games=1, moves=2)
    monkeypatch.setattr(storage_db, "_connect", _read_only)
    with pytest.raises(StoreError, match="read-only"):
        open_store(db)
    assert bot.main(commands(db, tmp_path)[0]) == 2
    assert "read-only" in one_line(capsys)


@pytest.mark.skipif(AS_ROOT, reason="root writes read-only files and folders; covered by the mode=ro test above")
def test_read_only_file_and_folder_by_mode_bits(tmp_path, capsys):
    db = tmp_path / "games.db"
    played_db(db, games=1, moves=2)
    db.chmod(0o444)
    assert bot.main(commands(db, tmp_path)[0]) == 2
    assert "read-only" in one_line(capsys)
    db.chmod(0o644)
    tmp_path.chmod(0o555)
    try:
        assert bot.main(commands(db, tmp_path)[0]) == 2
        assert "read-only" in one_line(capsys)
    finally:
        tmp_path.chmod(0o755)


@pytest.mark.skipif(AS_ROOT, reason="root reads any file")
def test_an_unreadable_file(tmp_path, capsys):
    db = tmp_path / "games.db"
    played_db(db, games=1, moves=2)
    db.chmod(0)
    try:
        assert bot.main(commands(db, tmp_path)[0]) == 2
        assert "not readable" in one_line(capsys)
    finally:
        db.chmod(0o644)


def test_a_full_disk_as_sqlite_reports_it(tmp_path, monkeypatch, capsys):
    """SQLITE_FULL on the write probe (what a full disk gives once the file must grow)."""
    db = tmp_path / "games.db"
    played_db(db, games=1, moves=2)

    class Full:
        def __init__(self, conn):
            self.conn = conn

        def execute(self, sql, *args):
            if "_write_probe" in sql:
                raise sqlite3.OperationalError("database or disk is full")
            return self.conn.execute(sql, *args)

        def __getattr__(self, name):
            return getattr(self.conn, name)

    real = storage_db._connect
    monkeypatch.setattr(storage_db, "_connect", lambda path: Full(real(path)))
    with pytest.raises(StoreError, match="disk is full"):
        open_store(db)
    assert bot.main(commands(db, tmp_path)[0]) == 2
    assert "disk is full" in one_line(capsys)


def _tiny_tmpfs(where: Path) -> bool:
    where.mkdir()
    if not AS_ROOT or not shutil.which("mount"):
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(where)], capture_output=True)
    return done.returncode == 0


def test_a_really_full_disk(tmp_path, capsys):
    """On a 1 MiB tmpfs (room for a fresh database with its WAL, so the first close checkpoints) filled to the last byte (needs root and mount; skipped elsewhere)."""
    disk = tmp_path / "disk"
    if not _tiny_tmpfs(disk):
        pytest.skip("cannot mount a tiny tmpfs here; the SQLITE_FULL case above covers the message")
    try:
        existing = disk / "games.db"
        open_store(existing).close()
        fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 4096)
        except OSError:
            pass
        finally:
            os.close(fd)
        for db in (existing, disk / "new.db"):
            with pytest.raises(StoreError, match="disk is full"):
                open_store(db)
            assert bot.main(commands(db, tmp_path)[0]) == 2
            assert "disk is full" in one_line(capsys)
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def test_the_process_prints_one_line_and_exits_non_zero(garbage, tmp_path):
    """The real command line: no traceback on stderr."""
    done = subprocess.run([os.sys.executable, str(ROOT / "bot.py"), "local", "--db", str(garbage), "--out",
                           str(tmp_path / "out"), "/game new game:wayfinders"],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: cannot use the database {garbage}: it is corrupt (not a SQLite database): restore it from a backup"]
