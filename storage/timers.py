"""Timers: deadlines and reminders kept in a table so they survive restarts."""
from __future__ import annotations

import json
from typing import Any, Optional

from .db import Store
from .models import TimerRow


class TimerStore:
    def __init__(self, store: Store):
        self.store = store

    def add(self, *, kind: str, due_at: float, now: float, game_id: Optional[int] = None,
            payload: Optional[dict[str, Any]] = None) -> int:
        with self.store.transaction() as conn:
            cur = conn.execute(
                "INSERT INTO timers (game_id, kind, due_at, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, kind, due_at, json.dumps(payload or {}), now),
            )
            return int(cur.lastrowid)

    def _select(self, where: str, params: list[Any], limit: int = -1) -> list[TimerRow]:
        cur = self.store.conn.execute(f"SELECT * FROM timers WHERE {where} ORDER BY due_at, id LIMIT {int(limit)}",
                                      params)
        cols = [c[0] for c in cur.description]
        return [TimerRow.from_row(dict(zip(cols, r))) for r in cur.fetchall()]

    def due(self, now: float) -> list[TimerRow]:
        return self._select("due_at <= ?", [now])

    def next_due(self) -> Optional[TimerRow]:
        found = self._select("1 = 1", [], limit=1)
        return found[0] if found else None

    def move_due(self, game_id: int, kind: str, due_at: float) -> int:
        """Move the game's timers of `kind` to `due_at` (operator tools: the crash test's overdue deadline)."""
        with self.store.transaction() as conn:
            return conn.execute("UPDATE timers SET due_at = ? WHERE game_id = ? AND kind = ?",
                                (due_at, game_id, kind)).rowcount

    def games_missing(self, kind: str) -> list[int]:
        """Running games with no timer of `kind` for their current step (payload version = the game's)."""
        return [r[0] for r in self.store.conn.execute(
            "SELECT id FROM games g WHERE status = 'active' AND NOT EXISTS (SELECT 1 FROM timers t WHERE"
            " t.game_id = g.id AND t.kind = ? AND json_extract(t.payload, '$.version') = g.version) ORDER BY id",
            (kind,))]

    def for_game(self, game_id: int) -> list[TimerRow]:
        return self._select("game_id = ?", [game_id])

    def delete(self, timer_id: int) -> bool:
        with self.store.transaction() as conn:
            return conn.execute("DELETE FROM timers WHERE id = ?", (timer_id,)).rowcount == 1

    def clear_game(self, game_id: int, kinds: Optional[list[str]] = None) -> int:
        sql, params = "DELETE FROM timers WHERE game_id = ?", [game_id]
        if kinds:
            sql += f" AND kind IN ({', '.join('?' for _ in kinds)})"
            params += kinds
        with self.store.transaction() as conn:
            return conn.execute(sql, params).rowcount

    def update_payload(self, timer_id: int, payload: dict[str, Any]) -> bool:
        with self.store.transaction() as conn:
            return conn.execute("UPDATE timers SET payload = ? WHERE id = ?",
                                (json.dumps(payload), timer_id)).rowcount == 1

    def delete_exact(self, timer: TimerRow) -> bool:
        """Delete this very timer, not a newer one that reused its id (SQLite reuses freed rowids)."""
        with self.store.transaction() as conn:
            return conn.execute(
                "DELETE FROM timers WHERE id = ? AND kind = ? AND due_at = ? AND created_at = ?",
                (timer.id, timer.kind, timer.due_at, timer.created_at),
            ).rowcount == 1

    def of_kind(self, kind: str) -> list[TimerRow]:
        """Every timer of one kind, earliest first (timers of no game, e.g. the lobby sweep)."""
        return self._select("kind = ?", [kind])

    def clear_kind(self, kind: str) -> int:
        with self.store.transaction() as conn:
            return conn.execute("DELETE FROM timers WHERE kind = ?", (kind,)).rowcount
