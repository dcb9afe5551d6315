"""Paying costs (W15) and moving tokens between hands, bag and hangars.

A cost is a string of icons (a toll is one icon).  Each icon is covered by one
token of its colour, one token of a wildcard colour the payer holds (W38), or
two tokens of one identical colour (the 2-for-1 rule).  `covers` lists every
distinct multiset of tokens that covers a cost, each written as its letters in
alphabetical order ("BGGR").

RULING ("nothing beyond the cover is paid", W15): only *minimal* covers are
offered — a payment from which one token could be removed while still covering
the cost pays beyond the cover (e.g. a pair of propellers for a propeller icon
when a single propeller would do).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from ..rng import Rng
from .state import COLOURS

IDX = {c: i for i, c in enumerate(COLOURS)}
_RANGE = range(len(COLOURS))


def letters(counts: Iterable[int]) -> str:
    """Counts in COLOURS order -> sorted letters ("BGGR")."""
    return "".join(sorted("".join(COLOURS[i] * n for i, n in enumerate(counts))))


def counts_of(tokens: str) -> dict[str, int]:
    out = {c: 0 for c in COLOURS}
    for ch in tokens:
        out[ch] += 1
    return out


def toll_covers(icon: str, hand: dict[str, int], wild: Iterable[str] = ()) -> list[str]:
    """`covers(icon, hand, wild)` for a one-icon cost (a toll), computed directly."""
    singles = {icon, *wild}
    out = [c for c in COLOURS if c in singles and hand[c] >= 1]
    out += [c + c for c in COLOURS if hand[c] >= 2 and c not in singles]
    out.sort(key=lambda s: (len(s), s))
    return out


def covers(cost: str, hand: dict[str, int], wild: Iterable[str] = ()) -> list[str]:
    """Every distinct minimal payment of `cost` from `hand` (W15), sorted."""
    if len(cost) == 1:
        return toll_covers(cost, hand, wild)
    return list(_covers(cost, tuple(hand[c] for c in COLOURS), tuple(sorted(set(wild)))))


@lru_cache(maxsize=16384)  # pure, of small values; one greedy plan search asks for up to 20,000 (a hand of 22 tokens)
def _covers(cost: str, counts: tuple[int, ...], wild: tuple[str, ...]) -> tuple[str, ...]:
    """The minimal covers of `cost` that `counts` can pay: those of any hand (`_minimal`) within `counts`.  A
    cover within `counts` is minimal for `counts` exactly when it is for any hand: the smaller payments it is
    tested against are within `counts` too."""
    if sum(counts) < len(cost):
        return ()
    c0, c1, c2, c3, c4 = counts
    return tuple(letters_ for (p0, p1, p2, p3, p4), letters_ in _minimal(cost, wild)
                 if p0 <= c0 and p1 <= c1 and p2 <= c2 and p3 <= c3 and p4 <= c4)


@lru_cache(maxsize=1024)  # a cost and the wildcard colours: a few dozen costs in a game
def _minimal(cost: str, wild: tuple[str, ...]) -> tuple[tuple[tuple[int, ...], str], ...]:
    """Every minimal cover of `cost` from an unlimited hand, as (tokens by colour, letters), sorted as `covers`."""
    icons = sorted(cost)
    wild_idx = sorted({IDX[w] for w in wild})
    # the payments of the first i icons, each once however many ways lead to it
    found: set[tuple[int, ...]] = {(0,) * len(COLOURS)}
    for icon in icons:
        c = IDX[icon]
        singles = [c] + [w for w in wild_idx if w != c]
        after: set[tuple[int, ...]] = set()
        for p in found:
            for x in singles:
                after.add(p[:x] + (p[x] + 1,) + p[x + 1:])
            for x in _RANGE:
                after.add(p[:x] + (p[x] + 2,) + p[x + 1:])
        found = after
    out = []
    for p in found:
        if not any(p[x] and p[:x] + (p[x] - 1,) + p[x + 1:] in found for x in _RANGE):
            out.append((p, letters(p)))
    out.sort(key=lambda item: (len(item[1]), item[1]))
    return tuple(out)


def take(hand: dict[str, int], tokens: str) -> None:
    for ch in tokens:
        if hand[ch] <= 0:
            raise ValueError(f"cannot pay {tokens}: no {ch} left")
        hand[ch] -= 1


def give(pile: dict[str, int], tokens: Iterable[str]) -> None:
    for ch in tokens:
        pile[ch] += 1


def total(pile: dict[str, int]) -> int:
    return sum(pile.values())


def draw(bag: dict[str, int], rng: Rng, n: int) -> list[str]:
    """Draw up to n tokens uniformly from the bag (W6); a short bag gives what it has (E1)."""
    out: list[str] = []
    for _ in range(n):
        size = sum(bag.values())
        if size <= 0:
            break
        r = rng.below(size)
        for c in COLOURS:
            k = bag[c]
            if r < k:
                bag[c] = k - 1
                out.append(c)
                break
            r -= k
    return out
