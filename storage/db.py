"""Opening the database: one SQLite file in WAL mode, migrated on open."""
from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlite_utils

from .migrations import migrate


class Store:
    """A sqlite-utils Database plus an explicit, serialised write transaction.

    The connection is in autocommit mode; `transaction()` opens
    `BEGIN IMMEDIATE` so a write takes the file lock up front and two
    processes (or threads) writing the same game serialise cleanly.
    """

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        conn.execute("PRAGMA journal_mode=WAL")
        # FULL: a committed move survives even an OS crash, not only a kill -9.
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=30000")
        self.conn = conn
        self.db = sqlite_utils.Database(conn)
        self._lock = threading.RLock()
        with self.transaction():
            migrate(conn)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                self.conn.execute("ROLLBACK")
                raise
            else:
                self.conn.execute("COMMIT")

    def close(self) -> None:
        self.conn.close()


def open_store(path: str | Path) -> Store:
    return Store(path)
