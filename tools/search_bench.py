"""`python bot.py bench bots --levels hard,greedy`: one bot level against another, the search's cost per decision.

Competitive games: the first level plays one seat, the second the others; the first level's seat rotates
through every position of each deal (seeds seed, seed+1, ...: P games per seed, P the players), so each deal
is played from every seat.  Printed: its wins, shared first places and losses with the sample size, a 95 %
interval, the mean rank of each level, and the SPRT (tools/sprt.py) of the pairing.  Co-operative games:
every seat at one level, each level's win rate.  For every game, the round it ended in (median, highest).

Hard decisions are searched in this process exactly as a search worker does (host/search_pool.py
`timed_search`: one worker's tree), with `--budget-iters K` (reproducible) or `--budget-cpu S` seconds of CPU;
printed: CPU per searched decision (p50/p95/p99; decisions with one legal move are not searched) and the
peak resident memory, what a worker would hold.  Every move played is checked legal (the games themselves:
tools/bot_games.py).  Figures are printed, never asserted; keep runs short on a shared machine (`--games 20`).
`--log FILE` appends one JSON line per finished game (tools/bench_log.py); a level "hard@S" searches S seconds
of CPU whatever `--budget-cpu` says.
"""
from __future__ import annotations

import argparse
import math
import resource
import statistics
import time
from pathlib import Path
from typing import Optional, Sequence

from rules import GAMES
from rules.bot_match import is_coop
from rules.bots import LEVELS

from . import bench_log
from .bench_levels import split_level
from .bot_games import Budget, OnGame, Played, Series, competitive, play_game
from .sprt import describe, sprt


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate of `wins` in `n` (n > 0)."""
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def interval(wins: float, n: int) -> str:
    """A 95 % Wilson interval of a rate, printed."""
    if n == 0:
        return "-"
    low, high = wilson(wins, n)
    return f"{low:.0%}-{high:.0%}"


def cost_lines(series: Series) -> list[str]:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines = []
    if series.cpu:
        lines.append(f"CPU per searched decision ({len(series.cpu)}): p50 {percentile(series.cpu, .5):.2f} s, "
                     f"p95 {percentile(series.cpu, .95):.2f} s, p99 {percentile(series.cpu, .99):.2f} s; "
                     f"peak RSS of the searching process {rss:.0f} MiB")
        lines.append(f"the search departed from the greedy move in {series.departures} of {len(series.cpu)} decisions")
    if series.end_rounds:
        lines.append(f"end round: median {statistics.median(series.end_rounds):g}, highest {max(series.end_rounds)}")
    lines.append(f"illegal moves: {series.illegal}; {series.moves / max(1, series.games):.0f} moves per game")
    return lines


def logger(key: str, budget: Budget, log: Optional[Path], options: Optional[dict[str, str]] = None,
           figure: Optional[str] = None) -> Optional[OnGame]:
    """What appends each finished game's line to `log` (tools/bench_log.py), or None without a log."""
    if log is None:
        return None
    engine, path = GAMES[key], log

    def on_game(levels: list[str], seed: int, seat: Optional[str], played: Played) -> None:
        bench_log.append(path, bench_log.record(engine, levels, seed, seat, played, budget, options, figure))
    return on_game


def report(key: str, levels: list[str], games: int, players: Optional[int], seed: int,
           budget: Budget, log: Optional[Path] = None) -> list[str]:
    engine = GAMES[key]
    start = time.perf_counter()
    said = f"{budget[1]} iterations" if budget[1] else f"{budget[0]:g} s CPU"
    on_game = logger(key, budget, log)
    if is_coop(engine, seed):
        n = players or engine.min_players
        lines = [f"== {engine.title} (co-operative, {n} players, {games} games per level, hard: {said})"]
        for level in levels:
            series = Series()
            won = 0
            for g in range(games):
                played = play_game(engine, [level] * n, seed + g, budget)
                series.add(played.series)
                series.games += 1
                won += int(bool(played.outcome.won))
                if on_game:
                    on_game([level] * n, seed + g, None, played)
            lines.append(f"{level}: won {won}/{games} = {won / max(1, games):.0%} (95 %: {interval(won, games)})")
            lines += ["  " + x for x in cost_lines(series)]
    else:
        mine, other = levels[0], levels[1] if len(levels) > 1 else "greedy"
        n = max(engine.min_players, min(engine.max_players, players or 2))
        series = competitive(engine, mine, other, n, games, seed, budget, on_game=on_game)
        s = series
        lines = [f"== {engine.title} ({n} players, {games} games, {mine} vs {other}, {mine} seat rotating; "
                 f"hard: {said})",
                 f"{mine} won {s.wins}, shared first {s.ties}, lost {s.losses} of {s.games}: "
                 f"win rate {s.wins / max(1, s.games):.1%} (95 %: {interval(s.wins, s.games)})",
                 f"mean rank: {mine} {statistics.mean(s.ranks[mine]):.2f}, "
                 f"{other} {statistics.mean(s.ranks[other]):.2f}"]
        lines += cost_lines(series)
        lines.append(describe(sprt(s.wins, s.ties, s.losses)))
    if log is not None:
        lines.append(f"each game's line appended to {log}")
    lines.append(f"{time.perf_counter() - start:.1f} s")
    return lines


def known_level(level: str) -> bool:
    """A level of rules.bots, or "hard@S": the hard level at S seconds of CPU a decision."""
    try:
        name, cpu = split_level(level)
    except ValueError:
        return False
    return name in LEVELS if cpu is None else name == "hard" and cpu > 0


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench bots --levels A,B", description=__doc__)
    parser.add_argument("--levels", required=True, help="two levels, e.g. hard,greedy (the first is measured)")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--games", type=int, default=20, help="games per figure (default 20)")
    parser.add_argument("--players", type=int, default=None, help="seats per game (default 2, or the minimum)")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--budget-iters", type=int, default=None, help="search iterations per decision")
    budget.add_argument("--budget-cpu", type=float, default=None, help="seconds of CPU per decision")
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help="append one JSON line per finished game to FILE (tools/bench_log.py)")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    bad = [x for x in levels if not known_level(x)]
    if bad or not levels:
        parser.error(f"levels are {', '.join(LEVELS)} (hard@S: hard at S s of CPU); got {args.levels!r}")
    cpu = args.budget_cpu if args.budget_cpu is not None else (None if args.budget_iters else 0.5)
    for key in args.game or sorted(GAMES):
        for line in report(key, levels, args.games, args.players, args.seed, (cpu, args.budget_iters), args.log):
            print(line, flush=True)
    return 0


__all__ = ["Series", "competitive", "interval", "known_level", "logger", "main", "percentile", "report", "wilson"]
