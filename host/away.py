"""Holidays: `/game away until:<date or duration>` and `/game back`.

While a member is away, the turn clocks of all their games in that server stand still (host/clocks.py), so no
deadline runs out and no bot plays their turn; other players' and bots' clocks carry on.  Each member has an
allowance per server and calendar year (AWAY_DAYS_PER_YEAR, default 21 days), counted by the time actually
spent away (coming back early gives the rest back).  The periods live in the `away` table (storage/clocks.py).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from storage.clocks import AwayRow
from storage.routed import away_of

from .clocks import DAY, parse_span
from .i18n import t
from .limits import quote
from .refusal import Refusal
from .tables import Table, TableService

MAX_AHEAD = 366 * DAY  # an away date further than this is surely a typo


def parse_until(text: str, now: float) -> float:
    """`3d`, `36h`, `1w`, `2026-02-03` (the start of that day, UTC) or `2026-02-03T14:00` (UTC without a zone)."""
    raw = (text or "").strip()
    seconds = parse_span(raw)
    if seconds is not None:
        until = now + seconds
    else:
        try:
            when = datetime.fromisoformat(raw)
        except ValueError:
            raise Refusal("away.refuse.bad_until", text=quote(raw)) from None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        until = when.timestamp()
    if until <= now:
        raise Refusal("away.refuse.past", text=quote(raw))
    if until - now > MAX_AHEAD:
        raise Refusal("away.refuse.too_far", text=quote(raw))
    return until


def year_span(now: float) -> tuple[float, float]:
    """The calendar year (UTC) around `now`, as timestamps."""
    year = datetime.fromtimestamp(now, timezone.utc).year
    start = datetime(year, 1, 1, tzinfo=timezone.utc).timestamp()
    return start, datetime(year + 1, 1, 1, tzinfo=timezone.utc).timestamp()


def used_this_year(periods: list[AwayRow], now: float) -> float:
    """Seconds of this calendar year spent away, a running period counted up to `now` only."""
    start, end = year_span(now)
    return sum(max(0.0, min(p.until_at, now, end) - max(p.start_at, start)) for p in periods)


def until_text(when: float, locale: str) -> str:
    """'Monday 3 Feb' ('lunes 3 feb'), with the time ('Monday 3 Feb, 14:00 UTC') unless it is midnight UTC."""
    moment = datetime.fromtimestamp(when, timezone.utc)
    day = t("away.date", locale, weekday=t(f"away.weekday.{moment.weekday()}", locale), day=moment.day,
            month=t(f"away.month.{moment.month}", locale))
    if moment.hour or moment.minute:
        return t("away.date_time", locale, date=day, time=f"{moment.hour:02d}:{moment.minute:02d}")
    return day


class Holidays:
    """The away periods of the members of a server, and the games they touch (no Discord here)."""

    def __init__(self, service: TableService):
        self.service = service
        self.store = away_of(service.store)

    @property
    def allowance(self) -> float:
        return self.service.limits.away_days_per_year * DAY

    def current(self, guild_id: int, user_id: int) -> Optional[AwayRow]:
        return self.store.current(guild_id, user_id, self.service.clock())

    def games_of(self, guild_id: int, user_id: int) -> list[Table]:
        """The running games of this server where the user holds a seat."""
        rows = self.service.games.find(guild_id=guild_id, user_id=user_id, statuses=("active",), limit=1000)
        return [self.service.table(g.id) for g in rows]

    def go_away(self, guild_id: Optional[int], user_id: int, text: str) -> tuple[AwayRow, list[Table]]:
        """Start (or change) the user's away period; refused past the year's allowance.  Returns the period
        and the running games it touches."""
        if guild_id is None:
            raise Refusal("host.refuse.dm_only")
        now = self.service.clock()
        until = parse_until(text, now)
        year_start, year_end = year_span(now)
        used = used_this_year(self.store.periods(guild_id, user_id, ending_after=year_start), now)
        wanted = min(until, year_end) - now  # the days of next year count against next year's allowance
        if wanted > self.allowance - used + 60:  # a minute's grace: "3d" asked at 11:59 is still 3 days
            left = max(0.0, self.allowance - used) / DAY
            raise Refusal("away.refuse.allowance", days=int(left + 0.001), per_year=int(self.allowance / DAY))
        row = self.store.start(guild_id, user_id, now, until)
        return row, self.games_of(guild_id, user_id)

    def come_back(self, guild_id: Optional[int], user_id: int) -> list[Table]:
        """End the user's away period now; refused when they are not away.  Returns the games it touched."""
        if guild_id is None:
            raise Refusal("host.refuse.dm_only")
        if not self.store.end(guild_id, user_id, self.service.clock()):
            raise Refusal("away.refuse.not_away")
        return self.games_of(guild_id, user_id)

    def days_left(self, guild_id: int, user_id: int) -> float:
        now = self.service.clock()
        used = used_this_year(self.store.periods(guild_id, user_id, ending_after=year_span(now)[0]), now)
        return max(0.0, self.allowance - used) / DAY


__all__ = ["Holidays", "parse_until", "until_text", "used_this_year", "year_span"]
