"""Reusable conformance checks of the engine contract (shared design.md).

Every `check_*` function raises AssertionError with a precise message when the
engine under test breaks the contract, and returns quietly otherwise.  The
tests in this folder call them on recorded random games of every engine in
`rules.GAMES` (and of the toy engine), and test_selfcheck.py calls them on
deliberately broken toys to prove that each one can fail.
"""
from __future__ import annotations

import json
import re
from typing import Any, Iterable

from pydantic import BaseModel

from rules.contract import Engine, GameState, IllegalMove, Move, Outcome
from rules.text import CATALOG, JOIN_KEY, LOCALES, SEAT_KEY, Msg, tr

MAX_ID_LEN = 100  # Discord custom ids (100 chars) carry the move id
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
NOT_A_SEAT = "not-a-seat"


# ---------------------------------------------------------------- 1 identity

def check_identity(key: str, engine: Engine) -> None:
    assert engine.key == key, f"engine.key {engine.key!r} != registry key {key!r}"
    assert isinstance(engine.title, str) and engine.title.strip(), f"{key}: empty title"
    lo, hi = engine.min_players, engine.max_players
    assert isinstance(lo, int) and isinstance(hi, int), f"{key}: seat range {lo!r}..{hi!r} not ints"
    assert 1 <= lo <= hi, f"{key}: bad seat range {lo}..{hi}"
    assert isinstance(engine.Options, type) and issubclass(engine.Options, BaseModel), \
        f"{key}: Options {engine.Options!r} is not a pydantic model"
    assert isinstance(engine.State, type) and issubclass(engine.State, GameState), \
        f"{key}: State {engine.State!r} is not a GameState"
    assert isinstance(engine.parse_options(None), engine.Options), f"{key}: parse_options(None)"
    seats = seat_names(lo)
    given = list(seats)
    state = engine.setup(given, 1, None)
    assert given == seats, f"{key}: setup mutated the seats list it was given: {given}"
    assert isinstance(state, engine.State), f"{key}: setup returned {type(state).__name__}"
    assert sorted(state.seats) == sorted(seats), f"{key}: state.seats {state.seats} != {seats}"
    assert state.seed == 1, f"{key}: state.seed {state.seed} != the seed given (1)"
    d = engine.dump(state)
    for same in (engine.Options(), {}):
        assert engine.dump(engine.setup(list(seats), 1, same)) == d, \
            f"{key}: setup with options={same!r} differs from options=None"


def seat_names(n: int) -> list[str]:
    return [f"s{i + 1}" for i in range(n)]


# ---------------------------------------------------------------- 2 the end

def check_finished(engine: Engine, state: GameState, seats: list[str]) -> Outcome:
    """A finished game: nobody to act, and a complete, consistent outcome."""
    to_act = engine.to_act(state)
    assert to_act == [], f"game over but to_act = {to_act}"
    outcome = engine.outcome(state)
    assert outcome is not None, "nobody is to act but outcome() is None"
    check_outcome(outcome, seats)
    return outcome


