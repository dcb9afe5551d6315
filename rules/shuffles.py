"""`Dealer`: the seeded generator of rules/rng.py as a plain object, for code that shuffles a lot at once.

`Rng` is a pydantic model (it lives inside each game's state and round-trips through JSON); every draw
writes its one field through pydantic, which makes a shuffle of a hundred tiles cost more than the copy
of a whole state.  A search dealing hidden tiles again many times a second (the engines' `resample`)
draws from a `Dealer` seeded from its `Rng` instead: the same SplitMix64 code (Rng's own methods, not a
second copy of them), the same draws for the same seed, on an object with one slot.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, MutableSequence, Sequence, TypeVar

from .rng import Rng

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Dealer:
    """Rng's `next64`, `below`, `choice`, `shuffle` and `die` on a plain object (one int of state)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    if TYPE_CHECKING:  # what a type checker sees; at run time Rng's own functions (below)
        def next64(self) -> int: ...
        def below(self, n: int) -> int: ...
        def choice(self, items: Sequence[T]) -> T: ...
        def shuffle(self, items: MutableSequence[T]) -> None: ...
        def die(self, sides: int = 6) -> int: ...
    else:  # they only read and write `self.state` and call each other
        next64, below, choice, shuffle, die = Rng.next64, Rng.below, Rng.choice, Rng.shuffle, Rng.die


__all__ = ["Dealer"]
