"""Many random games of one engine with setup options (a Robinson scenario), each step under the
conformance checks (`harness.record_game`), each game replayed from its log and its final state
round-tripped through JSON.  Prints the counts; the CI test plays a few of these games
(`TestHints.variants`), this script as many as asked:

    nice -n 10 .venv/bin/python -m tests.conformance.variant_sweep --game robinson \\
        --option scenario=family_robinson --games 300 --players 1,2,3,4
"""
from __future__ import annotations

import argparse
import sys
from collections import Counter

import rules
from tests.conformance import checks as C
from tests.conformance.harness import record_game


def sweep(key: str, options: dict, games: int, players: int, seed_base: int = 0) -> tuple[Counter, Counter, list[str]]:
    """(failures by category, outcomes by end reason, the first failure texts) of `games` random games."""
    engine = rules.GAMES[key]
    seats = C.seat_names(players)
    fails: Counter = Counter()
    ends: Counter = Counter()
    texts: list[str] = []
    for seed in range(seed_base, seed_base + games):
        g = record_game(engine, seats, seed, options)
        for cat, n in g.fails.counts.items():
            fails[cat] += n
            if len(texts) < 5:
                texts.append(g.fails.report(cat)[:800])
        for cat, check in (("replay", lambda: C.check_replay(engine, seats, seed, options, g.log, g.hashes, g.final_dump)),
                           ("json", lambda: C.check_roundtrip(engine, g.final))):
            try:
                check()
            except AssertionError as exc:
                fails[cat] += 1
                if len(texts) < 5:
                    texts.append(f"{g.label}: {exc}"[:800])
        ends[f"{getattr(g.final, 'result', None)}:{getattr(g.final, 'end_reason', '')}"] += 1
    return fails, ends, texts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="robinson")
    ap.add_argument("--option", action="append", default=[], help="a setup option, e.g. scenario=family_robinson")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", default="1,2,3,4")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    options = dict(o.split("=", 1) for o in a.option)
    bad = 0
    for n in (int(x) for x in a.players.split(",")):
        fails, ends, texts = sweep(a.game, options, a.games, n, a.seed)
        bad += sum(fails.values())
        print(f"{a.game} {options} {n} player(s): {a.games} games, invariant breaks {sum(fails.values())} "
              f"{dict(fails)}; ends {dict(sorted(ends.items()))}", flush=True)
        for t in texts:
            print("  " + t.replace("\n", "\n  "))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
