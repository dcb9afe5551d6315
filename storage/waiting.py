"""What waits on a player: the running games whose current decision is theirs, and the daily digest's
preference (`user_prefs.digest`) and its timer (kind `digest.daily`, one per user, payload `{"user_id"}`)."""
from __future__ import annotations

from typing import Optional

from pydantic import BaseModel

from .db import Store
from .models import GameRow

DIGEST_KIND = "digest.daily"


class Waiting(BaseModel):
    """One game waiting for a player's decision: the seat, since when it waits (the turn's start the deadline
    counts from, else the game's latest change) and the deadline (None: no deadline)."""

    game: GameRow
    seat: str
    since: float
    deadline: Optional[float] = None


class WaitingStore:
    def __init__(self, store: Store):
        self.store = store

    def waiting_for(self, user_id: int, guild_id: Optional[int] = None) -> list[Waiting]:
        """Running games (of one server, or of every server when `guild_id` is None) where the user's seat is
        among those to act, the longest waiting first."""
        sql = (
            "SELECT g.*, s.position AS _position, ("
            "  SELECT json_extract(t.payload, '$.since.p' || s.position) FROM timers t"
            "  WHERE t.game_id = g.id AND t.kind = 'deadline.expire' ORDER BY t.id DESC LIMIT 1) AS _since"
            " FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE g.status = 'active' AND s.user_id = ? AND s.is_bot = 0"
            " AND EXISTS (SELECT 1 FROM json_each(g.to_act) WHERE json_each.value = 'p' || s.position)"
        )
        params: list = [user_id]
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params.append(guild_id)
        cur = self.store.conn.execute(sql, params)
        cols = [c[0] for c in cur.description]
        out = []
        for raw in cur.fetchall():
            row = dict(zip(cols, raw))
            position, since = row.pop("_position"), row.pop("_since")
            game = GameRow.from_row(row)
            out.append(Waiting(game=game, seat=f"p{position}", since=float(since if since is not None
                                                                              else game.updated_at),
                               deadline=game.deadline))
        out.sort(key=lambda w: (w.since, w.game.id))
        return out

    # ---- the daily digest ------------------------------------------------------------
    def digest(self, user_id: int) -> Optional[str]:
        row = self.store.conn.execute("SELECT digest FROM user_prefs WHERE user_id = ?", (user_id,)).fetchone()
        return row[0] if row and row[0] else None

    def set_digest(self, user_id: int, every: Optional[str], now: float) -> None:
        """`every` is "daily" (on) or None (off)."""
        with self.store.transaction() as conn:
            conn.execute(
                "INSERT INTO user_prefs (user_id, digest, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET digest = excluded.digest, updated_at = excluded.updated_at",
                (user_id, every, now),
            )

    def clear_digest_timers(self, user_id: int) -> int:
        with self.store.transaction() as conn:
            return conn.execute("DELETE FROM timers WHERE kind = ? AND json_extract(payload, '$.user_id') = ?",
                                (DIGEST_KIND, user_id)).rowcount

    def digest_timer_due(self, user_id: int) -> Optional[float]:
        row = self.store.conn.execute(
            "SELECT MIN(due_at) FROM timers WHERE kind = ? AND json_extract(payload, '$.user_id') = ?",
            (DIGEST_KIND, user_id)).fetchone()
        return row[0] if row else None

    def users_missing_digest(self) -> list[int]:
        """Users with the digest on and no digest timer (a crash between firing one and planning the next)."""
        return [r[0] for r in self.store.conn.execute(
            "SELECT user_id FROM user_prefs p WHERE digest IS NOT NULL AND NOT EXISTS (SELECT 1 FROM timers t"
            " WHERE t.kind = ? AND json_extract(t.payload, '$.user_id') = p.user_id) ORDER BY user_id",
            (DIGEST_KIND,))]



__all__ = ["DIGEST_KIND", "Waiting", "WaitingStore"]
