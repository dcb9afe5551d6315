"""What waits on a player (`/game waiting` and the daily digest DM of `/game notify digest:daily`).

`waiting_lines` says, for each running game whose current decision is the player's, the longest waiting
first: the game, how long it has waited, the time left before its deadline and a link to its thread.  The
digest is one timer per user in the timers table (kind `digest.daily`, payload `{"user_id"}`), planned a day
ahead whenever it fires (cogs/waiting_cog.py sends the DM) and re-armed at start-up if a crash lost it, so it
survives restarts.
"""
from __future__ import annotations

from typing import Callable, Optional

from storage import GameRow
from storage.routed import waiting_of
from storage.waiting import DIGEST_KIND, Waiting

from .clocks import span
from .i18n import t, tm
from .scheduler import Scheduler
from .tables import TableService, game_title

DAY = 86400.0
DIGEST = DIGEST_KIND
DIGEST_EVERY = ("daily", "off")  # the choices of `/game notify digest:`
MAX_LINES = 20  # games listed in one reply or DM; the rest are counted


def thread_link(game: GameRow) -> str:
    """A link to the game's thread that works from anywhere (a direct message too)."""
    return f"https://discord.com/channels/{game.guild_id}/{game.post_channel_id}"


def thread_mention(game: GameRow) -> str:
    """The game's thread as a mention (a link within its own server)."""
    return f"<#{game.post_channel_id}>"


def waiting_line(entry: Waiting, locale: str, now: float, link: Callable[[GameRow], str]) -> str:
    title = tm(game_title(entry.game), locale)
    waited = span(max(0.0, now - entry.since), locale)
    if entry.deadline is None:
        return t("waiting.line.no_deadline", locale, title=title, waited=waited, link=link(entry.game))
    return t("waiting.line", locale, title=title, waited=waited, left=span(max(0.0, entry.deadline - now), locale),
             link=link(entry.game))


def waiting_lines(entries: list[Waiting], locale: str, now: float, link: Callable[[GameRow], str],
                  limit: int = MAX_LINES) -> list[str]:
    """One line per game (at most `limit`, then how many more)."""
    lines = [waiting_line(e, locale, now, link) for e in entries[:limit]]
    if len(entries) > limit:
        lines.append(t("waiting.more", locale, n=len(entries) - limit))
    return lines


def next_digest(due: float, now: float) -> float:
    """The digest's next time: a day after `due`, skipping the days the bot was away (one DM, never a burst)."""
    nxt = due + DAY
    if nxt <= now:
        nxt += DAY * (int((now - nxt) // DAY) + 1)
    return nxt


class DigestPlanner:
    """Turns a user's digest on or off and keeps its one timer."""

    def __init__(self, service: TableService, scheduler: Scheduler):
        self.service = service
        self.scheduler = scheduler
        self.store = waiting_of(service.store)

    def waiting(self, user_id: int, guild_id: Optional[int]) -> list[Waiting]:
        return self.store.waiting_for(user_id, guild_id)

    def set(self, user_id: int, every: str) -> Optional[float]:
        """`every` "daily": on, the first digest a day from now (returned); "off": off (None)."""
        now = self.service.clock()
        self.store.clear_digest_timers(user_id)
        if every == "off":
            self.store.set_digest(user_id, None, now)
            return None
        self.store.set_digest(user_id, every, now)
        due = now + DAY
        self.scheduler.add(DIGEST, due, payload={"user_id": user_id})
        return due

    def plan_next(self, user_id: int, due: float) -> Optional[float]:
        """After a digest fired: the next one, while the user still wants it."""
        if self.store.digest(user_id) is None:
            return None
        self.store.clear_digest_timers(user_id)
        nxt = next_digest(due, self.service.clock())
        self.scheduler.add(DIGEST, nxt, payload={"user_id": user_id})
        return nxt

    def heal(self) -> list[int]:
        """Start-up: a user whose digest is on but has no timer (lost to a crash) gets one, a day from now."""
        users = self.store.users_missing_digest()
        now = self.service.clock()
        for user_id in users:
            self.scheduler.add(DIGEST, now + DAY, payload={"user_id": user_id})
        return users


__all__ = ["DAY", "DIGEST", "DIGEST_EVERY", "DigestPlanner", "next_digest", "thread_link", "thread_mention",
           "waiting_line", "waiting_lines"]
