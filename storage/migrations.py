"""Numbered schema migrations, tracked in `PRAGMA user_version`.

Append a new function to MIGRATIONS to change the schema; never edit one that
has shipped.  Each runs inside the opening transaction.
"""
from __future__ import annotations

import sqlite3
from typing import Callable


def _run(conn: sqlite3.Connection, script: str) -> None:
    """Run statements one by one (executescript would COMMIT our transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            conn.execute(statement)


def _m1_initial(conn: sqlite3.Connection) -> None:
    _run(
        conn,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game_key TEXT NOT NULL,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            thread_id INTEGER,
            creator_id INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
            options TEXT NOT NULL DEFAULT '{}',
            settings TEXT NOT NULL DEFAULT '{}',
            seed INTEGER NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            state TEXT,
            to_act TEXT NOT NULL DEFAULT '[]',
            board_message_id INTEGER,
            deadline REAL,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE INDEX games_channel ON games (channel_id, status);
        CREATE INDEX games_thread ON games (thread_id);
        CREATE INDEX games_guild ON games (guild_id, status);

        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games (id),
            position INTEGER NOT NULL,
            user_id INTEGER,
            name TEXT NOT NULL,
            is_bot INTEGER NOT NULL DEFAULT 0,
            joined_at REAL NOT NULL,
            PRIMARY KEY (game_id, position)
        );
        CREATE UNIQUE INDEX seats_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;
        CREATE INDEX seats_by_user ON seats (user_id);

        CREATE TABLE moves (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seq INTEGER NOT NULL,
            seat TEXT NOT NULL,
            user_id INTEGER,
            move_id TEXT NOT NULL,
            at REAL NOT NULL,
            summary TEXT NOT NULL DEFAULT '[]',
            PRIMARY KEY (game_id, seq)
        );

        CREATE TABLE timers (
            id INTEGER PRIMARY KEY,
            game_id INTEGER REFERENCES games (id),
            kind TEXT NOT NULL,
            due_at REAL NOT NULL,
            payload TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL
        );
        CREATE INDEX timers_due ON timers (due_at);

        CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat TEXT NOT NULL,
            user_id INTEGER,
            game_key TEXT NOT NULL,
            guild_id INTEGER,
            score INTEGER,
            rank INTEGER,
            won INTEGER NOT NULL,
            is_bot INTEGER NOT NULL DEFAULT 0,
            finished_at REAL NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX results_user ON results (user_id, game_key);
        """
    )


def _m2_async_play(conn: sqlite3.Connection) -> None:
    """Undo flags on the log, turn DMs, user preferences, rated games."""
    _run(
        conn,
        """
        ALTER TABLE moves ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE seats ADD COLUMN notify INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 1;
        CREATE TABLE user_prefs (
            user_id INTEGER PRIMARY KEY,
            locale TEXT,
            dm_closed INTEGER NOT NULL DEFAULT 0,
            updated_at REAL NOT NULL
        );
        CREATE INDEX timers_game ON timers (game_id, kind)
        """,
    )


def _m3_server_numbers(conn: sqlite3.Connection) -> None:
    """Per-server game numbers (#1, #2… in each server): existing games are numbered in id order per guild."""
    _run(
        conn,
        """
        ALTER TABLE games ADD COLUMN number INTEGER;
        UPDATE games SET number = (SELECT COUNT(*) FROM games AS earlier
                                   WHERE earlier.guild_id IS games.guild_id AND earlier.id <= games.id);
        CREATE UNIQUE INDEX games_number ON games (guild_id, number);
        CREATE INDEX games_creator ON games (guild_id, creator_id, status)
        """,
    )


def _m4_posted_version(conn: sqlite3.Connection) -> None:
    """The version of a game its latest board post shows: a move saved but never posted (the process stopped
    in between) is found and posted at start-up (cogs/reconcile.py).  Games already there count as posted."""
    _run(
        conn,
        """
        ALTER TABLE games ADD COLUMN posted_version INTEGER;
        UPDATE games SET posted_version = version
        """,
    )


def _m5_undo_points(conn: sqlite3.Connection) -> None:
    """Where `/game undo` starts its replay: the state before a running game's latest move that no undo can take
    back (a barrier, or a move that ended its seat's decision), and that move's seq.  One row per running game at
    most; none means "replay from the seed" (games begun before this migration, until their next such move)."""
    _run(
        conn,
        """
        CREATE TABLE undo_points (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            seq INTEGER NOT NULL,
            state TEXT NOT NULL
        )
        """,
    )


def _m6_seats(conn: sqlite3.Connection) -> None:
    """Seats beyond the lobby: invitations to a lobby (a private lobby admits only those), followers of a game
    (pinged at each round's end and the game's, or at its end only: `events`) and the last round they were told
    of, and the rematch a finished game opened (one at most)."""
    _run(
        conn,
        """
        CREATE TABLE invites (
            game_id INTEGER NOT NULL REFERENCES games (id),
            user_id INTEGER NOT NULL,
            invited_by INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        CREATE TABLE follows (
            game_id INTEGER NOT NULL REFERENCES games (id),
            user_id INTEGER NOT NULL,
            events TEXT NOT NULL DEFAULT 'rounds',
            at REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        );
        CREATE INDEX follows_user ON follows (user_id);
        CREATE TABLE follow_rounds (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            round INTEGER NOT NULL
        );
        CREATE TABLE rematches (
            game_id INTEGER PRIMARY KEY REFERENCES games (id),
            new_game_id INTEGER REFERENCES games (id),
            at REAL NOT NULL
        )
        """,
    )


