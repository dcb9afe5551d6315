"""`python bot.py bench bots --levels hard,greedy`: one bot level against another, the search's cost per decision.

Competitive games: the first level plays one seat, the second the others; the first level's seat rotates
through every position of each deal (seeds seed, seed+1, ...: P games per seed, P the players), so each deal
is played from every seat.  Printed: its wins, shared first places and losses with the sample size, a 95 %
interval, the mean rank of each level, and the SPRT (tools/sprt.py) of the pairing.  Co-operative games:
every seat at one level, each level's win rate.  For every game, the round it ended in (median, highest).

Hard decisions are searched in this process exactly as a search worker does (host/search_pool.py
`timed_search`: one worker's tree), with `--budget-iters K` (reproducible) or `--budget-cpu S` seconds of CPU;
printed: CPU per searched decision (p50/p95/p99; decisions with one legal move are not searched) and the
peak resident memory, what a worker would hold.  Every move played is checked legal.  Figures are printed,
never asserted; keep runs short on a shared machine (`--games 20`).
"""
from __future__ import annotations

import argparse
import math
import resource
import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from host.search_pool import timed_search
from rules import GAMES, Engine
from rules.bot_match import is_coop
from rules.bots import LEVELS, bot_rng, choose, settle

from .sprt import describe, sprt


@dataclass
class Series:
    games: int = 0
    wins: int = 0
    ties: int = 0
    losses: int = 0
    ranks: dict[str, list[int]] = field(default_factory=dict)  # level -> ranks its seats finished
    cpu: list[float] = field(default_factory=list)  # per searched decision
    end_rounds: list[int] = field(default_factory=list)
    illegal: int = 0
    moves: int = 0
    departures: int = 0  # searched decisions where the hard move was not the greedy one


def decide(engine: Engine[Any], state: Any, seat: str, level: str, seed: int, budget: tuple[Optional[float], Optional[int]],
           series: Series) -> str:
    if level != "hard":
        return choose(engine, state, seat, level, seed).id
    moves = engine.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0].id
    cpu, iters = budget
    answer = timed_search(engine, state, seat, seed, 0, cpu, iters)
    series.cpu.append(answer.cpu)
    chosen = settle(engine, state, seat, moves, answer.result, seed)
    greedy = engine.greedy_move(state, seat, bot_rng(seed, state.moves_made, seat))
    series.departures += int(greedy is not None and greedy.id != chosen.id)
    return chosen.id


def play(engine: Engine[Any], levels: list[str], seed: int, budget: tuple[Optional[float], Optional[int]],
         series: Series, max_moves: int = 20000) -> Any:
    seats = [f"p{i + 1}" for i in range(len(levels))]
    by_seat = dict(zip(seats, levels))
    state = engine.setup(seats, seed)
    for _ in range(max_moves):
        to_act = engine.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        move = decide(engine, state, seat, by_seat[seat], seed, budget, series)
        if move not in engine.move_ids(state, seat):
            series.illegal += 1
        state = engine.apply(state, seat, move)
        series.moves += 1
    if engine.offers("round_number"):
        series.end_rounds.append(engine.round_number(state) or 0)
    return state


def competitive(engine: Engine[Any], mine: str, other: str, players: int, games: int, seed: int,
                budget: tuple[Optional[float], Optional[int]]) -> Series:
    series = Series(ranks={mine: [], other: []})
    for g in range(games):
        spot = g % players
        levels = [mine if i == spot else other for i in range(players)]
        state = play(engine, levels, seed + g // players, budget, series)
        outcome = engine.outcome(state)
        assert outcome is not None
        seat = f"p{spot + 1}"
        first = [s for s, r in outcome.ranks.items() if r == 1]
        series.games += 1
        if seat in first and len(first) == 1:
            series.wins += 1
        elif seat in first:
            series.ties += 1
        else:
            series.losses += 1
        for s, r in outcome.ranks.items():
            series.ranks[mine if s == seat else other].append(r)
    return series


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def interval(wins: float, n: int) -> str:
    """A 95 % Wilson interval of a rate."""
    if n == 0:
        return "-"
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{max(0.0, centre - half):.0%}-{min(1.0, centre + half):.0%}"


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


def report(key: str, levels: list[str], games: int, players: Optional[int], seed: int,
           budget: tuple[Optional[float], Optional[int]]) -> list[str]:
    engine = GAMES[key]
    start = time.perf_counter()
    said = f"{budget[1]} iterations" if budget[1] else f"{budget[0]:g} s CPU"
    if is_coop(engine, seed):
        n = players or engine.min_players
        lines = [f"== {engine.title} (co-operative, {n} players, {games} games per level, hard: {said})"]
        for level in levels:
            series = Series()
            won = 0
            for g in range(games):
                state = play(engine, [level] * n, seed + g, budget, series)
                series.games += 1
                outcome = engine.outcome(state)
                won += int(bool(outcome and outcome.won))
            lines.append(f"{level}: won {won}/{games} = {won / max(1, games):.0%} (95 %: {interval(won, games)})")
            lines += ["  " + x for x in cost_lines(series)]
    else:
        mine, other = levels[0], levels[1] if len(levels) > 1 else "greedy"
        n = max(engine.min_players, min(engine.max_players, players or 2))
        series = competitive(engine, mine, other, n, games, seed, budget)
        s = series
        lines = [f"== {engine.title} ({n} players, {games} games, {mine} vs {other}, {mine} seat rotating; "
                 f"hard: {said})",
                 f"{mine} won {s.wins}, shared first {s.ties}, lost {s.losses} of {s.games}: "
                 f"win rate {s.wins / max(1, s.games):.1%} (95 %: {interval(s.wins, s.games)})",
                 f"mean rank: {mine} {statistics.mean(s.ranks[mine]):.2f}, "
                 f"{other} {statistics.mean(s.ranks[other]):.2f}"]
        lines += cost_lines(series)
        lines.append(describe(sprt(s.wins, s.ties, s.losses)))
    lines.append(f"{time.perf_counter() - start:.1f} s")
    return lines


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
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad or not levels:
        parser.error(f"levels are {', '.join(LEVELS)}; got {args.levels!r}")
    cpu = args.budget_cpu if args.budget_cpu is not None else (None if args.budget_iters else 0.5)
    for key in args.game or sorted(GAMES):
        for line in report(key, levels, args.games, args.players, args.seed, (cpu, args.budget_iters)):
            print(line, flush=True)
    return 0


__all__ = ["main", "report"]
