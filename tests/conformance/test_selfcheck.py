"""The conformance checks can fail: each broken toy must be caught.

Every class below breaks one rule of the contract on top of the (conforming)
toy engine; each test shows that the matching `check_*` function, or the
per-step recording of harness.py, reports it as an AssertionError.
"""
from __future__ import annotations

import itertools
from typing import Iterator

import pytest
from pydantic import PrivateAttr

from rules.contract import GameState, IllegalMove, Option, Outcome
from rules.playout import PlayoutError, iter_playout, play_random, playout_rng
from rules.rng import Rng
from rules.text import Msg, msg

from . import checks as C
from .harness import record_game
from .toy_game import ToyEngine, ToyState, m

SEATS = ["s1", "s2", "s3"]


def states(engine, seeds=range(4), seats=SEATS) -> Iterator[GameState]:
    """Every state of a few random games (no checks)."""
    for seed in seeds:
        state = engine.setup(list(seats), seed)
        yield state
        for step in iter_playout(engine, state, playout_rng(seed), 2000):
            yield step.after


def each_state(engine, check, seeds=range(4)) -> None:
    for s in states(engine, seeds):
        check(s)


def each_move(engine, check, seeds=range(4)) -> None:
    """check(state, seat, move) for every legal move of every state."""
    for s in states(engine, seeds):
        for seat in engine.to_act(s):
            for mv in engine.legal_moves(s, seat):
                check(s, seat, mv)


def test_the_toy_itself_conforms():
    toy = ToyEngine()
    for seed in range(3):
        g = record_game(toy, SEATS, seed)
        assert not g.fails, g.fails
        C.check_finished(toy, g.final, SEATS)
        C.check_replay(toy, SEATS, seed, None, g.log, g.hashes, g.final_dump)
    each_state(toy, lambda s: (C.check_illegal_moves(toy, s), C.check_roundtrip(toy, s),
                               C.check_view(toy, s), C.check_abandon(toy, s)), seeds=range(2))
    each_move(toy, lambda s, seat, mv: C.check_barrier_honest(s, C.check_apply_pure(toy, s, seat, mv), mv))


# ---- 1 identity -------------------------------------------------------------

def test_identity_catches_wrong_key_and_seat_range():
    with pytest.raises(AssertionError, match="registry key"):
        C.check_identity("nim", ToyEngine())

    class NoPlayers(ToyEngine):
        min_players = 0

    with pytest.raises(AssertionError, match="seat range"):
        C.check_identity("toy", NoPlayers())

    class OptionsNotModel(ToyEngine):
        Options = dict  # type: ignore[assignment]

    with pytest.raises(AssertionError, match="pydantic"):
        C.check_identity("toy", OptionsNotModel())

    class SeedNotKept(ToyEngine):
        def setup(self, seats, seed, options=None):
            s = super().setup(seats, seed, options)
            s.seed = 0
            return s

    with pytest.raises(AssertionError, match="seed"):
        C.check_identity("toy", SeedNotKept())


# ---- 2 outcome --------------------------------------------------------------

@pytest.mark.parametrize("ranks,scores,why", [
    ({"a": 0, "b": 1}, {"a": 5, "b": 3}, "start at 1"),
    ({"a": 1, "b": 1, "c": 2}, {"a": 5, "b": 5, "c": 3}, "competition"),
    ({"a": 1, "b": 3}, {"a": 5, "b": 3}, "competition"),
    ({"a": 1, "b": 2}, {"a": 3, "b": 5}, "ranks"),
    ({"a": 1, "b": 1}, {"a": 3, "b": 5}, "share rank"),
    ({"a": 1}, {"a": 3, "b": 5}, "ranks for"),
])
def test_outcome_check_catches_bad_ranks(ranks, scores, why):
    with pytest.raises(AssertionError, match=why):
        C.check_outcome(Outcome(scores=scores, ranks=ranks), sorted(scores))


