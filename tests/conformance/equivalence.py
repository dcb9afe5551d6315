"""Digests of random games, to show a refactoring of the engines changes no game.

Each (engine, player count, seed) is played to its end with `rules.playout` (the same random
player as the conformance tests); its digest is the SHA-256 of every move played (id, barrier,
text), every step's events, and the final state's JSON.  `core_digests.json` beside this file
holds the digests recorded before the engine core was introduced; the test compares a sample
of them, and

    .venv/bin/python -m tests.conformance.equivalence [--games 200] [--only KEY] [--record]

compares (or with --record, writes) the full set.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Iterator

import rules
from rules.contract import Engine
from rules.playout import iter_playout, playout_rng

FIXTURE = Path(__file__).with_name("core_digests.json")
GAMES_RECORDED = 200  # per engine and player count


def game_digest(engine: Engine, players: int, seed: int) -> str:
    """The digest of one random game (16 hex digits of its SHA-256)."""
    seats = [f"p{i}" for i in range(players)]
    state = engine.setup(seats, seed, None)
    h = hashlib.sha256()
    for e in state.events:
        h.update(e.model_dump_json().encode())
    for step in iter_playout(engine, state, playout_rng(seed)):
        mv = step.move
        h.update(f"|{step.seat}|{mv.id}|{int(mv.barrier)}|".encode())
        h.update(mv.text.model_dump_json().encode())
        for e in step.after.events:
            h.update(e.model_dump_json().encode())
        state = step.after
    h.update(engine.dump(state).encode())
    return h.hexdigest()[:16]


def cases(only: str | None = None) -> Iterator[tuple[str, int]]:
    for key, engine in rules.GAMES.items():
        if only is None or key == only:
            for n in range(engine.min_players, engine.max_players + 1):
                yield key, n


def load() -> dict[str, list[str]]:
    return json.loads(FIXTURE.read_text()) if FIXTURE.exists() else {}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=GAMES_RECORDED, help="seeds 0..N-1 per player count")
    ap.add_argument("--only", help="one engine key")
    ap.add_argument("--record", action="store_true", help="write the digests instead of comparing")
    args = ap.parse_args(argv)
    recorded = load()
    bad = 0
    for key, n in cases(args.only):
        got = [game_digest(rules.GAMES[key], n, seed) for seed in range(args.games)]
        name = f"{key}:{n}"
        if args.record:
            recorded[name] = got
            print(f"{name}: recorded {len(got)} games", flush=True)
            continue
        want = recorded.get(name, [])[:args.games]
        diff = [i for i, (a, b) in enumerate(zip(got, want)) if a != b]
        ok = len(want) == len(got) and not diff
        bad += not ok
        print(f"{name}: {len(got)} games, {'identical' if ok else f'DIFFERENT seeds {diff[:10]}'}"
              f" (all: {hashlib.sha256(''.join(got).encode()).hexdigest()[:16]})", flush=True)
    if args.record:
        FIXTURE.write_text(json.dumps(recorded, indent=0, sort_keys=True) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
