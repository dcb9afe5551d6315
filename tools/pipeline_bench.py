"""`python bot.py bench` (with no subcommand): the move pipeline's figures, printed, never asserted by tests.

For each game: the whole move pipeline as a player's move goes through it
(load from SQLite, validate, apply, save in one transaction, render the board,
encode the PNG), render alone, complete random games per second for the
engine alone on one core, and the process's peak memory.

The pipeline's CPU per move by stage (this process's CPU time, so other processes on a loaded machine do not
count), median and p90 over the moves: load (`TableService.table`: read the rows, parse the state), rules
(resolve and apply the move, outcome, who acts next), storage (dump the state and record the move in one
transaction), draw (the renderer up to its image) and encode (`render.common.to_png`: palette, PNG).
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from host.boards import board_png
from host.tables import Actor, TableService
from render import renderer_for
from rules import GAMES
from rules.playout import play_random, random_move
from rules.rng import Rng
from storage import open_store

from .bench_games import percentile, started_game


def bench_engine(key: str, players: int, seconds: float) -> tuple[int, float]:
    engine = GAMES[key]
    seats = [f"p{i + 1}" for i in range(players)]
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play_random(engine, seats, seed=1000 + games)
        games += 1
    return games, games / (time.perf_counter() - start)


STAGES = ("load", "rules", "storage", "draw", "encode")


@contextmanager
def stage_clock(service: TableService, key: str) -> Iterator[dict[str, float]]:
    """CPU seconds (this process) spent so far in saving a move (the engine's `dump` and the store's
    `record_move`) and in encoding boards (the renderer's `to_png`), while the context lasts."""
    spent = {"storage": 0.0, "encode": 0.0}
    engine = GAMES[key]
    module = __import__(renderer_for(key).__module__, fromlist=["to_png"])

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*a: Any, **k: Any) -> Any:
            t0 = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.process_time() - t0
        return wrapper

    original_to_png = module.to_png
    service.games.record_move = timed("storage", service.games.record_move)  # type: ignore[method-assign]
    engine.dump = timed("storage", engine.dump)  # type: ignore[method-assign]
    module.to_png = timed("encode", original_to_png)
    try:
        yield spent
    finally:
        del engine.dump  # the class's own method again
        del service.games.record_move
        module.to_png = original_to_png


def bench_pipeline(key: str, players: int, moves: int, db_dir: str) -> dict[str, list[float]]:
    """Moves through the table service exactly as the cogs make them; wall seconds of the pipeline and of
    the board, CPU seconds of each stage (`STAGES`), PNG bytes."""
    service = TableService(open_store(Path(db_dir) / f"bench-{key}.db"))
    try:
        with stage_clock(service, key) as spent:
            return _moves(service, key, players, moves, spent)
    finally:
        service.store.close()


def _moves(service: TableService, key: str, players: int, moves: int, spent: dict[str, float]) -> dict[str, list[float]]:
    rng = Rng.from_seed(99)
    actors = [Actor(user_id=1000 + i, name=f"player{i + 1}") for i in range(players)]
    pipeline: list[float] = []
    render: list[float] = []
    sizes: list[float] = []
    stages: dict[str, list[float]] = {name: [] for name in STAGES}
    table = None
    while len(pipeline) < moves:
        if table is None or table.game.status != "active":
            table = started_game(service, key, actors)
        game_id = table.game.id
        seat = table.to_act[0]
        user = next(a for a in actors if table.seat_of(a.user_id).seat == seat)  # type: ignore[union-attr]
        move = random_move(table.engine, table.state, seat, rng)
        before = dict(spent)
        t0, c0 = time.perf_counter(), time.process_time()
        fresh = service.table(game_id)  # load
        c1 = time.process_time()
        played = service.commit_move(user, fresh, move.id)  # validate, apply, save
        t1, c2 = time.perf_counter(), time.process_time()
        png = board_png(played.table, "en", played.events)  # render + encode
        t2, c3 = time.perf_counter(), time.process_time()
        pipeline.append(t2 - t0)
        render.append(t2 - t1)
        sizes.append(len(png))
        storage, encode = spent["storage"] - before["storage"], spent["encode"] - before["encode"]
        for name, value in (("load", c1 - c0), ("rules", c2 - c1 - storage), ("storage", storage),
                            ("draw", c3 - c2 - encode), ("encode", encode)):
            stages[name].append(value)
        table = played.table
    return {"pipeline": pipeline, "render": render, "png": sizes, **stages}


def stage_line(figures: dict[str, list[float]]) -> str:
    """CPU per move by stage, median and p90 in ms, and of the whole move."""
    totals = [sum(figures[name][i] for name in STAGES) * 1000 for i in range(len(figures["load"]))]
    parts = [f"{name} {statistics.median(figures[name]) * 1000:.2f}/{percentile([x * 1000 for x in figures[name]], 0.9):.2f}"
             for name in STAGES]
    return (f"CPU per move by stage over {len(totals)} moves, median/p90 ms: {', '.join(parts)}; "
            f"whole move {statistics.median(totals):.1f}/{percentile(totals, 0.9):.1f} "
            f"(load average {os.getloadavg()[0]:.1f})")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (capped to each game's range)")
    parser.add_argument("--moves", type=int, default=300, help="moves through the pipeline per game")
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="time spent on engine-only random games (0: none)")
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
                  f"median {statistics.median(pipe):.1f} ms, p99 {percentile(pipe, 0.99):.1f} ms")
            print(f"render + encode alone: median {statistics.median(rend):.1f} ms, p99 {percentile(rend, 0.99):.1f} ms; "
                  f"PNG median {statistics.median(figures['png']) / 1024:.0f} KiB, "
                  f"max {max(figures['png']) / 1024:.0f} KiB")
            print(stage_line(figures))
            if args.seconds <= 0:
                continue
            games, rate = bench_engine(key, players, args.seconds)
            print(f"engine only: {games} complete random games in {args.seconds:.0f} s = {rate:.1f} games/s (one core)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory (max RSS): {peak:.0f} MiB")
    return 0