def test_outcome_check_accepts_ties_and_coop():
    C.check_outcome(Outcome(scores={"a": 5, "b": 5, "c": 3}, ranks={"a": 1, "b": 1, "c": 3}), ["a", "b", "c"])
    C.check_outcome(Outcome(coop=True, won=False), ["a", "b"])
    with pytest.raises(AssertionError, match="won flag"):
        C.check_outcome(Outcome(coop=True), ["a", "b"])
    with pytest.raises(AssertionError, match="every seat"):
        C.check_outcome(Outcome(coop=True, won=True, scores={"a": 1}), ["a", "b"])


def test_finished_check_catches_a_game_that_stops_without_outcome():
    class NoOutcome(ToyEngine):
        def outcome(self, state):
            return None

    e = NoOutcome()
    final = list(states(e, seeds=[0]))[-1]
    with pytest.raises(AssertionError, match="outcome"):
        C.check_finished(e, final, SEATS)


def test_never_ending_game_is_reported():
    class Endless(ToyEngine):
        def _take(self, state, seat, n):
            super()._take(state, seat, 0)

    with pytest.raises(PlayoutError, match="did not end within 300 moves"):
        play_random(Endless(), SEATS, 1, max_moves=300)


# ---- 3 decisions at every step ------------------------------------------------

def _broken_moves(fix):
    class Broken(ToyEngine):
        def legal_moves(self, state, seat):
            return fix(super().legal_moves(state, seat))
    return Broken()


@pytest.mark.parametrize("fix,why,playable", [
    (lambda ms: ms + ms[:1], "duplicate", True),
    (lambda ms: [mv.model_copy(update={"text": Msg(key="core.raw", args={"text": " "})}) for mv in ms],
     "empty label", True),
    (lambda ms: [mv.model_copy(update={"id": mv.id.replace(":", " ")}) for mv in ms], "whitespace", False),
    (lambda ms: [mv.model_copy(update={"id": mv.id + "x" * 100}) for mv in ms], "longer than", False),
    (lambda ms: [mv.model_copy(update={"id": ""}) for mv in ms], "empty move id", False),
])
def test_step_check_catches_malformed_moves(fix, why, playable):
    e = _broken_moves(lambda ms: fix(ms) if ms else ms)
    with pytest.raises(AssertionError, match=why):
        C.check_step(e, e.setup(SEATS, 0))
    if playable:  # and the per-step recording reports it too
        assert why in "".join(record_game(e, SEATS, 0).fails.get("step", []))


def _broken_options(fix):
    """An engine whose options themselves are broken: what random playouts list (rules/playout.py lists the
    options, without their words), and the legal moves built from them."""
    class Broken(ToyEngine):
        def options(self, state, seat, move_id=None):
            return fix(list(super().options(state, seat, move_id)))
    return Broken()


def test_step_check_catches_a_seat_to_act_without_moves():
    e = _broken_options(lambda os: [o for o in os if o.id not in ("use", "one")])
    with pytest.raises(AssertionError, match="no legal move"):
        each_state(e, lambda s: C.check_step(e, s), seeds=range(6))
    with pytest.raises(PlayoutError, match="no legal move"):
        for seed in range(6):
            play_random(e, SEATS, seed)


def test_step_check_catches_outcome_while_running():
    class EarlyOutcome(ToyEngine):
        def outcome(self, state):
            return Outcome(scores=self.scores(state), ranks={s: 1 for s in state.seats})

    e = EarlyOutcome()
    with pytest.raises(AssertionError, match="outcome"):
        C.check_step(e, e.setup(SEATS, 0))


class Lenient(ToyEngine):
    """Lets anyone play the pending move, in turn or not."""

    def find_option(self, state, seat, move_id):
        for s in self.to_act(state):
            for o in self.options(state, s):
                if o.id == move_id:
                    return o
        raise IllegalMove("no such move")

    def options(self, state, seat, move_id=None):
        acting = self.to_act(state)
        return super().options(state, acting[0] if acting and seat in state.seats else seat)


