"""A read-only snapshot of the database for `bot.py check` and the load and crash tests (tools/).

It opens the file read-only (the live bot may keep writing; WAL gives one consistent snapshot inside the
read transaction) and answers the questions the check asks: SQLite's own integrity and foreign-key
checks, rows left by a game that does not exist, each game's row, seats, move log, undo point and
result count.  It never migrates and never writes.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path
from types import TracebackType
from typing import Any, Optional

from .db import StoreError, reason

ORPHAN_QUERIES = {
    "seats": "SELECT DISTINCT game_id FROM seats WHERE game_id NOT IN (SELECT id FROM games)",
    "moves": "SELECT DISTINCT game_id FROM moves WHERE game_id NOT IN (SELECT id FROM games)",
    "timers": "SELECT DISTINCT game_id FROM timers WHERE game_id IS NOT NULL AND game_id NOT IN (SELECT id FROM games)",
    "results": "SELECT DISTINCT game_id FROM results WHERE game_id NOT IN (SELECT id FROM games)",
    "undo_points": "SELECT DISTINCT game_id FROM undo_points WHERE game_id NOT IN (SELECT id FROM games)",
}


class Audit:
    """One read transaction over the database at `path`; use it as a context manager."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if not Path(path).exists():
            raise StoreError(f"cannot read {path}: no database there")
        try:
            uri = Path(path).resolve().as_uri() + "?mode=ro"
            self.conn = sqlite3.connect(uri, uri=True, timeout=30)
            self.conn.row_factory = sqlite3.Row
            self.conn.execute("PRAGMA busy_timeout=30000")
            self.conn.execute("BEGIN")  # one snapshot for every question
            self.conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()  # not a database: fails here
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot read {path}: {reason(self.path, exc)}") from None

    def __enter__(self) -> "Audit":
        return self

    def __exit__(self, kind: Optional[type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    # ---- the database as a whole ------------------------------------------------------------
    def integrity_problems(self) -> list[str]:
        return [line for (line,) in self.conn.execute("PRAGMA integrity_check").fetchall() if line != "ok"]

    def foreign_key_problems(self) -> list[tuple[Any, ...]]:
        return [tuple(fk) for fk in self.conn.execute("PRAGMA foreign_key_check").fetchall()]

    def has_table(self, name: str) -> bool:
        return self.conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                                 (name,)).fetchone() is not None

    def orphans(self) -> list[tuple[str, int]]:
        """(table, game id) for rows that belong to a game that does not exist."""
        return [(table, int(gid)) for table, sql in ORPHAN_QUERIES.items() if self.has_table(table)
                for (gid,) in self.conn.execute(sql).fetchall()]

    def games(self) -> list[dict[str, Any]]:
        return [dict(row) for row in self.conn.execute("SELECT * FROM games ORDER BY id").fetchall()]

    # ---- one game -----------------------------------------------------------------------------
    def seat_positions(self, game_id: int) -> list[int]:
        return [int(r[0]) for r in self.conn.execute("SELECT position FROM seats WHERE game_id = ? ORDER BY position",
                                                     (game_id,))]

    def seats(self, game_id: int) -> list[dict[str, Any]]:
        """The game's seats in order: position, user_id, name, is_bot."""
        return [dict(r) for r in self.conn.execute(
            "SELECT position, user_id, name, is_bot FROM seats WHERE game_id = ? ORDER BY position", (game_id,))]

    def moves(self, game_id: int) -> list[dict[str, Any]]:
        """The whole log, undone moves included: seq, seat, move_id, undone."""
        return [dict(r) for r in self.conn.execute(
            "SELECT seq, seat, move_id, undone FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)).fetchall()]

    def undo_point(self, game_id: int) -> Optional[tuple[int, str]]:
        """The game's undo point (seq, state before that move), if the database has any (host/undo.py)."""
        if not self.has_table("undo_points"):  # a database from before migration 5, read without migrating
            return None
        row = self.conn.execute("SELECT seq, state FROM undo_points WHERE game_id = ?", (game_id,)).fetchone()
        return (int(row[0]), str(row[1])) if row else None

    def result_count(self, game_id: int) -> int:
        return int(self.conn.execute("SELECT COUNT(*) FROM results WHERE game_id = ?", (game_id,)).fetchone()[0])


__all__ = ["Audit", "ORPHAN_QUERIES"]
