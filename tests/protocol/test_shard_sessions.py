"""The multi-session routing a fake gateway uses to behave like Discord with several shards."""
from __future__ import annotations

from tools.protocol_fake.shard_sessions import INVALID_SHARD, RATE_LIMITED, ShardSessions, guilds_covering, shard_of


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


def test_invalid_shards_are_closed_with_4010():
    sessions = ShardSessions(shard_count=4)
    assert sessions.identify("a", {"shard": [0, 2]}) == INVALID_SHARD  # a count other than the bot's
    assert sessions.identify("b", {"shard": [4, 4]}) == INVALID_SHARD
    assert sessions.identify("c", {"shard": "x"}) == INVALID_SHARD
    assert sessions.identify("d", {}) == INVALID_SHARD  # no shard field: one shard, but the bot has four
    assert sessions.sessions == {}


def test_one_identify_per_bucket_per_five_seconds():
    clock = Clock()
    sessions = ShardSessions(shard_count=4, max_concurrency=2, clock=clock)
    assert sessions.identify("s0", {"shard": [0, 4]}) is None
    assert sessions.identify("s1", {"shard": [1, 4]}) is None  # another bucket: at once
    assert sessions.identify("s2", {"shard": [2, 4]}) == RATE_LIMITED  # bucket 0 again within 5 s
    clock.now = 5.0
    assert sessions.identify("s2", {"shard": [2, 4]}) is None
    assert sorted(sessions.sessions) == [0, 1, 2]


def test_each_guild_goes_to_its_shards_session_and_guildless_events_to_shard_0():
    clock = Clock()
    sessions = ShardSessions(shard_count=4, max_concurrency=4, clock=clock)
    for shard in range(4):
        assert sessions.identify(f"conn{shard}", {"shard": [shard, 4]}) is None
    guilds = guilds_covering(4, per_shard=2)
    assert sorted(shard_of(g, 4) for g in guilds) == [0, 0, 1, 1, 2, 2, 3, 3]
    for guild in guilds:
        assert sessions.route(guild) == f"conn{(guild >> 22) % 4}"
    assert sessions.route(None) == "conn0"
    assert sessions.guilds_of("conn3", guilds) == [g for g in guilds if (g >> 22) % 4 == 3]
    sessions.closed("conn3")
    assert sessions.route(guilds[3]) is None and sessions.shard_of_connection("conn2") == 2
