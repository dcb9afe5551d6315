"""The search behind the "hard" bot level: information-set Monte Carlo tree search (rules/search/ismcts.py).

Pure and deterministic like the engines: given the same state, seat, seed and iteration budget it plays the
same move.  A CPU budget is the caller's (host/search_pool.py), through the `stop` test it passes."""
from __future__ import annotations

from .config import SearchConfig, SearchResult
from .ismcts import best_move, search, tuned
from .merge import merge_results
from .values import outcome_values, score_chances, seat_values

__all__ = ["SearchConfig", "SearchResult", "best_move", "merge_results", "outcome_values", "score_chances",
           "search", "seat_values", "tuned"]
