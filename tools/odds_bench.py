"""`python bot.py bench odds`: time of the exact Eclipse combat odds (Eclipse E98), printed, never asserted.

Each case is computed from scratch `--repeat` times (a new Battle each time); the
median wall and CPU times are printed with the attacker's chance and the number
of configuration pairs the calculator filled.
"""
from __future__ import annotations

import argparse
import statistics
import time
from typing import Optional

from rules.eclipse.battle.notation import check_pair, parse_fleet
from rules.eclipse.battle.odds import Battle

CASES = (
    ("3 interceptor", "1 dreadnought"),  # the example
    ("6 interceptor", "6 interceptor"),  # two 6-ship fleets of one type
    ("2 interceptor, 2 cruiser, 2 dreadnought", "2 interceptor, 2 cruiser, 2 dreadnought"),  # two mixed 6-ship fleets
    ("4 interceptor(plasma cannon, nuclear source, nuclear drive, gauss shield), 2 cruiser",
     "orion: 2 interceptor, 2 cruiser, 2 dreadnought"),
    ("2 cruiser, 1 dreadnought", "gcds"),
)


def time_case(attacker: str, defender: str, repeat: int) -> tuple[float, float, float, int]:
    """(median wall s, median CPU s, attacker's chance, configuration pairs)."""
    walls, cpus = [], []
    value, pairs = 0.0, 0
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        a, d = parse_fleet(attacker), parse_fleet(defender)
        check_pair(a, d)
        battle = Battle(a, d)
        value = battle.attacker_wins()
        cpus.append(time.process_time() - c)
        walls.append(time.perf_counter() - w)
        pairs = battle.n[0] * battle.n[1]
    return statistics.median(walls), statistics.median(cpus), value, pairs


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench odds", description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="computations per case (median printed)")
    args = parser.parse_args(argv)
    print("== Eclipse exact combat odds (target: each < 1 s)")
    for attacker, defender in CASES:
        wall, cpu, value, pairs = time_case(attacker, defender, args.repeat)
        print(f"{attacker}  vs  {defender}: attacker {100 * value:.2f}% | {pairs} configuration pairs | "
              f"median wall {wall * 1000:.0f} ms, CPU {cpu * 1000:.0f} ms")
    return 0
