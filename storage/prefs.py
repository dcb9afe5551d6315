"""Turn notifications: the per-seat opt-in (`seats.notify`); the per-seat wish to be passed for (`seats.autopass`,
`/eclipse autopass`); and what we learnt about a user's DMs
(`user_prefs.dm_closed`, remembered until the user runs `/game notify` again) and language
(`user_prefs.locale`, from their latest interaction: a DM has no interaction to read it from)."""
from __future__ import annotations

from typing import Optional

from .db import Store


class PrefsStore:
    def __init__(self, store: Store):
        self.store = store

    # ---- seats.notify --------------------------------------------------------
    def set_notify(self, game_id: int, user_id: int, on: bool) -> bool:
        """Turn DMs on or off for the user's seat in one game; False when they have no seat there."""
        with self.store.transaction() as conn:
            cur = conn.execute("UPDATE seats SET notify = ? WHERE game_id = ? AND user_id = ?",
                               (int(on), game_id, user_id))
            return cur.rowcount == 1

    def notify(self, game_id: int, user_id: int) -> bool:
        row = self.store.conn.execute("SELECT notify FROM seats WHERE game_id = ? AND user_id = ?",
                                      (game_id, user_id)).fetchone()
        return bool(row and row[0])

    # ---- seats.autopass ------------------------------------------------------
    def set_autopass(self, game_id: int, user_id: int, on: bool) -> bool:
        """Let the host pass for the user's seat in one game where the game offers it (Eclipse's reactions
        after passing), or stop it; False when they have no seat there."""
        with self.store.transaction() as conn:
            cur = conn.execute("UPDATE seats SET autopass = ? WHERE game_id = ? AND user_id = ?",
                               (int(on), game_id, user_id))
            return cur.rowcount == 1

    # ---- user_prefs ------------------------------------------------------------
    def dm_closed(self, user_id: int) -> bool:
        row = self.store.conn.execute("SELECT dm_closed FROM user_prefs WHERE user_id = ?", (user_id,)).fetchone()
        return bool(row and row[0])

    def set_dm_closed(self, user_id: int, closed: bool, now: float) -> None:
        with self.store.transaction() as conn:
            conn.execute(
                "INSERT INTO user_prefs (user_id, dm_closed, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_closed = excluded.dm_closed, updated_at = excluded.updated_at",
                (user_id, int(closed), now),
            )

    def updated_at(self, user_id: int) -> Optional[float]:
        """When the user's preferences row was last written (None: no row)."""
        row = self.store.conn.execute("SELECT updated_at FROM user_prefs WHERE user_id = ?", (user_id,)).fetchone()
        return float(row[0]) if row else None

    def locale(self, user_id: int) -> Optional[str]:
        row = self.store.conn.execute("SELECT locale FROM user_prefs WHERE user_id = ?", (user_id,)).fetchone()
        return row[0] if row and row[0] else None

    def remember_locale(self, user_id: int, locale: str, now: float) -> bool:
        """Keep the language of the user's latest interaction (for DMs, sent outside any interaction).

        Writes only when it changed; True when it did."""
        if not locale or self.locale(user_id) == locale:
            return False
        with self.store.transaction() as conn:
            conn.execute(
                "INSERT INTO user_prefs (user_id, locale, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, updated_at = excluded.updated_at",
                (user_id, locale, now),
            )
        return True


__all__ = ["PrefsStore"]
