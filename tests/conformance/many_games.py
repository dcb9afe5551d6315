"""Many random games of one engine and option set under every per-step conformance check, each replayed
from its log and round-tripped through JSON: the long count the CI suite (a few games per variant) does not
play.  A script, not a test:

    nice -n 10 .venv/bin/python -m tests.conformance.many_games robinson --option scenario=cursed_island \\
        --games 300 --players 1 2 3 4

prints, per player count, the games whose checks failed (0 is the goal), how the games ended, and the
failures found (the first few).
"""
from __future__ import annotations

import argparse
import collections
import sys
import time

import rules

from . import checks as C
from .harness import record_game


def parse_option(text: str) -> tuple[str, object]:
    name, _, raw = text.partition("=")
    value: object = {"true": True, "false": False}.get(raw.lower(), raw)
    return name, int(raw) if raw.isdigit() else value


def sweep(key: str, players: int, games: int, options: dict, seed0: int = 0) -> tuple[int, collections.Counter, list[str]]:
    engine = rules.GAMES[key]
    seats = C.seat_names(players)
    broken, ends, notes = 0, collections.Counter(), []
    for seed in range(seed0, seed0 + games):
        g = record_game(engine, seats, seed, options)
        g.fails.run("replay", lambda: f"{g.label} replay", C.check_replay, engine, seats, seed, options, g.log,
                    g.hashes, g.final_dump)
        g.fails.run("json", lambda: f"{g.label} JSON", C.check_roundtrip, engine, g.final)
        for i, dump in g.sample_dumps.items():
            rest = g.log[i:]
            g.fails.run("json", lambda: f"{g.label} resumed at {i}", C.check_resume, engine, dump, rest, g.final_dump)
        if g.fails:
            broken += 1
            notes += [g.fails.report(cat) for cat in g.fails][:2]
        out = engine.outcome(g.final)
        ends[getattr(g.final, "end_reason", "") or (out.model_dump().get("reason", "") if out else "unfinished")] += 1
    return broken, ends, notes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--option", action="append", default=[], help="a setup option, e.g. scenario=cursed_island")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, nargs="+", default=[1, 2, 3, 4])
    ap.add_argument("--seed", type=int, default=0, help="the first seed")
    args = ap.parse_args(argv)
    options = dict(parse_option(o) for o in args.option) or None
    bad = 0
    for n in args.players:
        t0 = time.perf_counter()
        broken, ends, notes = sweep(args.game, n, args.games, options or {}, args.seed)
        bad += broken
        print(f"{args.game} {options or ''} players={n}: {args.games} games, {broken} with a failed check "
              f"(per step, replay, JSON); ends {dict(sorted(ends.items()))}; {time.perf_counter() - t0:.0f} s",
              flush=True)
        for note in notes[:3]:
            print("  " + note[:1500], flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
