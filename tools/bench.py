"""`python bot.py bench [SUBCOMMAND]`: performance figures, printed, never asserted by tests.

With no subcommand: the move pipeline of every game (tools/pipeline_bench.py).  Each subcommand is
its own module; `bot.py bench SUBCOMMAND --help` tells what it measures.
"""
from __future__ import annotations

from typing import Callable, Optional

from . import (backup_bench, board_bench, bot_bench, combat_bench, fleet_bench, flotilla_pace, greedy_bench,
               hooks_bench, legibility_bench, memory_path, odds_bench, odds_load_bench, pipeline_bench, pipeline_compare,
               pool_start_bench, posting_bench, replay_bench, replay_load_bench, search_load_bench, search_truth, sprt, sweep,
               undo_bench)

SUBCOMMANDS: dict[str, Callable[[list[str]], int]] = {
    "boards": board_bench.main,  # one board's CPU by phase; boards/s in threads and in the pool
    "bots": bot_bench.main,  # bot levels: win rates, not speed; --run ID / --targets: the figures logged in docs/strength
    "compare": pipeline_compare.main,  # CPU per move by stage on this tree and another checkout, side by side
    "hooks": hooks_bench.main,  # the search's engine hooks: copy, resample, evaluate (us per call)
    "legibility": legibility_bench.main,  # decision images at phone scale: smallest text height / image width
    "greedy": greedy_bench.main,  # the greedy bot's CPU per decision: p50/p95/p99 per game
    "pace": flotilla_pace.main,  # Flotilla greedy tables: where the VP come from by round; --try a variant: pace, wins
    "odds": odds_bench.main,  # exact Eclipse combat odds
    "odds-load": odds_load_bench.main,  # a board post while heavy odds requests run
    "combat": combat_bench.main,  # Eclipse Combat-phase moves through the pipeline
    "fleet": fleet_bench.main,  # K cluster processes on the routing fake: games, REST rate, a kill -9, one process
    "backup": backup_bench.main,  # `bot.py backup` on a large database under a stream of moves
    "memory": memory_path.main,  # resident memory per finished game on the real path (--histories: histories only)
    "pool-start": pool_start_bench.main,  # what starting the board pool costs the event loop
    "posts": posting_bench.main,  # public posts per change of who must decide
    "replay": replay_bench.main,  # the replay GIF of one named game of each game: bytes, frames, CPU
    "replays": replay_load_bench.main,  # board posts while twenty /game replay requests arrive at once
    "search-load": search_load_bench.main,  # a human game's answers and board posts while hard bots think elsewhere
    "sprt": sprt.main,  # a sequential test of two bot versions' results (wins draws losses)
    "truth": search_truth.main,  # the hard level's single decisions against each move's worth played to the end
    "sweep": sweep.main,  # complete games on the validating transport
    "undo": undo_bench.main,  # /game undo and /game log early and late in a game
}


def main(argv: Optional[list[str]] = None) -> int:
    argv = list(argv or [])
    if argv and argv[0] in SUBCOMMANDS:
        return SUBCOMMANDS[argv[0]](argv[1:])
    return pipeline_bench.main(argv)
