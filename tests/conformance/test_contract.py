"""Generic conformance of every engine in `rules.GAMES` to the engine contract.

Parametrised over every registered game (plus the toy engine of this folder)
and every player count it supports, so a new engine inherits all of it by
being added to `rules.GAMES`.  The games are random playouts recorded once per
session (harness.py); CONFORMANCE_SEEDS raises the number of seeds.
"""
from __future__ import annotations

import pytest

from rules import GAMES
from rules.contract import Outcome
from rules.playout import play_random

from . import checks as C
from .harness import ENGINES, failures, games, seat_counts

KEYS = [pytest.param(k, id=k) for k in ENGINES]
COUNTS = [pytest.param(k, n, id=f"{k}-{n}p") for k, n in seat_counts()]


def test_registry_is_the_toy_plus_games():
    assert set(ENGINES) == set(GAMES) | {"toy"}
    assert "wayfinders" in GAMES


# 1 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key", KEYS)
def test_identity(key):
    C.check_identity(key, ENGINES[key])


# 2 ---------------------------------------------------------------------------
def _eclipse_ends_in_round_9(final) -> None:
    """Eclipse E119/E120: a game ends with the final scoring after round 9, or when no player is uncollapsed."""
    assert final.round == 9 or all(p.collapsed for p in final.players.values()), f"ended in round {final.round}"


END_CHECKS = {"eclipse": _eclipse_ends_in_round_9}  # a game's own rule for how its playouts end


@pytest.mark.parametrize("key,n", COUNTS)
def test_random_playouts_end_with_a_valid_outcome(key, n):
    engine = ENGINES[key]
    recorded = games(key, n)
    assert recorded
    for g in recorded:
        try:
            C.check_finished(engine, g.final, g.seats)
            END_CHECKS.get(key, lambda final: None)(g.final)
        except AssertionError as exc:
            raise AssertionError(f"{g.label}: {exc}") from exc
    # play_random is the same playout as the recorded one
    g = recorded[0]
    final, log = play_random(engine, g.seats, g.seed, g.options)
    assert log == g.log
    assert engine.dump(final) == g.final_dump


# 3 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_every_step_has_well_formed_decisions(key, n):
    """Every seat to act has >= 1 legal move; ids unique, non-empty, no
    whitespace, <= 100 chars; labels non-empty; a seat not to act gets [] or
    IllegalMove; outcome() is None while anyone must act."""
    bad = failures(key, n, "step")
    assert not bad, "\n".join(bad)


# 4 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_replay_reproduces_every_state(key, n):
    engine = ENGINES[key]
    for g in games(key, n):
        C.check_replay(engine, g.seats, g.seed, g.options, g.log, g.hashes, g.final_dump, g.sample_dumps)
        # the bot reloads the state from SQLite before every move: a loaded
        # state must play on exactly like the one in memory
        mid = sorted(g.sample_dumps)[len(g.sample_dumps) // 2]
        C.check_resume(engine, g.sample_dumps[mid], g.log[mid:], g.final_dump)


# 5 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_json_round_trip(key, n):
    engine = ENGINES[key]
    for g in games(key, n):
        for state in [*g.samples.values(), g.final]:
            C.check_roundtrip(engine, state)
        outcome = engine.outcome(g.final)
        assert Outcome.model_validate_json(outcome.model_dump_json()) == outcome


# 6 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_illegal_moves_change_nothing(key, n):
    """Nonsense ids, wrong parameters, other seats' ids and moves by seats not
    to act raise IllegalMove with a message and leave the state as it was;
    legal moves never mutate their input, and no later move changes an
    earlier state."""
    engine = ENGINES[key]
    checked = 0
    for g in games(key, n):
        for i, state in [*g.samples.items(), (len(g.log), g.final)]:
            try:
                checked += C.check_illegal_moves(engine, state)
                for seat in engine.to_act(state):
                    for move in engine.legal_moves(state, seat)[:12]:
                        C.check_apply_pure(engine, state, seat, move)
            except AssertionError as exc:
                raise AssertionError(f"{g.label} after {i} moves: {exc}") from exc
    assert checked > 0
    bad = failures(key, n, "purity")
    assert not bad, "\n".join(bad)


# 7 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_setup_is_deterministic_and_seeded(key, n):
    C.check_setup_deterministic(ENGINES[key], C.seat_names(n), range(5))


# 8 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_views_are_json_models(key, n):
    engine = ENGINES[key]
    for g in games(key, n)[:10]:
        for i, state in [*g.samples.items(), (len(g.log), g.final)]:
            try:
                C.check_view(engine, state)
            except AssertionError as exc:
                raise AssertionError(f"{g.label} after {i} moves: {exc}") from exc


# 9 ---------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_barrier_honesty(key, n):
    """Moves not marked `barrier` never advance the RNG.

    This is how undo knows where it must stop: undo replays the log up to an
    earlier point, and may only cross moves that consumed no randomness (and
    revealed nothing); a barrier move is where it must stop.  Checked for the
    chosen move of every step of every recorded game, and for every legal
    move at the sampled states."""
    engine = ENGINES[key]
    bad = failures(key, n, "barrier")
    assert not bad, "\n".join(bad)
    for g in games(key, n):
        for i, state in g.samples.items():
            for seat in engine.to_act(state):
                for move in engine.legal_moves(state, seat)[:30]:
                    try:
                        C.check_barrier_honest(state, engine.apply(state, seat, move.id), move)
                    except AssertionError as exc:
                        raise AssertionError(f"{g.label} after {i} moves, {seat}: {exc}") from exc


# 10 --------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_abandon(key, n):
    engine = ENGINES[key]
    for g in games(key, n)[:10]:
        for i, state in [*g.samples.items(), (len(g.log), g.final)]:
            try:
                C.check_abandon(engine, state)
            except AssertionError as exc:
                raise AssertionError(f"{g.label} after {i} moves: {exc}") from exc


# 11 --------------------------------------------------------------------------
@pytest.mark.parametrize("key,n", COUNTS)
def test_texts_exist_in_every_language(key, n):
    """Every Move.text, event, prompt and outcome summary renders in en and es
    from a catalog entry (not the raw key, not an English fallback), with no
    placeholder left unfilled."""
    engine = ENGINES[key]
    bad = failures(key, n, "text")
    assert not bad, "\n".join(bad)
    for g in games(key, n):
        summary = engine.outcome(g.final).summary
        if summary is not None:
            C.check_text(summary)


@pytest.mark.parametrize("key", KEYS)
def test_rules_help_text(key):
    C.check_text(ENGINES[key].rules_help())
