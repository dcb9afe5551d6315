"""The host over the partitions a process owns: each server's games in its partition, nothing of another
process's partitions seen, timers and start-up queries over every owned partition."""
from __future__ import annotations

import inspect
import sqlite3

import pytest

from host.refusal import Refusal
from host.stats import Stats
from host.tables import TableService
from storage import GameStore
from storage.partitions import Layout, Partitions, partition_of
from storage.prefs import PrefsStore
from storage.results import ResultStore
from storage.routed import NotOwned, RoutedGames, RoutedPrefs, RoutedResults, RoutedTimers, prefs_of, timers_of
from storage.timers import TimerStore
from tests.ops.cluster_helpers import GUILDS, play_games
from tests.ops.helpers import ALICE


@pytest.fixture()
def layout(tmp_path):
    made = Layout(tmp_path / "cluster", 16)
    made.save()
    return made


def _service(parts: Partitions) -> TableService:
    return TableService(parts, seeds=iter(range(1, 10_000)).__next__)


def test_two_processes_each_store_only_their_servers_games(layout):
    procs = [Partitions.for_shards(layout, 4, ids) for ids in ([0, 1], [2, 3])]
    try:
        served = {0: [], 1: []}
        for guild in GUILDS:
            owner = 0 if partition_of(guild, 16) % 4 in (0, 1) else 1
            served[owner] += play_games(_service(procs[owner]), [guild], moves=3)
        for n, parts in enumerate(procs):
            service = _service(parts)
            assert service.games.all_ids() == sorted(served[n])
            for index, store in parts:
                for (gid, guild) in store.conn.execute("SELECT id, guild_id FROM games"):
                    assert partition_of(guild, 16) == index and gid % 16 == index
            other = served[1 - n][0]
            assert service.games.get(other) is None  # another process's game is simply not here
            with pytest.raises(Refusal):
                service.table_in(other, GUILDS[0])
            with pytest.raises(NotOwned):
                service.games.set_deadline(other, 5.0)
        foreign = next(g for g in GUILDS if partition_of(g, 16) % 4 in (2, 3))
        assert _service(procs[0]).games.find(guild_id=foreign) == []
    finally:
        for parts in procs:
            parts.close()
    assert sorted(p.name for p in layout.folder.glob("part-*.db")) == [f"part-{i:03d}.db" for i in range(16)]


def test_timers_over_partitions_have_process_wide_ids_and_fire_in_order(layout):
    parts = Partitions.for_shards(layout, 2, [0])
    try:
        service = _service(parts)
        mine = [g for g in GUILDS if partition_of(g, 16) % 2 == 0][:3]
        ids = play_games(service, mine, moves=1)
        timers = timers_of(parts)
        assert isinstance(timers, RoutedTimers)
        made = [timers.add(kind="k", due_at=100.0 - i, now=1.0, game_id=gid) for i, gid in enumerate(ids)]
        made.append(timers.add(kind="global", due_at=50.0, now=1.0))
        assert len(set(made)) == 4  # the local ids are all 2 (after the helper's timer), the shown ones differ
        due = [t for t in timers.due(1000.0) if t.kind in ("k", "global")]
        assert [t.due_at for t in due] == [50.0, 98.0, 99.0, 100.0]
        assert timers.next_due().due_at == 50.0
        assert timers.delete_exact(due[1]) and not timers.delete_exact(due[1])
        left = {t.id for t in timers.due(1000.0) if t.kind in ("k", "global")}
        assert left == {due[0].id, due[2].id, due[3].id}
        assert [t.kind for t in timers.for_game(due[1].game_id)] == ["turn-reminder"]  # the helper's timer
        assert timers.update_payload(due[2].id, {"version": 9})
        assert [t.payload for t in timers.for_game(due[2].game_id) if t.kind == "k"] == [{"version": 9}]
    finally:
        parts.close()


