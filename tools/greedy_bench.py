"""`python bot.py bench greedy`: CPU per decision of the "greedy" bot level, p50/p95/p99 and worst per game.

One seat is played by the greedy bot (rules.bots.choose, as bot seats play) and the others by `--others`
(random, as `bench bots` plays them, or greedy too), the greedy seat rotating game by game, over whole games
with seeds seed, seed+1, ...; each greedy decision's CPU time (this process) is one figure.  Each game's line
ends with a digest of every move the greedy seats chose (sha256 of the move ids in order): a change that only
makes the bot faster leaves it equal, on this checkout and the one before.  Printed, never asserted.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import time
from typing import Optional

from rules import GAMES
from rules.bots import choose

from .bench_games import percentile


def decision_times(key: str, games: int, players: int, seed: int, others: str = "random",
                   chosen: Optional[list[str]] = None) -> tuple[list[float], list[tuple[float, int, int]]]:
    """CPU seconds of each greedy decision, and the slowest five as (seconds, seed, move number); the move ids
    the greedy seats chose are added to `chosen`, in order."""
    engine = GAMES[key]
    seats = [f"p{i + 1}" for i in range(players)]
    times: list[float] = []
    worst: list[tuple[float, int, int]] = []
    for g in range(seed, seed + games):
        state = engine.setup(seats, g, None)
        greedy = seats[(g - seed) % players]
        while to_act := engine.to_act(state):
            seat = to_act[0]
            if seat != greedy and others != "greedy":
                state = engine.apply(state, seat, choose(engine, state, seat, others, seed=g).id)
                continue
            c0 = time.process_time()
            move = choose(engine, state, seat, "greedy", seed=g)
            spent = time.process_time() - c0
            times.append(spent)
            if chosen is not None:
                chosen.append(move.id)
            worst = sorted(worst + [(spent, g, state.moves_made)], reverse=True)[:5]
            state = engine.apply(state, seat, move.id)
    return times, worst


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench greedy", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--games", type=int, default=5, help="whole games per game (default 5)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (capped to each game's range)")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--others", choices=("random", "greedy"), default="random",
                        help="the level of the other seats (default random)")
    args = parser.parse_args(argv)
    for key in args.game or sorted(GAMES):
        engine = GAMES[key]
        players = max(engine.min_players, min(engine.max_players, args.players))
        chosen: list[str] = []
        times, worst = decision_times(key, args.games, players, args.seed, args.others, chosen)
        digest = hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:16]
        ms = [t * 1000 for t in times]
        print(f"== {engine.title}, greedy against {players - 1} {args.others} seats, {args.games} games, {len(ms)} decisions: CPU per decision "
              f"p50 {percentile(ms, 0.5):.1f} ms, p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms, "
              f"worst {max(ms):.1f} ms (load average {os.getloadavg()[0]:.1f}); moves {digest}", flush=True)
        print("   slowest (ms, seed, move): " + ", ".join(f"{t * 1000:.0f} @ {s}/{n}" for t, s, n in worst), flush=True)
    return 0
