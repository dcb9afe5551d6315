"""Recorded random games shared by the conformance tests.

Each (engine, player count) is played once per test session over several
seeds with `rules.playout`; while playing, the per-step checks (decision
structure, texts, barrier honesty, purity of apply) run on every state and
their failures are collected by category, so that each numbered test of
test_contract.py reports its own property.  A handful of states per game is
kept for the heavier sampled checks.

CONFORMANCE_SEEDS (default 25) sets the number of seeds per player count with
default options; CONFORMANCE_VARIANT_SEEDS (default 4) the number per
variant, a variant being one boolean option of the engine's Options flipped;
CONFORMANCE_SEED_BASE (default 0) shifts the seeds, to explore fresh games.
CONFORMANCE_SEEDS_<KEY> (e.g. CONFORMANCE_SEEDS_ECLIPSE) overrides the seed
count for one engine whose random games are long; an engine can also lower its
own default with a class attribute `conformance_seeds`.
"""
from __future__ import annotations

import functools
import os
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

import rules
from rules.contract import Engine, GameState
from rules.playout import iter_playout, playout_rng

from . import checks as C
from .toy_game import TOY

ENGINES: dict[str, Engine] = {**rules.GAMES, TOY.key: TOY}

SEEDS = int(os.environ.get("CONFORMANCE_SEEDS", "25"))
VARIANT_SEEDS = int(os.environ.get("CONFORMANCE_VARIANT_SEEDS", "4"))
SEED_BASE = int(os.environ.get("CONFORMANCE_SEED_BASE", "0"))
MAX_MOVES = 20000
SAMPLES = 6  # evenly spaced states kept per game, besides barrier and multi-seat ones
MAX_FAILS = 8  # per category and game: enough to read, small enough to print


def seat_counts() -> list[tuple[str, int]]:
    return [(k, n) for k, e in ENGINES.items() for n in range(e.min_players, e.max_players + 1)]


class Failures(dict):
    """category -> messages; `run` calls a check and files what it raises."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[str, int] = {}

    def run(self, category: str, where: Callable[[], str], fn: Callable, *args: Any) -> Any:
        try:
            return fn(*args)
        except AssertionError as exc:
            self.add(category, f"{where()}: {exc}")
        except Exception as exc:  # noqa: BLE001 - an engine crash inside a check is a failure too
            tb = "".join(traceback.format_exception(exc)[-3:])
            self.add(category, f"{where()}: {type(exc).__name__}: {exc}\n{tb}")
        return None

    def add(self, category: str, text: str) -> None:
        self.counts[category] = self.counts.get(category, 0) + 1
        if len(self.setdefault(category, [])) < MAX_FAILS:
            self[category].append(text)

    def report(self, category: str) -> str:
        return f"{self.counts.get(category, 0)} failure(s):\n" + "\n".join(self.get(category, []))


@dataclass
class Game:
    key: str
    seats: list[str]
    seed: int
    options: Any
    log: list[tuple[str, str]]
    final: GameState
    final_dump: str
    hashes: list[int]  # hash of the dump after setup and after every move
    samples: dict[int, GameState]  # move count -> state, kept for sampled checks
    sample_dumps: dict[int, str]
    fails: Failures = field(default_factory=Failures)

    @property
    def label(self) -> str:
        return f"{self.key} seats={len(self.seats)} seed={self.seed} options={self.options}"


def record_game(engine: Engine, seats: list[str], seed: int, options: Any = None,
                max_moves: int = MAX_MOVES) -> Game:
    """Play one random game (as rules.playout.play_random does), checking every step."""
    fails = Failures()
    state = engine.setup(list(seats), seed, options)
    states: list[GameState] = [state]
    dumps: list[str] = [engine.dump(state)]
    log: list[tuple[str, str]] = []
    special: list[int] = []  # states before a barrier move or with several seats to act
    label = f"{engine.key} seats={len(seats)} seed={seed} options={options}"
    fails.run("text", lambda: f"{label} setup", lambda: [C.check_text(e) for e in state.events])
    for step in iter_playout(engine, state, playout_rng(seed), max_moves):
        i, before, seat, move, after = step

        def where(i: int = i, seat: str = seat, mid: str = move.id) -> str:
            return f"{label} move #{i} ({seat} {mid})"

        if engine.dump(before) != dumps[-1]:
            fails.add("purity", f"{where()}: apply mutated its input: {C._diff(dumps[-1], engine.dump(before))}")
        fails.run("step", where, C.check_step, engine, before)
        fails.run("text", where, C.check_state_texts, engine, before)
        fails.run("barrier", where, C.check_barrier_honest, before, after, move)
        fails.run("text", where, lambda a=after: [C.check_text(e) for e in a.events])
        if move.barrier or len(engine.to_act(before)) > 1:
            special.append(i)
        log.append((seat, move.id))
        states.append(after)
        dumps.append(engine.dump(after))
    final = states[-1]
    fails.run("step", lambda: f"{label} final state", C.check_step, engine, final)
    fails.run("text", lambda: f"{label} final state", C.check_state_texts, engine, final)
    fails.run("purity", lambda: label, C.check_states_unchanged, engine, states, dumps)
    n = len(states)
    keep = {round(k * (n - 1) / (SAMPLES - 1)) for k in range(SAMPLES)} if n > 1 else {0}
    keep |= set(special[:: max(1, len(special) // 4)][:4])
    return Game(key=engine.key, seats=list(seats), seed=seed, options=options, log=log, final=final,
                final_dump=dumps[-1], hashes=[hash(d) for d in dumps],
                samples={i: states[i] for i in sorted(keep)}, sample_dumps={i: dumps[i] for i in sorted(keep)},
                fails=fails)


def option_variants(engine: Engine, seats: list[str]) -> list[dict[str, Any]]:
    """One variant per boolean option, flipped from its default (when setup accepts it), then the
    engine's own further variants (`TestHints.variants`: Robinson's other scenarios)."""
    out = []
    for name, f in engine.Options.model_fields.items():
        if f.annotation is bool and isinstance(f.default, bool):
            opts = {name: not f.default}
            try:
                engine.setup(list(seats), 0, opts)
            except (ValueError, TypeError):  # an invalid combination on its own: not a variant
                continue
            out.append(opts)
    return out + [dict(v) for v in engine.test_hints.variants]


@functools.lru_cache(maxsize=None)
def games(key: str, n: int) -> tuple[Game, ...]:
    engine = ENGINES[key]
    seats = C.seat_names(n)
    # An engine whose random games are long may lower its default with a class
    # attribute `conformance_seeds`; the environment variables still override.
    default = int(os.environ.get("CONFORMANCE_SEEDS", engine.conformance_seeds or SEEDS))
    count = int(os.environ.get(f"CONFORMANCE_SEEDS_{key.upper()}", default))
    out = [record_game(engine, seats, SEED_BASE + seed) for seed in range(count)]
    for v, opts in enumerate(option_variants(engine, seats)):
        out += [record_game(engine, seats, SEED_BASE + 100_000 * (v + 1) + seed, opts)
                for seed in range(VARIANT_SEEDS)]
    return tuple(out)


def failures(key: str, n: int, category: str) -> list[str]:
    """Per-step failures of one category over all recorded games (empty when all passed)."""
    out = []
    for g in games(key, n):
        if g.fails.counts.get(category):
            out.append(g.fails.report(category))
    return out
