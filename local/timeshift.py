"""`--now` for the local table: run the bot on a shifted clock.

`+36h`, `+2d`, `+90m`, `-1h`, `+1d12h` shift the real clock; an ISO time
(`2026-12-01T09:00`, `2026-12-01T09:00+01:00`; without a zone it is local
time) makes the bot believe it is that moment.  Either way the bot's clock keeps
ticking from there, so timers due by then fire at start-up, before the command.
"""
from __future__ import annotations

import re
import time
from datetime import datetime
from typing import Callable

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
_OFFSET = re.compile(r"^([+-])((?:[0-9]{1,9}(?:\.[0-9]{1,6})?[smhdw]){1,5})$")  # ASCII digits, bounded
_PART = re.compile(r"([0-9]{1,9}(?:\.[0-9]{1,6})?)([smhdw])")
MAX_SHIFT = 100 * 365 * 86400  # a century either way


def parse_offset(text: str, real: Callable[[], float] = time.time) -> float:
    """Seconds between the real clock and the wanted `now`; ValueError with a readable reason."""
    raw = (text or "").strip().lower().replace(" ", "")
    m = _OFFSET.match(raw)
    if m:
        seconds = sum(float(n) * UNITS[u] for n, u in _PART.findall(m.group(2)))
        if seconds > MAX_SHIFT:
            raise ValueError(f"--now shifts the clock by at most a century; not {text[:40]!r}")
        return seconds if m.group(1) == "+" else -seconds
    try:
        when = datetime.fromisoformat((text or "").strip())
    except ValueError:
        raise ValueError(f"--now takes an ISO time (2026-12-01T09:00) or an offset such as +36h, +2d, +90m;"
                         f" not {text[:40]!r}") from None
    return when.timestamp() - real()


def shifted_clock(text: str, real: Callable[[], float] = time.time) -> Callable[[], float]:
    offset = parse_offset(text, real)
    return lambda: real() + offset


__all__ = ["parse_offset", "shifted_clock"]
