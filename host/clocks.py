"""Each player's clock: the turn deadline, the time bank behind it, and the time they were away.

A seat's turn clock runs from when its decision began (`since`, host/deadlines.py) except while its player is
away (`/game away`, host/away.py): its *elapsed* time is the time since then, less every away period in it.
The turn deadline (`deadline` setting) is spent first; then the seat's bank (`bank` setting: the same amount
for every seat at the start, spent across the game) pays the overrun; when both are gone the expiry policy
applies.  A seat's bank is charged when its turn ends (`overrun`), so what stands in `time_banks` is what is
already spent.  Pure arithmetic here; the storage is storage/clocks.py.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable, Optional

from .i18n import t

HOUR = 3600.0
DAY = 24 * HOUR
BANKS: dict[str, Optional[float]] = {
    "none": None, "12h": 12 * HOUR, "1d": DAY, "2d": 2 * DAY, "3d": 3 * DAY, "5d": 5 * DAY, "7d": 7 * DAY,
}
DEFAULT_BANK = "none"
UNITS = {"m": 60.0, "min": 60.0, "h": HOUR, "d": DAY, "w": 7 * DAY}
_SPAN = re.compile(r"^(?:\d{1,4}(?:min|[mhdw]))+$")
_PART = re.compile(r"(\d{1,4})(min|[mhdw])")

Period = tuple[float, float]  # (start, end) of an away period


def bank_key(settings: dict[str, Any]) -> str:
    value = str(settings.get("bank", DEFAULT_BANK))
    return value if value in BANKS else DEFAULT_BANK


def bank_of(settings: dict[str, Any]) -> float:
    """Seconds of bank each seat starts the game with (0: no bank)."""
    return BANKS[bank_key(settings)] or 0.0


def parse_span(text: str) -> Optional[float]:
    """'3d', '36h', '2d12h', '1w', '90m' as seconds; None when it is not such a duration."""
    raw = (text or "").strip().lower().replace(" ", "")
    if not _SPAN.match(raw):
        return None
    return sum(int(n) * UNITS[u] for n, u in _PART.findall(raw))


def away_within(periods: Iterable[Period], start: float, end: float = float("inf")) -> float:
    """How much of [start, end) the player was (or will be) away."""
    return sum(max(0.0, min(p_end, end) - max(p_start, start)) for p_start, p_end in periods)


def elapsed(since: float, at: float, periods: Iterable[Period]) -> float:
    """The seat's turn time from `since` to `at`, away periods left out."""
    return max(0.0, (at - since) - away_within(periods, since, at))


@dataclass(frozen=True)
class SeatClock:
    """One waiting seat's clock at some moment."""

    seat: str
    turn_left: float  # of the turn deadline
    bank_left: float  # of the bank, after what this turn already took from it
    expiry: float  # when the turn and the bank are both spent (away periods known so far included)


def seat_clock(seat: str, since: float, seconds: float, bank_left: float, periods: list[Period],
               now: float) -> SeatClock:
    spent = elapsed(since, now, periods)
    over = max(0.0, spent - seconds)
    return SeatClock(seat, max(0.0, seconds - spent), max(0.0, bank_left - over),
                     since + seconds + bank_left + away_within(periods, since))


def overrun(since: float, ended: float, seconds: float, bank_left: float, periods: list[Period]) -> float:
    """What a turn that began at `since` and ended at `ended` takes from the seat's bank."""
    return min(max(0.0, bank_left), max(0.0, elapsed(since, ended, periods) - seconds))


def span(seconds: float, locale: str) -> str:
    """A rough duration for people: '2d 3h', '5h', '45 min'."""
    minutes = max(0, int(round(seconds / 60)))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return t("deadline.span.dh", locale, d=days, h=hours) if hours else t("deadline.span.d", locale, d=days)
    if hours:
        return t("deadline.span.h", locale, h=hours)
    return t("deadline.span.m", locale, m=mins)


def clock_text(clock: SeatClock, has_bank: bool, locale: str) -> str:
    """'1d 4h left + 2d bank', 'in bank time: 1d 18h left', '5h left'."""
    if not has_bank:
        return t("clock.left", locale, left=span(clock.turn_left, locale))
    if clock.bank_left < 60:
        return t("clock.left_spent", locale, left=span(clock.turn_left, locale))
    if clock.turn_left <= 0:
        return t("clock.in_bank", locale, bank=span(clock.bank_left, locale))
    return t("clock.left_bank", locale, left=span(clock.turn_left, locale), bank=span(clock.bank_left, locale))


__all__ = ["BANKS", "DEFAULT_BANK", "SeatClock", "away_within", "bank_key", "bank_of", "clock_text", "elapsed",
           "overrun", "parse_span", "seat_clock", "span"]
