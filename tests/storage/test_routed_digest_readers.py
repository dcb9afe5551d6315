"""The daily digest and autocomplete's read-only connections over every partition a process owns."""
from __future__ import annotations

import sqlite3

import pytest

from host.tables import TableService
from storage import ReadStore, open_store
from storage.partitions import Layout, Partitions, open_readers, partition_of
from storage.routed import prefs_of, waiting_of
from storage.timers import TimerStore
from storage.waiting import DIGEST_KIND, WaitingStore
from tests.ops.cluster_helpers import GUILDS, play_games
from tests.ops.helpers import ALICE, BOB


@pytest.fixture()
def layout(tmp_path):
    made = Layout(tmp_path / "cluster", 16)
    made.save()
    return made


def test_a_digest_set_in_any_owned_partition_is_seen_once_by_the_process(layout):
    """After a split the user's row and digest timer may sit in partitions other than the home one (the lowest):
    the process still sees the digest on, finds its timer, plans no second one and clears them all."""
    parts = Partitions.for_shards(layout, 4, [2, 3])  # partitions 2, 3, 6, 7, ...; home is 2
    try:
        WaitingStore(parts.stores[3]).set_digest(ALICE.user_id, "daily", 5.0)
        TimerStore(parts.stores[7]).add(kind=DIGEST_KIND, due_at=90_000.0, now=5.0, payload={"user_id": ALICE.user_id})
        WaitingStore(parts.stores[11]).set_digest(BOB.user_id, "daily", 6.0)  # on, and its timer lost
        waiting = waiting_of(parts)
        assert waiting.digest(ALICE.user_id) == "daily" and waiting.digest_timer_due(ALICE.user_id) == 90_000.0
        assert waiting.users_missing_digest() == [BOB.user_id]  # Alice's timer is in partition 7: not missing
        assert waiting.clear_digest_timers(ALICE.user_id) == 1
        assert waiting.users_missing_digest() == [ALICE.user_id, BOB.user_id]
        waiting.set_digest(ALICE.user_id, None, 10.0)  # off, written home; the older copy in 3 no longer counts
        assert waiting.digest(ALICE.user_id) is None and waiting.users_missing_digest() == [BOB.user_id]
    finally:
        parts.close()


def test_writing_a_preference_home_keeps_the_digest_and_the_language(layout):
    parts = Partitions.for_shards(layout, 4, [1])
    try:
        far = WaitingStore(parts.stores[13])
        far.set_digest(ALICE.user_id, "daily", 5.0)
        with parts.stores[13].transaction() as conn:
            conn.execute("UPDATE user_prefs SET locale = 'es-ES' WHERE user_id = ?", (ALICE.user_id,))
        prefs_of(parts).set_dm_closed(ALICE.user_id, True, now=20.0)  # the home partition (1) becomes the newest
        assert waiting_of(parts).digest(ALICE.user_id) == "daily"
        assert prefs_of(parts).locale(ALICE.user_id) == "es-ES"
        waiting_of(parts).set_digest(BOB.user_id, "daily", 21.0)
        home = sqlite3.connect(layout.path(1))
        try:
            assert home.execute("SELECT user_id, digest, locale, dm_closed FROM user_prefs ORDER BY user_id").fetchall() \
                == [(ALICE.user_id, "daily", "es-ES", 1), (BOB.user_id, "daily", None, 0)]
        finally:
            home.close()
    finally:
        parts.close()


def test_autocomplete_reads_every_owned_partition_on_read_only_connections(layout):
    parts = Partitions.for_shards(layout, 4, [0, 1])
    readers = open_readers(parts)
    try:
        assert isinstance(readers, Partitions) and readers.owned() == parts.owned()
        assert all(isinstance(store, ReadStore) for _, store in readers)
        assert {store.path for _, store in readers} == {store.path for _, store in parts}
        service = TableService(parts, seeds=iter(range(1, 10_000)).__next__)
        mine = [g for g in GUILDS if partition_of(g, 16) % 4 in (0, 1)][:3]
        ids = play_games(service, mine, moves=2)  # made after the readers were opened
        reads = TableService(readers)
        for gid, guild in zip(ids, mine):
            assert reads.games.get(gid) == service.games.get(gid)
            assert [g.id for g in reads.games.find(guild_id=guild)] == [gid]
        theirs = next(g for g in GUILDS if partition_of(g, 16) % 4 == 2)
        assert reads.games.find(guild_id=theirs) == []  # another process's server: not here, as for the writer
        with pytest.raises(sqlite3.OperationalError):
            readers.stores[0].conn.execute("DELETE FROM games")
    finally:
        readers.close()
        parts.close()


def test_one_file_keeps_its_one_read_only_connection(tmp_path):
    store = open_store(tmp_path / "games.db")
    reader = open_readers(store)
    try:
        assert isinstance(reader, ReadStore) and reader.path == store.path
    finally:
        reader.close()
        store.close()
