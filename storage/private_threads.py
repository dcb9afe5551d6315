"""Private threads of `/game me private-thread:on`: one per player and game (`private_threads`), with a digest
of the private information the thread last showed (`shown`), so it is posted to only when that changes."""
from __future__ import annotations

from typing import Optional

from pydantic import BaseModel

from .db import Store


class PrivateThreadRow(BaseModel):
    game_id: int
    user_id: int
    thread_id: int
    shown: Optional[str] = None
    message_id: Optional[int] = None  # the latest post of the player's view
    buttons: bool = False  # whether that post carries moves
    created_at: float


class PrivateThreadStore:
    def __init__(self, store: Store):
        self.store = store

    def _rows(self, where: str, params: list) -> list[PrivateThreadRow]:
        cur = self.store.conn.execute(f"SELECT * FROM private_threads WHERE {where} ORDER BY user_id", params)
        cols = [c[0] for c in cur.description]
        return [PrivateThreadRow.model_validate(dict(zip(cols, r))) for r in cur.fetchall()]

    def get(self, game_id: int, user_id: int) -> Optional[PrivateThreadRow]:
        found = self._rows("game_id = ? AND user_id = ?", [game_id, user_id])
        return found[0] if found else None

    def game_of(self, thread_id: int) -> Optional[int]:
        """The game a private thread belongs to (None: it is no player's private thread)."""
        row = self.store.conn.execute("SELECT game_id FROM private_threads WHERE thread_id = ? LIMIT 1",
                                      (thread_id,)).fetchone()
        return int(row[0]) if row else None

    def for_game(self, game_id: int) -> list[PrivateThreadRow]:
        return self._rows("game_id = ?", [game_id])

    def put(self, game_id: int, user_id: int, thread_id: int, now: float) -> None:
        with self.store.transaction() as conn:
            conn.execute(
                "INSERT INTO private_threads (game_id, user_id, thread_id, created_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET thread_id = excluded.thread_id, shown = NULL,"
                " message_id = NULL, buttons = 0",
                (game_id, user_id, thread_id, now),
            )

    def set_shown(self, game_id: int, user_id: int, shown: str, message_id: Optional[int] = None,
                  buttons: bool = False) -> None:
        """What the thread's latest post shows: the digest of the private information, the post, and whether it
        carries moves."""
        with self.store.transaction() as conn:
            conn.execute("UPDATE private_threads SET shown = ?, message_id = ?, buttons = ? WHERE game_id = ?"
                         " AND user_id = ?", (shown, message_id, int(buttons), game_id, user_id))

    def remove(self, game_id: int, user_id: Optional[int] = None) -> int:
        """Stop one player's thread (or, with no `user_id`, every thread of the game)."""
        sql, params = "DELETE FROM private_threads WHERE game_id = ?", [game_id]
        if user_id is not None:
            sql += " AND user_id = ?"
            params.append(user_id)
        with self.store.transaction() as conn:
            return conn.execute(sql, params).rowcount


__all__ = ["PrivateThreadRow", "PrivateThreadStore"]
