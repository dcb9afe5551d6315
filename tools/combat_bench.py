"""`python bot.py bench combat`: the move pipeline for Eclipse Combat-phase moves, printed, never asserted.

Random Eclipse games go through the table service move by move (load from SQLite,
validate, apply, save in one transaction); each move made in the Combat phase is also
rendered and encoded as its post would be (the galaxy image with the battle summary
below it when the move fought), and timed from load to PNG.  The figures are the
median, p99 and maximum over those moves, and over the ones that fought a battle.
Target: p99 under 300 ms.
"""
from __future__ import annotations

import argparse
import itertools
import statistics
import tempfile
import time
from pathlib import Path
from typing import Optional

from host.boards import board_png
from host.tables import Actor, TableService
from rules import GAMES
from rules.playout import random_move
from rules.rng import Rng
from storage import open_store

from .bench_games import percentile, started_game


def bench_combat(players: int, moves: int, seed: int, db_dir: str) -> tuple[list[float], list[float], int]:
    """(pipeline seconds of every Combat-phase move, of those that fought, games played)."""
    service = TableService(open_store(Path(db_dir) / "bench-combat.db"), seeds=itertools.count(seed).__next__)
    rng = Rng.from_seed(seed)
    actors = [Actor(user_id=1000 + i, name=f"player{i + 1}") for i in range(players)]
    combat: list[float] = []
    fought: list[float] = []
    table, games = None, 0
    while len(combat) < moves:
        if table is None or table.game.status != "active":
            table = started_game(service, "eclipse", actors)
            games += 1
        seat = table.to_act[0]
        user = next(a for a in actors if table.seat_of(a.user_id).seat == seat)  # type: ignore[union-attr]
        move = random_move(table.engine, table.state, seat, rng)
        in_combat = table.state.phase == "combat"
        t0 = time.perf_counter()
        fresh = service.table(table.game.id)  # load
        played = service.commit_move(user, fresh, move.id)  # validate, apply, save
        if in_combat:
            board_png(played.table, "en", played.events)  # render + encode, with the battle summary
            spent = time.perf_counter() - t0
            combat.append(spent)
            if played.table.state.battles:
                fought.append(spent)
        table = played.table
    service.store.close()
    return combat, fought, games


def _line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name}: none"
    ms = [x * 1000 for x in values]
    return (f"{name}, {len(ms)} moves: median {statistics.median(ms):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
            f"max {max(ms):.1f} ms")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench combat", description=__doc__)
    parser.add_argument("--moves", type=int, default=500, help="Combat-phase moves to time")
    parser.add_argument("--players", type=int, default=4, help="seats per game (2-6)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game and of the random moves")
    args = parser.parse_args(argv)
    engine = GAMES["eclipse"]
    players = max(engine.min_players, min(engine.max_players, args.players))
    print(f"== Eclipse Combat-phase moves through the pipeline, {players} players (target: p99 < 300 ms)")
    cpu = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        combat, fought, games = bench_combat(players, args.moves, args.seed, tmp)
    print(_line("every Combat-phase move (load, validate, apply, save, render, encode)", combat))
    print(_line("moves that fought a battle (summary image included)", fought))
    print(f"{games} random games, {time.process_time() - cpu:.0f} s of CPU in all")
    return 0