def test_step_check_catches_moves_for_seats_not_to_act():
    e = Lenient()
    with pytest.raises(AssertionError, match="not to act"):
        each_state(e, lambda s: C.check_step(e, s), seeds=[0])
    assert record_game(e, SEATS, 0).fails.counts.get("step")


# ---- 4 replay ------------------------------------------------------------------

_counter = itertools.count()


class ReadsOutside(ToyEngine):
    """Its die depends on something outside the state (here a global counter)."""

    def play(self, state, seat, option):
        super().play(state, seat, option)
        if option.id == "roll":
            state.die = next(_counter) % 6 + 1


def test_replay_check_catches_outside_randomness():
    e = ReadsOutside()
    with pytest.raises(AssertionError, match="replay differs"):
        for seed in range(10):
            g = record_game(e, SEATS, seed)
            C.check_replay(e, SEATS, seed, None, g.log, g.hashes, g.final_dump, g.sample_dumps)


class PrivateMemory(ToyEngine):
    """Keeps game-relevant data in a private attribute that JSON does not carry."""

    class State(ToyState):
        _rolls: int = PrivateAttr(default=0)

    def setup(self, seats, seed, options=None):
        return self.State(**super().setup(seats, seed, options).__dict__)

    def copy_state(self, state):
        new = super().copy_state(state)
        new._rolls = state._rolls
        return new

    def play(self, state, seat, option):
        super().play(state, seat, option)
        if option.id == "roll":
            state._rolls += 1
            state.die = min(6, state.die + state._rolls)


def test_resume_check_catches_state_outside_the_json():
    e = PrivateMemory()
    with pytest.raises(AssertionError, match="resumed from JSON"):
        for seed in range(10):
            g = record_game(e, SEATS, seed)
            for i, d in g.sample_dumps.items():
                C.check_resume(e, d, g.log[i:], g.final_dump)


# ---- 5 JSON ----------------------------------------------------------------------

def test_roundtrip_check_catches_a_lossy_load():
    class LossyLoad(ToyEngine):
        def load(self, data):
            s = super().load(data)
            s.rng = Rng.from_seed(0)
            return s

    e = LossyLoad()
    with pytest.raises(AssertionError, match="load\\(dump"):
        C.check_roundtrip(e, e.setup(SEATS, 3))


# ---- 6 illegal moves and purity -----------------------------------------------------

def test_illegal_check_catches_moves_out_of_turn():
    e = Lenient()
    with pytest.raises(AssertionError, match="was accepted"):
        each_state(e, lambda s: C.check_illegal_moves(e, s), seeds=[0])


def test_illegal_check_catches_wrong_parameters_accepted():
    class Sloppy(ToyEngine):
        def find_option(self, state, seat, move_id):
            if move_id.startswith("take:") and seat in self.to_act(state) and state.phase == "choose":
                return Option("take:1", "take", m("move.take", n=1), False)
            return super().find_option(state, seat, move_id)

    e = Sloppy()
    with pytest.raises(AssertionError, match=r"'take:(zzz|999|-1|1:zzz)?'\) was accepted"):
        each_state(e, lambda s: C.check_illegal_moves(e, s), seeds=[0])


@pytest.mark.parametrize("how,why", [
    ("mutate", "changed the state"),
    ("keyerror", "instead of IllegalMove"),
    ("silent", "empty message"),
    ("untranslated", "missing from"),
])
def test_illegal_check_catches_bad_refusals(how, why):
    class BadRefusal(ToyEngine):
        def find_option(self, state, seat, move_id):
            if move_id == "zzz":
                if how == "mutate":
                    state.moves_made += 1
                elif how == "keyerror":
                    raise KeyError(move_id)
                elif how == "silent":
                    raise IllegalMove("")
                else:
                    raise IllegalMove(msg("toy.no.such.key"))
            return super().find_option(state, seat, move_id)

    e = BadRefusal()
    with pytest.raises(AssertionError, match=why):
        C.check_illegal_moves(e, e.setup(SEATS, 0))


