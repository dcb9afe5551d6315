"""Each player's clock (host/clocks.py) and away periods (host/away.py): the arithmetic, without Discord."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from host.away import parse_until, until_text, used_this_year
from host.clocks import DAY, HOUR, bank_of, clock_text, elapsed, overrun, parse_span, seat_clock
from host.refusal import Refusal
from storage.clocks import AwayRow

NOW = datetime(2027, 1, 28, 9, 0, tzinfo=timezone.utc).timestamp()  # a Thursday


def test_durations_are_read_and_anything_else_is_not():
    assert parse_span("3d") == 3 * DAY and parse_span("36h") == 36 * HOUR and parse_span("1w") == 7 * DAY
    assert parse_span("2d12h") == 2.5 * DAY and parse_span(" 90m ") == 90 * 60
    for bad in ("", "3", "tomorrow", "-3d", "3x", "2027-02-03"):
        assert parse_span(bad) is None


def test_the_bank_pays_the_overrun_and_away_time_does_not_count():
    # deadline 1d, bank 2d: at +30h the turn time is spent and 6h of the bank
    clock = seat_clock("p1", 0.0, DAY, 2 * DAY, [], 30 * HOUR)
    assert (clock.turn_left, clock.bank_left, clock.expiry) == (0.0, 42 * HOUR, 72 * HOUR)
    assert clock_text(clock, True, "en") == "turn time spent, now on the bank: 1d 18h left"
    assert clock_text(clock, True, "es") == "tiempo del turno agotado, ahora gasta la reserva: quedan 1 d 18 h"
    fresh = seat_clock("p1", 0.0, DAY, 2 * DAY, [], 20 * HOUR)
    assert clock_text(fresh, True, "en") == "4h left + 2d bank"
    assert clock_text(fresh, False, "en") == "4h left"
    # a turn ended at +30h took 6h from the bank; one ended in time took nothing; never more than is left
    assert overrun(0.0, 30 * HOUR, DAY, 2 * DAY, []) == 6 * HOUR
    assert overrun(0.0, 20 * HOUR, DAY, 2 * DAY, []) == 0.0
    assert overrun(0.0, 99 * HOUR, DAY, 2 * DAY, []) == 2 * DAY
    # away from +10h to +82h: the clock stood still meanwhile
    away = [(10 * HOUR, 82 * HOUR)]
    assert elapsed(0.0, 50 * HOUR, away) == 10 * HOUR
    assert seat_clock("p1", 0.0, DAY, 0.0, away, 50 * HOUR).expiry == 96 * HOUR
    assert overrun(0.0, 100 * HOUR, DAY, 2 * DAY, away) == 4 * HOUR


def test_bank_settings():
    assert bank_of({}) == 0.0 and bank_of({"bank": "none"}) == 0.0 and bank_of({"bank": "2d"}) == 2 * DAY
    assert bank_of({"bank": "forever"}) == 0.0


def test_away_until_a_duration_or_a_date_and_never_the_past():
    assert parse_until("3d", NOW) == NOW + 3 * DAY
    assert parse_until("2027-02-03", NOW) == datetime(2027, 2, 3, tzinfo=timezone.utc).timestamp()
    assert parse_until("2027-02-03T14:00", NOW) == datetime(2027, 2, 3, 14, tzinfo=timezone.utc).timestamp()
    for bad, key in (("soon", "away.refuse.bad_until"), ("2027-01-01", "away.refuse.past"),
                     ("2029-01-01", "away.refuse.too_far")):
        with pytest.raises(Refusal) as caught:
            parse_until(bad, NOW)
        assert caught.value.text.key == key


def test_the_return_date_reads_in_both_languages():
    monday = datetime(2027, 2, 1, tzinfo=timezone.utc).timestamp()
    assert until_text(monday, "en") == "Monday 1 Feb"
    assert until_text(monday, "es") == "lunes 1 feb"
    assert until_text(monday + 14 * HOUR + 30 * 60, "en") == "Monday 1 Feb, 14:30 UTC"


def test_the_allowance_counts_this_calendar_year_and_a_running_period_up_to_now():
    start = datetime(2027, 1, 1, tzinfo=timezone.utc).timestamp()
    periods = [AwayRow(1, 1, 1, start - 5 * DAY, start + 2 * DAY),  # 2 days of it in this year
               AwayRow(2, 1, 1, NOW - DAY, NOW + 5 * DAY)]  # running: 1 day so far
    assert used_this_year(periods, NOW) == 3 * DAY
