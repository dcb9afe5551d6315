"""`bot.py bench bots --run ID --games N`: N more games of a named figure (tools/strength_figures.py), each
appended to its log (`docs/strength/<ID>.jsonl`) the moment it ends.

The games are the next deals not yet in the log at this budget: from the figure's first seed (or `--seed S`) up,
every (deal, seat of the measured level) the log lacks, in order, each deal played from every seat.  A run can be
stopped at any moment (a game cut short is simply not logged) and goes on later where it left off; a second
process beside it takes a range of its own with `--seed`.  `--budget-iters K` or `--budget-cpu S` replace the
figure's budget (tests: `--budget-iters 2`); such games are logged with their budget and left out of the figure's
pool, which counts only games at its own budget.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

from rules import GAMES

from . import bench_log
from .bot_games import Budget, play_game
from .strength_figures import FIGURES, Figure
from .strength_pool import STRENGTH, belongs, log_path
from .strength_report import block


def pending(fig: Figure, lines: list[dict[str, Any]], budget: Optional[dict[str, float]],
            start: Optional[int] = None) -> Iterator[tuple[int, Optional[int]]]:
    """The (deal, measured seat's position) of every game the log lacks, in order, from `start` up."""
    done = {(line.get("seed"), line.get("seat")) for line in lines if belongs(fig, line, budget)}
    seed = fig.first_seed if start is None else start
    while True:
        for spot in fig.spots():
            if (seed, None if spot is None else f"p{spot + 1}") not in done:
                yield seed, spot
        seed += 1


def run(fig: Figure, games: int, budget: Budget, log_dir: Path = STRENGTH, start: Optional[int] = None,
        say: Callable[[str], None] = print) -> int:
    """Plays and logs the figure's next `games` games; returns how many were played."""
    engine, path = GAMES[fig.game], log_path(fig, log_dir)
    said = bench_log.budget_of(list(fig.levels), budget)
    todo = pending(fig, bench_log.read(path), said, start)
    for _ in range(games):
        seed, spot = next(todo)
        levels = fig.seat_levels(spot)
        seat = None if spot is None else f"p{spot + 1}"
        t0 = time.process_time()
        played = play_game(engine, levels, seed, budget, fig.options)
        line = bench_log.record(engine, levels, seed, seat, played, budget, fig.options, fig.id)
        bench_log.append(path, line)
        where = f"{fig.levels[0]} at {seat}" if seat else f"{fig.players} x {fig.levels[0]}"
        say(f"{fig.id} seed {seed}, {where}: {line['result'] or 'ended'}, round {line['end_round']}, "
            f"{len(line['cpu_ms'])} searched decisions, {time.process_time() - t0:.1f} s CPU")
    return games


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench bots --run ID", description=__doc__)
    parser.add_argument("--run", required=True, choices=sorted(FIGURES), metavar="ID",
                        help="the figure (tools/strength_figures.py): " + ", ".join(sorted(FIGURES)))
    parser.add_argument("--games", type=int, default=10, help="games to add (default 10)")
    parser.add_argument("--seed", type=int, default=None, help="take deals from this seed up (a second process)")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--budget-iters", type=int, default=None, help="search iterations (kept out of the pool)")
    budget.add_argument("--budget-cpu", type=float, default=None, help="CPU seconds (kept out of the pool if not "
                        "the figure's)")
    parser.add_argument("--log-dir", type=Path, default=STRENGTH, help="where the logs are (default docs/strength)")
    args = parser.parse_args(argv)
    fig = FIGURES[args.run]
    cpu = args.budget_cpu if args.budget_cpu is not None else (None if args.budget_iters else fig.cpu)
    run(fig, args.games, (cpu, args.budget_iters), args.log_dir, args.seed, lambda s: print(s, flush=True))
    for line in block(fig, bench_log.read(log_path(fig, args.log_dir))):
        print(line)
    return 0


__all__ = ["main", "pending", "run"]
