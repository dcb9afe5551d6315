"""What a position is worth to each seat, in [0, 1] (1: a certain win): the leaves of the search.

`seat_values` is the search's one entry: a finished game's outcome (`outcome_values`), else the engine's
`evaluate` hook, else its running scores turned into chances (`score_chances`), else an even 0.5 for all."""
from __future__ import annotations

import math
from typing import Any

from ..contract import Engine, Outcome


def outcome_values(outcome: Outcome, seats: list[str]) -> dict[str, float]:
    """A finished game: co-operative 1 (won) or 0 for everyone; otherwise each seat's share of the
    opponents it finished ahead of, a tie counting half (two seats: 1 the winner, 0 the loser, 0.5 a tie)."""
    if outcome.coop:
        return {s: 1.0 if outcome.won else 0.0 for s in seats}
    if len(seats) < 2:
        return {s: 1.0 if outcome.ranks.get(s, 1) == 1 else 0.0 for s in seats}
    ranks = {s: outcome.ranks.get(s, len(seats)) for s in seats}
    out = {}
    for s in seats:
        beat = sum(1.0 if ranks[s] < ranks[o] else 0.5 if ranks[s] == ranks[o] else 0.0 for o in seats if o != s)
        out[s] = beat / (len(seats) - 1)
    return out


def score_chances(scores: dict[str, float], scale: float) -> dict[str, float]:
    """Scores turned into chances: for each seat the mean over its opponents of a logistic of the score
    difference (`scale` points of lead give about 73 %); a lone seat gets a logistic of its score."""
    seats = list(scores)
    if len(seats) < 2:
        return {s: _logistic(v / scale) for s, v in scores.items()}
    out = {}
    for s in seats:
        out[s] = sum(_logistic((scores[s] - scores[o]) / scale) for o in seats if o != s) / (len(seats) - 1)
    return out


def _logistic(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def seat_values(engine: Engine[Any], state: Any, scale: float = 5.0) -> dict[str, float]:
    """Each seat's value of `state` (module docstring); always every seat, clamped to [0, 1]."""
    seats = list(state.seats)
    if engine.is_over(state):
        outcome = engine.outcome(state)
        if outcome is not None:
            return outcome_values(outcome, seats)
    if engine.offers("evaluate"):
        got = engine.evaluate(state)
        if got is not None:
            return {s: min(1.0, max(0.0, float(got.get(s, 0.5)))) for s in seats}
    if engine.offers("running_scores"):
        scores = engine.running_scores(state)
        if scores is not None:
            return score_chances({s: float(scores.get(s, 0)) for s in seats}, scale)
    return {s: 0.5 for s in seats}


__all__ = ["outcome_values", "score_chances", "seat_values"]
