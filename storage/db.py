"""Opening the database: one SQLite file in WAL mode, migrated on open.

Opening checks that the file can be used before the bot takes any command:
a missing folder is created (if its parent allows), a corrupt file, a file
or folder that cannot be read or written and a full disk each raise
`StoreError`, whose message is one line for the operator.  Closing
checkpoints the WAL into the database (`wal_checkpoint(TRUNCATE)`), so a
clean stop leaves no `-wal` file behind.
"""
from __future__ import annotations

import os
import shutil
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Optional

import sqlite_utils

from .migrations import migrate


class StoreError(RuntimeError):
    """The database cannot be used; `str()` is one line saying why and what to do."""


# What SQLite says -> what the operator reads (first match wins).
_REASONS = (
    ("file is not a database", "it is corrupt (not a SQLite database): restore it from a backup"),
    ("malformed", "it is corrupt (database disk image is malformed): restore it from a backup"),
    ("readonly", "it is read-only: the bot must be able to write the file and its folder"),
    ("read-only", "it is read-only: the bot must be able to write the file and its folder"),
    ("disk is full", "the disk is full: free some space"),
    ("unable to open", "it cannot be opened: check that the file and its folder are readable and writable"),
    ("disk i/o error", "disk I/O error: check the disk and the file's permissions"),
    ("locked", "another process holds a lock on it: stop it, or wait"),
    ("newer than this bot", None),
)


def explain(path: str, exc: BaseException) -> StoreError:
    """A StoreError naming `path` and the cause of `exc` (an sqlite3 or OS error), in one line."""
    return StoreError(f"cannot use the database {path}: {reason(path, exc)}")


def reason(path: str, exc: BaseException) -> str:
    """Why the database at `path` cannot be used, from an sqlite3 or OS error: a few words, one line."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    if isinstance(exc, OSError) and not isinstance(exc, sqlite3.Error):
        if exc.errno == 28:  # ENOSPC
            return "the disk is full: free some space"
        return " ".join((exc.strerror or text).split())
    low = text.lower()
    if ("i/o error" in low or "unable to open" in low) and _disk_full(path):
        low, text = "disk is full", "database or disk is full"
    for needle, why in _REASONS:
        if needle in low:
            return why or text
    return text


def _disk_full(path: str, margin: int = 64 * 1024) -> bool:
    """Whether the database's disk has (almost) no space left: SQLite then often says only "disk I/O error"."""
    try:
        return shutil.disk_usage(Path(path).resolve().parent).free < margin
    except OSError:
        return False


def _prepare_folder(path: Path) -> None:
    """The database's folder must exist (created if its parent allows) and be a folder we can write."""
    folder = path.parent
    if not folder.exists():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the database folder {folder}: "
                             f"{' '.join((exc.strerror or str(exc)).split())}") from None
    elif not folder.is_dir():
        raise StoreError(f"cannot use the database {path}: {folder} is not a folder")
    if path.exists() and not path.is_file():
        raise StoreError(f"cannot use the database {path}: it is not a file")
    # Root writes whatever the mode bits say; everyone else gets a clear line before SQLite's vaguer one.
    if not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(f"cannot use the database {path}: its folder {folder} is read-only"
                         " (SQLite writes its -wal and -shm files there)")
    if path.exists() and not os.access(path, os.R_OK):
        raise StoreError(f"cannot use the database {path}: the file is not readable")
    if path.exists() and not os.access(path, os.W_OK):
        raise StoreError(f"cannot use the database {path}: it is read-only: the bot must be able to write it")


# How long a write waits for another process's lock before giving up with "database is locked" (the bot
# then tells the user the database is busy).  SQLite's own busy handler waits only briefly (it holds the
# connection's mutex while it waits, so a long wait there would stall every other use of the connection);
# `Store.begin` retries in Python up to BUSY_TIMEOUT seconds.
BUSY_TIMEOUT = 2.5
_SQLITE_BUSY_MS = 50


def _connect(path: str) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=_SQLITE_BUSY_MS / 1000)


def is_busy(exc: BaseException) -> bool:
    """Whether `exc` is SQLite saying another connection holds the lock ("database is locked" / "busy")."""
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


