"""The local table's memory of its fake Discord, kept beside the games.

Everything Discord itself would remember between two runs of the bot lives
here, in tables prefixed ``local_`` inside the same SQLite file as the games:
the fake guilds (name <-> stable snowflake; the default one is ``local``),
their channels and threads (name <-> stable snowflake), users
(name <-> stable snowflake) and the messages the bot posted (so a later
process can press the buttons of a board posted days earlier).

Opened with plain sqlite3 in WAL mode; tables are created when missing.
Nothing here imports discord.py.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Optional

from .components import pressables

__all__ = ["Registry", "ChannelRow", "UserRow", "GuildRow", "MessageRow", "snowflake_now", "DISCORD_EPOCH",
           "DEFAULT_GUILD"]

DISCORD_EPOCH = 1420070400000
#: Messages kept per channel; older ones can no longer be pressed or fetched.
KEEP_MESSAGES = 200
#: The name of the server the table acts in unless told otherwise (``--guild NAME``).
DEFAULT_GUILD = "local"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS local_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS local_users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    bot INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS local_channels (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE,
    kind TEXT NOT NULL,              -- 'text', 'thread' (public), 'private_thread', 'dm'
    parent_id INTEGER,
    owner_id INTEGER,
    recipient_id INTEGER,
    archived INTEGER NOT NULL DEFAULT 0,
    locked INTEGER NOT NULL DEFAULT 0,
    auto_archive INTEGER NOT NULL DEFAULT 10080,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS local_channels_name ON local_channels (name);
CREATE TABLE IF NOT EXISTS local_messages (
    id INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    visible_to INTEGER,              -- NULL: everyone, else the only user who sees it (ephemeral)
    has_components INTEGER NOT NULL DEFAULT 0,  -- has something 'press' can click
    payload TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS local_messages_channel ON local_messages (channel_id, id);
CREATE TABLE IF NOT EXISTS local_members (
    guild_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE TABLE IF NOT EXISTS local_thread_members (  -- who a private thread shows to (besides moderators)
    thread_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (thread_id, user_id)
);
CREATE TABLE IF NOT EXISTS local_guilds (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    created REAL NOT NULL,
    locale TEXT
);
"""


_lock = threading.Lock()
_last = 0


def snowflake_now() -> int:
    """A fresh snowflake: the current time, this process, a counter; increasing within a process."""
    global _last
    with _lock:
        ms = int(time.time() * 1000) - DISCORD_EPOCH
        value = (ms << 22) | ((os.getpid() & 0x3FF) << 12)
        if value <= _last:
            value = _last + 1
        _last = value
        return value


@dataclass
class UserRow:
    id: int
    name: str
    bot: bool


@dataclass
class GuildRow:
    id: int
    name: str


@dataclass
class ChannelRow:
    id: int
    name: str
    kind: str
    parent_id: Optional[int]
    owner_id: Optional[int]
    recipient_id: Optional[int]
    archived: bool
    locked: bool
    auto_archive: int
    created: float
    guild_id: Optional[int] = None  # the server it belongs to; None for a DM

    @property
    def is_thread(self) -> bool:
        return self.kind in ("thread", "private_thread")

    @property
    def label(self) -> str:
        """How the channel is shown to a player: ``#name`` or ``@name`` for a DM."""
        return self.name if self.kind == "dm" else f"#{self.name}"


@dataclass
class MessageRow:
    id: int
    channel_id: int
    visible_to: Optional[int]
    payload: dict[str, Any]