def check_outcome(outcome: Any, seats: list[str]) -> None:
    """Scores and ranks for every seat; ranks 1-based standard competition ranks
    (ties shared, the next rank skips the places they fill: 1, 1, 3; rules/ranking.py),
    consistent with scores; a co-op result has a won flag and all seats win
    together.  The outcome serialises to JSON and back."""
    assert isinstance(outcome, Outcome), f"outcome is {type(outcome).__name__}, not rules.Outcome"
    back = Outcome.model_validate_json(outcome.model_dump_json())
    assert back == outcome, "Outcome does not round-trip through JSON"
    want = set(seats)
    if outcome.coop:
        assert isinstance(outcome.won, bool), f"co-op outcome without a won flag: {outcome.won!r}"
        if outcome.won:
            assert set(outcome.winners()) == want, \
                f"co-op win must list every seat in scores (winners() = {outcome.winners()})"
        return
    assert set(outcome.scores) == want, f"scores for {sorted(outcome.scores)}, seats are {sorted(want)}"
    assert set(outcome.ranks) == want, f"ranks for {sorted(outcome.ranks)}, seats are {sorted(want)}"
    ranks, scores = outcome.ranks, outcome.scores
    assert min(ranks.values()) == 1, f"ranks must start at 1: {ranks}"
    for a in seats:
        ahead = sum(1 for b in seats if ranks[b] < ranks[a])
        assert ranks[a] == ahead + 1, \
            f"ranks must be competition ranks (1 + the players ranked ahead; a tie 1, 1 is followed by 3): {ranks}"
    for a in seats:
        for b in seats:
            if scores[a] > scores[b]:
                assert ranks[a] < ranks[b], f"{a} scored {scores[a]} > {b} {scores[b]} but ranks {ranks}"
            if ranks[a] == ranks[b]:
                assert scores[a] == scores[b], f"{a} and {b} share rank {ranks[a]} with scores {scores}"
    assert outcome.winners(), "a competitive game needs at least one winner"


# ---------------------------------------------------------------- 3 every step

def check_move_list(moves: Any, seat: str = "?") -> None:
    assert isinstance(moves, list), f"legal_moves({seat}) returned {type(moves).__name__}, not a list"
    seen: set[str] = set()
    for m in moves:
        assert isinstance(m, Move), f"legal_moves({seat}) holds a {type(m).__name__}, not a Move"
        assert isinstance(m.id, str) and m.id, f"{seat}: empty move id ({m!r})"
        assert not any(c.isspace() for c in m.id), f"{seat}: move id {m.id!r} contains whitespace"
        assert len(m.id) <= MAX_ID_LEN, f"{seat}: move id {m.id!r} longer than {MAX_ID_LEN} chars"
        assert isinstance(m.label, str) and m.label.strip(), f"{seat}: move {m.id!r} has an empty label"
        assert m.id not in seen, f"{seat}: duplicate legal move id {m.id!r}"
        seen.add(m.id)


def check_step(engine: Engine, state: GameState) -> list[str]:
    """The decision structure of one state: who acts, and their moves."""
    to_act = engine.to_act(state)
    assert isinstance(to_act, list), f"to_act returned {type(to_act).__name__}"
    assert len(set(to_act)) == len(to_act), f"to_act repeats a seat: {to_act}"
    assert set(to_act) <= set(state.seats), f"to_act {to_act} names non-seats (seats {state.seats})"
    if to_act:
        assert engine.outcome(state) is None, f"outcome() is not None while {to_act} must act"
    for seat in state.seats:
        moves = engine.legal_moves(state, seat)
        if seat in to_act:
            assert moves, f"seat {seat} is to act but has no legal move"
            check_move_list(moves, seat)
        else:
            check_not_to_act(engine, state, seat, moves)
    return to_act


def check_not_to_act(engine: Engine, state: GameState, seat: str, moves: list[Move] | None = None) -> None:
    """A seat that is not to act has no moves, or every listed one is refused."""
    if moves is None:
        moves = engine.legal_moves(state, seat)
    assert isinstance(moves, list), f"legal_moves({seat}) returned {type(moves).__name__}"
    if not moves:
        return
    before = engine.dump(state)
    for m in moves[:5]:
        expect_illegal(engine, state, seat, m.id, before, why="the seat is not to act")


