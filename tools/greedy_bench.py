"""`python bot.py bench greedy`: CPU per decision of the "greedy" bot level, p50/p95/p99 and worst per game.

Every seat is played by the greedy bot (rules.bots.choose, as bot seats play), over whole games with seeds
seed, seed+1, ...; each decision's CPU time (this process) is one figure.  Printed, never asserted.
"""
from __future__ import annotations

import argparse
import os
import time
from typing import Optional

from rules import GAMES
from rules.bots import choose

from .bench_games import percentile


def decision_times(key: str, games: int, players: int, seed: int) -> tuple[list[float], list[tuple[float, int, int]]]:
    """CPU seconds of each greedy decision, and the slowest five as (seconds, seed, move number)."""
    engine = GAMES[key]
    seats = [f"p{i + 1}" for i in range(players)]
    times: list[float] = []
    worst: list[tuple[float, int, int]] = []
    for g in range(seed, seed + games):
        state = engine.setup(seats, g, None)
        while to_act := engine.to_act(state):
            seat = to_act[0]
            c0 = time.process_time()
            move = choose(engine, state, seat, "greedy", seed=g)
            spent = time.process_time() - c0
            times.append(spent)
            worst = sorted(worst + [(spent, g, state.moves_made)], reverse=True)[:5]
            state = engine.apply(state, seat, move.id)
    return times, worst


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench greedy", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--games", type=int, default=5, help="whole games per game (default 5)")
    parser.add_argument("--players", type=int, default=3, help="seats per game (capped to each game's range)")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    args = parser.parse_args(argv)
    for key in args.game or sorted(GAMES):
        engine = GAMES[key]
        players = max(engine.min_players, min(engine.max_players, args.players))
        times, worst = decision_times(key, args.games, players, args.seed)
        ms = [t * 1000 for t in times]
        print(f"== {engine.title}, {players} greedy seats, {args.games} games, {len(ms)} decisions: CPU per decision "
              f"p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
              f"worst {max(ms):.1f} ms (load average {os.getloadavg()[0]:.1f})", flush=True)
        print("   slowest (ms, seed, move): " + ", ".join(f"{t * 1000:.0f} @ {s}/{n}" for t, s, n in worst), flush=True)
    return 0
