"""`python bot.py bench hooks`: what the search's engine hooks cost, printed, never asserted.

For each game that has them, positions are taken along one greedy game (every `--stride`th move),
and on each position `copy_state`, `resample(state, seat, rng)` and `evaluate(state)` are timed
`--reps` times, and `macro_moves(state, seat)` once where it offers chains.  Printed: microseconds
per call, median and p95 over all calls (a loaded 2-core
machine inflates both; the search's target for a copy is 50 us).
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable, Optional

from rules import GAMES
from rules.rng import Rng

from .bench_games import percentile

HOOKS = ("resample", "evaluate")


def positions(engine: Any, players: int, seed: int, moves: int, stride: int) -> list[Any]:
    """Positions along one greedy game: every `stride`th move, `moves` at most."""
    s = engine.setup([f"p{i + 1}" for i in range(players)], seed)
    rng = Rng.from_seed(seed)
    out = []
    for n in range(moves):
        if engine.is_over(s):
            break
        seat = engine.to_act(s)[0]
        if n % stride == 0:
            out.append((s, seat))
        s = engine.apply(s, seat, engine.greedy_move(s, seat, rng).id)
    return out


def timed(call: Callable[..., Any], args: tuple[Any, ...], reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        t = time.perf_counter()
        call(*args)
        out.append((time.perf_counter() - t) * 1e6)
    return out


def bench(key: str, players: int, seed: int, moves: int, stride: int, reps: int) -> dict[str, list[float]]:
    """Microseconds per call of each hook (macro_moves once per position where it offers chains)."""
    engine: Any = GAMES[key]
    got: dict[str, list[float]] = {"copy_state": [], "resample": [], "evaluate": [], "macro_moves": []}
    for n, (s, seat) in enumerate(positions(engine, players, seed, moves, stride)):
        got["copy_state"] += timed(engine.copy_state, (s,), reps)
        got["resample"] += timed(lambda x, y, k: engine.resample(x, y, Rng.from_seed(k)), (s, seat, n), reps)
        got["evaluate"] += timed(engine.evaluate, (s,), reps)
        if hasattr(engine, "macro_moves") and engine.macro_moves(s, seat):
            got["macro_moves"] += timed(engine.macro_moves, (s, seat), 1)
    return got


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="bot.py bench hooks", description=__doc__.splitlines()[0])
    ap.add_argument("--game", help="one game (default: every game with search hooks)")
    ap.add_argument("--players", type=int, default=0, help="seats (default: the game's sample table)")
    ap.add_argument("--moves", type=int, default=300, help="moves of the greedy game positions are taken from")
    ap.add_argument("--stride", type=int, default=30)
    ap.add_argument("--reps", type=int, default=20, help="calls timed per position and hook")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    keys = [args.game] if args.game else [k for k, e in GAMES.items() if all(hasattr(e, h) for h in HOOKS)]
    print(f"{'game':12s} {'players':>7s} {'hook':12s} {'calls':>6s} {'median us':>10s} {'p95 us':>9s}")
    for key in keys:
        players = args.players or GAMES[key].sample_players()
        for hook, us in bench(key, players, args.seed, args.moves, args.stride, args.reps).items():
            if us:
                print(f"{key:12s} {players:7d} {hook:12s} {len(us):6d} {statistics.median(us):10.0f} "
                      f"{percentile(us, 0.95):9.0f}")
    return 0


__all__ = ["bench", "main", "positions"]
