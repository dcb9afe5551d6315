"""Seats beyond the lobby: invitations, followers and rematches (tables of migration `_m6_seats`)."""
from __future__ import annotations

from typing import Optional

from .db import Store


class SeatStore:
    def __init__(self, store: Store):
        self.store = store

    # ---- invitations: who may join a lobby (a private one admits only them) ----------------
    def invite(self, game_id: int, user_id: int, invited_by: int, now: float) -> bool:
        """Record an invitation; False when that member was invited to that game already."""
        with self.store.transaction() as conn:
            cur = conn.execute("INSERT OR IGNORE INTO invites (game_id, user_id, invited_by, at) VALUES (?, ?, ?, ?)",
                               (game_id, user_id, invited_by, now))
            return cur.rowcount == 1

    def invited(self, game_id: int, user_id: int) -> bool:
        return self.store.conn.execute("SELECT 1 FROM invites WHERE game_id = ? AND user_id = ?",
                                       (game_id, user_id)).fetchone() is not None

    def invitees(self, game_id: int) -> list[int]:
        return [r[0] for r in self.store.conn.execute("SELECT user_id FROM invites WHERE game_id = ? ORDER BY at, user_id",
                                                      (game_id,))]

    # ---- followers ---------------------------------------------------------------------------
    def follow(self, game_id: int, user_id: int, now: float, events: str = "rounds") -> bool:
        """Follow a game for `events` ("rounds" or "end"); False when already following it for those."""
        with self.store.transaction() as conn:
            row = conn.execute("SELECT events FROM follows WHERE game_id = ? AND user_id = ?",
                               (game_id, user_id)).fetchone()
            if row is not None and row[0] == events:
                return False
            conn.execute("INSERT OR REPLACE INTO follows (game_id, user_id, events, at) VALUES (?, ?, ?, ?)",
                         (game_id, user_id, events, now))
            return True

    def unfollow(self, game_id: int, user_id: int) -> bool:
        """Stop following; False when not following."""
        with self.store.transaction() as conn:
            return conn.execute("DELETE FROM follows WHERE game_id = ? AND user_id = ?",
                                (game_id, user_id)).rowcount == 1

    def followers(self, game_id: int, events: Optional[str] = None) -> list[int]:
        """Who follows the game (for `events` only, when given)."""
        sql, args = "SELECT user_id FROM follows WHERE game_id = ?", [game_id]
        if events is not None:
            sql += " AND events = ?"
            args.append(events)
        return [r[0] for r in self.store.conn.execute(sql + " ORDER BY at, user_id", args)]

    def advance_round(self, game_id: int, round_number: int) -> Optional[int]:
        """Remember that followers were told of `round_number`; returns the round they knew before when it is
        a later one (None: not later, or the first round seen, which is only remembered)."""
        with self.store.transaction() as conn:
            row = conn.execute("SELECT round FROM follow_rounds WHERE game_id = ?", (game_id,)).fetchone()
            if row is not None and round_number <= row[0]:
                return None
            conn.execute("INSERT OR REPLACE INTO follow_rounds (game_id, round) VALUES (?, ?)", (game_id, round_number))
            return None if row is None else int(row[0])

    # ---- rematches ---------------------------------------------------------------------------
    def claim_rematch(self, game_id: int, now: float, stale_after: float = 60.0) -> bool:
        """Take the right to open `game_id`'s rematch; False when it was taken (opened, or being opened).  A claim
        that made nothing within `stale_after` seconds (the process stopped half-way) is taken over."""
        with self.store.transaction() as conn:
            conn.execute("DELETE FROM rematches WHERE game_id = ? AND new_game_id IS NULL AND at < ?",
                         (game_id, now - stale_after))
            return conn.execute("INSERT OR IGNORE INTO rematches (game_id, new_game_id, at) VALUES (?, NULL, ?)",
                                (game_id, now)).rowcount == 1

    def set_rematch(self, game_id: int, new_game_id: Optional[int]) -> None:
        """The rematch opened (None: opening it failed, so the claim is dropped)."""
        with self.store.transaction() as conn:
            if new_game_id is None:
                conn.execute("DELETE FROM rematches WHERE game_id = ? AND new_game_id IS NULL", (game_id,))
            else:
                conn.execute("UPDATE rematches SET new_game_id = ? WHERE game_id = ?", (new_game_id, game_id))

    def rematch_of(self, game_id: int) -> Optional[int]:
        row = self.store.conn.execute("SELECT new_game_id FROM rematches WHERE game_id = ?", (game_id,)).fetchone()
        return None if row is None or row[0] is None else int(row[0])


__all__ = ["SeatStore"]
