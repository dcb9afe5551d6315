"""The cluster layout's rules and router: which partition a server is in, which a shard owns, new game ids."""
from __future__ import annotations

import pytest

from host.tables import TableService
from storage import GameStore, StoreError, open_store
from storage.partitions import Layout, Partitions, check_shards, owned_partitions, partition_of
from tests.ops.cluster_helpers import GUILDS, play_games


def test_a_server_is_in_the_partition_discord_would_give_its_shard():
    guild = 1_234_567_890_123_456_789
    assert partition_of(guild, 256) == (guild >> 22) % 256
    for shards in (1, 2, 4, 8, 16):  # a shard owning partition p receives exactly the servers stored there
        assert partition_of(guild, 256) % shards == (guild >> 22) % shards
    assert partition_of(None, 256) == 0


def test_shard_plans_must_own_whole_partitions():
    assert check_shards(256, 4, [0, 3]) is None
    assert "power of two" in check_shards(256, 3)
    assert "divide" in check_shards(16, 32)
    assert "outside" in check_shards(16, 4, [4])
    with pytest.raises(ValueError):
        owned_partitions(16, 4, [5])
    assert owned_partitions(16, 4, [1]) == [1, 5, 9, 13]
    every = sorted(p for s in range(8) for p in owned_partitions(256, 8, [s]))
    assert every == list(range(256))  # each partition has exactly one owner


def test_resharding_2_to_4_splits_each_owner_set_without_splitting_a_partition():
    for shard in range(4):
        assert set(owned_partitions(256, 4, [shard])) <= set(owned_partitions(256, 2, [shard % 2]))


def test_new_game_ids_carry_their_partition_and_stay_above_the_split(tmp_path):
    layout = Layout(tmp_path, 16, id_base=40)
    layout.save()
    store = layout.open_partition(5)
    try:
        games = GameStore(store)
        made = [games.create(game_key="wayfinders", guild_id=(5 << 22) + i, channel_id=1, creator_id=1,
                             creator_name="a", options={}, settings={}, seed=1, now=1.0).id for i in range(3)]
    finally:
        store.close()
    assert made == [53, 69, 85]  # > 40, id % 16 == 5
    one_file = open_store(tmp_path / "one.db")
    try:  # the default layout is unchanged: SQLite's own next id
        ids = [GameStore(one_file).create(game_key="wayfinders", guild_id=1, channel_id=1, creator_id=1,
                                          creator_name="a", options={}, settings={}, seed=1, now=1.0).id
               for _ in range(2)]
    finally:
        one_file.close()
    assert ids == [1, 2]


def test_a_process_opens_only_its_partitions_and_routes_servers_and_games(tmp_path):
    layout = Layout(tmp_path, 16)
    layout.save()
    mine = Partitions.for_shards(layout, 4, [1])
    try:
        assert mine.owned() == [1, 5, 9, 13]
        assert sorted(p.name for p in tmp_path.glob("part-*.db")) == [
            "part-001.db", "part-005.db", "part-009.db", "part-013.db"]
        for guild in GUILDS:
            store = mine.for_guild(guild)
            assert (store is not None) == (partition_of(guild, 16) % 4 == 1)
        store = mine.for_guild(GUILDS[5])
        service = TableService(store, seeds=iter(range(1, 99)).__next__)
        (game_id,) = play_games(service, [GUILDS[5]], moves=2)
        assert mine.for_game(game_id) is store and mine.partition_of_game(game_id) == 5
        assert mine.for_game(game_id + 1) is None  # an id of partition 6: another process's game
    finally:
        mine.close()
    with pytest.raises(StoreError, match="divide"):
        Partitions.for_shards(layout, 32, [0])
