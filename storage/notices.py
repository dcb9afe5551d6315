"""Notices a game's thread is owed (`owed_notices`): a lobby text, an abandon, a seat handed to a bot, a deadline
setting changed, a holiday, a finished game's chart and replay.  A row is written before the first try of its
post and removed once Discord accepted it (cogs/notices.py), so a restart delivers what a refusal left owed.
Its nonce is the one every try of that post carries."""
from __future__ import annotations

from typing import Any, Optional

from pydantic import BaseModel

from .db import Store


class OwedNotice(BaseModel):
    id: int
    game_id: int
    channel_id: int
    nonce: str
    content: str = ""
    components: Optional[str] = None  # a named set of buttons, rebuilt when posted (cogs/notices.py)
    mention_ids: str = ""  # the users it pings, space-separated
    file_name: Optional[str] = None
    file_data: Optional[bytes] = None
    created_at: float


class NoticeStore:
    def __init__(self, store: Store):
        self.store = store

    def owe(self, game_id: int, channel_id: int, posts: list[dict[str, Any]], now: float) -> list[int]:
        """Notices owed to a game's thread, in this order (each a dict of `nonce`, `content`, and optionally
        `components`, `mention_ids` (a list), `file_name`, `file_data`); their ids, in the same order."""
        ids = []
        with self.store.transaction() as conn:
            for post in posts:
                cur = conn.execute(
                    "INSERT INTO owed_notices (game_id, channel_id, nonce, content, components, mention_ids, file_name,"
                    " file_data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, channel_id, post["nonce"], post.get("content") or "", post.get("components"),
                     " ".join(str(int(u)) for u in post.get("mention_ids") or ()), post.get("file_name"),
                     post.get("file_data"), now))
                ids.append(int(cur.lastrowid or 0))
        return ids

    def replace(self, game_id: int, notice_id: int, maker: str, posts: list[dict[str, Any]], now: float) -> list[int]:
        """A notice owed as what makes it (`components` naming its `maker`: a finished game's history, built later)
        becomes the posts it made, in one transaction (`owe`'s posts; their ids): never both owed, never neither.
        Returns [] when that row is gone (made and delivered meanwhile: nothing is owed twice; its id may be
        another row's since, hence the maker's name)."""
        with self.store.transaction() as conn:
            row = conn.execute("SELECT channel_id FROM owed_notices WHERE game_id = ? AND id = ? AND components = ?",
                               (game_id, notice_id, maker)).fetchone()
            if row is None:
                return []
            conn.execute("DELETE FROM owed_notices WHERE game_id = ? AND id = ?", (game_id, notice_id))
            return self.owe(game_id, int(row[0]), posts, now)

    def owed(self, game_id: int) -> list[OwedNotice]:
        """The game's notices still owed, oldest first."""
        cur = self.store.conn.execute("SELECT * FROM owed_notices WHERE game_id = ? ORDER BY id", (game_id,))
        cols = [c[0] for c in cur.description]
        return [OwedNotice.model_validate(dict(zip(cols, r))) for r in cur.fetchall()]

    def delivered(self, game_id: int, notice_ids: list[int]) -> int:
        """Notices Discord accepted (or refused for good: nothing more can be done for them)."""
        if not notice_ids:
            return 0
        marks = ",".join("?" * len(notice_ids))
        with self.store.transaction() as conn:
            return conn.execute(f"DELETE FROM owed_notices WHERE game_id = ? AND id IN ({marks})",
                                (game_id, *notice_ids)).rowcount

    def games_owing(self) -> list[int]:
        """Games with a notice still owed, the one owed longest first."""
        return [int(r[0]) for r in self.store.conn.execute(
            "SELECT game_id FROM owed_notices GROUP BY game_id ORDER BY MIN(id)")]

    def count(self) -> int:
        return int(self.store.conn.execute("SELECT COUNT(*) FROM owed_notices").fetchone()[0])


__all__ = ["NoticeStore", "OwedNotice"]
