"""`python bot.py bench bots`: how well each bot level plays, for every registered game.

Competitive games: the "greedy" level in one seat against "random" in the others
(the greedy seat rotates game by game, so each seat position gets its share);
co-operative games: the win rate of each level playing every seat.  Printed,
never asserted (tests play smaller samples).  With `--levels A,B` (e.g. hard,greedy) the
series and the search's cost are tools/search_bench.py's.  `--log FILE` appends one JSON line per finished game
(tools/bench_log.py).  The issue's figures as named runs: `--run ID --games N` adds N games to a figure's log in
docs/strength/ (tools/strength_run.py, the figures tools/strength_figures.py), `--targets` reports every figure
pooled from its log (tools/strength_report.py).
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Optional

from rules import GAMES, GameState, Outcome
from rules.bot_match import GameSeen, coop_rates, head_to_head, is_coop

from . import search_bench, strength_report, strength_run
from .bot_games import Played, Series


def seen(key: str, log: Optional[Path], options: Optional[dict[str, str]]) -> Optional[GameSeen]:
    """What appends each finished game's line to `log` (tools/bench_log.py), or None without a log."""
    log_game = search_bench.logger(key, (None, None), log, options)
    if log_game is None:
        return None

    def on_game(levels: list[str], seed: int, seat: Optional[str], state: GameState, outcome: Outcome,
                moves: int) -> None:
        log_game(levels, seed, seat, Played(state, outcome, Series(games=1, moves=moves)))
    return on_game


def report(key: str, games: int, players: Optional[int], seed: int,
           options: Optional[dict[str, str]] = None, levels: tuple[str, ...] = ("random", "greedy"),
           log: Optional[Path] = None) -> list[str]:
    engine = GAMES[key]
    start = time.perf_counter()
    on_game = seen(key, log, options)
    if is_coop(engine, seed):
        fig = coop_rates(engine, games, levels=levels, players=players, seed=seed, options=options or None,
                         on_game=on_game)
        n = players or engine.min_players
        opts = "".join(f", {k}={v}" for k, v in (options or {}).items())
        lines = [f"== {engine.title} (co-operative, {n} players{opts}, {games} games per level, seeds {seed}-{seed + games - 1})"]
        for level, won in fig.coop_wins.items():
            lines.append(f"{level}: won {won}/{fig.coop_games[level]} = {won / max(1, fig.coop_games[level]):.0%}")
    else:
        n = max(engine.min_players, min(engine.max_players, players or 2))
        fig = head_to_head(engine, games, players=n, seed=seed, on_game=on_game)
        lines = [f"== {engine.title} ({n} players, {games} games, greedy vs random, greedy seat rotating)",
                 f"greedy won {fig.wins}, shared first {fig.ties}, lost {fig.losses}: "
                 f"win rate {fig.win_rate:.1%} (ties as half: {fig.score_rate:.1%})"]
    secs = time.perf_counter() - start
    if log is not None:
        lines.append(f"each game's line appended to {log}")
    lines.append(f"{fig.moves / max(1, fig.games):.0f} moves per game on average; {secs:.1f} s")
    return lines


def given(argv: Optional[list[str]], flag: str) -> bool:
    return any(a == flag or a.startswith(flag + "=") for a in argv or [])


def main(argv: Optional[list[str]] = None) -> int:
    if given(argv, "--targets"):
        return strength_report.main(argv)
    if given(argv, "--run"):
        return strength_run.main(argv)
    if given(argv, "--levels"):
        return search_bench.main(argv)
    parser = argparse.ArgumentParser(prog="bot.py bench bots", description=__doc__)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--games", type=int, default=200, help="games per figure (default 200)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats per game (default: 2, or the game's minimum)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (games use seed, seed+1, ...)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a setup option of the game (repeatable), e.g. scenario=jenny for Robinson")
    parser.add_argument("--level", action="append", choices=("random", "greedy"),
                        help="co-operative games: only these bot levels (repeatable; default both)")
    parser.add_argument("--log", type=Path, default=None, metavar="FILE",
                        help="append one JSON line per finished game to FILE (tools/bench_log.py)")
    args = parser.parse_args(argv)
    options = dict(o.split("=", 1) for o in args.option)
    levels = tuple(args.level or ("random", "greedy"))
    for key in args.game or sorted(GAMES):
        for line in report(key, args.games, args.players, args.seed, options, levels, args.log):
            print(line, flush=True)
    return 0
