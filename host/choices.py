"""One seat's legal decisions in one state, listed once, and the move a player's text or click means.

A human move is checked here and only here: its seat is to act (the caller checked that), the game
lists that seat's options once (`Engine.options`), each becomes the Move players see, and the move
the text or button means must be one of them.  The option found is handed to `Engine.perform`, which
plays it without running the guard chain again (host/tables.py `TableService.commit_move`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from rules import Engine, GameState, Move
from rules.contract import Option

from .move_match import chosen
from .move_refusal import move_refusal


@dataclass(frozen=True)
class Choices:
    """`seat`'s legal decisions in `state`: the engine's options and, in the same order, their Moves."""

    seat: str
    options: list[Option]
    moves: list[Move]

    @classmethod
    def listed(cls, engine: Engine[Any], state: GameState, seat: str) -> "Choices":
        """The legal list, built once (the options and their words)."""
        options = list(engine.options(state, seat))
        label = engine.label
        return cls(seat, options, [Move.trusted(o.id, label(state, seat, o), o.barrier) for o in options])

    def option_of(self, move: Move) -> Option:
        """The option behind `move`, one of `moves`."""
        return self.options[next(i for i, m in enumerate(self.moves) if m.id == move.id)]


def resolve(engine: Engine[Any], state: GameState, seat: str, moves: list[Move], text: str, locale: str,
            names: dict[str, str], typed: Optional[str] = None) -> Move:
    """The move of `moves` that `text` means (host/move_match.py: an id or a label, whole, a prefix or a few
    words, in any case); `typed`: what the user typed when a shortcut composed `text` as a move id.  A text
    that means none of them is refused quoting it, with the engine's reason (host/move_refusal.py)."""
    if typed is not None:
        found = next((m for m in moves if m.id == text), None)
        if found is None:
            raise move_refusal(engine, state, seat, typed, text, names=names)
        return found
    move, matches = chosen(moves, text, locale, names)
    if move is None:
        raise move_refusal(engine, state, seat, text, matches=matches, names=names)
    return move


__all__ = ["Choices", "resolve"]