def test_user_preferences_read_newest_across_partitions_and_write_home(layout):
    parts = Partitions.for_shards(layout, 4, [1])
    try:
        far = parts.stores[13]
        with far.transaction() as conn:  # a copy left by a split in a partition that is not the home one
            conn.execute("INSERT INTO user_prefs (user_id, locale, dm_closed, updated_at) VALUES (?, 'es-ES', 1, 9)",
                         (ALICE.user_id,))
        prefs = prefs_of(parts)
        assert prefs.locale(ALICE.user_id) == "es-ES" and prefs.dm_closed(ALICE.user_id)
        assert prefs.remember_locale(ALICE.user_id, "en-US", now=20.0)
        assert prefs.locale(ALICE.user_id) == "en-US" and prefs.dm_closed(ALICE.user_id)  # carried home
        home = sqlite3.connect(layout.path(1))
        try:
            assert home.execute("SELECT locale, dm_closed FROM user_prefs").fetchall() == [("en-US", 1)]
        finally:
            home.close()
    finally:
        parts.close()


def test_stats_of_a_server_read_its_partition(layout):
    parts = Partitions.for_shards(layout, 1, [0])
    try:
        service = _service(parts)
        (gid,) = play_games(service, [GUILDS[7]], moves=1)
        assert Stats(parts).rows(GUILDS[7]) == [] and Stats(parts).rows(None) == []
        assert Stats(parts).names([ALICE.user_id, 5]) == {ALICE.user_id: "alice", 5: "5"}
        assert service.games.unposted() == GameStore(parts.stores[partition_of(GUILDS[7], 16)]).unposted()
        assert service.games.latest_id() == gid
    finally:
        parts.close()


def test_every_repository_method_has_a_routed_twin():
    """A method added to a repository must be routed too (by server, by game, or over every partition),
    or the bot would fail on it only when run as a cluster."""
    def public(cls) -> set[str]:
        return {n for n, v in vars(cls).items() if callable(v) and not n.startswith("_")}

    for plain, routed in ((GameStore, RoutedGames), (TimerStore, RoutedTimers), (PrefsStore, RoutedPrefs),
                          (ResultStore, RoutedResults)):
        assert public(plain) - public(routed) == set(), routed.__name__
        for name in public(plain):  # and takes every parameter the plain method takes (a cluster-only TypeError)
            twin = inspect.signature(getattr(routed, name)).parameters
            kinds = {p.kind for p in twin.values()}
            if inspect.Parameter.VAR_POSITIONAL in kinds:
                continue  # passed on as it came
            wanted = inspect.signature(getattr(plain, name)).parameters.values()
            if inspect.Parameter.VAR_KEYWORD in kinds:  # keywords passed on as they came: the positional ones
                wanted = [p for p in wanted if p.kind is not inspect.Parameter.KEYWORD_ONLY]
            assert {p.name for p in wanted} <= set(twin), f"{routed.__name__}.{name}"


