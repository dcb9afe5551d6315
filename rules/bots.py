"""Bot players: pure move choice at a named level (no clock, no global random).

Levels:
- "random": a uniformly random legal move (the engine's `playout_weight` hook is
  NOT used: this is the honest baseline).
- "greedy": the engine's own `greedy_move(state, seat, rng) -> Move` when it
  offers one (an optional hook of rules.contract.Engine); otherwise random.  Each game should give its greedy bot real
  knowledge of the game (see the async-play issue: >= 70% wins against random).
"""
from __future__ import annotations

from typing import Any

from .contract import Engine, Move
from .rng import Rng

LEVELS = ("random", "greedy")
DEFAULT_LEVEL = "greedy"


def bot_rng(seed: int, moves_made: int, seat: str) -> Rng:
    """A reproducible generator for one decision (never the game's own stream)."""
    salt = sum((i + 1) * ord(ch) for i, ch in enumerate(seat))
    return Rng.from_seed((seed * 1_000_003 + moves_made * 7919 + salt) & ((1 << 64) - 1))


def choose(engine: Engine[Any], state: Any, seat: str, level: str = DEFAULT_LEVEL, seed: int = 0) -> Move:
    """The bot's move for `seat` now; raises ValueError for an unknown level or no legal move."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    moves = engine.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"{seat} has no legal move")
    rng = bot_rng(seed, getattr(state, "moves_made", 0), seat)
    if level == "greedy":
        greedy = engine.greedy_move(state, seat, rng)
        if greedy is not None:
            return greedy
    return moves[rng.below(len(moves))]
