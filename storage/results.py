"""Reading finished games' results for statistics and ratings (written by `GameStore.record_move`)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Optional

from .db import Store


@dataclass(frozen=True)
class FinishedResult:
    """One seat's result in a finished game, with what the game was played with."""

    game_id: int
    game_key: str
    seat: str
    user_id: Optional[int]
    score: Optional[int]
    rank: Optional[int]
    won: bool
    is_bot: bool
    finished_at: float
    rated: bool
    options: dict[str, Any]


class ResultStore:
    def __init__(self, store: Store):
        self.store = store

    def finished(self, guild_id: Optional[int], game_key: Optional[str] = None) -> list[FinishedResult]:
        """Every seat's result of the finished games of a server (all servers: None), optionally of one game."""
        sql = ("SELECT r.game_id, r.game_key, r.seat, r.user_id, r.score, r.rank, r.won, r.is_bot, r.finished_at,"
               " g.rated, g.options FROM results r JOIN games g ON g.id = r.game_id WHERE g.status = 'finished'")
        args: list[Any] = []
        if guild_id is not None:
            sql += " AND r.guild_id = ?"
            args.append(guild_id)
        if game_key is not None:
            sql += " AND r.game_key = ?"
            args.append(game_key)
        return [FinishedResult(gid, key, seat, uid, score, rank, bool(won), bool(bot), at, bool(rated),
                               json.loads(options or "{}") or {})
                for (gid, key, seat, uid, score, rank, won, bot, at, rated, options)
                in self.store.conn.execute(sql, args)]

    def latest_names(self, user_ids: list[int]) -> dict[int, str]:
        """The name each user last sat down with (their id as text when they never sat)."""
        out: dict[int, str] = {}
        for uid in user_ids:
            row = self.store.conn.execute("SELECT name FROM seats WHERE user_id = ? ORDER BY joined_at DESC LIMIT 1",
                                          (uid,)).fetchone()
            out[uid] = row[0] if row else str(uid)
        return out


__all__ = ["FinishedResult", "ResultStore"]
