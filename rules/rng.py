"""A small seeded random generator whose whole state is one integer.

It lives inside each game's State, so a game's randomness round-trips through
JSON with the rest of the state and replays exactly.  The generator is
SplitMix64: tiny, fast in pure Python, and good enough for shuffles and dice.
"""
from __future__ import annotations

from typing import MutableSequence, Sequence, TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng(BaseModel):
    """SplitMix64 generator; `state` is the only field."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(state=seed & _MASK)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1
