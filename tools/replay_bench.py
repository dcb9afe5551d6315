"""`python bot.py bench replay`: the size of each game's replay GIF for one named game, built as the bot builds it.

For every registered game (or `--game`), the game with seed `--seed` and `--players` seats (capped to the game's
range) is played to its end with random moves (`rules.playout`, the seed's own random player, so the same seed
is the same game on every checkout), then its history is built through the bot's own path
(`host.history.build_history`, English, 48 frames at most).  Printed per game: the moves, the frames, the GIF's
bytes and the build's CPU seconds, with the load average.  Printed, never asserted: a test holds the bound on a
small game.
"""
from __future__ import annotations

import argparse
import os
import time
from typing import Optional

from host.history import GameHistory, build_history
from rules import GAMES
from rules.playout import iter_playout, playout_rng

SEED = 7
PLAYERS = 4


def named_history(key: str, seed: int = SEED, players: int = PLAYERS, locale: str = "en") -> GameHistory:
    """The history of `key`'s game `seed` (random moves of the seed's own random player) for `players` seats,
    capped to the game's range, built by `build_history`."""
    engine = GAMES[key]
    n = max(engine.min_players, min(engine.max_players, players))
    seats = [f"p{i + 1}" for i in range(n)]
    steps = iter_playout(engine, engine.setup(seats, seed, None), playout_rng(seed))
    moves = [(step.seat, step.move.id) for step in steps]
    names = {seat: f"Player {i + 1}" for i, seat in enumerate(seats)}
    return build_history(engine, seats, seed, None, moves, names, locale, engine.title)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench replay", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"the game's seed (default {SEED})")
    parser.add_argument("--players", type=int, default=PLAYERS,
                        help=f"seats, capped to each game's range (default {PLAYERS})")
    args = parser.parse_args(argv)
    print(f"replay GIF of game seed {args.seed}, {args.players} players (capped to each game's range), "
          f"load average {os.getloadavg()[0]:.1f}", flush=True)
    for key in args.game or sorted(GAMES):
        started = time.process_time()
        built = named_history(key, args.seed, args.players)
        cpu = time.process_time() - started
        players = max(GAMES[key].min_players, min(GAMES[key].max_players, args.players))
        print(f"{key:<11} {players} players, {built.moves:>4} moves, {built.frames:>2} frames: "
              f"{len(built.replay):>9,} bytes ({len(built.replay) / 1024:,.0f} KiB), {cpu:.2f} s CPU", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0
