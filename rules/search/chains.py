"""Macro moves built by the greedy bot: a chain of move ids completed step by step (the games'
`macro_moves` hooks, rules/<game>/search_hooks.py)."""
from __future__ import annotations

from typing import Any, Callable

from ..rng import Rng
from .steps import policy_move


def greedy_chain(engine: Any, state: Any, seat: str, chain: list[str], rng: Rng, steps: int,
                 done: Callable[[Any, list[str]], bool]) -> list[str]:
    """`chain` (played already to reach `state`) completed by the greedy bot's moves for `seat`, at most
    `steps` of them, until `done(state, chain)` says the macro move is whole (the hard level's policy:
    `steps.policy_move`)."""
    for _ in range(steps):
        if done(state, chain):
            break
        move = policy_move(engine, state, seat, rng)
        if move is None:  # a game without a bot: the chain stays as it is
            break
        chain.append(move.id)
        state = engine.apply(state, seat, move.id)
    return chain


__all__ = ["greedy_chain"]
