"""Root-parallel search: each worker grows its own tree from its own seed; the roots' statistics are summed."""
from __future__ import annotations

from typing import Iterable

from .config import SearchResult


def merge_results(results: Iterable[SearchResult]) -> SearchResult:
    """One result whose root visits and value sums are the sums of `results` (in the order given: the move
    list of the first, then moves only later ones tried)."""
    visits: dict[str, int] = {}
    sums: dict[str, float] = {}
    iterations = 0
    for r in results:
        iterations += r.iterations
        for key, n in r.visits.items():
            visits[key] = visits.get(key, 0) + n
            sums[key] = sums.get(key, 0.0) + r.sums.get(key, 0.0)
    return SearchResult(visits=visits, sums=sums, iterations=iterations)


__all__ = ["merge_results"]
