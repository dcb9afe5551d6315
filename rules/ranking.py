"""Final ranks shared by the competitive games (Outcome.ranks).

Standard competition ranks ("1224"): tied players share a rank and the ranks
after them skip the places they fill, so four players tied 3-3-3 and one
behind rank 1, 1, 1, 4.  A rank is one more than the number of players
strictly ahead.
"""
from __future__ import annotations

from typing import Any, Mapping


def competition_ranks(keys: Mapping[str, Any]) -> dict[str, int]:
    """Seat -> rank from each seat's comparable key, the **highest** key first
    (put every tie-break in the key, e.g. `(score, -toxicity)`)."""
    return {s: 1 + sum(1 for t in keys if keys[t] > k) for s, k in keys.items()}
