"""`python bot.py bench compare --against DIR`: CPU per move on this tree and on another checkout, side by side.

The same bench (tools/pipeline_bench.py, this tree's file) plays the same seeded random moves through each
tree's own move path: load, check, apply and save, the post's buttons and image.  Each run is a child process
under `nice` started in its tree (its code, its `.venv`); the trees take turns, in alternating order from one
round to the next, so that the load of a shared machine falls on both alike.  Printed per game: the median CPU
per move (this process's CPU time) of each tree over every round's moves, the ratio this/other, and the
median of each stage; the load average is printed with every run.  Printed, never asserted by tests.

An older tree is made with `git worktree add DIR REV --detach` and a `.venv` link to this one's.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Optional

from rules import GAMES

from . import pipeline_bench
from .pipeline_bench import STAGES

HERE = Path(__file__).resolve().parent.parent

# Run in the child, in its tree: this tree's bench file, with the tree's own packages on the path.
CHILD = """
import json, runpy, sys, tempfile
bench = runpy.run_path(sys.argv[1])
with tempfile.TemporaryDirectory() as tmp:
    figures = bench["bench_pipeline"](sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), tmp)
print(json.dumps({name: figures[name] for name in bench["STAGES"]}))
"""


def python_of(tree: Path) -> str:
    """The tree's own interpreter when it has a `.venv`, else this one."""
    own = tree / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def child_run(tree: Path, key: str, players: int, moves: int, nice: int) -> dict[str, list[float]]:
    """One bench run of `moves` moves of `key` in `tree`: CPU seconds per move by stage."""
    command = ["nice", "-n", str(nice), python_of(tree), "-c", CHILD, pipeline_bench.__file__,
               key, str(players), str(moves)]
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"bench in {tree} failed:\n{done.stderr[-2000:]}")
    figures: dict[str, list[float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def per_move_ms(figures: dict[str, list[float]]) -> list[float]:
    """Each move's CPU over every stage, in ms."""
    return [sum(figures[name][i] for name in STAGES) * 1000 for i in range(len(figures[STAGES[0]]))]


def stage_medians(figures: dict[str, list[float]]) -> str:
    return ", ".join(f"{name} {statistics.median(figures[name]) * 1000:.1f}" for name in STAGES)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench compare", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", type=Path, required=True, help="the other checkout's directory")
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--players", type=int, default=4, help="seats per game (capped to each game's range)")
    parser.add_argument("--moves", type=int, default=100, help="moves per run (each tree runs --rounds times)")
    parser.add_argument("--rounds", type=int, default=2, help="runs per tree and game, taking turns")
    parser.add_argument("--nice", type=int, default=5, help="niceness of the runs")
    args = parser.parse_args(argv)
    trees = {"this": HERE, "other": args.against.resolve()}
    keys = args.game or sorted(GAMES)
    print(f"this tree {trees['this']}, other tree {trees['other']}; {args.rounds} runs of {args.moves} moves "
          f"per tree and game, nice {args.nice}")
    summary = []
    for key in keys:
        engine = GAMES[key]
        players = max(engine.min_players, min(engine.max_players, args.players))
        runs: dict[str, dict[str, list[float]]] = {name: {stage: [] for stage in STAGES} for name in trees}
        for round_no in range(args.rounds):
            order = ["this", "other"] if round_no % 2 == 0 else ["other", "this"]
            for name in order:
                figures = child_run(trees[name], key, players, args.moves, args.nice)
                for stage in STAGES:
                    runs[name][stage].extend(figures[stage])
                print(f"{engine.title} {name} run {round_no + 1}: median {statistics.median(per_move_ms(figures)):.1f} ms "
                      f"CPU per move (load average {os.getloadavg()[0]:.1f})", flush=True)
        medians = {name: statistics.median(per_move_ms(runs[name])) for name in trees}
        ratio = medians["this"] / medians["other"]
        summary.append(f"{engine.title}, {players} players, {len(per_move_ms(runs['this']))} moves each: "
                       f"this {medians['this']:.1f} ms, other {medians['other']:.1f} ms, ratio {ratio:.2f}x\n"
                       f"  stages this:  {stage_medians(runs['this'])}\n"
                       f"  stages other: {stage_medians(runs['other'])}")
    print("median CPU per move (ms), this tree against the other:")
    print("\n".join(summary))
    print(f"(load average now {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
    return 0