class Registry:
    """Fake-Discord bookkeeping stored in ``local_*`` tables of the game database."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(self.path, isolation_level=None, timeout=30, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA busy_timeout=30000")
        self._lock = threading.RLock()
        with self._tx() as c:
            for stmt in _SCHEMA.split(";"):
                if stmt.strip():
                    c.execute(stmt)
            columns = {r["name"] for r in c.execute("PRAGMA table_info(local_channels)")}
            if "guild_id" not in columns:  # tables written before several servers: all in the default one
                c.execute("ALTER TABLE local_channels ADD COLUMN guild_id INTEGER")
            if "locale" not in {r["name"] for r in c.execute("PRAGMA table_info(local_guilds)")}:
                c.execute("ALTER TABLE local_guilds ADD COLUMN locale TEXT")  # written before servers had their own
        self.guild_id = self._meta_id("guild_id")  # the default server (DEFAULT_GUILD)
        self.bot_id = self._meta_id("bot_user_id")
        self.application_id = self.bot_id
        self.guild_name = self.meta("guild_name") or "Local table"
        with self._tx() as c:
            c.execute(
                "INSERT OR IGNORE INTO local_users (id, name, bot, created) VALUES (?, ?, 1, ?)",
                (self.bot_id, self.meta("bot_name") or "tablebot", time.time()),
            )
            c.execute("INSERT OR IGNORE INTO local_guilds (id, name, created) VALUES (?, ?, ?)",
                      (self.guild_id, DEFAULT_GUILD, time.time()))

    # -- plumbing ---------------------------------------------------------

    class _Tx:
        def __init__(self, reg: "Registry"):
            self.reg = reg

        def __enter__(self) -> sqlite3.Connection:
            self.reg._lock.acquire()
            self.reg.conn.execute("BEGIN IMMEDIATE")
            return self.reg.conn

        def __exit__(self, exc_type, exc, tb) -> None:
            try:
                self.reg.conn.execute("ROLLBACK" if exc_type else "COMMIT")
            finally:
                self.reg._lock.release()

    def _tx(self) -> "Registry._Tx":
        return Registry._Tx(self)

    def close(self) -> None:
        self.conn.close()

    def meta(self, key: str) -> Optional[str]:
        row = self.conn.execute("SELECT value FROM local_meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else row["value"]

    def set_meta(self, key: str, value: str) -> None:
        with self._tx() as c:
            c.execute("INSERT OR REPLACE INTO local_meta (key, value) VALUES (?, ?)", (key, value))

    def _meta_id(self, key: str) -> int:
        with self._tx() as c:
            row = c.execute("SELECT value FROM local_meta WHERE key = ?", (key,)).fetchone()
            if row is not None:
                return int(row["value"])
            value = snowflake_now()
            c.execute("INSERT INTO local_meta (key, value) VALUES (?, ?)", (key, str(value)))
            return value

    def command_id(self, name: str) -> int:
        """A stable id for a top-level application command, as Discord would assign on sync."""
        return self._meta_id(f"command:{name}")

    # -- users ------------------------------------------------------------

    @staticmethod
    def _user(row: sqlite3.Row) -> UserRow:
        return UserRow(id=row["id"], name=row["name"], bot=bool(row["bot"]))

    def user(self, name: str) -> UserRow:
        """The user called ``name``, created on first use (stable id ever after)."""
        name = name.lstrip("@")
        row = self.conn.execute("SELECT * FROM local_users WHERE name = ?", (name,)).fetchone()
        if row is not None:
            return self._user(row)
        with self._tx() as c:
            row = c.execute("SELECT * FROM local_users WHERE name = ?", (name,)).fetchone()
            if row is None:
                c.execute(
                    "INSERT INTO local_users (id, name, bot, created) VALUES (?, ?, 0, ?)",
                    (snowflake_now(), name, time.time()),
                )
                row = c.execute("SELECT * FROM local_users WHERE name = ?", (name,)).fetchone()
        return self._user(row)

    def find_user(self, name: str) -> Optional[UserRow]:
        row = self.conn.execute("SELECT * FROM local_users WHERE name = ?", (name.lstrip("@"),)).fetchone()
        return None if row is None else self._user(row)

    def user_by_id(self, user_id: int) -> Optional[UserRow]:
        row = self.conn.execute("SELECT * FROM local_users WHERE id = ?", (int(user_id),)).fetchone()
        return None if row is None else self._user(row)

    def users(self) -> list[UserRow]:
        return [self._user(r) for r in self.conn.execute("SELECT * FROM local_users ORDER BY id")]

    # -- guilds (servers) ---------------------------------------------------

    @staticmethod
    def derived_guild_id(name: str) -> int:
        """A stable snowflake-sized id for the server called ``name`` (the same in every database)."""
        digest = hashlib.sha256(("local-guild:" + name.strip().lower()).encode()).digest()
        return (int.from_bytes(digest[:7], "big") >> 1) | (1 << 50)

    def guild(self, name: str, locale: Optional[str] = None) -> GuildRow:
        """The server called ``name``, created on first use (speaking ``locale``); ``local`` is the default one."""
        name = name.strip()
        if not name:
            raise ValueError("a server needs a name")
        row = self.conn.execute("SELECT * FROM local_guilds WHERE name = ?", (name,)).fetchone()
        if row is None:
            with self._tx() as c:
                c.execute("INSERT OR IGNORE INTO local_guilds (id, name, created, locale) VALUES (?, ?, ?, ?)",
                          (self.derived_guild_id(name), name, time.time(), locale))
            row = self.conn.execute("SELECT * FROM local_guilds WHERE name = ?", (name,)).fetchone()
        return GuildRow(id=row["id"], name=row["name"])

    def guild_locale(self, guild_id: Optional[int]) -> str:
        """Server ``guild_id``'s locale (Discord's preferred locale, the language of its thread posts): the one it
        was last given (``--guild-locale``), else en-US."""
        row = self.conn.execute("SELECT locale FROM local_guilds WHERE id = ?",
                                (int(guild_id or self.guild_id),)).fetchone()
        return (row["locale"] if row is not None else None) or "en-US"

    def set_guild_locale(self, guild_id: int, locale: str) -> None:
        with self._tx() as c:
            c.execute("UPDATE local_guilds SET locale = ? WHERE id = ?", (locale, int(guild_id)))

    def guild_by_id(self, guild_id: Optional[int]) -> Optional[GuildRow]:
        if guild_id is None:
            return None
        row = self.conn.execute("SELECT * FROM local_guilds WHERE id = ?", (int(guild_id),)).fetchone()
        return None if row is None else GuildRow(id=row["id"], name=row["name"])

    def guilds(self) -> list[GuildRow]:
        return [GuildRow(id=r["id"], name=r["name"])
                for r in self.conn.execute("SELECT * FROM local_guilds ORDER BY created, id")]

    # -- membership ---------------------------------------------------------

    def add_member(self, guild_id: int, user_id: int) -> None:
        """``user_id`` is a member of server ``guild_id`` from now on (they acted there)."""
        if guild_id == self.guild_id:
            return
        with self._tx() as c:
            c.execute("INSERT OR IGNORE INTO local_members (guild_id, user_id) VALUES (?, ?)",
                      (int(guild_id), int(user_id)))

    def is_member(self, guild_id: Optional[int], user_id: int) -> bool:
        """Everyone is a member of the default server; of another, whoever acted there (and the bot)."""
        if guild_id is None or guild_id == self.guild_id or user_id == self.bot_id:
            return True
        return self.conn.execute("SELECT 1 FROM local_members WHERE guild_id = ? AND user_id = ?",
                                 (int(guild_id), int(user_id))).fetchone() is not None

    # -- channels and threads ---------------------------------------------

    def _channel(self, row: sqlite3.Row) -> ChannelRow:
        guild = None if row["kind"] == "dm" else (row["guild_id"] or self.guild_id)
        return ChannelRow(
            id=row["id"], name=row["name"], kind=row["kind"], parent_id=row["parent_id"],
            owner_id=row["owner_id"], recipient_id=row["recipient_id"], archived=bool(row["archived"]),
            locked=bool(row["locked"]), auto_archive=row["auto_archive"], created=row["created"], guild_id=guild,
        )

    def find_channel(self, name: str, guild_id: Optional[int] = None) -> Optional[ChannelRow]:
        """A channel or thread by name (``#`` optional; of server ``guild_id``, default: the default one) or
        id; active and newest first."""
        key = name.strip()
        if key.isascii() and key.isdigit():  # an id (never int() of "①")
            return self.channel_by_id(int(key))
        if key.startswith("@"):
            user = self.find_user(key)
            if user is None:
                return None
            row = self.conn.execute(
                "SELECT * FROM local_channels WHERE kind = 'dm' AND recipient_id = ?", (user.id,)
            ).fetchone()
            return None if row is None else self._channel(row)
        key = key.lstrip("#")
        row = self.conn.execute(
            "SELECT * FROM local_channels WHERE name = ? AND kind != 'dm' AND COALESCE(guild_id, ?) = ?"
            " ORDER BY archived ASC, id DESC LIMIT 1",
            (key, self.guild_id, guild_id or self.guild_id),
        ).fetchone()
        return None if row is None else self._channel(row)

    def channel_by_id(self, channel_id: int) -> Optional[ChannelRow]:
        row = self.conn.execute("SELECT * FROM local_channels WHERE id = ?", (int(channel_id),)).fetchone()
        return None if row is None else self._channel(row)

    def text_channel(self, name: str, guild_id: Optional[int] = None) -> ChannelRow:
        """The text channel ``name`` of server ``guild_id`` (default: the default one), created when missing."""
        name = name.lstrip("#")
        guild = guild_id or self.guild_id
        row = self.conn.execute(
            "SELECT * FROM local_channels WHERE name = ? AND kind = 'text' AND COALESCE(guild_id, ?) = ?"
            " ORDER BY id LIMIT 1", (name, self.guild_id, guild)
        ).fetchone()
        if row is not None:
            return self._channel(row)
        with self._tx() as c:
            cid = snowflake_now()
            c.execute(
                "INSERT INTO local_channels (id, name, kind, created, guild_id) VALUES (?, ?, 'text', ?, ?)",
                (cid, name, time.time(), guild),
            )
        found = self.channel_by_id(cid)
        assert found is not None
        return found

    def add_thread(self, thread_id: int, name: str, parent_id: int, owner_id: int,
                   private: bool = False, auto_archive: int = 10080) -> ChannelRow:
        parent = self.channel_by_id(parent_id)
        with self._tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO local_channels (id, name, kind, parent_id, owner_id, auto_archive, created,"
                " guild_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (int(thread_id), name, "private_thread" if private else "thread", int(parent_id), int(owner_id),
                 int(auto_archive), time.time(), parent.guild_id if parent else None),
            )
        found = self.channel_by_id(thread_id)
        assert found is not None
        return found

    def add_thread_member(self, thread_id: int, user_id: int) -> None:
        with self._tx() as c:
            c.execute("INSERT OR IGNORE INTO local_thread_members (thread_id, user_id) VALUES (?, ?)",
                      (int(thread_id), int(user_id)))

    def thread_members(self, thread_id: int) -> list[int]:
        return [int(r[0]) for r in self.conn.execute(
            "SELECT user_id FROM local_thread_members WHERE thread_id = ? ORDER BY user_id", (int(thread_id),))]

    def dm_channel(self, user_id: int) -> ChannelRow:
        row = self.conn.execute(
            "SELECT * FROM local_channels WHERE kind = 'dm' AND recipient_id = ?", (int(user_id),)
        ).fetchone()
        if row is not None:
            return self._channel(row)
        user = self.user_by_id(user_id)
        name = f"@{user.name}" if user else f"@{user_id}"
        with self._tx() as c:
            cid = snowflake_now()
            c.execute(
                "INSERT INTO local_channels (id, name, kind, recipient_id, created) VALUES (?, ?, 'dm', ?, ?)",
                (cid, name, int(user_id), time.time()),
            )
        found = self.channel_by_id(cid)
        assert found is not None
        return found

    def update_channel(self, channel_id: int, **fields: Any) -> None:
        allowed = {"name", "archived", "locked", "auto_archive"}
        sets = {k: (int(v) if isinstance(v, bool) else v) for k, v in fields.items() if k in allowed}
        if not sets:
            return
        with self._tx() as c:
            c.execute(
                f"UPDATE local_channels SET {', '.join(f'{k} = ?' for k in sets)} WHERE id = ?",
                (*sets.values(), int(channel_id)),
            )

    def delete_channel(self, channel_id: int) -> None:
        with self._tx() as c:
            c.execute("DELETE FROM local_channels WHERE id = ?", (int(channel_id),))
            c.execute("DELETE FROM local_messages WHERE channel_id = ?", (int(channel_id),))

    def channels(self, kinds: tuple[str, ...] = ("text", "thread", "private_thread", "dm"),
                 guild_id: Optional[int] = None) -> list[ChannelRow]:
        """Channels of these kinds (of one server only, when ``guild_id`` is given: DMs belong to none)."""
        marks = ",".join("?" for _ in kinds)
        rows = [
            self._channel(r)
            for r in self.conn.execute(f"SELECT * FROM local_channels WHERE kind IN ({marks}) ORDER BY id", kinds)
        ]
        return rows if guild_id is None else [r for r in rows if r.guild_id == guild_id]

    # -- messages -----------------------------------------------------------

    def save_message(self, payload: dict[str, Any], visible_to: Optional[int] = None) -> None:
        """Store (or replace) a message the bot posted, as its Discord payload."""
        channel_id = int(payload["channel_id"])
        has = 1 if pressables(payload.get("components") or []) else 0
        with self._tx() as c:
            c.execute(
                "INSERT OR REPLACE INTO local_messages (id, channel_id, visible_to, has_components, payload, created)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (int(payload["id"]), channel_id, visible_to, has, json.dumps(payload), time.time()),
            )
            c.execute(
                "DELETE FROM local_messages WHERE channel_id = ? AND id NOT IN"
                " (SELECT id FROM local_messages WHERE channel_id = ? ORDER BY id DESC LIMIT ?)",
                (channel_id, channel_id, KEEP_MESSAGES),
            )

    @staticmethod
    def _message(row: sqlite3.Row) -> MessageRow:
        return MessageRow(id=row["id"], channel_id=row["channel_id"], visible_to=row["visible_to"],
                          payload=json.loads(row["payload"]))

    def message(self, message_id: int) -> Optional[MessageRow]:
        row = self.conn.execute("SELECT * FROM local_messages WHERE id = ?", (int(message_id),)).fetchone()
        return None if row is None else self._message(row)

    def delete_message(self, message_id: int) -> None:
        with self._tx() as c:
            c.execute("DELETE FROM local_messages WHERE id = ?", (int(message_id),))

    def last_with_components(self, channel_id: int, user_id: int) -> Optional[MessageRow]:
        """The newest message in the channel that has components and that this user can see."""
        row = self.conn.execute(
            "SELECT * FROM local_messages WHERE channel_id = ? AND has_components = 1"
            " AND (visible_to IS NULL OR visible_to = ?) ORDER BY id DESC LIMIT 1",
            (int(channel_id), int(user_id)),
        ).fetchone()
        return None if row is None else self._message(row)

    def history(self, channel_id: int, limit: int = 50, before: Optional[int] = None,
                after: Optional[int] = None) -> Iterator[MessageRow]:
        """Public messages of a channel, newest first (as GET /channels/{id}/messages)."""
        sql = "SELECT * FROM local_messages WHERE channel_id = ? AND visible_to IS NULL"
        args: list[Any] = [int(channel_id)]
        if before is not None:
            sql += " AND id < ?"
            args.append(int(before))
        if after is not None:
            sql += " AND id > ?"
            args.append(int(after))
        sql += " ORDER BY id DESC LIMIT ?"
        args.append(int(limit))
        for row in self.conn.execute(sql, args):
            yield self._message(row)

    def last_message_id(self, channel_id: int) -> Optional[int]:
        row = self.conn.execute(
            "SELECT MAX(id) AS m FROM local_messages WHERE channel_id = ? AND visible_to IS NULL", (int(channel_id),)
        ).fetchone()
        return None if row is None else row["m"]

    def message_count(self, channel_id: int) -> int:
        row = self.conn.execute(
            "SELECT COUNT(*) AS n FROM local_messages WHERE channel_id = ? AND visible_to IS NULL", (int(channel_id),)
        ).fetchone()
        return int(row["n"])
