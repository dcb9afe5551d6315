"""Digests of the images the bot posts over seeded random games of every game, to check that a change to the
drawing (folding, the games' own layers, caches) leaves every pixel as it was.

`python -m tests.render.post_digests` records them in `tests/render/data/post_digests.json` from the tree it
runs in; `test_posts_unchanged.py` compares today's drawing with that record."""
from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path

from host import boards
from host.tables import Actor, TableService
from rules import GAMES
from rules.playout import random_move
from rules.rng import Rng
from storage import open_store
from tools.bench_games import started_game

RECORD = Path(__file__).parent / "data" / "post_digests.json"
PLAYS = (("wayfinders", 4), ("flotilla", 4), ("flotilla", 3), ("robinson", 3), ("eclipse", 4))
MOVES = 36  # posts per play: the start, the middle of a game and (for short games) an end and a new game


def digest(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()[:16]


def post_digests(key: str, players: int, moves: int = MOVES) -> list[str]:
    """The digest of each turn post's image (the decision in view, or the whole board once a game is over) over
    `moves` random moves through the table service, as the bot plays and posts them."""
    seeds = iter(range(1, 1000))
    actors = [Actor(user_id=1000 + i, name=f"player{i + 1}") for i in range(players)]
    rng = Rng.from_seed(7 * players + len(key))
    out: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        service = TableService(open_store(Path(tmp) / "digests.db"), seeds=lambda: next(seeds))
        try:
            table = None
            while sum(not d.startswith("board") for d in out) < moves:
                if table is None or table.game.status != "active":
                    table = started_game(service, key, actors)
                seat = table.to_act[0]
                user = next(a for a in actors if table.seat_of(a.user_id).seat == seat)  # type: ignore[union-attr]
                move = random_move(table.engine, table.state, seat, rng)
                played = service.commit_move(user, service.table(table.game.id), move.id)
                offered = list(boards.posted_moves(played.table))
                png = boards.post_png(played.table, "en", played.events, offered or None)
                out.append(digest(png))
                if len(out) % 6 == 0:  # the whole board too, as a game's end and `/board` post it
                    out.append("board " + digest(boards.board_png(played.table, "en", played.events)))
                table = played.table
        finally:
            service.store.close()
    return out


def record() -> dict[str, list[str]]:
    return {f"{key}/{players}": post_digests(key, players) for key, players in PLAYS}


if __name__ == "__main__":
    assert all(key in GAMES for key, _ in PLAYS)
    RECORD.write_text(json.dumps(record(), indent=1) + "\n")
    print(f"recorded {RECORD}")
