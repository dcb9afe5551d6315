"""Faults the local table injects into the bot's message writes: ``bot.py local --faults SPEC``.

A SPEC is one or more bursts separated by commas, each ``KIND[xN][/EVERY]``: the next N requests that write a
message (a post or an edit in a channel or thread; interaction answers are not touched) fail as KIND; with
``/EVERY`` the burst comes again every EVERY writes (a long run, the sweep).  Kinds:

===============  ===========================================================================================
``503``          503 Service Unavailable (discord.py raises it at once: it retries only 500, 502, 504, 524)
``500`` ``502``  a 5xx discord.py retries itself (up to 5 tries, each one taking a write of the burst)
``504``
``5xx``          500, 502, 503, 504 in turn
``429``          429 with ``Via`` (Discord's own answer, scope ``user``): discord.py waits ``retry_after``
                 and retries (up to 5 tries)
``429-scope``    the same with ``X-RateLimit-Scope: shared`` (a limit shared with other bots)
``429-novia``    429 without ``Via``, as Cloudflare blocks answer: discord.py raises it at once
``net``          the connection drops before Discord saw the request (no message made)
``lost``         Discord made the message but the answer was lost (the connection dropped after it)
===============  ===========================================================================================

``503x6`` is six 503s in a row; ``5xx x3/25`` (written ``5xxx3/25``) three 5xx every 25 writes.  The
injected faults are counted (``Faults.injected``), apart from the ledger's refusals (which count what the bot
itself did wrong).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Optional

import aiohttp
import discord

from .errors import FakeResponse

__all__ = ["Burst", "Faults", "FaultSpecError", "KINDS", "WRITES", "parse_faults", "raise_fault",
           "retried_by_discordpy"]

KINDS = ("503", "500", "502", "504", "5xx", "429", "429-scope", "429-novia", "net", "lost")
#: (method, route path) of the requests that write a message.
WRITES = frozenset({("POST", "/channels/{channel_id}/messages"),
                    ("PATCH", "/channels/{channel_id}/messages/{message_id}")})
RETRY_AFTER = 0.25  # seconds a faked 429 asks to wait (small: the local table waits it for real)
RETRIED_5XX = frozenset({500, 502, 504, 524})  # what discord.py tries again by itself
TRIES = 5  # discord.py's tries per request

_BURST = re.compile(r"^(?P<kind>5xx|503|500|502|504|429-scope|429-novia|429|net|lost)"
                    r"(?:x(?P<n>\d{1,4}))?(?:/(?P<every>\d{1,6}))?$")


class FaultSpecError(ValueError):
    """A --faults SPEC the table does not understand (the message says what it takes)."""


@dataclass
class Burst:
    kind: str
    count: int = 1
    every: Optional[int] = None  # repeat every this many writes (None: once)
    start: int = 0  # the write the burst begins at

    def hits(self, write: int) -> bool:
        """Whether write number `write` (0-based, counted since the table started) falls in this burst."""
        if write < self.start:
            return False
        offset = write - self.start
        if self.every:
            offset %= self.every
        return offset < self.count


def parse_faults(spec: str) -> list[Burst]:
    bursts: list[Burst] = []
    start = 0
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        found = _BURST.match(part.lower())
        if found is None:
            raise FaultSpecError(f"unknown fault {part!r}: write KIND[xN][/EVERY], KIND one of {', '.join(KINDS)}"
                                 " (e.g. 503x6, 429-novia, 5xxx3/25)")
        count = int(found.group("n") or 1)
        every = int(found.group("every")) if found.group("every") else None
        if count < 1 or (every is not None and every <= count):
            raise FaultSpecError(f"fault {part!r}: N must be at least 1 and EVERY larger than N")
        bursts.append(Burst(found.group("kind"), count, every, start))
        start += count  # bursts in a row: 503x2,429-novia is two 503s, then a 429 without Via
    return bursts


class Faults:
    """The bursts of a run and what they did: `next_fault(route)` is asked before every request."""

    def __init__(self, spec: str = ""):
        self.bursts = parse_faults(spec) if spec else []
        self.writes = 0  # message writes seen
        self.injected: Counter[str] = Counter()
        self.surfaced = 0  # injected failures that reached the bot (discord.py's own retries did not absorb them)
        self._cycle = 0  # position in 5xx's 500, 502, 503, 504

    def __bool__(self) -> bool:
        return bool(self.bursts)

    def next_fault(self, method: str, path: str) -> Optional[str]:
        """The fault this request meets (None: it goes through).  Only message writes count."""
        if not self.bursts or (method, path) not in WRITES:
            return None
        write, self.writes = self.writes, self.writes + 1
        for burst in self.bursts:
            if burst.hits(write):
                kind = burst.kind
                if kind == "5xx":
                    kind = ("500", "502", "503", "504")[self._cycle % 4]
                    self._cycle += 1
                self.injected[kind] += 1
                return kind
        return None


def _error(status: int, body: dict[str, Any], headers: dict[str, str]) -> discord.HTTPException:
    response = FakeResponse(status, {429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway",
                                     503: "Service Unavailable", 504: "Gateway Timeout"}.get(status, "Error"))
    response.headers = headers
    if status >= 500:
        return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


def raise_fault(kind: str) -> discord.HTTPException | Exception:
    """The exception discord.py's HTTP client would raise for one failed try of this kind."""
    if kind in ("net", "lost"):
        return aiohttp.ServerDisconnectedError()
    if kind.startswith("429"):
        headers = {"Retry-After": str(RETRY_AFTER), "X-RateLimit-Scope": "shared" if kind == "429-scope" else "user"}
        if kind != "429-novia":
            headers["Via"] = "1.1 google"
        body = {"message": "You are being rate limited.", "retry_after": RETRY_AFTER,
                "global": False, "code": 0 if kind == "429-novia" else 20028}
        return _error(429, body, headers)
    return _error(int(kind), {"message": f"{kind}: upstream unavailable", "code": 0}, {})


def retried_by_discordpy(kind: str) -> Optional[float]:
    """Seconds discord.py waits before trying this fault's request again by itself (None: it raises)."""
    if kind in ("429", "429-scope"):
        return RETRY_AFTER
    if kind.isdigit() and int(kind) in RETRIED_5XX:
        return 0.0  # discord.py sleeps 1 + 2 * tries s; the local table does not make the run wait for it
    return None

