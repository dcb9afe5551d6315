"""Bot players: pure move choice at a named level (no clock, no global random).

Levels:
- "random": a uniformly random legal move (the engine's `playout_weight` hook is
  NOT used: this is the honest baseline).
- "greedy": the engine's own `greedy_move(state, seat, rng) -> Move` when it
  offers one (an optional hook of rules.contract.Engine); otherwise random.  Each game should give its greedy bot real
  knowledge of the game (see the async-play issue: >= 70% wins against random).
- "hard": a search (rules/search: information-set MCTS over samples of what the seat cannot see,
  the greedy move as its prior, positions scored by the engine's `evaluate`; a game may give the search a policy
  of its own instead of its greedy bot, the `search_policy` hook: Flotilla's plays each card's turn ahead).  Here it runs with an
  iteration budget (`HARD_ITERATIONS`, the game's `search_tuning`), pure and reproducible; the bot seats of the host run it in worker
  processes with a CPU budget (host/search_pool.py) and fall back to greedy when a worker fails.
  With one legal move there is no search.
"""
from __future__ import annotations

from typing import Any, Optional

from .contract import Engine, Move
from .rng import Rng
from .search import SearchConfig, SearchResult, best_move, search, tuned
from .search.steps import policy_move

LEVELS = ("random", "greedy", "hard")
DEFAULT_LEVEL = "greedy"
HARD_ITERATIONS = 300  # the "hard" level's budget when none is given (tests, the local bench) ...


def bot_rng(seed: int, moves_made: int, seat: str) -> Rng:
    """A reproducible generator for one decision (never the game's own stream)."""
    salt = sum((i + 1) * ord(ch) for i, ch in enumerate(seat))
    return Rng.from_seed((seed * 1_000_003 + moves_made * 7919 + salt) & ((1 << 64) - 1))


def choose(engine: Engine[Any], state: Any, seat: str, level: str = DEFAULT_LEVEL, seed: int = 0,
           config: Optional[SearchConfig] = None) -> Move:
    """The bot's move for `seat` now; raises ValueError for an unknown level or no legal move.
    `config`: the "hard" level's search (default: the game's own, `rules.search.tuned`, `HARD_ITERATIONS`)."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    moves = engine.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"{seat} has no legal move")
    rng = bot_rng(seed, getattr(state, "moves_made", 0), seat)
    if level == "hard":
        return hard_move(engine, state, seat, moves, seed,
                         config or tuned(engine, len(state.seats), iterations=HARD_ITERATIONS))
    if level == "greedy":
        greedy = engine.greedy_move(state, seat, rng)
        if greedy is not None:
            return greedy
    return moves[rng.below(len(moves))]


def search_rng(seed: int, moves_made: int, seat: str, worker: int) -> Rng:
    """The generator of search worker `worker` for one decision (root-parallel: one stream per worker)."""
    base = bot_rng(seed, moves_made, seat).next64()
    return Rng.from_seed((base + (worker + 1) * 0x9E3779B97F4A7C15) & ((1 << 64) - 1))


def hard_move(engine: Engine[Any], state: Any, seat: str, moves: list[Move], seed: int,
              config: SearchConfig) -> Move:
    """The "hard" level's move among `moves` (seat's legal moves): one search worker's (worker 0), with one
    legal move none; the greedy move unless the search found better (`rules.search.best_move`)."""
    if len(moves) == 1:
        return moves[0]
    made = getattr(state, "moves_made", 0)
    result = search(engine, state, seat, search_rng(seed, made, seat, 0), config)
    return settle(engine, state, seat, moves, result, seed)


def planned_after(engine: Engine[Any], state: Any, seat: str, move: Move, result: Optional[SearchResult]) -> list[Move]:
    """The further steps the search judged with `move` when it weighed whole chains (`macro_moves`: a Robinson
    seat's plan for the round), each labelled in the position it is played in; [] for a single move.  The chain
    is the most visited one that begins with `move`, the first listed (the greedy bot's) on a tie, as `best_move`
    prefers it."""
    if result is None:
        return []
    mine = [c for c in result.visits if c.split(" ", 1)[0] == move.id and " " in c]
    if not mine:
        return []
    most = max(result.visits[c] for c in mine)
    chain = next(c for c in mine if result.visits[c] == most).split(" ")[1:]
    out: list[Move] = []
    state = engine.apply(state, seat, move.id)
    for move_id in chain:
        step = next((m for m in engine.legal_moves(state, seat) if m.id == move_id), None)
        if step is None:
            break
        out.append(step)
        state = engine.apply(state, seat, move_id)
    return out


def settle(engine: Engine[Any], state: Any, seat: str, moves: list[Move], result: Optional[SearchResult],
           seed: int) -> Move:
    """The hard move from a search's root statistics (None: no search answered): the search's choice over
    the greedy move (the hard level's policy, `policy_move`) when it found one clearly better; the greedy (else a
    random) move otherwise."""
    return settled(engine, state, seat, moves, result, seed)[0]


def settled(engine: Engine[Any], state: Any, seat: str, moves: list[Move], result: Optional[SearchResult],
            seed: int) -> tuple[Move, Optional[Move]]:
    """`settle`'s move and the policy move it weighed (None: the game has no bot), for a caller that counts the
    departures from it without asking the policy again."""
    rng = bot_rng(seed, getattr(state, "moves_made", 0), seat)
    greedy = policy_move(engine, state, seat, rng)
    margin = tuned(engine, len(state.seats)).keep_greedy
    found = best_move(result, greedy.id if greedy is not None else None, margin) if result is not None else None
    by_id = {m.id: m for m in moves}
    if found is not None and found in by_id:
        return by_id[found], greedy
    return (greedy if greedy is not None else moves[rng.below(len(moves))]), greedy
