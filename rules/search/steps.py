"""The steps of one search pass, shared by the tree search (ismcts.py) and the root race (paired.py): a
sample of what the searching seat cannot see (`determinize`), a seat's candidates with their priors
(`candidates`), a chain of moves played (`play_chain`), who acts (`acting_seat`) and the rollouts (`leaf_rollout`:
random moves to the end of the round, or greedy turns for `policy_rounds` rounds).  "Greedy" here is the hard
level's policy (`policy_move`): the game's `search_policy` where it offers one, else its greedy bot."""
from __future__ import annotations

from typing import Any, Callable, Optional

from ..contract import Engine, IllegalMove, Move
from ..rng import Rng
from ..unvalidated import construct, put
from .config import SearchConfig


def has_policy(engine: Engine[Any]) -> bool:
    """Whether the game gives the hard level a policy (its `search_policy`, or its greedy bot)."""
    return engine.offers("search_policy") or engine.offers("greedy_move")


def policy_move(engine: Engine[Any], state: Any, seat: str, rng: Rng) -> Optional[Move]:
    """The hard level's policy move: the game's `search_policy` where it offers one, else its `greedy_move`."""
    if engine.offers("search_policy"):
        move = engine.search_policy(state, seat, rng)
        if move is not None:
            return move
    return engine.greedy_move(state, seat, rng)


def determinize(engine: Engine[Any], state: Any, seat: str, rng: Rng) -> Any:
    """One sample of what `state` may be, as `seat` knows it (step 1 of the module docstring)."""
    if engine.offers("resample"):
        sampled = engine.resample(state, seat, rng)
        if sampled is not None:
            return sampled
    copy = engine.copy_state(state)
    put(copy, "rng", construct(Rng, state=rng.next64()))
    return copy


def candidates(engine: Engine[Any], state: Any, seat: str, rng: Rng, depth: int,
                config: SearchConfig) -> list[tuple[str, float]]:
    """`seat`'s candidate chains with priors summing to 1, highest prior first (listing order on ties)."""
    if engine.offers("macro_moves"):
        macros = engine.macro_moves(state, seat)
        if macros:
            total = sum(max(0.0, p) for _, p in macros)
            even = 1.0 / len(macros)
            ranked = [(c, max(0.0, p) / total if total > 0 else even) for c, p in macros]
            if depth <= config.prior_depth and len(ranked) > 1 and has_policy(engine):
                greedy = policy_move(engine, state, seat, rng)  # the greedy move's chains share its prior mass
                mine = [c for c, _ in ranked if greedy is not None and c.split(" ", 1)[0] == greedy.id]
                if mine:
                    g = config.greedy_prior
                    ranked = [(c, (1 - g) * p + (g / len(mine) if c in mine else 0.0)) for c, p in ranked]
            return sorted(ranked, key=lambda cp: -cp[1])
    ids = engine.move_ids(state, seat)
    if not ids:
        return []
    even = 1.0 / len(ids)
    if depth > config.prior_depth or len(ids) == 1 or not has_policy(engine):
        return [(i, even) for i in ids]
    greedy = policy_move(engine, state, seat, rng)
    if greedy is None or greedy.id not in ids:
        return [(i, even) for i in ids]
    rest = (1.0 - config.greedy_prior) / len(ids)
    out = [(greedy.id, config.greedy_prior + rest)]
    out += [(i, rest) for i in ids if i != greedy.id]
    return out


def play_chain(engine: Engine[Any], state: Any, seat: str, chain: str) -> Any:
    """The state after `seat` plays each id of `chain`; a later step the sample refuses ends the chain there."""
    for i, move_id in enumerate(chain.split(" ")):
        try:
            state = engine.apply(state, seat, move_id)
        except IllegalMove:
            if i == 0:
                raise
            break
    return state


def acting_seat(engine: Engine[Any], state: Any, rng: Rng) -> Optional[str]:
    if engine.is_over(state):
        return None
    seats = engine.to_act(state)
    if not seats:
        return None
    return seats[0] if len(seats) == 1 else seats[rng.below(len(seats))]


def random_rollout(engine: Engine[Any], state: Any, rng: Rng, moves: int) -> Any:
    rounds = engine.offers("round_number")
    start = engine.round_number(state) if rounds else None
    for _ in range(moves):
        seat = acting_seat(engine, state, rng)
        if seat is None:
            break
        ids = engine.move_ids(state, seat)
        if not ids:
            break
        state = engine.apply(state, seat, ids[rng.below(len(ids))])
        if rounds and engine.round_number(state) != start:
            break
    return state


def policy_rollout(engine: Engine[Any], state: Any, rng: Rng, config: SearchConfig,
                   stop: Optional[Callable[[], bool]] = None) -> Any:
    """Every seat plays its greedy move until `config.policy_rounds` rounds have ended (module docstring);
    a game that plans a turn whole (`greedy_chain`) has it played at once.  None once `stop` says the
    budget is spent (asked before each move or turn): a rollout of several rounds would otherwise run
    on past it."""
    start = engine.round_number(state) if engine.offers("round_number") else None
    chains = engine.offers("greedy_chain")
    played = 0
    while played < config.policy_moves:
        if stop is not None and stop():
            return None
        seat = acting_seat(engine, state, rng)
        if seat is None:
            break
        chain = engine.greedy_chain(state, seat, rng) if chains else None
        if chain:
            for move_id in chain:
                state = engine.apply(state, seat, move_id)
            played += len(chain)
        else:
            move = policy_move(engine, state, seat, rng)
            if move is None:
                ids = engine.move_ids(state, seat)
                if not ids:
                    break
                state = engine.apply(state, seat, ids[rng.below(len(ids))])
            else:
                state = engine.apply(state, seat, move.id)
            played += 1
        now = engine.round_number(state) if start is not None else None
        if now is not None and start is not None and now - start >= config.policy_rounds:
            break
    return state


def leaf_rollout(engine: Engine[Any], state: Any, rng: Rng, config: SearchConfig,
                 stop: Optional[Callable[[], bool]] = None) -> Any:
    """The rollout the search scores a leaf after: the greedy policy's (stopped by `stop`: None) or random moves'."""
    if config.policy_rounds > 0 and has_policy(engine):
        return policy_rollout(engine, state, rng, config, stop)
    return random_rollout(engine, state, rng, config.rollout_moves)


__all__ = ["acting_seat", "candidates", "determinize", "has_policy", "leaf_rollout", "play_chain", "policy_move",
           "policy_rollout", "random_rollout"]