class Store:
    """A sqlite-utils Database plus an explicit, serialised write transaction.

    The connection is in autocommit mode; `transaction()` opens
    `BEGIN IMMEDIATE` so a write takes the file lock up front and two
    processes (or threads) writing the same game serialise cleanly.
    """

    def __init__(self, path: str | Path, game_ids: Optional[Callable[[sqlite3.Connection], int]] = None):
        self.path = str(path)
        # How a new game's id is chosen: None lets SQLite take the next one (one file); a partition of a cluster
        # layout takes ids no other partition takes (storage/partitions.py `GameIds`).
        self.game_ids = game_ids
        if self.path != ":memory:":
            _prepare_folder(Path(self.path))
        conn = None
        try:
            conn = _connect(self.path)
            conn.execute(f"PRAGMA busy_timeout={_SQLITE_BUSY_MS}")
            conn.execute("PRAGMA journal_mode=WAL")
            # FULL: a committed move survives even an OS crash, not only a kill -9.
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # reads the schema: a damaged one fails here
            self.conn = conn
            self.db = sqlite_utils.Database(conn)
            self._lock = threading.RLock()
            with self.transaction():
                migrate(conn)
            self.probe_write()
        except (sqlite3.Error, OSError, RuntimeError) as exc:
            if conn is not None:
                conn.close()
            raise explain(self.path, exc) from None

    def probe_write(self) -> None:
        """Write inside a transaction that is rolled back: a database we cannot write fails here, at
        start-up, rather than on every move."""
        with self._lock:
            self.begin()
            try:
                version = int(self.conn.execute("PRAGMA user_version").fetchone()[0])
                self.conn.execute(f"PRAGMA user_version = {version}")  # rewrites the header page
                self.conn.execute("CREATE TABLE _write_probe (x)")
                self.conn.execute("INSERT INTO _write_probe VALUES (zeroblob(4096))")
            finally:
                self.conn.execute("ROLLBACK")

    def begin(self, timeout: float = BUSY_TIMEOUT) -> None:
        """`BEGIN IMMEDIATE`, retried while another connection holds the write lock, for up to `timeout`
        seconds; then the "database is locked" OperationalError propagates.  Call with `_lock` held."""
        deadline = time.monotonic() + timeout
        pause = 0.01
        while True:
            try:
                self.conn.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if not is_busy(exc) or time.monotonic() >= deadline:
                    raise
            time.sleep(min(pause, max(0.0, deadline - time.monotonic())))
            pause = min(pause * 2, 0.1)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction.  Opened inside another on this connection (this thread holds the lock), it is a
        savepoint of the outer one: its writes commit with the outer transaction, and its failure undoes only its
        own (a move and the timers of its new step are saved together: host/tables.py `_commit`)."""
        with self._lock:
            if self.conn.in_transaction:  # only the lock's holder opens a transaction: it is ours
                with self._savepoint():
                    yield self.conn
                return
            self.begin()
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            else:
                self.conn.execute("COMMIT")

    @contextmanager
    def _savepoint(self) -> Iterator[None]:
        self.conn.execute("SAVEPOINT nested")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK TO nested")
            self.conn.execute("RELEASE nested")
            raise
        else:
            self.conn.execute("RELEASE nested")

    def next_game_id(self, conn: sqlite3.Connection) -> Optional[int]:
        """The id for a game about to be inserted inside the open transaction (None: SQLite's next rowid)."""
        return None if self.game_ids is None else self.game_ids(conn)

    def checkpoint(self) -> None:
        """Copy the WAL into the database file and empty it (other readers may keep it open)."""
        with self._lock:
            self.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()

    def close(self) -> None:
        """Checkpoint, then close: after a clean stop no -wal file remains (unless another process has it open)."""
        with self._lock:
            try:
                if self.path != ":memory:":
                    self.checkpoint()
            except sqlite3.Error:
                pass  # closing must not fail; SQLite checkpoints on the last close anyway
            finally:
                self.conn.close()


def open_store(path: str | Path, game_ids: Optional[Callable[[sqlite3.Connection], int]] = None) -> Store:
    """The store on `path`; raises `StoreError` (one line) when the database cannot be used."""
    return Store(path, game_ids)


class ReadStore(Store):
    """A second, read-only connection to a store's file, for reads that must never wait behind a write.

    In WAL mode readers and the writer do not block each other: a read on this connection sees the last
    committed state even while the writer (the bot's own, or another process) holds the write lock.  Nothing
    written through it is possible (`query_only`); the schema is the writer's, already migrated."""

    def __init__(self, path: str | Path):  # not Store.__init__, which opens (and migrates) a writer
        self.path = str(path)
        try:
            conn = sqlite3.connect(Path(self.path).resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None,
                                   check_same_thread=False, timeout=BUSY_TIMEOUT)
            conn.execute("PRAGMA query_only=ON")
            conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            raise explain(self.path, exc) from None
        self.conn = conn
        self.db = sqlite_utils.Database(conn)
        self._lock = threading.RLock()

    def begin(self, timeout: float = BUSY_TIMEOUT) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database (a ReadStore only reads)")

    def probe_write(self) -> None:
        return None

    def close(self) -> None:
        with self._lock:
            self.conn.close()


def open_reader(store: Store) -> Store:
    """A read-only connection to `store`'s database (`ReadStore`); an in-memory store (tests) has only its
    own connection, so it is its own reader."""
    if store.path == ":memory:" or store.path.startswith("file:"):
        return store
    return ReadStore(store.path)
