"""The game repository: games, seats, the append-only move log and results.

Every change to a game bumps its `version` inside one transaction that first
checks the version the caller read.  Two clicks racing on one game therefore
never both land: the second raises `StaleVersion`.
"""
from __future__ import annotations

import json
from typing import Any, Iterable, Optional, Sequence

from .db import Store
from .models import GameRow, MoveRow, ResultRow, SeatRow, Status


class StaleVersion(Exception):
    """The game changed since the caller read it ("the game moved on")."""


class SeatTaken(Exception):
    """The user already sits at this game."""


class GameStore:
    def __init__(self, store: Store):
        self.store = store
        self.db = store.db

    # ---- reading -------------------------------------------------------
    def get(self, game_id: int) -> Optional[GameRow]:
        cur = self.store.conn.execute("SELECT * FROM games WHERE id = ?", (game_id,))
        row = cur.fetchone()
        return GameRow.from_row(dict(zip([c[0] for c in cur.description], row))) if row else None

    def seats(self, game_id: int) -> list[SeatRow]:
        rows = self.db["seats"].rows_where("game_id = ?", [game_id], order_by="position")
        return [SeatRow.model_validate(r) for r in rows]

    def moves(self, game_id: int, after_seq: int = 0, limit: Optional[int] = None) -> list[MoveRow]:
        """The log after `after_seq` in order (taken-back rows included); at most `limit` rows (one page of
        `/game log`: read through the primary key, whatever the game's length)."""
        rows = self.db["moves"].rows_where("game_id = ? AND seq > ?", [game_id, after_seq], order_by="seq",
                                           limit=limit)
        return [MoveRow.from_row(r) for r in rows]

    def by_number(self, guild_id: int, number: int) -> Optional[GameRow]:
        """The game a player means by `#number` in this server (None: no such game here)."""
        cur = self.store.conn.execute("SELECT * FROM games WHERE guild_id = ? AND number = ?", (guild_id, number))
        row = cur.fetchone()
        return GameRow.from_row(dict(zip([c[0] for c in cur.description], row))) if row else None

    def count_running(self, guild_id: Optional[int], creator_id: Optional[int] = None,
                      idle_before: Optional[float] = None) -> int:
        """Games of this server in the lobby or running (only those `creator_id` opened, when given); a lobby
        unchanged since before `idle_before` has expired and does not count."""
        sql = "SELECT COUNT(*) FROM games WHERE guild_id IS ? AND status IN ('lobby', 'active')"
        args: list[Any] = [guild_id]
        if idle_before is not None:
            sql += " AND (status = 'active' OR updated_at > ?)"
            args.append(idle_before)
        if creator_id is not None:
            sql += " AND creator_id = ?"
            args.append(creator_id)
        return int(self.store.conn.execute(sql, args).fetchone()[0])
    def last_seq(self, game_id: int) -> int:
        """The latest move's number (0: none); the log is numbered 1..n, so also its length."""
        row = self.store.conn.execute("SELECT MAX(seq) FROM moves WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0] or 0)

    def has_moved(self, game_id: int, seat: str) -> bool:
        """Whether `seat` has a move in the log that was not taken back."""
        return self.store.conn.execute("SELECT 1 FROM moves WHERE game_id = ? AND seat = ? AND undone = 0 LIMIT 1",
                                       (game_id, seat)).fetchone() is not None

    def last_standing_move_at(self, game_id: int) -> Optional[float]:
        """When the latest move not taken back was made (None: no such move); read backwards through the
        primary key, whatever the game's length."""
        row = self.store.conn.execute("SELECT at FROM moves WHERE game_id = ? AND undone = 0 ORDER BY seq DESC LIMIT 1",
                                      (game_id,)).fetchone()
        return float(row[0]) if row else None

    def undo_point(self, game_id: int) -> Optional[tuple[int, str]]:
        """(seq, state before that move) where `/game undo` starts replaying; None: from the seed."""
        row = self.store.conn.execute("SELECT seq, state FROM undo_points WHERE game_id = ?", (game_id,)).fetchone()
        return (int(row[0]), str(row[1])) if row else None

    def move_count(self, game_id: int) -> int:
        row = self.store.conn.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0])

    def find(
        self,
        *,
        channel_id: Optional[int] = None,
        thread_id: Optional[int] = None,
        guild_id: Optional[int] = None,
        user_id: Optional[int] = None,
        statuses: Sequence[Status] = ("lobby", "active"),
        limit: int = 100,
        idle_before: Optional[float] = None,
    ) -> list[GameRow]:
        """Games by place, player and status, latest change first; `idle_before`: lobbies unchanged since
        before it have expired and are left out."""
        where = [f"status IN ({', '.join('?' for _ in statuses)})"]
        params: list[Any] = list(statuses)
        if idle_before is not None:
            where.append("(status != 'lobby' OR updated_at > ?)")
            params.append(idle_before)
        if channel_id is not None:
            where.append("(channel_id = ? OR thread_id = ?)")
            params += [channel_id, channel_id]
        if thread_id is not None:
            where.append("thread_id = ?")
            params.append(thread_id)
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        sql = f"SELECT * FROM games WHERE {' AND '.join(where)} ORDER BY updated_at DESC, id DESC LIMIT ?"
        params.append(limit)
        cur = self.store.conn.execute(sql, params)
        cols = [c[0] for c in cur.description]
        return [GameRow.from_row(dict(zip(cols, r))) for r in cur.fetchall()]

    def idle_lobbies(self, idle_before: float, guild_id: Optional[int] = None, limit: int = 500) -> list[GameRow]:
        """Lobbies unchanged since `idle_before` or earlier (of one server, when given), oldest first."""
        sql, params = "SELECT * FROM games WHERE status = 'lobby' AND updated_at <= ?", [idle_before]
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        cur = self.store.conn.execute(sql + " ORDER BY updated_at, id LIMIT ?", [*params, limit])
        cols = [c[0] for c in cur.description]
        return [GameRow.from_row(dict(zip(cols, r))) for r in cur.fetchall()]

    def oldest_lobby_change(self) -> Optional[float]:
        """When the least recently changed lobby last changed (None: no lobby)."""
        row = self.store.conn.execute("SELECT MIN(updated_at) FROM games WHERE status = 'lobby'").fetchone()
        return float(row[0]) if row and row[0] is not None else None

    def all_ids(self) -> list[int]:
        return [r[0] for r in self.store.conn.execute("SELECT id FROM games ORDER BY id")]

    def latest_id(self) -> Optional[int]:
        """The id of the game created last (None: no game yet)."""
        return self.store.conn.execute("SELECT MAX(id) FROM games").fetchone()[0]

    def moves_in_guild(self, guild_id: int) -> int:
        """Moves in the logs of one server's games (undone ones included)."""
        return self.store.conn.execute("SELECT COUNT(*) FROM moves JOIN games ON games.id = moves.game_id"
                                       " WHERE games.guild_id = ?", (guild_id,)).fetchone()[0]

    def results(self, game_id: int) -> list[ResultRow]:
        rows = self.db["results"].rows_where("game_id = ?", [game_id], order_by="seat")
        return [ResultRow.model_validate(r) for r in rows]

    # ---- writing -------------------------------------------------------
    def create(
        self,
        *,
        game_key: str,
        guild_id: Optional[int],
        channel_id: int,
        creator_id: int,
        creator_name: str,
        options: dict[str, Any],
        settings: dict[str, Any],
        seed: int,
        now: float,
    ) -> GameRow:
        with self.store.transaction() as conn:
            (number,) = conn.execute("SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE guild_id IS ?",
                                     (guild_id,)).fetchone()
            cur = conn.execute(
                "INSERT INTO games (id, game_key, guild_id, number, channel_id, creator_id, status, options, settings,"
                " seed, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, 0, ?, ?)",
                (self.store.next_game_id(conn), game_key, guild_id, number, channel_id, creator_id,
                 json.dumps(options), json.dumps(settings), seed, now, now),
            )
            game_id = int(cur.lastrowid)
            conn.execute(
                "INSERT INTO seats (game_id, position, user_id, name, is_bot, joined_at) VALUES (?, 1, ?, ?, 0, ?)",
                (game_id, creator_id, creator_name, now),
            )
        game = self.get(game_id)
        assert game is not None
        return game

    def add_seat(
        self, game_id: int, version: int, *, user_id: Optional[int], name: str, is_bot: bool, now: float
    ) -> GameRow:
        with self.store.transaction() as conn:
            self._bump(conn, game_id, version, now)
            if user_id is not None and conn.execute(
                "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            ).fetchone():
                raise SeatTaken()
            (last,) = conn.execute("SELECT COALESCE(MAX(position), 0) FROM seats WHERE game_id = ?", (game_id,)).fetchone()
            conn.execute(
                "INSERT INTO seats (game_id, position, user_id, name, is_bot, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, last + 1, user_id, name, int(is_bot), now),
            )
        return self._must_get(game_id)

    def remove_seat(self, game_id: int, version: int, *, user_id: int, now: float) -> GameRow:
        """Leave a lobby: the seat goes and later seats move up one position."""
        with self.store.transaction() as conn:
            self._bump(conn, game_id, version, now)
            row = conn.execute("SELECT position FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id)).fetchone()
            if row is None:
                raise KeyError("not seated")
            conn.execute("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            conn.execute(
                "UPDATE seats SET position = position - 1 WHERE game_id = ? AND position > ?", (game_id, row[0])
            )
        return self._must_get(game_id)

    def replace_seat(self, game_id: int, version: int, *, position: int, user_id: Optional[int], name: str,
                     is_bot: bool, now: float) -> GameRow:
        """Hand a running game's seat to someone else (or a bot)."""
        with self.store.transaction() as conn:
            self._bump(conn, game_id, version, now)
            conn.execute(
                "UPDATE seats SET user_id = ?, name = ?, is_bot = ? WHERE game_id = ? AND position = ?",
                (user_id, name, int(is_bot), game_id, position),
            )
        return self._must_get(game_id)

    def seat_to_bot(self, game_id: int, version: int, *, position: int, name: str, now: float) -> GameRow:
        """A player left a running game: a bot takes the seat and the game stops counting for ratings."""
        with self.store.transaction() as conn:
            self._bump(conn, game_id, version, now, "rated = 0", require_status="active")
            conn.execute("UPDATE seats SET user_id = NULL, name = ?, is_bot = 1 WHERE game_id = ? AND position = ?",
                         (name, game_id, position))
        return self._must_get(game_id)

    def undo_moves(self, game_id: int, version: int, *, seqs: Sequence[int], state: str, to_act: list[str],
                   now: float) -> GameRow:
        """Take moves back (/game undo): flag them `undone` (kept in the log) and save the replayed state."""
        with self.store.transaction() as conn:
            self._bump(conn, game_id, version, now, "state = ?, to_act = ?", [state, json.dumps(to_act)],
                       require_status="active")
            for seq in seqs:
                if conn.execute("UPDATE moves SET undone = 1 WHERE game_id = ? AND seq = ? AND undone = 0",
                                (game_id, seq)).rowcount != 1:
                    raise StaleVersion()
        return self._must_get(game_id)

    def start(self, game_id: int, version: int, *, state: str, to_act: list[str], now: float) -> GameRow:
        with self.store.transaction() as conn:
            self._bump(conn, game_id, version, now, "status = 'active', state = ?, to_act = ?",
                       [state, json.dumps(to_act)], require_status="lobby")
        return self._must_get(game_id)

    def record_move(
        self,
        game_id: int,
        version: int,
        *,
        seat: str,
        user_id: Optional[int],
        move_id: str,
        state: str,
        to_act: list[str],
        status: Status,
        summary: list[dict[str, Any]],
        now: float,
        results: Iterable[ResultRow] = (),
        undo_point: bool = False,
    ) -> GameRow:
        """Append one move and the state after it, atomically, if nobody moved first.

        `undo_point`: no undo can take this move back (a barrier, or the end of its seat's decision): the state
        before it (the stored one) becomes where `/game undo` starts replaying (`undo_point`)."""
        with self.store.transaction() as conn:
            (seq,) = conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM moves WHERE game_id = ?", (game_id,)).fetchone()
            if status != "active":
                conn.execute("DELETE FROM undo_points WHERE game_id = ?", (game_id,))
            elif undo_point:  # copied before the state is replaced below (a stale version rolls it back)
                conn.execute("INSERT OR REPLACE INTO undo_points (game_id, seq, state)"
                             " SELECT id, ?, state FROM games WHERE id = ? AND state IS NOT NULL", (seq, game_id))
            self._bump(conn, game_id, version, now, "state = ?, to_act = ?, status = ?",
                       [state, json.dumps(to_act), status], require_status="active")
            conn.execute(
                "INSERT INTO moves (game_id, seq, seat, user_id, move_id, at, summary) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, seq, seat, user_id, move_id, now, json.dumps(summary)),
            )
            self._insert_results(conn, results)
        return self._must_get(game_id)

    def end(self, game_id: int, version: int, *, status: Status, state: Optional[str], now: float,
            results: Iterable[ResultRow] = ()) -> GameRow:
        """Close a game without a move (abandoned, or a lobby cancelled)."""
        sets, params = "status = ?, to_act = '[]'", [status]
        if state is not None:
            sets += ", state = ?"
            params.append(state)
        with self.store.transaction() as conn:
            self._bump(conn, game_id, version, now, sets, params)
            conn.execute("DELETE FROM undo_points WHERE game_id = ?", (game_id,))  # nothing to undo any more
            self._insert_results(conn, results)
        return self._must_get(game_id)

    def merge_settings(self, game_id: int, changes: dict[str, Any]) -> GameRow:
        """Change some settings without bumping the version (the board's buttons stay valid)."""
        with self.store.transaction() as conn:
            row = conn.execute("SELECT settings FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            settings = {**json.loads(row[0] or "{}"), **changes}
            conn.execute("UPDATE games SET settings = ? WHERE id = ?", (json.dumps(settings), game_id))
        return self._must_get(game_id)

    def set_deadline(self, game_id: int, deadline: Optional[float]) -> None:
        """When the current turn's deadline falls (None: no deadline); informative, the timers rule."""
        with self.store.transaction() as conn:
            conn.execute("UPDATE games SET deadline = ? WHERE id = ?", (deadline, game_id))

    def mark_unrated(self, game_id: int) -> None:
        """A bot played for a human: the game no longer counts for ratings."""
        with self.store.transaction() as conn:
            conn.execute("UPDATE games SET rated = 0 WHERE id = ?", (game_id,))

    def set_thread(self, game_id: int, thread_id: Optional[int]) -> None:
        with self.store.transaction() as conn:
            conn.execute("UPDATE games SET thread_id = ? WHERE id = ?", (thread_id, game_id))

    def set_board_message(self, game_id: int, message_id: Optional[int], version: Optional[int] = None,
                          notes_digest: Optional[str] = None) -> None:
        """The game's latest board post; with `version`, the game version it shows (never lowered); with
        `notes_digest`, the public notes it was made with (host/notes.py `notes_digest`)."""
        with self.store.transaction() as conn:
            conn.execute("UPDATE games SET board_message_id = ? WHERE id = ?", (message_id, game_id))
            if notes_digest is not None:
                conn.execute("UPDATE games SET notes_digest = ? WHERE id = ?", (notes_digest, game_id))
            if version is not None:
                self._posted(conn, game_id, version)

    def set_posted(self, game_id: int, version: int) -> None:
        """A board showing `version` went out (the load test renders boards without a message)."""
        with self.store.transaction() as conn:
            self._posted(conn, game_id, version)

    @staticmethod
    def _posted(conn: Any, game_id: int, version: int) -> None:
        conn.execute("UPDATE games SET posted_version = MAX(COALESCE(posted_version, -1), ?),"
                     " owed_since = CASE WHEN ? >= version THEN NULL ELSE owed_since END WHERE id = ?",
                     (version, version, game_id))

    def unposted(self) -> list[int]:
        """Running (or just finished) games whose latest change has no board post (saved, then the process
        stopped)."""
        return [r[0] for r in self.store.conn.execute(
            "SELECT id FROM games WHERE status IN ('active', 'finished')"
            " AND (posted_version IS NULL OR posted_version < version) ORDER BY id")]

    def owed_since(self, game_id: int) -> Optional[float]:
        """Since when the game's board has been owed (None: its latest change is posted)."""
        row = self.store.conn.execute("SELECT owed_since FROM games WHERE id = ? AND (posted_version IS NULL"
                                      " OR posted_version < version)", (game_id,)).fetchone()
        return float(row[0]) if row and row[0] is not None else None

    # ---- helpers ---------------------------------------------------------
    def _bump(self, conn: Any, game_id: int, version: int, now: float, sets: str = "", params: Sequence[Any] = (),
              require_status: Optional[str] = None) -> None:
        # The board becomes owed from this change on, unless an earlier change already owes one (cogs/outbox.py).
        sql = ("UPDATE games SET version = version + 1, updated_at = ?, owed_since = CASE WHEN posted_version IS NULL"
               " OR posted_version >= version THEN ? ELSE owed_since END" + (", " + sets if sets else ""))
        sql += " WHERE id = ? AND version = ?"
        args: list[Any] = [now, now, *params, game_id, version]
        if require_status:
            sql += " AND status = ?"
            args.append(require_status)
        if conn.execute(sql, args).rowcount != 1:
            raise StaleVersion()

    @staticmethod
    def _insert_results(conn: Any, results: Iterable[ResultRow]) -> None:
        for r in results:
            conn.execute(
                "INSERT OR REPLACE INTO results (game_id, seat, user_id, game_key, guild_id, score, rank, won, is_bot,"
                " finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (r.game_id, r.seat, r.user_id, r.game_key, r.guild_id, r.score, r.rank, int(r.won), int(r.is_bot),
                 r.finished_at),
            )

    def _must_get(self, game_id: int) -> GameRow:
        game = self.get(game_id)
        if game is None:
            raise KeyError(game_id)
        return game
