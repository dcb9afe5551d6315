"""Players' clocks: the time each seat of a game has spent from its bank (`time_banks`) and the periods a
member of a server is away (`away`).  What they mean for deadlines is host/clocks.py and host/away.py."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .db import Store


@dataclass(frozen=True)
class AwayRow:
    id: int
    guild_id: int
    user_id: int
    start_at: float
    until_at: float


class BankStore:
    def __init__(self, store: Store):
        self.store = store

    def used(self, game_id: int) -> dict[str, float]:
        """Seconds of its bank each seat of the game has spent (a seat missing spent none)."""
        rows = self.store.conn.execute("SELECT seat, used FROM time_banks WHERE game_id = ?", (game_id,))
        return {str(seat): float(used) for seat, used in rows}

    def spend(self, game_id: int, spent: dict[str, float]) -> None:
        """Add `spent` seconds to each seat's spent bank, in one transaction."""
        if not spent:
            return
        with self.store.transaction() as conn:
            for seat, seconds in spent.items():
                conn.execute("INSERT INTO time_banks (game_id, seat, used) VALUES (?, ?, ?) ON CONFLICT (game_id, seat)"
                             " DO UPDATE SET used = used + excluded.used", (game_id, seat, float(seconds)))


class AwayStore:
    def __init__(self, store: Store):
        self.store = store

    @staticmethod
    def _row(row: tuple) -> AwayRow:
        return AwayRow(int(row[0]), int(row[1]), int(row[2]), float(row[3]), float(row[4]))

    def periods(self, guild_id: int, user_id: int, *, ending_after: float = float("-inf")) -> list[AwayRow]:
        """The user's away periods in this server that end after `ending_after`, oldest first."""
        rows = self.store.conn.execute(
            "SELECT id, guild_id, user_id, start_at, until_at FROM away WHERE guild_id = ? AND user_id = ?"
            " AND until_at > ? ORDER BY start_at, id", (guild_id, user_id, ending_after))
        return [self._row(r) for r in rows]

    def current(self, guild_id: int, user_id: int, now: float) -> Optional[AwayRow]:
        """The period the user is away in right now (None: not away)."""
        return next((p for p in self.periods(guild_id, user_id, ending_after=now) if p.start_at <= now), None)

    def start(self, guild_id: int, user_id: int, start_at: float, until_at: float) -> AwayRow:
        """Away from `start_at` to `until_at`; a period still running is cut at `start_at` first (one at a time)."""
        with self.store.transaction() as conn:
            conn.execute("UPDATE away SET until_at = ? WHERE guild_id = ? AND user_id = ? AND start_at <= ?"
                         " AND until_at > ?", (start_at, guild_id, user_id, start_at, start_at))
            cur = conn.execute("INSERT INTO away (guild_id, user_id, start_at, until_at) VALUES (?, ?, ?, ?)",
                               (guild_id, user_id, start_at, until_at))
            return AwayRow(int(cur.lastrowid), guild_id, user_id, start_at, until_at)

    def end(self, guild_id: int, user_id: int, now: float) -> bool:
        """Back early: the running period ends now; False when the user was not away."""
        with self.store.transaction() as conn:
            cur = conn.execute("UPDATE away SET until_at = ? WHERE guild_id = ? AND user_id = ? AND start_at <= ?"
                               " AND until_at > ?", (now, guild_id, user_id, now, now))
            return cur.rowcount > 0


__all__ = ["AwayRow", "AwayStore", "BankStore"]