def expect_illegal(engine: Engine, state: GameState, seat: str, move_id: str,
                   before: str | None = None, why: str = "") -> IllegalMove:
    """apply(seat, move_id) raises IllegalMove with a message and leaves `state` untouched."""
    if before is None:
        before = engine.dump(state)
    try:
        new = engine.apply(state, seat, move_id)
    except IllegalMove as exc:
        err = exc
    except Exception as exc:  # noqa: BLE001 - any other exception is the defect we report
        raise AssertionError(f"apply({seat!r}, {move_id!r}) raised {type(exc).__name__}: {exc} "
                             f"instead of IllegalMove ({why})") from exc
    else:
        raise AssertionError(f"apply({seat!r}, {move_id!r}) was accepted ({why}); "
                             f"events: {[tr(e) for e in getattr(new, 'events', [])]}")
    assert str(err).strip(), f"IllegalMove for {seat!r} {move_id!r} has an empty message"
    text = getattr(err, "text", None)
    if isinstance(text, Msg):
        check_text(text)
    after = engine.dump(state)
    assert after == before, f"refused apply({seat!r}, {move_id!r}) changed the state: {_diff(before, after)}"
    return err


# ---------------------------------------------------------------- 4 replay

def check_replay(engine: Engine, seats: list[str], seed: int, options: Any, log: list[tuple[str, str]],
                 hashes: list[int] | None, final_dump: str, samples: dict[int, str] | None = None) -> None:
    """setup + the logged ids reproduce every recorded state (by dump hash), and the final one exactly."""
    state = engine.setup(list(seats), seed, options)
    for i in range(len(log) + 1):
        if i:
            seat, move_id = log[i - 1]
            state = engine.apply(state, seat, move_id)
        d = engine.dump(state)
        if samples and i in samples:
            assert d == samples[i], f"replay differs after {i} moves: {_diff(samples[i], d)}"
        if hashes is not None:
            assert hash(d) == hashes[i], f"replay differs after {i} moves (last {log[max(0, i - 3):i]})"
    final = engine.dump(state)
    assert final == final_dump, f"replay of {len(log)} moves differs at the end: {_diff(final_dump, final)}"


def check_resume(engine: Engine, saved: str, rest: list[tuple[str, str]], final_dump: str) -> None:
    """A state loaded from its JSON plays on exactly like the original (the bot reloads every move)."""
    state = engine.load(saved)
    for seat, move_id in rest:
        state = engine.apply(state, seat, move_id)
    final = engine.dump(state)
    assert final == final_dump, f"resumed from JSON, the game ends differently: {_diff(final_dump, final)}"


# ---------------------------------------------------------------- 5 JSON

def check_roundtrip(engine: Engine, state: GameState) -> None:
    d = engine.dump(state)
    assert isinstance(d, str), f"dump returned {type(d).__name__}"
    json.loads(d)
    loaded = engine.load(d)
    d2 = engine.dump(loaded)
    assert d2 == d, f"load(dump(state)) dumps differently: {_diff(d, d2)}"
    assert engine.to_act(loaded) == engine.to_act(state), "to_act differs after a JSON round trip"
    for seat in state.seats:
        a = [m.model_dump() for m in engine.legal_moves(state, seat)]
        b = [m.model_dump() for m in engine.legal_moves(loaded, seat)]
        assert a == b, f"legal_moves({seat}) differ after a JSON round trip"
    oa, ob = engine.outcome(state), engine.outcome(loaded)
    assert (oa.model_dump() if oa else None) == (ob.model_dump() if ob else None), \
        "outcome differs after a JSON round trip"
    if oa is not None:
        assert Outcome.model_validate_json(oa.model_dump_json()) == oa, "Outcome does not round-trip"


# ---------------------------------------------------------------- 6 illegal moves

def wrong_parameter_ids(ids: Iterable[str]) -> list[str]:
    """Valid-looking ids with wrong parameters, derived from legal ones."""
    out: list[str] = []
    for mid in ids:
        head, sep, _ = mid.rpartition(":")
        if sep:
            out += [f"{head}:zzz", f"{head}:999", f"{head}:-1", f"{head}:", f"{mid}:zzz"]
        else:
            out += [f"{mid}:1", f"{mid}:zzz", f"{mid}zzz"]
    return list(dict.fromkeys(out))


