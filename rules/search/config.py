"""The settings of a search (`SearchConfig`, a game's own through `Engine.search_tuning`) and what it
answers (`SearchResult`, the root's statistics): shared by the tree search (ismcts.py), the root race
(paired.py), the root merge (merge.py) and their callers."""
from __future__ import annotations

from typing import NamedTuple


class SearchConfig(NamedTuple):
    iterations: int = 300
    c_puct: float = 1.5
    greedy_prior: float = 0.5  # share of the prior mass on the greedy move
    prior_depth: int = 2  # tree depth below which priors are even (the greedy move costs a look-ahead)
    widen_k: float = 2.0
    widen_alpha: float = 0.5
    rollout_moves: int = 0
    check_every: int = 16
    clear_after: int = 400  # from this many iterations on, stop once one move has ...
    clear_share: float = 0.9  # ... this share of the root's visits (it clearly leads)
    scale: float = 5.0  # points of lead worth ~73 % where values come from running scores
    policy_rounds: int = 0  # > 0: roll out with the greedy move until this many rounds have ended ...
    policy_moves: int = 60  # ... or this many moves were played
    tree_depth: int = 0  # > 0: no node deeper than this is searched; a rollout starts there
    keep_greedy: float = 0.03  # the greedy move stands unless a move's mean value beats it by more (best_move)
    paired: bool = False  # with tree_depth 1: the root's candidates race on shared samples (paired.py)
    race_after: int = 3  # passes before a candidate may leave the race ...
    race_z: float = 2.0  # ... once its mean is this many standard errors below the leader's
    race_survivor: bool = False  # the race's last candidate counts one visit more (paired.py)
    race_leader: bool = False  # the best mean of those still in the race counts one visit more (paired.py)
    race_twins: bool = False  # a candidate that scored what one listed before it scored on every pass leaves
    race_keep: int = 0  # > 0: after the first pass only the first candidate and the best others, this many in all


class SearchResult(NamedTuple):
    """The root's statistics: visits and summed values (of the searching seat) per move chain."""

    visits: dict[str, int]
    sums: dict[str, float]
    iterations: int


__all__ = ["SearchConfig", "SearchResult"]