def test_purity_check_catches_apply_mutating_its_input():
    class Mutating(ToyEngine):
        def copy_state(self, state):
            return state

    e = Mutating()
    with pytest.raises(AssertionError, match="mutated its input"):
        each_move(e, lambda s, seat, mv: C.check_apply_pure(e, s, seat, mv), seeds=[0])
    assert record_game(e, SEATS, 0).fails.counts.get("purity")


def test_purity_check_catches_shared_parts_between_states():
    class Shallow(ToyEngine):
        def copy_state(self, state):
            return state.model_copy(deep=False)

    e = Shallow()
    g = record_game(e, SEATS, 0)
    assert g.fails.counts.get("purity"), "shared mutable parts went unnoticed"


# ---- 7 setup ---------------------------------------------------------------------------

def test_setup_check_catches_nondeterminism():
    calls = itertools.count()

    class Noisy(ToyEngine):
        def setup(self, seats, seed, options=None):
            s = super().setup(seats, seed, options)
            s.pile += next(calls) % 2
            return s

    with pytest.raises(AssertionError, match="not deterministic"):
        C.check_setup_deterministic(Noisy(), SEATS)


def test_setup_check_catches_setup_ignoring_the_seed():
    class Fixed(ToyEngine):
        def setup(self, seats, seed, options=None):
            s = super().setup(seats, 7, options)
            s.seed, s.rng = seed, Rng.from_seed(seed)
            return s

    with pytest.raises(AssertionError, match="different set-ups"):
        C.check_setup_deterministic(Fixed(), SEATS)


# ---- 8 view ------------------------------------------------------------------------------

def test_view_check_catches_dicts_and_mutation():
    class DictView(ToyEngine):
        def view(self, state, seat=None):
            return super().view(state, seat).model_dump()

    class EatsEvents(ToyEngine):
        def view(self, state, seat=None):
            state.events.clear()
            return super().view(state, seat)

    for e, why in ((DictView(), "not a pydantic model"), (EatsEvents(), "mutated")):
        with pytest.raises(AssertionError, match=why):
            C.check_view(e, e.setup(SEATS, 0))


# ---- 9 barriers ----------------------------------------------------------------------------

def test_barrier_check_catches_an_unmarked_roll():
    e = _broken_options(lambda os: [o._replace(barrier=False) if o.id == "roll" else o for o in os])
    with pytest.raises(AssertionError, match="not marked barrier"):
        each_move(e, lambda s, seat, mv: C.check_barrier_honest(s, e.apply(s, seat, mv.id), mv), seeds=[0])
    assert any(record_game(e, SEATS, seed).fails.counts.get("barrier") for seed in range(5))


# ---- 10 abandon ------------------------------------------------------------------------------

def test_abandon_check_catches_mutation_and_live_games():
    class AbandonsInPlace(ToyEngine):
        def abandon(self, state):
            state.abandoned = True
            return state

    class NeverStops(ToyEngine):
        def abandon(self, state):
            return self.copy_state(state)

    for e, why in ((AbandonsInPlace(), "mutated its input"), (NeverStops(), "still has seats")):
        with pytest.raises(AssertionError, match=why):
            C.check_abandon(e, e.setup(SEATS, 0))


# ---- 11 texts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text,why", [
    (m("only_en"), "'es' catalog"),
    (m("not.a.key"), "missing from the 'en'"),
    (m("typo", seat="x"), "unfilled"),
    (msg("core.raw", text=m("outcome", seat="a", points=m("nope"))), "nope"),
])
def test_text_check_catches_missing_translations(text, why):
    with pytest.raises(AssertionError, match=why):
        C.check_text(text)


def test_recording_catches_an_untranslated_event():
    class Monolingual(ToyEngine):
        def play(self, state, seat, option):
            super().play(state, seat, option)
            state.events.append(m("only_en"))

    g = record_game(Monolingual(), SEATS, 0)
    assert any("'es' catalog" in f for f in g.fails.get("text", []))
