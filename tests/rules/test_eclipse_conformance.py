"""The shared conformance checks on Eclipse while it is not yet in rules.ENGINE_MODULES
(once it is registered, tests/conformance runs them all; this file can then go).
E119/E120: random playouts of every player count reach the final scoring of round 9."""
from __future__ import annotations

import functools

import pytest

from rules.eclipse import ENGINE
from tests.conformance import checks as C
from tests.conformance.harness import record_game

SEEDS = 2


@functools.lru_cache(maxsize=None)
def games(n: int):
    out = [record_game(ENGINE, C.seat_names(n), seed) for seed in range(SEEDS)]
    out.append(record_game(ENGINE, C.seat_names(n), 100 + n, {"terrans_only": True}))
    if n == 2:
        out.append(record_game(ENGINE, C.seat_names(n), 200, {"draco_planta_2p": True}))
    return tuple(out)


def test_identity():
    C.check_identity("eclipse", ENGINE)
    C.check_text(ENGINE.rules_help())


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_conformance_e119_e120(n):
    for g in games(n):
        for category in ("step", "text", "barrier", "purity"):
            assert not g.fails.counts.get(category), g.fails.report(category)
        C.check_finished(ENGINE, g.final, g.seats)
        assert g.final.round == 9 or not any(not p.collapsed for p in g.final.players.values())
        C.check_replay(ENGINE, g.seats, g.seed, g.options, g.log, g.hashes, g.final_dump, g.sample_dumps)
        mid = sorted(g.sample_dumps)[len(g.sample_dumps) // 2]
        C.check_resume(ENGINE, g.sample_dumps[mid], g.log[mid:], g.final_dump)
        for state in [*g.samples.values(), g.final]:
            C.check_roundtrip(ENGINE, state)
            C.check_illegal_moves(ENGINE, state)
            C.check_view(ENGINE, state)
            C.check_abandon(ENGINE, state)
            for seat in ENGINE.to_act(state):
                for move in ENGINE.legal_moves(state, seat)[:12]:
                    C.check_barrier_honest(state, C.check_apply_pure(ENGINE, state, seat, move), move)
    C.check_setup_deterministic(ENGINE, C.seat_names(n), range(5))
