"""Which partition each table's rows belong to, read from the schema, and digests that compare two layouts.

No table is named by hand except `games` (the rows everything else hangs on): a table's role follows from
its columns, so a table another branch adds by a migration is split, merged and digested without a change
here.  The roles (see storage/partitions.py for why):

- `games`                          by its own `guild_id`
- GAME: has `game_id`              with its game (NULL: partition 0)
- GUILD: has `guild_id`            by its server (NULL: partition 0)
- USER: has `user_id`, no other    user-level: copied where the user sits; a merge keeps the newest
- GLOBAL: none of these            partition 0

A surrogate key (an INTEGER PRIMARY KEY named `id`, other than `games.id`: e.g. `timers.id`) is left out of the
digests: a merge may renumber it when two partitions took the same one.
"""
from __future__ import annotations

import functools
import hashlib
import json
import sqlite3
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from .migrations import migrate

GAMES, GAME, GUILD, USER, GLOBAL = "games", "game", "guild", "user", "global"
_SKIP_PREFIXES = ("sqlite_", "_write_probe")


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[str, ...]
    role: str
    surrogate: Optional[str]  # an INTEGER PRIMARY KEY column a merge may renumber (None: keep every column)
    primary_key: tuple[str, ...]

    @property
    def kept(self) -> tuple[str, ...]:
        """The columns compared by digests (all but the surrogate key)."""
        return tuple(c for c in self.columns if c != self.surrogate)


@functools.lru_cache(maxsize=1)
def bot_tables() -> frozenset[str]:
    """The tables this bot's migrations make (another program's tables in the same file are not the bot's:
    the local table keeps its fake Discord's servers there)."""
    conn = sqlite3.connect(":memory:")
    try:
        migrate(conn)
        return frozenset(r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                         if not r[0].startswith(_SKIP_PREFIXES))
    finally:
        conn.close()


def foreign_tables(conn: sqlite3.Connection) -> list[str]:
    """Tables in the file that are not the bot's (left out of conversions and digests)."""
    return [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            if r[0] not in bot_tables() and not r[0].startswith(_SKIP_PREFIXES)]


def tables(conn: sqlite3.Connection) -> list[Table]:
    """The bot's tables in the file with their roles, `games` first, then by name."""
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    found = []
    for name in names:
        if name not in bot_tables():
            continue
        info = conn.execute(f'PRAGMA table_info("{name}")').fetchall()  # cid, name, type, notnull, default, pk
        columns = tuple(r[1] for r in info)
        pk = tuple(r[1] for r in sorted((r for r in info if r[5]), key=lambda r: r[5]))
        integer_pk = len(pk) == 1 and any(r[1] == pk[0] and r[2].upper() == "INTEGER" for r in info)
        if name == "games":
            role = GAMES
        elif "game_id" in columns:
            role = GAME
        elif "guild_id" in columns:
            role = GUILD
        elif "user_id" in columns:
            role = USER
        else:
            role = GLOBAL
        surrogate = "id" if integer_pk and pk == ("id",) and role != GAMES else None
        found.append(Table(name, columns, role, surrogate, pk))
    return sorted(found, key=lambda t: (t.role != GAMES, t.name))


def rows(conn: sqlite3.Connection, table: Table, columns: Optional[tuple[str, ...]] = None) -> list[tuple[Any, ...]]:
    cols = ", ".join(f'"{c}"' for c in (columns or table.columns))
    return conn.execute(f'SELECT {cols} FROM "{table.name}"').fetchall()


def count(conn: sqlite3.Connection, table: str) -> int:
    return int(conn.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0])


def recency(table: Table, row: tuple[Any, ...], columns: tuple[str, ...]) -> tuple[bool, Any, str]:
    """Orders copies of one user-level row: the newest `updated_at` last (ties broken by content)."""
    when = row[columns.index("updated_at")] if "updated_at" in columns else None
    kept = tuple(row[columns.index(c)] for c in table.kept)
    return (when is not None, when or 0, f"{table.name}:{_canonical(kept)}")


def _canonical(row: tuple[Any, ...]) -> str:
    return json.dumps([x.hex() if isinstance(x, bytes) else x for x in row], separators=(",", ":"))


class Digests:
    """Per-game digests (the game's row and every row of a GAME table with its id) and one digest of the
    rows outside games (GUILD, USER, GLOBAL tables, deduplicated), accumulated over one or many files."""

    def __init__(self) -> None:
        self._games: dict[int, list[str]] = defaultdict(list)
        self._other: set[str] = set()
        self._latest: dict[tuple[str, tuple[Any, ...]], tuple[bool, Any, str]] = {}

    def add_file(self, conn: sqlite3.Connection) -> None:
        for table in tables(conn):
            kept = table.kept
            for row in rows(conn, table, kept):
                line = f"{table.name}:{_canonical(row)}"
                if table.role == GAMES:
                    self._games[int(row[kept.index("id")])].append(line)
                elif table.role == GAME and row[kept.index("game_id")] is not None:
                    self._games[int(row[kept.index("game_id")])].append(line)
                elif table.role in (USER, GLOBAL) and table.primary_key:
                    self._newest(table, row, line)
                else:
                    self._other.add(line)

    def _newest(self, table: Table, row: tuple[Any, ...], line: str) -> None:
        """Copies of a user-level row in several partitions count once: the newest (`updated_at`), as merged."""
        kept = table.kept
        key = (table.name, tuple(row[kept.index(c)] for c in table.primary_key if c in kept))
        rank = recency(table, row, kept)
        if key not in self._latest or rank > self._latest[key]:
            self._latest[key] = rank

    def games(self) -> dict[int, str]:
        return {gid: hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()
                for gid, lines in self._games.items()}

    def other(self) -> str:
        lines = self._other | {line for _, _, line in self._latest.values()}
        return hashlib.sha256("\n".join(sorted(lines)).encode()).hexdigest()

    def combined(self) -> str:
        """One digest of everything: equal for two layouts holding the same games and the same other rows."""
        body = "\n".join(f"{gid}:{d}" for gid, d in sorted(self.games().items()))
        return hashlib.sha256(f"{body}\n{self.other()}".encode()).hexdigest()


def file_game_digests(paths: list[Path]) -> dict[int, str]:
    """Each game's digest over these database files, read-only (a running bot may have them open)."""
    digests = Digests()
    for path in paths:
        if path.exists():
            conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                digests.add_file(conn)
            finally:
                conn.close()
    return digests.games()


__all__ = ["bot_tables", "file_game_digests", "foreign_tables", "Digests", "GAME", "GAMES", "GLOBAL", "GUILD", "Table",
           "USER", "count", "recency", "rows", "tables"]
