"""A small database of real games for the operations tests."""
from __future__ import annotations

from pathlib import Path

from rules.playout import random_move
from rules.rng import Rng
from host.tables import Actor, TableService
from storage import open_store

ALICE, BOB, CAROL = (Actor(user_id=101, name="alice"), Actor(user_id=102, name="bob"),
                     Actor(user_id=103, name="carol"))


def played_db(path: Path, games: int = 2, moves: int = 6, key: str = "wayfinders") -> list[int]:
    """`games` started games of three with `moves` random moves each; returns their ids."""
    service = TableService(open_store(path), seeds=iter(range(11, 1000)).__next__)
    rng = Rng.from_seed(5)
    ids = []
    try:
        for _ in range(games):
            table = service.new_game(ALICE, key, guild_id=1, channel_id=1)
            table = service.join(BOB, table)
            table = service.join(CAROL, table)
            table = service.start(ALICE, table)
            for _ in range(moves):
                seat = table.to_act[0]
                user = table.user_of(seat)
                actor = Actor(user_id=user.user_id, name=user.name)
                table = service.commit_move(actor, table, random_move(table.engine, table.state, seat, rng).id).table
            ids.append(table.game.id)
    finally:
        service.store.close()
    return ids