def _m7_waiting_digest(conn: sqlite3.Connection) -> None:
    """`/game notify digest:daily`: a user's daily direct message of the games waiting for them ("daily" or
    NULL for off); its timer lives in `timers` (kind `digest.daily`)."""
    _run(conn, "ALTER TABLE user_prefs ADD COLUMN digest TEXT")


def _m8_private_threads(conn: sqlite3.Connection) -> None:
    """`/game me private-thread:on`: one private thread per player and game, kept up to date with their
    private view; `shown` is a digest of the private information it last posted (posted again when it changes),
    `message_id` that post and `buttons` whether it carries moves (edited to the moves of the moment)."""
    _run(
        conn,
        """
        CREATE TABLE private_threads (
            game_id INTEGER NOT NULL REFERENCES games (id),
            user_id INTEGER NOT NULL,
            thread_id INTEGER NOT NULL,
            shown TEXT,
            message_id INTEGER,
            buttons INTEGER NOT NULL DEFAULT 0,
            created_at REAL NOT NULL,
            PRIMARY KEY (game_id, user_id)
        )
        """,
    )


def _m9_time_banks_and_away(conn: sqlite3.Connection) -> None:
    """Time banks and holidays: how much of its bank each seat of a game has spent (`time_banks`), and the
    periods a member of a server is away (`away`: their deadlines there stand still; `until_at` is moved to the
    moment of `/game back` when they return early)."""
    _run(
        conn,
        """
        CREATE TABLE time_banks (
            game_id INTEGER NOT NULL REFERENCES games (id),
            seat TEXT NOT NULL,
            used REAL NOT NULL DEFAULT 0,
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE away (
            id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            user_id INTEGER NOT NULL,
            start_at REAL NOT NULL,
            until_at REAL NOT NULL
        );
        CREATE INDEX away_by_user ON away (guild_id, user_id, until_at)
        """,
    )


def _m10_outbox(conn: sqlite3.Connection) -> None:
    """When a running game's board became owed: set by the first change after its latest board post went out,
    cleared when a board of its current version is posted (`posted_version` stays the one record of what is
    owed; this says since when).  A board still undelivered after OUTBOX_PAUSE_MINUTES pauses the game
    (cogs/outbox.py).  Games owing a board now count from their latest change."""
    _run(
        conn,
        """
        ALTER TABLE games ADD COLUMN owed_since REAL;
        UPDATE games SET owed_since = updated_at WHERE posted_version IS NULL OR posted_version < version
        """,
    )


def _m11_owed_notices(conn: sqlite3.Connection) -> None:
    """Notices a game's thread is owed besides its board (a lobby text, an abandon, a seat handed to a bot, a
    finished game's chart and replay...): written before the first try, removed once Discord accepted the post,
    so a restart delivers what a passing refusal left owed (cogs/notices.py)."""
    _run(
        conn,
        """
        CREATE TABLE owed_notices (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            nonce TEXT NOT NULL,
            content TEXT NOT NULL DEFAULT '',
            components TEXT,
            mention_ids TEXT NOT NULL DEFAULT '',
            file_name TEXT,
            file_data BLOB,
            created_at REAL NOT NULL
        );
        CREATE INDEX owed_notices_by_game ON owed_notices (game_id, id)
        """,
    )


def _m12_notes_digest(conn: sqlite3.Connection) -> None:
    """A fingerprint of the public notes (what the threats, items and tokens in play do) the game's latest board
    post was made with: a new post repeats them only when they changed (cogs/board_posts.py).  NULL: not known
    (the next post shows them)."""
    _run(conn, "ALTER TABLE games ADD COLUMN notes_digest TEXT")


def _m13_autopass(conn: sqlite3.Connection) -> None:
    """A player's wish that the host pass for them where their game offers it (Eclipse: `/eclipse autopass on`,
    the reactions after passing, Eclipse E28): one flag per seat, off by default."""
    _run(conn, "ALTER TABLE seats ADD COLUMN autopass INTEGER NOT NULL DEFAULT 0")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [
    _m1_initial,
    _m2_async_play,
    _m3_server_numbers,
    _m4_posted_version,
    _m5_undo_points,
    _m6_seats,
    _m7_waiting_digest,
    _m8_private_threads,
    _m9_time_banks_and_away,
    _m10_outbox,
    _m11_owed_notices,
    _m12_notes_digest,
    _m13_autopass,
]


def schema_version(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection) -> int:
    """Bring the schema up to date; returns the new version."""
    current = schema_version(conn)
    if current > len(MIGRATIONS):
        raise RuntimeError(
            f"database schema {current} is newer than this bot knows ({len(MIGRATIONS)}); upgrade the bot"
        )
    for number in range(current + 1, len(MIGRATIONS) + 1):
        MIGRATIONS[number - 1](conn)
        conn.execute(f"PRAGMA user_version = {number}")
    return len(MIGRATIONS)
