"""Random playouts of any engine: for conformance tests, benchmarks and bots.

Pure helpers in the spirit of the engine contract: no clock, no global
`random`.  All choices come from a `rules.rng.Rng` that the caller seeds, so a
playout is a function of (engine, seats, seed, options) and replays exactly.

An engine may offer the optional hook (declared on rules.contract.Engine)

    playout_weight(state, seat, option) -> float

to bias random playouts (e.g. towards building so that random games look more
like real ones).  Weights must be finite and >= 0; a move with weight 0 is
never picked unless every weight is 0, in which case the pick is uniform.
A game that does not offer it (`engine.offers("playout_weight")`) gets a uniform pick.
"""
from __future__ import annotations

import math
from typing import Any, Iterator, NamedTuple

from .contract import Engine, GameState, Move, Option
from .rng import Rng

# Mixed into the playout seed so the choices of the random player are not the
# very same stream as the game's own generator (which `setup` seeds with `seed`).
_PLAYOUT_SALT = 0x5EED_0F_F1A7


class PlayoutError(RuntimeError):
    """A random playout could not go on: a defect of the engine under test."""


class Step(NamedTuple):
    """One move of a playout: `before` --seat plays move--> `after`."""

    index: int  # type: ignore[assignment]  # 0-based number of this move in the game (shadows tuple.index)
    before: GameState
    seat: str
    move: Move
    after: GameState


def playout_rng(seed: int) -> Rng:
    """The generator of the random player for playout `seed`."""
    return Rng.from_seed(seed ^ _PLAYOUT_SALT)


def random_option(engine: Engine[Any], state: GameState, seat: str, rng: Rng) -> Option:
    """A random legal option of `seat`: uniform, or weighted by `engine.playout_weight`.  No option
    gets its words (`Engine.label`): a playout needs them only for the one it plays."""
    options: list[Option] = list(engine.options(state, seat))
    if not options:
        raise PlayoutError(f"{engine.key}: seat {seat!r} must act but has no legal move "
                           f"(move {state.moves_made})")
    if len(options) == 1 or not engine.offers("playout_weight"):
        return rng.choice(options)
    weights: list[float] = []
    weigh = engine.playout_weight
    for option in options:
        w = float(weigh(state, seat, option))
        if not math.isfinite(w) or w < 0:
            raise PlayoutError(f"{engine.key}: playout_weight gave {w!r} for move {option.id!r}; "
                               "weights must be finite and >= 0")
        weights.append(w)
    total = math.fsum(weights)
    if total <= 0:
        return rng.choice(options)
    x = rng.next64() / 2.0**64 * total
    acc = 0.0
    for option, w in zip(options, weights):
        acc += w
        if x < acc and w > 0:
            return option
    # Rounding at the very top of the range: the last option with any weight.
    last: Option = next(o for o, w in zip(reversed(options), reversed(weights)) if w > 0)
    return last


def random_move(engine: Engine[Any], state: GameState, seat: str, rng: Rng) -> Move:
    """A random legal move of `seat` (`random_option` with its words)."""
    return as_move(engine, state, seat, random_option(engine, state, seat, rng))


def as_move(engine: Engine[Any], state: GameState, seat: str, option: Option) -> Move:
    """The Move of an option `engine.options(state, seat)` listed."""
    return Move.trusted(option.id, engine.label(state, seat, option), option.barrier)


def pick_seat(seats: list[str], rng: Rng) -> str:
    """Which of the seats that must decide now moves first (uniform)."""
    if not seats:
        raise PlayoutError("no seat to act")
    return seats[0] if len(seats) == 1 else rng.choice(seats)


def iter_playout(engine: Engine[Any], state: GameState, rng: Rng, max_moves: int = 20000) -> Iterator[Step]:
    """Play random moves from `state` until nobody must act, yielding every step.

    Raises PlayoutError when the game is still running after `max_moves` moves
    (a game that never ends is a defect) or when a seat to act has no move.
    """
    for index, (before, seat, option, after) in enumerate(_options_played(engine, state, rng, max_moves)):
        yield Step(index, before, seat, as_move(engine, before, seat, option), after)


def _options_played(engine: Engine[Any], state: GameState, rng: Rng,
                    max_moves: int) -> Iterator[tuple[GameState, str, Option, GameState]]:
    """`iter_playout`'s steps as (before, seat, option, after), without the words of the moves."""
    recent: list[tuple[str, str]] = []
    index = 0
    while True:
        to_act = engine.to_act(state)
        if not to_act:
            return
        if index >= max_moves:
            raise PlayoutError(
                f"{engine.key}: the game did not end within {max_moves} moves "
                f"(seats to act {to_act}; last moves {recent[-10:]})")
        seat = pick_seat(list(to_act), rng)
        option = random_option(engine, state, seat, rng)
        after = engine.perform(state, seat, option)
        yield state, seat, option, after
        recent.append((seat, option.id))
        del recent[:-10]
        state = after
        index += 1


def play_random(engine: Engine[Any], seats: list[str], seed: int, options: Any = None,
                max_moves: int = 20000) -> tuple[GameState, list[tuple[str, str]]]:
    """Set up a game with `seed` and play it to its end with random moves.

    Returns the final state and the move log as (seat, move id) pairs, so that
    `setup(seats, seed, options)` followed by the logged moves reproduces it.
    The random player's choices are seeded by `seed` too (see `playout_rng`).
    """
    state = start = engine.setup(list(seats), seed, options)
    rng = playout_rng(seed)
    log: list[tuple[str, str]] = []
    try:
        for _, seat, option, state in _options_played(engine, start, rng, max_moves):
            log.append((seat, option.id))
    except PlayoutError as exc:
        raise PlayoutError(f"{exc} [seats={list(seats)} seed={seed} options={options!r}]") from exc
    return state, log


__all__ = ["PlayoutError", "Step", "iter_playout", "pick_seat", "play_random", "playout_rng", "random_move", "random_option"]