def check_illegal_moves(engine: Engine, state: GameState, limit: int = 40) -> int:
    """Nonsense, wrong-parameter, other-seat and wrong-seat ids are all refused
    with IllegalMove and a message, leaving the state unchanged.  Returns how
    many refusals were checked."""
    before = engine.dump(state)
    to_act = engine.to_act(state)
    legal = {s: [m.id for m in engine.legal_moves(state, s)] for s in state.seats}
    tries: list[tuple[str, str, str]] = []
    for seat in to_act or state.seats:
        mine = set(legal[seat]) if seat in to_act else set()
        cands = ["zzz", "", *wrong_parameter_ids(legal[seat] or ["end"])]
        tries += [(seat, c, "nonsense or wrong parameters") for c in cands if c not in mine]
        for other in to_act:
            if other != seat:
                tries += [(seat, c, f"a pending move of {other}") for c in legal[other][:5] if c not in mine]
    pending = [mid for s in to_act for mid in legal[s][:3]]
    for seat in state.seats:
        if seat not in to_act:
            tries += [(seat, mid, f"{seat} is not to act") for mid in pending]
    if pending:
        tries.append((NOT_A_SEAT, pending[0], "not a seat of this game"))
    if len(tries) > limit:  # keep the spread: every kind of attempt survives the cut
        step = len(tries) / limit
        tries = [tries[int(i * step)] for i in range(limit)]
    for seat, mid, why in tries:
        expect_illegal(engine, state, seat, mid, before, why)
    return len(tries)


def check_apply_pure(engine: Engine, state: GameState, seat: str, move: Move) -> GameState:
    """A legal move is accepted and never mutates the state it was given."""
    before = engine.dump(state)
    new = engine.apply(state, seat, move.id)
    after = engine.dump(state)
    assert after == before, f"apply({seat!r}, {move.id!r}) mutated its input: {_diff(before, after)}"
    assert new is not state, f"apply({seat!r}, {move.id!r}) returned its input object"
    assert isinstance(new, engine.State), f"apply returned {type(new).__name__}"
    return new


def check_states_unchanged(engine: Engine, states: list[GameState], dumps: list[str]) -> None:
    """States are values: later moves never change an earlier state (no shared mutable parts)."""
    for i, (s, d) in enumerate(zip(states, dumps)):
        now = engine.dump(s)
        assert now == d, f"the state after {i} moves changed later in the game: {_diff(d, now)}"


# ---------------------------------------------------------------- 7 setup

def content(engine: Engine, state: GameState) -> dict:
    """The dumped state without the fields that always follow the seed."""
    data = json.loads(engine.dump(state))
    data.pop("seed", None)
    data.pop("rng", None)
    return data


def check_setup_deterministic(engine: Engine, seats: list[str], seeds: Iterable[int] = range(5),
                              options: Any = None) -> None:
    seeds = list(seeds)
    dumps = []
    for seed in seeds:
        a = engine.dump(engine.setup(list(seats), seed, options))
        b = engine.dump(engine.setup(list(seats), seed, options))
        assert a == b, f"setup with seed {seed} is not deterministic: {_diff(a, b)}"
        dumps.append(json.dumps(content(engine, engine.load(a)), sort_keys=True))
    distinct = len(set(dumps))
    assert distinct >= max(1, len(seeds) - 1), \
        f"{len(seeds)} seeds give only {distinct} different set-ups (seed and rng aside): is setup random at all?"


# ---------------------------------------------------------------- 8 view

def check_view(engine: Engine, state: GameState) -> None:
    before = engine.dump(state)
    for seat in [None, *state.seats]:
        v = engine.view(state, seat)
        assert isinstance(v, BaseModel), f"view(state, {seat!r}) is {type(v).__name__}, not a pydantic model"
        j = v.model_dump_json()
        json.loads(j)
        assert engine.view(state, seat).model_dump_json() == j, f"view(state, {seat!r}) is not deterministic"
    after = engine.dump(state)
    assert after == before, f"view() mutated the state: {_diff(before, after)}"


