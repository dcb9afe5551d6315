"""Storage: the move log, the version guard, lobby seats, migrations."""
from __future__ import annotations

import json
import sqlite3
import threading

import pytest

from storage import GameStore, ResultRow, SeatTaken, StaleVersion, TimerStore, open_store
from storage.migrations import MIGRATIONS, schema_version


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "games.db")
    yield s
    s.close()


def new_game(games: GameStore, n_players: int = 2):
    g = games.create(game_key="wayfinders", guild_id=1, channel_id=10, creator_id=100, creator_name="alice",
                     options={}, settings={}, seed=42, now=1.0)
    for i in range(1, n_players):
        g = games.add_seat(g.id, g.version, user_id=100 + i, name=f"u{i}", is_bot=False, now=2.0)
    return games.start(g.id, g.version, state='{"n": 0}', to_act=["p1"], now=3.0)


def play(games: GameStore, game, n: int):
    return games.record_move(game.id, game.version, seat="p1", user_id=100, move_id=f"m{n}",
                             state=json.dumps({"n": n}), to_act=["p1"], status="active", summary=[], now=4.0 + n)


def test_schema_is_migrated_and_in_wal_mode(store):
    assert schema_version(store.conn) == len(MIGRATIONS)
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    for table in ("games", "seats", "moves", "timers", "results"):
        assert store.db[table].exists()


def test_reopening_does_not_migrate_twice(tmp_path):
    first = open_store(tmp_path / "x.db")
    GameStore(first).create(game_key="wayfinders", guild_id=None, channel_id=1, creator_id=1, creator_name="a",
                            options={}, settings={}, seed=1, now=0)
    first.close()
    again = open_store(tmp_path / "x.db")
    assert GameStore(again).get(1) is not None
    again.close()


def test_moves_append_in_sequence_and_bump_version(store):
    games = GameStore(store)
    g = new_game(games)
    v0 = g.version
    g = play(games, g, 1)
    g = play(games, g, 2)
    assert g.version == v0 + 2
    assert [m.seq for m in games.moves(g.id)] == [1, 2]
    assert [m.move_id for m in games.moves(g.id)] == ["m1", "m2"]
    assert json.loads(g.state) == {"n": 2}


def test_a_move_against_an_old_version_is_refused_and_changes_nothing(store):
    games = GameStore(store)
    g = new_game(games)
    old = g
    g = play(games, g, 1)
    with pytest.raises(StaleVersion):
        play(games, old, 99)
    assert games.move_count(g.id) == 1
    assert json.loads(games.get(g.id).state) == {"n": 1}


def test_racing_moves_on_one_game_only_one_lands(tmp_path):
    path = tmp_path / "race.db"
    games = GameStore(open_store(path))
    g = new_game(games)
    outcomes: list[str] = []
    barrier = threading.Barrier(8)

    def racer(k: int) -> None:
        mine = GameStore(open_store(path))  # its own connection, like another process
        barrier.wait()
        try:
            play(mine, g, 100 + k)
            outcomes.append("won")
        except StaleVersion:
            outcomes.append("lost")

    threads = [threading.Thread(target=racer, args=(k,)) for k in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == ["lost"] * 7 + ["won"]
    assert games.move_count(g.id) == 1


def test_lobby_seats_join_leave_renumber(store):
    games = GameStore(store)
    g = games.create(game_key="wayfinders", guild_id=1, channel_id=10, creator_id=1, creator_name="a",
                     options={}, settings={}, seed=1, now=0)
    g = games.add_seat(g.id, g.version, user_id=2, name="b", is_bot=False, now=0)
    g = games.add_seat(g.id, g.version, user_id=3, name="c", is_bot=False, now=0)
    with pytest.raises(SeatTaken):
        games.add_seat(g.id, g.version, user_id=2, name="b", is_bot=False, now=0)
    g = games.remove_seat(g.id, g.version, user_id=2, now=0)
    assert [(s.seat, s.name) for s in games.seats(g.id)] == [("p1", "a"), ("p2", "c")]


def test_a_move_on_a_game_not_running_is_refused(store):
    games = GameStore(store)
    g = games.create(game_key="wayfinders", guild_id=1, channel_id=10, creator_id=1, creator_name="a",
                     options={}, settings={}, seed=1, now=0)
    with pytest.raises(StaleVersion):
        play(games, g, 1)


def test_finishing_move_writes_results_in_the_same_transaction(store):
    games = GameStore(store)
    g = new_game(games)
    rows = [ResultRow(game_id=g.id, seat="p1", user_id=100, game_key="wayfinders", score=30, rank=1, won=True,
                      finished_at=9.0)]
    g = games.record_move(g.id, g.version, seat="p1", user_id=100, move_id="end", state="{}", to_act=[],
                          status="finished", summary=[], now=9.0, results=rows)
    assert g.status == "finished"
    assert games.results(g.id)[0].score == 30


def test_find_by_channel_thread_and_user(store):
    games = GameStore(store)
    g = new_game(games)
    games.set_thread(g.id, 555)
    assert [x.id for x in games.find(thread_id=555)] == [g.id]
    assert [x.id for x in games.find(channel_id=555)] == [g.id]
    assert [x.id for x in games.find(user_id=101)] == [g.id]
    assert games.find(user_id=999) == []


def test_timers_come_due_in_order(store):
    timers = TimerStore(store)
    late = timers.add(kind="deadline", due_at=50, now=0)
    early = timers.add(kind="reminder", due_at=10, now=0)
    assert timers.next_due().id == early
    assert [t.id for t in timers.due(now=20)] == [early]
    assert timers.delete(early)
    assert [t.id for t in timers.due(now=100)] == [late]


def test_newer_schema_is_refused(tmp_path):
    path = tmp_path / "future.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 5}")
    conn.close()
    with pytest.raises(RuntimeError, match="newer"):
        open_store(path)
