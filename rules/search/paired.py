"""A root-only search with common random numbers (`SearchConfig.paired`, with `tree_depth` 1): a race of the
root's candidates, each judged on the same samples.

A one-move-deep search spends its iterations judging the root's moves by rollouts, and each rollout's value
depends as much on the sample (what the next draws give) as on the move.  Judged on samples of their own,
two moves need many rollouts each before the difference between them stands out of that noise; and PUCT,
with the greedy move as prior, gives the others only a few.  Here every pass draws one sample
(`determinize`) and plays every candidate still in the race from a copy of it, the rollouts sharing one
generator seed: the moves meet the same draws, and the difference of their values is the move's alone.

After `race_after` passes a candidate leaves the race once its mean difference to the leader's, over the
passes they shared, is below the leader's by more than `race_z` standard errors (it is clearly worse); the
passes left go to the moves still in question.  The race ends when one candidate is left.  (Ending it also
when the moves left scored alike on each of the last passes saved CPU but measured no stronger: 30 of 50 games
against greedy, against 33 of 50 without, on the same seeds.)  A CPU budget (`stop`) that runs out within a
pass, even within a rollout (asked before each of its moves), ends the search without that pass.  The result
counts one visit per rollout, as the tree search does, so the most visited candidates are the ones still in the
race at its end; `best_move` plays the greedy move (the first candidate, the one the prior favours) while it is
one of them: a move must be clearly better than the greedy one, not just luckier on a few samples, for the hard
level to depart from it.
A race can end at its first check with one candidate left and all of them played as often (the values of a
pass barely vary, as in Eclipse, where the rest of the round is mostly known); then the greedy move, though out
of the race, ties for the most visits.  With `race_survivor` the last candidate counts one visit more, at its
mean, so that it is the most visited.
With `race_twins`, a candidate that scored exactly what a candidate listed before it (higher in the prior) scored
on every one of the first `race_after` passes and since leaves the race at the check: the two lead to the same
positions (another item used on the way that changes nothing this round, the same resource gathered on
another space), and racing them to the end of the budget tells nothing apart.  The one listed first (the
greedy move, when it is one of them) stays.  No game sets it: for Robinson it saved 43 % of a solo game's CPU
but won fewer games on the same seeds (docs/strength/README.md).
With `race_leader` the candidate with the best mean of those still in the race when it ends counts one visit more, at
its mean, whether or not the others left: the greedy move then stands only if its own mean is within `keep_greedy`
of that (`best_move`), not whenever it is still in the race.  A short budget (Wayfinders with four players: nine
candidates, three or four passes) ends before any check can tell two candidates apart at `race_z`, and the greedy
move would stand by default however the others scored (docs/strength/README.md, the truth set).
With `race_keep` (a game's setting for larger tables, where a pass is long: every seat plays to the round's end)
only the first candidate and the best of the others on the first pass, `race_keep` in all, play the passes after
it: a budget that gives ten candidates two passes each never reaches a check, and the greedy move stood by default
(Eclipse with four players, docs/strength/README.md).
Same state, seat, seed and budget: the same result.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Optional

from ..contract import Engine
from ..rng import Rng
from .config import SearchConfig, SearchResult
from .steps import candidates, determinize, leaf_rollout, play_chain
from .values import seat_values


def paired_search(engine: Engine[Any], state: Any, seat: str, rng: Rng, config: SearchConfig,
                  stop: Optional[Callable[[], bool]] = None) -> SearchResult:
    """The race of the module docstring, for at most `config.iterations` rollouts."""
    cands = [c for c, _ in candidates(engine, state, seat, rng, 0, config)]
    if len(cands) <= 1:
        return SearchResult(visits={c: 1 for c in cands}, sums={c: 0.5 for c in cands}, iterations=0)
    values: dict[str, list[float]] = {c: [] for c in cands}  # per candidate: its value on each pass it played
    passes: dict[str, list[int]] = {c: [] for c in cands}  # ... and which passes those were
    alive = list(cands)
    done = 0
    n = 0
    while done + len(alive) <= config.iterations and len(alive) > 1:
        sample = determinize(engine, state, seat, rng)
        seed = rng.next64()
        got: dict[str, float] = {}
        for chain in alive:
            if stop is not None and stop():
                break
            s = play_chain(engine, engine.copy_state(sample), seat, chain)
            s = leaf_rollout(engine, s, Rng.from_seed(seed), config, stop)
            if s is None:  # the budget ran out within the rollout
                break
            got[chain] = seat_values(engine, s, config.scale)[seat]
        if len(got) < len(alive):  # the budget ran out within the pass: an unfinished pass compares nothing
            break
        for chain, v in got.items():
            values[chain].append(v)
            passes[chain].append(n)
        done += len(alive)
        n += 1
        if n == 1 and 0 < config.race_keep < len(alive):
            alive = _screened(alive, got, config.race_keep)
        if n >= config.race_after:
            alive = _still_in_race(alive, values, passes, config.race_z)
            if config.race_twins:
                alive = _without_twins(alive, values)
    visits = {c: len(values[c]) for c in cands if values[c]}
    sums = {c: sum(values[c]) for c in cands if values[c]}
    if len(visits) > 1 and ((config.race_survivor and len(alive) == 1) or config.race_leader):
        # every candidate still racing played every pass (more than one visit counted: at least one pass ended)
        won = max(alive, key=lambda c: sums[c] / visits[c])
        sums[won] += sums[won] / visits[won]  # at its mean: the count says it outlasted or led the others
        visits[won] += 1
    return SearchResult(visits=visits, sums=sums, iterations=done)


def _screened(alive: list[str], got: dict[str, float], keep: int) -> list[str]:
    """The first candidate (the prior's favourite, the greedy move) and the `keep` - 1 others that scored
    highest on the first pass, in the candidates' order."""
    best = set(sorted(alive[1:], key=lambda c: -got[c])[:keep - 1])
    return [c for c in alive if c == alive[0] or c in best]


def _without_twins(alive: list[str], values: dict[str, list[float]]) -> list[str]:
    """`alive` (in the candidates' order) without the candidates whose values on every pass equal those of
    one kept before them: all candidates still in the race have played every pass since it began."""
    kept: list[str] = []
    for c in alive:
        if not any(values[k] == values[c] for k in kept):
            kept.append(c)
    return kept


def _still_in_race(alive: list[str], values: dict[str, list[float]], passes: dict[str, list[int]],
                   z: float) -> list[str]:
    """The candidates not clearly worse than the leader (the highest mean over this race's passes)."""
    def mean(c: str) -> float:
        return sum(values[c]) / len(values[c])

    leader = max(alive, key=mean)
    by_pass = dict(zip(passes[leader], values[leader]))
    keep = []
    for c in alive:
        diffs = [v - by_pass[p] for p, v in zip(passes[c], values[c]) if p in by_pass]
        if c == leader or len(diffs) < 2:
            keep.append(c)
            continue
        m = sum(diffs) / len(diffs)
        var = sum((d - m) ** 2 for d in diffs) / (len(diffs) - 1)
        if m + z * math.sqrt(var / len(diffs)) >= 0:  # not clearly below the leader
            keep.append(c)
    return keep


__all__ = ["paired_search"]
