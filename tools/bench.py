"""`python bot.py bench`: performance figures, printed, never asserted by tests.

For each game: the whole move pipeline as a player's move goes through it
(load from SQLite, validate, apply, save in one transaction, render the board,
encode the PNG), render alone, complete random games per second for the
engine alone on one core, and the process's peak memory.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Optional

from rules import GAMES
from rules.playout import play_random, random_move
from rules.rng import Rng
from storage import open_store

from .bench_games import started_game
from cogs.posts import board_png
from host.tables import Actor, TableService


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_engine(key: str, players: int, seconds: float) -> tuple[int, float]:
    engine = GAMES[key]
    seats = [f"p{i + 1}" for i in range(players)]
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_random(engine, seats, seed=1000 + games)
        games += 1
    return games, games / (time.perf_counter() - start)


def bench_pipeline(key: str, players: int, moves: int, db_dir: str) -> dict[str, list[float]]:
    """Moves through the table service exactly as the cogs make them."""
    service = TableService(open_store(Path(db_dir) / f"bench-{key}.db"))
    rng = Rng.from_seed(99)
    actors = [Actor(user_id=1000 + i, name=f"player{i + 1}") for i in range(players)]
    pipeline: list[float] = []
    render: list[float] = []
    sizes: list[float] = []
    table = None
    while len(pipeline) < moves:
        if table is None or table.game.status != "active":
            table = started_game(service, key, actors)
        game_id = table.game.id
        seat = table.to_act[0]
        user = next(a for a in actors if table.seat_of(a.user_id).seat == seat)  # type: ignore[union-attr]
        move = random_move(table.engine, table.state, seat, rng)
        t0 = time.perf_counter()
        fresh = service.table(game_id)  # load
        played = service.play(user, fresh, move.id)  # validate, apply, save
        t1 = time.perf_counter()
        png = board_png(played.table, "en", played.events)  # render + encode
        t2 = time.perf_counter()
        pipeline.append(t2 - t0)
        render.append(t2 - t1)
        sizes.append(len(png))
        table = played.table
    service.store.close()
    return {"pipeline": pipeline, "render": render, "png": sizes}


def main(argv: Optional[list[str]] = None) -> int:
    if argv and argv[0] == "bots":  # bot levels: win rates, not speed (tools/bot_bench.py)
        from .bot_bench import main as bots_main
        return bots_main(argv[1:])
    if argv and argv[0] == "odds":  # exact Eclipse combat odds (tools/odds_bench.py)
        from .odds_bench import main as odds_main
        return odds_main(argv[1:])
    if argv and argv[0] == "odds-load":  # a board post while heavy odds requests run (tools/odds_load_bench.py)
        from .odds_load_bench import main as odds_load_main
        return odds_load_main(argv[1:])
    if argv and argv[0] == "combat":  # Eclipse Combat-phase moves through the pipeline (tools/combat_bench.py)
        from .combat_bench import main as combat_main
        return combat_main(argv[1:])
    if argv and argv[0] == "backup":  # `bot.py backup` on a large database under a stream of moves (tools/backup_bench.py)
        from .backup_bench import main as backup_main
        return backup_main(argv[1:])
    if argv and argv[0] == "memory":  # resident memory as finished games' histories are built (tools/memory_bench.py)
        from .memory_bench import main as memory_main
        return memory_main(argv[1:])
    if argv and argv[0] == "sweep":  # complete games on the validating transport, issue 13 (tools/sweep.py)
        from .sweep import main as sweep_main
        return sweep_main(argv[1:])
    if argv and argv[0] == "undo":  # /game undo and /game log early and late in a game (tools/undo_bench.py)
        from .undo_bench import main as undo_main
        return undo_main(argv[1:])
    parser = argparse.ArgumentParser(prog="bot.py bench", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (capped to each game's range)")
    parser.add_argument("--moves", type=int, default=300, help="moves through the pipeline per game")
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent on engine-only random games")
    args = parser.parse_args(argv)
    keys = args.game or sorted(GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        for key in keys:
            engine = GAMES[key]
            players = max(engine.min_players, min(engine.max_players, args.players))
            print(f"== {engine.title}, {players} players")
            figures = bench_pipeline(key, players, args.moves, tmp)
            pipe = [x * 1000 for x in figures["pipeline"]]
            rend = [x * 1000 for x in figures["render"]]
            print(f"pipeline (load, validate, apply, save, render, encode) over {len(pipe)} moves: "
                  f"median {statistics.median(pipe):.1f} ms, p99 {_pct(pipe, 0.99):.1f} ms")
            print(f"render + encode alone: median {statistics.median(rend):.1f} ms, p99 {_pct(rend, 0.99):.1f} ms; "
                  f"PNG median {statistics.median(figures['png']) / 1024:.0f} KiB, "
                  f"max {max(figures['png']) / 1024:.0f} KiB")
            games, rate = bench_engine(key, players, args.seconds)
            print(f"engine only: {games} complete random games in {args.seconds:.0f} s = {rate:.1f} games/s (one core)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")
    return 0
