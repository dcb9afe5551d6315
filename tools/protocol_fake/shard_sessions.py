"""Gateway sessions routed like Discord's, for a fake gateway with several shards (several bot processes).

Discord reads `shard: [id, count]` from each IDENTIFY; a count other than the bot's, or an id outside it,
is closed with 4010 (invalid shard).  A bot may start `max_concurrency` sessions per 5 s: shard `s` is in
bucket `s % max_concurrency`, and a second IDENTIFY in one bucket within 5 s is refused (closed with 4008,
rate limited).  Each guild's events and interactions go only to the session of its shard,
`(guild_id >> 22) % count`; events without a guild go to shard 0.

`ShardSessions` holds that state and answers the questions a fake gateway asks; it knows no transport (a
session is whatever object the gateway uses for a connection), so it is tested on its own and a gateway
adds it without changing how it sends frames.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

INVALID_SHARD = 4010
RATE_LIMITED = 4008
IDENTIFY_INTERVAL = 5.0


def shard_of(guild_id: Optional[int], count: int) -> int:
    return 0 if guild_id is None else (int(guild_id) >> 22) % count


def guilds_covering(count: int, per_shard: int = 1, base: int = 710_000) -> list[int]:
    """Snowflake-like guild ids whose high bits put `per_shard` of them on every shard of `count`."""
    ids = []
    for n in range(per_shard):
        for shard in range(count):
            high = (base + n) * count + shard
            ids.append((high << 22) | (4_000 + 97 * len(ids)))
    return ids


@dataclass
class ShardSessions:
    shard_count: int
    max_concurrency: int = 1
    clock: Callable[[], float] = field(default=lambda: 0.0)
    sessions: dict[int, Any] = field(default_factory=dict)  # shard id -> its connection
    identified: dict[int, float] = field(default_factory=dict)  # bucket -> time of its latest IDENTIFY
    refused: list[tuple[Any, int]] = field(default_factory=list)  # (shard field, close code)

    def identify(self, connection: Any, data: dict[str, Any]) -> Optional[int]:
        """Record an IDENTIFY's session; returns the close code that refuses it, or None (accepted)."""
        shard = data.get("shard") or [0, 1]
        try:
            shard_id, count = int(shard[0]), int(shard[1])
        except (TypeError, ValueError, IndexError):
            shard_id, count = -1, -1
        if count != self.shard_count or not 0 <= shard_id < count:
            self.refused.append((shard, INVALID_SHARD))
            return INVALID_SHARD
        bucket = shard_id % self.max_concurrency
        now = self.clock()
        last = self.identified.get(bucket)
        if last is not None and now - last < IDENTIFY_INTERVAL:
            self.refused.append((shard, RATE_LIMITED))
            return RATE_LIMITED
        self.identified[bucket] = now
        self.sessions[shard_id] = connection
        return None

    def closed(self, connection: Any) -> None:
        for shard_id in [s for s, c in self.sessions.items() if c == connection]:
            del self.sessions[shard_id]

    def shard_of_connection(self, connection: Any) -> Optional[int]:
        return next((s for s, c in self.sessions.items() if c == connection), None)

    def route(self, guild_id: Optional[int]) -> Optional[Any]:
        """The connection that receives this guild's events and interactions (None: its shard is not up)."""
        return self.sessions.get(shard_of(guild_id, self.shard_count))

    def guilds_of(self, connection: Any, guilds: list[int]) -> list[int]:
        """The guilds a session's READY lists: those of its shard."""
        shard = self.shard_of_connection(connection)
        return [g for g in guilds if shard is not None and shard_of(g, self.shard_count) == shard]


__all__ = ["IDENTIFY_INTERVAL", "INVALID_SHARD", "RATE_LIMITED", "ShardSessions", "guilds_covering", "shard_of"]
