"""Databases of real games over several servers, for the cluster layout tests."""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from host.tables import Actor, TableService
from rules.playout import random_move
from rules.rng import Rng
from storage import Store, TimerStore, open_store
from storage.routed import timers_of
from storage.prefs import PrefsStore

from .helpers import ALICE, BOB, CAROL

# Snowflake-like server ids whose high bits (id >> 22) are 0..15, so with 16 partitions each lands in its own.
GUILDS = [(k << 22) | (1000 + 37 * k) for k in range(16)]


def play_games(service: TableService, guilds: Iterable[int], moves: int = 4, seed: int = 5) -> list[int]:
    """One started three-player game per server with `moves` random moves, a timer and preferences."""
    rng = Rng.from_seed(seed)
    ids = []
    for guild in guilds:
        table = service.new_game(ALICE, "wayfinders", guild_id=guild, channel_id=guild + 1)
        table = service.join(BOB, table)
        table = service.join(CAROL, table)
        table = service.start(ALICE, table)
        for _ in range(moves):
            seat = table.to_act[0]
            user = table.user_of(seat)
            table = service.commit_move(Actor(user_id=user.user_id, name=user.name), table,
                                 random_move(table.engine, table.state, seat, rng).id).table
        timers_of(service.store).add(kind="turn-reminder", due_at=1e9 + guild % 97, now=1.0, game_id=table.game.id)
        ids.append(table.game.id)
    return ids


def cluster_db(path: Path, guilds: Iterable[int] = GUILDS, moves: int = 4) -> list[int]:
    """A one-file database of games over `guilds`, with a finished game, a global timer and user preferences."""
    service = TableService(open_store(path), seeds=iter(range(11, 10_000)).__next__)
    try:
        ids = play_games(service, guilds, moves)
        service.abandon(ALICE, service.table(ids[0]))
        add_user_rows(service.store)
        TimerStore(service.store).add(kind="housekeeping", due_at=2e9, now=1.0)  # a timer of no game: global
    finally:
        service.store.close()
    return ids


def add_user_rows(store: Store) -> None:
    prefs = PrefsStore(store)
    prefs.remember_locale(ALICE.user_id, "es-ES", now=5.0)
    prefs.set_dm_closed(BOB.user_id, True, now=6.0)
    prefs.remember_locale(999, "en-US", now=7.0)  # a user with no seat anywhere