# ---------------------------------------------------------------- 9 barriers

def check_barrier_honest(state: GameState, new: GameState, move: Move) -> None:
    """A move not marked `barrier` must not draw randomness.

    Undo walks back through the move log and stops at the last barrier move:
    everything after it can be replayed without consuming randomness the
    players have not seen.  If an unmarked move advanced the RNG, undoing it
    and playing another move would re-roll dice or redraw cards."""
    if not move.barrier:
        assert new.rng.state == state.rng.state, \
            f"move {move.id!r} is not marked barrier but advanced the RNG ({state.rng.state} -> {new.rng.state})"


# ---------------------------------------------------------------- 10 abandon

def check_abandon(engine: Engine, state: GameState) -> GameState:
    before = engine.dump(state)
    new = engine.abandon(state)
    after = engine.dump(state)
    assert after == before, f"abandon() mutated its input: {_diff(before, after)}"
    assert engine.to_act(new) == [], f"abandoned game still has seats to act: {engine.to_act(new)}"
    for seat in new.seats:
        check_not_to_act(engine, new, seat)
    for e in new.events:
        check_text(e)
    check_roundtrip(engine, new)
    return new


# ---------------------------------------------------------------- 11 text

def _walk(text: Msg) -> Iterable[Msg]:
    yield text
    for v in text.args.values():
        if isinstance(v, Msg):
            yield from _walk(v)


def check_text(text: Any) -> None:
    """A Msg whose keys (nested ones too) exist in every catalog, and which
    renders in every locale without leftover {placeholders}."""
    assert isinstance(text, Msg), f"expected a Msg, got {type(text).__name__}: {text!r}"
    table = CATALOG.table
    for m in _walk(text):
        if m.key in (SEAT_KEY, JOIN_KEY):
            continue
        for loc in LOCALES:
            assert m.key in table[loc], f"text key {m.key!r} is missing from the {loc!r} catalog"
    for loc in LOCALES:
        out = tr(text, loc)
        assert isinstance(out, str) and out.strip(), f"{text.key!r} renders empty in {loc!r}"
        assert out != text.key, f"{text.key!r} renders as its raw key in {loc!r}"
        left = _PLACEHOLDER.search(out)
        assert not left, f"{text.key!r} in {loc!r} leaves {left.group(0)} unfilled: {out!r} (args {sorted(text.args)})"


def check_state_texts(engine: Engine, state: GameState) -> None:
    """Events, the prompts of the seats to act and the texts of their moves."""
    for e in state.events:
        check_text(e)
    for seat in engine.to_act(state):
        check_text(engine.prompt(state, seat))
        for m in engine.legal_moves(state, seat):
            check_text(m.text)


# ---------------------------------------------------------------- helpers

def _diff(a: str, b: str, limit: int = 600) -> str:
    """A short description of where two JSON dumps differ."""
    try:
        ja, jb = json.loads(a), json.loads(b)
    except Exception:  # noqa: BLE001
        return f"{a[:200]!r} vs {b[:200]!r}"
    out: list[str] = []

    def walk(x: Any, y: Any, path: str) -> None:
        if len(out) >= 5:
            return
        if isinstance(x, dict) and isinstance(y, dict):
            for k in sorted(set(x) | set(y), key=str):
                walk(x.get(k, "<missing>"), y.get(k, "<missing>"), f"{path}.{k}")
        elif isinstance(x, list) and isinstance(y, list) and len(x) == len(y):
            for i, (p, q) in enumerate(zip(x, y)):
                walk(p, q, f"{path}[{i}]")
        elif x != y:
            out.append(f"{path or '.'}: {json.dumps(x)[:120]} -> {json.dumps(y)[:120]}")

    walk(ja, jb, "")
    return ("; ".join(out) or "(equal as JSON, different text)")[:limit]
