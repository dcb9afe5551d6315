"""Storage of what waits on a player (`storage/waiting.py`) and of private threads (`storage/private_threads.py`)."""
from __future__ import annotations

import pytest

from storage import GameStore, TimerStore, open_store
from storage.private_threads import PrivateThreadStore
from storage.waiting import DIGEST_KIND, WaitingStore


@pytest.fixture
def store(tmp_path):
    s = open_store(tmp_path / "games.db")
    yield s
    s.close()


def game(games: GameStore, guild: int, to_act: list[str], now: float, bot_second: bool = False):
    g = games.create(game_key="wayfinders", guild_id=guild, channel_id=10, creator_id=100, creator_name="alice",
                     options={}, settings={}, seed=1, now=now)
    g = games.add_seat(g.id, g.version, user_id=None if bot_second else 101, name="bob", is_bot=bot_second, now=now)
    return games.start(g.id, g.version, state="{}", to_act=to_act, now=now)


def test_waiting_for_is_the_users_seats_to_act_longest_waiting_first(store):
    games, timers, waiting = GameStore(store), TimerStore(store), WaitingStore(store)
    late = game(games, 1, ["p1"], now=50.0)
    early = game(games, 1, ["p1", "p2"], now=60.0)  # simultaneous: both wait
    theirs = game(games, 1, ["p2"], now=10.0)  # waits on the other player
    elsewhere = game(games, 2, ["p1"], now=30.0)
    game(games, 1, ["p2"], now=5.0, bot_second=True)  # a bot seat
    timers.add(kind="deadline.expire", due_at=999.0, now=60.0, game_id=early.id,
               payload={"version": early.version, "since": {"p1": 20.0}})  # the turn began before the start post
    assert [(w.game.id, w.seat, w.since) for w in waiting.waiting_for(100, 1)] == [(early.id, "p1", 20.0),
                                                                                   (late.id, "p1", 50.0)]
    assert [w.game.id for w in waiting.waiting_for(100)] == [early.id, elsewhere.id, late.id]
    assert [w.game.id for w in waiting.waiting_for(101, 1)] == [theirs.id, early.id]  # no `since` for p2: its start
    games.end(late.id, late.version, status="abandoned", state=None, now=70.0)
    assert [w.game.id for w in waiting.waiting_for(100, 1)] == [early.id]


def test_digest_preference_and_its_timer(store):
    waiting, timers = WaitingStore(store), TimerStore(store)
    assert waiting.digest(7) is None and waiting.users_missing_digest() == []
    waiting.set_digest(7, "daily", 1.0)
    assert waiting.digest(7) == "daily" and waiting.users_missing_digest() == [7]
    timers.add(kind=DIGEST_KIND, due_at=100.0, now=1.0, payload={"user_id": 7})
    timers.add(kind=DIGEST_KIND, due_at=100.0, now=1.0, payload={"user_id": 8})
    assert waiting.digest_timer_due(7) == 100.0 and waiting.users_missing_digest() == []
    assert waiting.clear_digest_timers(7) == 1 and waiting.digest_timer_due(8) == 100.0
    waiting.set_digest(7, None, 2.0)
    assert waiting.digest(7) is None and waiting.users_missing_digest() == []


def test_private_threads_are_one_per_player_and_game(store):
    games, threads = GameStore(store), PrivateThreadStore(store)
    g = game(games, 1, ["p1"], now=1.0)
    threads.put(g.id, 100, 555, 2.0)
    threads.set_shown(g.id, 100, "abc")
    assert threads.get(g.id, 100).shown == "abc"
    threads.put(g.id, 100, 556, 3.0)  # a new thread replaces the old one and shows everything again
    assert (threads.get(g.id, 100).thread_id, threads.get(g.id, 100).shown) == (556, None)
    threads.put(g.id, 101, 557, 3.0)
    assert [r.user_id for r in threads.for_game(g.id)] == [100, 101]
    assert threads.remove(g.id, 100) == 1 and threads.get(g.id, 100) is None
    assert threads.remove(g.id) == 1 and threads.for_game(g.id) == []
