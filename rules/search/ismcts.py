"""Information-set Monte Carlo tree search with determinization (single observer, as OpenSpiel's ismcts.py).

Each iteration:

1. **Determinize**: a state the searching seat cannot tell from the real one (`Engine.resample`; a game that
   hides nothing but its generator's order is copied and its generator reseeded), so the search never knows
   an opponent's hand or what the next draw gives.  Chance (dice, draws) then comes from the copy's own
   seeded generator as the moves are applied.
2. **Select** down the tree by PUCT, each node choosing for the seat that acts there (multiplayer: each seat
   maximizes its own value).  A node is reached by move ids only, so different samples share it; a child
   counts as available (`avail`) only in the samples where its move is legal (ISMCTS's availability count).
   Priors: `greedy_prior` of the mass on the greedy move (on the chains it begins, with `macro_moves`), the
   rest shared evenly (or as `macro_moves` weighs it); deeper than `prior_depth` no greedy share.
   **Progressive widening**: a node visited n times considers only its `widen_k * n ** widen_alpha`
   candidates of highest prior.
3. **Expand** one untried candidate, then **roll out**: at most `rollout_moves` random moves, stopping at the
   end of the round (the `round_number` hook) or of the game; or, with `policy_rounds` > 0, every seat playing
   the engine's greedy move until that many rounds have ended (at most `policy_moves` moves), so that a
   decision is judged by how the turns after it go (with `tree_depth` the tree stops growing at that depth
   and every pass rolls out from there); then score the position with `seat_values`.
4. **Back up** the value of every seat along the path.

The budget is `iterations` (tests and benchmarks); a caller with a CPU budget passes `stop`, asked every
`check_every` iterations.  The search stops early once no other move can catch up with the most visited one
within the iterations left, or once one move clearly leads (`clear_share` of the visits after `clear_after`);
a root with a single candidate (`macro_moves` may offer one) is not searched at all.
A game's own settings for the hard level (its `search_tuning`) are applied by `tuned`; with `paired` and a tree
one move deep the search is the root race of paired.py instead.  The steps of a pass (sample, candidates,
chains, rollouts) are in steps.py, the settings and the result in config.py.
Same state, seat, seed and budget: the same result.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Optional

from ..contract import Engine
from ..rng import Rng
from .config import SearchConfig, SearchResult
from .paired import paired_search
from .steps import acting_seat, candidates, determinize, leaf_rollout, play_chain
from .values import seat_values


class _Node:
    __slots__ = ("children", "visits", "avail", "sums", "prior", "priors")

    def __init__(self, prior: float) -> None:
        self.children: dict[tuple[str, str], _Node] = {}  # (seat, chain) -> child
        self.visits = 0
        self.avail = 0
        self.sums: dict[str, float] = {}
        self.prior = prior
        self.priors: Optional[dict[str, list[tuple[str, float]]]] = None  # per seat: candidates, best first


def _select(node: _Node, seat: str, legal: list[tuple[str, float]], c_puct: float) -> tuple[str, str]:
    """The legal child of highest PUCT score for `seat` (an unvisited child scores the node's mean)."""
    fpu = node.sums.get(seat, 0.0) / node.visits if node.visits else 0.5
    best_key, best = (seat, legal[0][0]), -math.inf
    for chain, _ in legal:
        child = node.children.get((seat, chain))
        if child is None:
            continue
        q = child.sums.get(seat, 0.0) / child.visits if child.visits else fpu
        u = c_puct * child.prior * math.sqrt(max(1, child.avail)) / (1 + child.visits)
        if q + u > best:
            best_key, best = (seat, chain), q + u
    return best_key


def _iterate(engine: Engine[Any], root_state: Any, root: _Node, seat: str, rng: Rng, config: SearchConfig) -> None:
    state = determinize(engine, root_state, seat, rng)
    node, path, depth = root, [root], 0
    while True:
        if config.tree_depth and depth >= config.tree_depth:
            state = leaf_rollout(engine, state, rng, config)
            break
        actor = seat if node is root else acting_seat(engine, state, rng)  # the root is the searching seat's decision
        if actor is None:
            break
        if node.priors is None:
            node.priors = {}
        cands = node.priors.get(actor)
        legal_ids = engine.move_ids(state, actor) if cands is not None else None
        if cands is None:
            cands = candidates(engine, state, actor, rng, depth, config)
            node.priors[actor] = cands
        if not cands:
            break
        if legal_ids is not None:  # the candidates of an earlier sample: keep those whose first step is legal here
            legal = set(legal_ids)
            now = [(c, p) for c, p in cands if c.split(" ", 1)[0] in legal]
            if not now:  # nothing in common with earlier samples: this sample's own moves, evenly
                now = [(i, 1.0 / len(legal_ids)) for i in legal_ids]
                cands.extend(cp for cp in now if cp[0] not in {c for c, _ in cands})
        else:
            now = cands
        width = max(1, math.ceil(config.widen_k * (node.visits + 1) ** config.widen_alpha))
        for chain, _ in now:
            child = node.children.get((actor, chain))
            if child is not None:
                child.avail += 1
        untried = next(((c, p) for c, p in now[:width] if (actor, c) not in node.children), None)
        if untried is not None:
            chain, prior = untried
            child = _Node(prior)
            child.avail = 1
            node.children[(actor, chain)] = child
            state = play_chain(engine, state, actor, chain)
            path.append(child)
            state = leaf_rollout(engine, state, rng, config)
            break
        key = _select(node, actor, now, config.c_puct)
        node = node.children[key]
        state = play_chain(engine, state, actor, key[1])
        path.append(node)
        depth += 1
    values = seat_values(engine, state, config.scale)
    for n in path:
        n.visits += 1
        for s, v in values.items():
            n.sums[s] = n.sums.get(s, 0.0) + v


DEFAULT = SearchConfig()


def tuned(engine: Engine[Any], seats: Optional[int] = None, **fields: Any) -> SearchConfig:
    """The hard level's search for `engine`: the defaults, the game's `search_tuning` (with its `from_seats`
    settings for a table of at least that many seats, when `seats` is given), then `fields`."""
    tuning = dict(getattr(engine, "search_tuning", {}))
    for least, more in sorted(tuning.pop("from_seats", {}).items()):
        if seats is not None and seats >= least:
            tuning.update(more)
    return SearchConfig(**{**tuning, **fields})


def search(engine: Engine[Any], state: Any, seat: str, rng: Rng, config: SearchConfig = DEFAULT,
           stop: Optional[Callable[[], bool]] = None) -> SearchResult:
    """Search `seat`'s decision in `state` (`seat` must be to act) for at most `config.iterations` iterations."""
    if engine.offers("macro_moves"):
        macros = engine.macro_moves(state, seat)
        if macros is not None and len(macros) == 1:  # one candidate: nothing to compare, no search
            return SearchResult(visits={macros[0][0]: 1}, sums={macros[0][0]: 0.5}, iterations=0)
    if config.paired and config.tree_depth == 1:
        return paired_search(engine, state, seat, rng, config, stop)
    root = _Node(1.0)
    done = 0
    for done in range(1, config.iterations + 1):
        _iterate(engine, state, root, seat, rng, config)
        if done % config.check_every == 0:
            if stop is not None and stop():
                break
            counts = sorted((c.visits for (s, _), c in root.children.items() if s == seat), reverse=True)
            if len(counts) >= 2 and counts[0] - counts[1] > config.iterations - done:
                break
            if done >= config.clear_after and counts and counts[0] >= config.clear_share * done:
                break
    visits = {chain: c.visits for (s, chain), c in root.children.items() if s == seat}
    sums = {chain: c.sums.get(seat, 0.0) for (s, chain), c in root.children.items() if s == seat}
    return SearchResult(visits=visits, sums=sums, iterations=done)


def best_move(result: SearchResult, prefer: Optional[str] = None, margin: float = 0.03) -> Optional[str]:
    """The first move id of the most visited chain (ties: the higher mean value, then the first listed).

    `prefer` (the greedy move): played instead unless the search found a chain worth more than `margin`
    above it; where the search cannot tell moves apart (a flight back and forth is worth what ending the
    turn is) the greedy bot's judgement, with its sense of progress, decides.  A greedy chain among the most
    visited is played too: a race (paired.py) that ends with the greedy move still in it found nothing
    clearly better."""
    if not result.visits:
        return prefer

    def mean(c: str) -> float:
        return result.sums.get(c, 0.0) / max(1, result.visits[c])

    best = max(result.visits, key=lambda c: (result.visits[c], mean(c)))
    if prefer is not None:
        mine = [c for c in result.visits if c.split(" ", 1)[0] == prefer]
        if mine and max(mean(c) for c in mine) >= mean(best) - margin:
            return prefer
        if any(result.visits[c] == result.visits[best] for c in mine):
            return prefer
    return best.split(" ", 1)[0]


__all__ = ["SearchConfig", "SearchResult", "best_move", "determinize", "search", "tuned"]
