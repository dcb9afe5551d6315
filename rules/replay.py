"""Replaying a recorded game: the one loop behind `/game undo`, the history of a finished game and `bot.py check`.

A game is a function of (engine, seats, seed, options) and its move log, so
`setup` followed by the recorded moves rebuilds every state it went through.
`replay` yields each step as it goes (a caller keeps only what it needs); a
replay may also start from a state saved on the way (`start`: undo's snapshot
at the start of the turn) and then applies only the moves recorded after it.

Each recorded move is checked against the rules once: `Engine.step` finds the
move and applies it in one go where both the Move and the state are wanted,
`Engine.apply` where only the state is.
"""
from __future__ import annotations

from typing import Any, Iterable, Iterator, NamedTuple, Optional, Sequence

from .contract import Engine, GameState, Move


class ReplayError(Exception):
    """A recorded move does not replay: `index` (0-based, in the moves given), the move, and why."""

    def __init__(self, index: int, seat: str, move_id: str, cause: Exception):
        self.index, self.seat, self.move_id, self.cause = index, seat, move_id, cause
        super().__init__(f"move {index + 1} ({seat} {move_id}) does not replay: {cause}")


class Replayed(NamedTuple):
    """One replayed move: `before` --seat plays move_id--> `after`; `move` only when asked for."""

    index: int  # type: ignore[assignment]  # 0-based, in the moves given (shadows tuple.index)
    seat: str
    move_id: str
    move: Optional[Move]
    before: GameState
    after: GameState


def start_state(engine: Engine[Any], seats: Sequence[str], seed: int, options: Any) -> GameState:
    """The state before the first move (options as stored: a dict, a model or None)."""
    state: GameState = engine.setup(list(seats), seed, engine.parse_options(options or {}))
    return state


def replay(engine: Engine[Any], seats: Sequence[str], seed: int, options: Any, moves: Iterable[tuple[str, str]], *,
           start: Optional[GameState] = None, with_moves: bool = False) -> Iterator[Replayed]:
    """Every recorded (seat, move id) applied in turn, from `start` (default: the setup from the seed).

    With `with_moves` each step carries the Move played (its text, its barrier flag).
    Raises ReplayError at the first move the rules refuse or that fails."""
    state = start if start is not None else start_state(engine, seats, seed, options)
    for index, (seat, move_id) in enumerate(moves):
        move: Optional[Move] = None
        try:
            if with_moves:
                move, after = engine.step(state, seat, move_id)
            else:
                after = engine.apply(state, seat, move_id)
        except Exception as exc:  # noqa: BLE001 - an illegal move or a defect: the caller reports which
            raise ReplayError(index, seat, move_id, exc) from exc
        yield Replayed(index, seat, move_id, move, state, after)
        state = after


__all__ = ["ReplayError", "Replayed", "replay", "start_state"]
