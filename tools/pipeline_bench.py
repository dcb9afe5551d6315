"""`python bot.py bench` (with no subcommand): the move pipeline's figures, printed, never asserted by tests.

For each game: the whole move pipeline as a player's move goes through it
(load from SQLite, validate, apply, save in one transaction, render the board,
encode the PNG), render alone, complete random games per second for the
engine alone on one core, and the process's peak memory.

The pipeline's CPU per move by stage (this process's CPU time, so other processes on a loaded machine do not
count), median and p90 over the moves: load (`TableService.table`: read the rows, parse the state), rules
(resolve and apply the move, outcome, who acts next, the moves the post's buttons offer), storage (dump the
state and record the move in one transaction), draw (the post's image up to its pixels: the decision in view
while the game runs, the whole board at its end) and encode (`render.common.to_png`: palette, PNG).

`bench compare --against DIR` runs this same module on another checkout (tools/pipeline_compare.py), so it
imports only what older trees have too, and plays a move and draws the post as each tree's bot does.
"""
from __future__ import annotations

import argparse
import itertools
import os
import resource
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from host import boards
from host.tables import Actor, Table, TableService
from render import renderer_for
from rules import GAMES, Move
from rules.playout import play_random, random_move
from rules.rng import Rng
from rules.text import Msg
from storage import open_store
from tools.bench_games import percentile, started_game  # absolute: an older tree's own helpers when compared


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
    `record_move`) and in encoding images (`render.common.to_png`, under every name the render modules
    imported it by), while the context lasts."""
    spent = {"storage": 0.0, "encode": 0.0}
    engine = GAMES[key]
    renderer_for(key)  # its module imported, so that its name for to_png is timed too
    original_to_png = sys.modules["render.common"].to_png
    importers = [m for name, m in list(sys.modules.items())
                 if name.split(".")[0] == "render" and getattr(m, "to_png", None) is original_to_png]

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*a: Any, **k: Any) -> Any:
            t0 = time.process_time()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.process_time() - t0
        return wrapper

    service.games.record_move = timed("storage", service.games.record_move)  # type: ignore[method-assign]
    engine.dump = timed("storage", engine.dump)  # type: ignore[method-assign]
    for module in importers:
        module.to_png = timed("encode", original_to_png)
    try:
        yield spent
    finally:
        del engine.dump  # the class's own method again
        del service.games.record_move
        for module in importers:
            module.to_png = original_to_png


def bench_pipeline(key: str, players: int, moves: int, db_dir: str) -> dict[str, list[float]]:
    """Moves through the table service exactly as the cogs make them; wall seconds of the pipeline and of
    the post's image, CPU seconds of each stage (`STAGES`), PNG bytes."""
    seeds = itertools.count(1)  # the same games, and so the same moves, on every run and tree
    service = TableService(open_store(Path(db_dir) / f"bench-{key}.db"), seeds=lambda: next(seeds))
    try:
        with stage_clock(service, key) as spent:
            return _moves(service, key, players, moves, spent)
    finally:
        service.store.close()


def commit(service: TableService, actor: Actor, table: Table, move_id: str) -> Any:
    """A human's move checked, applied and saved as the bot's click handler does (`TableService.commit_move`;
    an older tree's `play`)."""
    play = getattr(service, "commit_move", None) or getattr(service, "play")  # noqa: B009 (not in this tree)
    return play(actor, table, move_id)


def buttons(table: Table) -> list[Move]:
    """The moves a turn post's buttons offer (`host.boards.posted_moves`; an older tree listed the one
    decider's legal moves)."""
    listed = getattr(boards, "posted_moves", None)
    if listed is not None:
        return list(listed(table))
    assert table.state is not None
    single = table.to_act[0] if table.game.status == "active" and len(table.to_act) == 1 else None
    if single is None or table.engine.is_private(table.state, single):
        return []
    return list(table.engine.legal_moves(table.state, single))


def post_image(table: Table, events: list[Msg], moves: list[Move]) -> bytes:
    """A turn post's image as the bot draws it (`host.boards.post_png`; an older tree posted the whole board)."""
    drawn = getattr(boards, "post_png", None)
    if drawn is not None:
        return bytes(drawn(table, "en", events, moves or None))
    return boards.board_png(table, "en", events)


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
        played = commit(service, user, fresh, move.id)  # validate, apply, save
        offered = buttons(played.table)  # the post's buttons
        t1, c2 = time.perf_counter(), time.process_time()
        png = post_image(played.table, played.events, offered)  # draw + encode
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
            print(f"pipeline (load, validate, apply, save, list the buttons, draw, encode) over {len(pipe)} moves: "
                  f"median {statistics.median(pipe):.1f} ms, p99 {percentile(pipe, 0.99):.1f} ms")
            print(f"post image (draw + encode) alone: median {statistics.median(rend):.1f} ms, p99 {percentile(rend, 0.99):.1f} ms; "
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