def test_new_stores_route_by_game_or_server(layout):
    """Invites/follows/rematches, time banks and private threads go with their game's partition, away periods
    with their server's; a user's waiting games are read over every owned partition; the digest and lobby
    sweeps ask every owned partition."""
    from storage.clocks import AwayStore, BankStore
    from storage.private_threads import PrivateThreadStore
    from storage.routed import away_of, banks_of, private_threads_of, seats_of, waiting_of
    from storage.seats import SeatStore
    from tests.ops.helpers import BOB

    parts = Partitions.for_shards(layout, 4, [0, 1, 2, 3])
    try:
        service = _service(parts)
        guilds = [g for g in GUILDS][:2]
        assert partition_of(guilds[0], 16) != partition_of(guilds[1], 16)
        ids = play_games(service, guilds, moves=0)
        seats, banks, threads = seats_of(parts), banks_of(parts), private_threads_of(parts)
        for n, gid in enumerate(ids):
            home = parts.for_game(gid)
            assert home is not None
            assert seats.invite(gid, 900 + n, ALICE.user_id, 1.0)
            assert seats.invited(gid, 900 + n) and SeatStore(home).invited(gid, 900 + n)
            banks.spend(gid, {"p1": 5.0})
            assert banks.used(gid) == BankStore(home).used(gid) == {"p1": 5.0}
            threads.put(gid, ALICE.user_id, 7000 + n, 1.0)
            assert threads.game_of(7000 + n) == gid and PrivateThreadStore(home).game_of(7000 + n) == gid
        away = away_of(parts)
        away.start(guilds[1], BOB.user_id, 1.0, 100.0)
        assert away.current(guilds[1], BOB.user_id, 2.0) is not None
        assert AwayStore(parts.for_guild(guilds[1])).current(guilds[1], BOB.user_id, 2.0) is not None
        assert away.current(guilds[0], BOB.user_id, 2.0) is None
        waiting = waiting_of(parts)
        everywhere = {w.game.id for w in waiting.waiting_for(ALICE.user_id)} | \
            {w.game.id for w in waiting.waiting_for(BOB.user_id)} | \
            {w.game.id for w in waiting.waiting_for(3)}
        assert {w.game.id for u in (ALICE.user_id, BOB.user_id) for w in waiting.waiting_for(u, guilds[0])} <= {ids[0]}
        assert everywhere <= set(ids)
        waiting.set_digest(ALICE.user_id, "daily", 1.0)
        assert waiting.digest(ALICE.user_id) == "daily" and waiting.users_missing_digest() == [ALICE.user_id]
        assert service.games.idle_lobbies(10.0**12) == [] and service.games.oldest_lobby_change() is None
        timers = timers_of(parts)
        timers.add(kind="lobby.sweep", due_at=5.0, now=1.0)
        assert [t.kind for t in timers.of_kind("lobby.sweep")] == ["lobby.sweep"]
        assert timers.clear_kind("lobby.sweep") == 1
        assert service.games.owed_since(ids[0]) == GameStore(parts.for_game(ids[0])).owed_since(ids[0])
    finally:
        parts.close()


def test_the_new_stores_have_routed_twins(layout):
    """Every method of the stores added since the split is routed (by game, by server, or over the partitions)."""
    from storage.clocks import AwayStore, BankStore
    from storage.notices import NoticeStore
    from storage.private_threads import PrivateThreadStore
    from storage.routed import (RoutedAway, RoutedBanks, RoutedNotices, RoutedPrivateThreads, RoutedSeats,
                                RoutedWaiting)
    from storage.seats import SeatStore
    from storage.waiting import WaitingStore

    parts = Partitions.for_shards(layout, 4, [0, 1])
    try:
        for plain, routed in ((SeatStore, RoutedSeats), (BankStore, RoutedBanks), (AwayStore, RoutedAway),
                              (PrivateThreadStore, RoutedPrivateThreads), (WaitingStore, RoutedWaiting),
                              (NoticeStore, RoutedNotices)):
            twin = routed(parts)
            missing = {n for n, v in vars(plain).items() if callable(v) and not n.startswith("_")
                       and not callable(getattr(twin, n, None))}
            assert missing == set(), routed.__name__
    finally:
        parts.close()


def test_owed_notices_go_with_their_games_partition_and_are_found_in_every_owned_one(layout):
    from storage.notices import NoticeStore
    from storage.routed import notices_of

    parts = Partitions.for_shards(layout, 4, [0, 1, 2, 3])
    try:
        ids = play_games(_service(parts), [g for g in GUILDS][:2], moves=0)
        assert parts.for_game(ids[0]) is not parts.for_game(ids[1])
        notices = notices_of(parts)
        for n, gid in enumerate(ids):
            notices.owe(gid, 500 + n, [{"nonce": f"n{n}", "content": f"notice {n}"}], 1.0)
            assert [r.content for r in NoticeStore(parts.for_game(gid)).owed(gid)] == [f"notice {n}"]
        assert sorted(notices.games_owing()) == sorted(ids) and notices.count() == 2
        assert notices.delivered(ids[0], [r.id for r in notices.owed(ids[0])]) == 1
        assert notices.games_owing() == [ids[1]] and notices.count() == 1
    finally:
        parts.close()
