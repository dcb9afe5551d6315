"""Elo-style ratings from finished games (pure: no Discord, no SQLite, no clock).

Games are taken in finishing order.  A game of n rated players counts as the
n(n-1)/2 pairwise comparisons of their ranks (lower rank = better; equal ranks
are a draw).  Every player's change is the sum of their pairwise changes,
scaled by K/(n-1), so a multiplayer game moves a rating about as much as a
two-player game does.  All changes of one game use the ratings from before it.

What counts is the caller's choice; the host passes only rated games and only
human seats (see host/stats.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable

START = 1500.0
K = 32.0


@dataclass(frozen=True)
class Placing:
    """One finished game: who took part and their ranks (1 = first; ties share a rank)."""

    game_id: int
    finished_at: float
    ranks: tuple[tuple[Hashable, int], ...]  # (player, rank)


def expected(r_a: float, r_b: float) -> float:
    """The expected score of a player rated r_a against one rated r_b."""
    return 1.0 / (1.0 + float(10.0 ** ((r_b - r_a) / 400.0)))


def game_changes(ratings: dict[Hashable, float], ranks: dict[Hashable, int], k: float = K,
                 start: float = START) -> dict[Hashable, float]:
    """The rating change of every player of one game (pairwise by rank, scaled by k/(n-1))."""
    players = list(ranks)
    n = len(players)
    changes = {p: 0.0 for p in players}
    if n < 2:
        return changes
    scale = k / (n - 1)
    for i, a in enumerate(players):
        for b in players[i + 1:]:
            ra, rb = ratings.get(a, start), ratings.get(b, start)
            sa = 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0
            delta = scale * (sa - expected(ra, rb))
            changes[a] += delta
            changes[b] -= delta
    return changes


def ratings(games: Iterable[Placing], k: float = K, start: float = START) -> dict[Hashable, float]:
    """Everyone's rating after `games`, applied in finishing order (ties by game id)."""
    current: dict[Hashable, float] = {}
    for game in sorted(games, key=lambda g: (g.finished_at, g.game_id)):
        ranks = dict(game.ranks)
        for player, change in game_changes(current, ranks, k, start).items():
            current[player] = current.get(player, start) + change
    return current


__all__ = ["K", "START", "Placing", "expected", "game_changes", "ratings"]
