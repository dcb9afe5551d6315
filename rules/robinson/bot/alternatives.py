"""A seat's best distinct plans for the round (R30-R38), for the hard level's search: the greedy bot's
plan and the plans that part from it where it had a close second choice.  (Plans replanned around one
priority, the woodpile's wood or the camp's defences first, measured weaker and were taken out:
docs/strength/README.md.)

The greedy bot places its pawns one stack at a time, each the best by worth per pawn (planning.py
`scored`).  Walking its plan, every step offers the next-best stacks (another target, or the same target
with more pawns for a sure success, R34, or fewer for a roll) and, once the seat may confirm, stopping
there (the unplaced pawns rest, R65).  Each such turn is a plan of its own, completed by the greedy bot from
there.  The best turn of each step comes first, then the second best of each (within a rank, the turns
that give up least worth first: the best stack's worth less the one taken instead).  At most `k` plans are
kept: first those on other targets, then those with
other pawn counts on the same targets; plans that place the same stacks in another order count once.  Pure: the same state gives the same plans.
"""
from __future__ import annotations

from typing import Any

from ...contract import IllegalMove
from ...rng import Rng
from ...search.chains import greedy_chain
from ...unvalidated import construct
from .. import stacks
from ..state import RobinsonState
from .planning import MIN_WORTH, scored

STEPS = 16  # a seat's planning moves at most (pawns, items, the confirm)
SECONDS = 4  # per step of the greedy plan: the next-best choices tried instead of its own


def planning(engine: Any, s: RobinsonState, seat: str) -> bool:
    """Whether `seat` is planning and has not confirmed (R30)."""
    return s.phase == "plan" and seat not in s.confirmed and seat in engine.to_act(s)


def complete(engine: Any, s: RobinsonState, seat: str, chain: list[str], rng: Rng) -> list[str]:
    """`chain` (played already to reach `s`) completed by the greedy bot until `seat` has confirmed."""
    def done(state: RobinsonState, _: list[str]) -> bool:
        return not planning(engine, state, seat)
    return greedy_chain(engine, s, seat, chain, rng, STEPS, done)


def _key(chain: list[str]) -> tuple[str, ...]:
    """A plan as the stacks it places, in any order (the confirm and the items left out)."""
    return tuple(sorted(m for m in chain if m.startswith(("p:", "s:", "u:", "t:"))))


def plans(engine: Any, s: RobinsonState, seat: str, k: int) -> list[list[str]]:
    """`seat`'s greedy plan first, then at most `k - 1` distinct plans that part from it (module docstring);
    each a chain of move ids ending with the confirm."""
    def rng() -> Rng:
        return construct(Rng, state=s.moves_made)

    greedy = complete(engine, s, seat, [], rng())
    # (rank at its step, worth given up, the plan to its turn, the state at that step: before the turn's move)
    turns: list[tuple[int, float, list[str], RobinsonState]] = []
    state = s
    for i, mid in enumerate(greedy):
        if not planning(engine, state, seat):
            break
        ranked = sorted(scored(state, seat), key=lambda vm: -vm[0])
        if (ranked and any(m == mid for _, m in ranked)) or mid in ("ok", "ok:rest"):
            top = ranked[0][0] if ranked else MIN_WORTH
            others = [(v, m) for v, m in ranked if m != mid][:SECONDS]
            if mid not in ("ok", "ok:rest") and stacks.can_confirm(state, seat):
                others.append((MIN_WORTH, "ok"))
            turns += [(j, top - v, greedy[:i] + [m], state) for j, (v, m) in enumerate(others)]
        state = engine.apply(state, seat, mid)
    done: list[list[str]] = []
    for _, _, head, at in sorted(turns, key=lambda t: (t[0], t[1])):
        if len(done) >= 3 * k:
            break
        after = _replay(engine, at, seat, head[-1:])  # the greedy plan's steps before it are played already
        if after is not None:
            done.append(complete(engine, after, seat, list(head), rng()))
    return _pick([greedy] + done, k)


def _pick(chains: list[list[str]], k: int) -> list[list[str]]:
    """At most `k` distinct plans of `chains` (in their order), those on targets no plan before them
    covers first, then those that only place other pawn counts on the same targets."""
    out: list[list[str]] = []
    stacks_seen: set[tuple[str, ...]] = set()
    targets_seen: set[tuple[str, ...]] = set()
    for fresh_only in (True, False):
        for chain in chains:
            key, where = _key(chain), _targets(chain)
            if len(out) >= k or key in stacks_seen or (fresh_only and where in targets_seen):
                continue
            stacks_seen.add(key)
            targets_seen.add(where)
            out.append(chain)
    return out


def _targets(chain: list[str]) -> tuple[str, ...]:
    """The targets a plan's new stacks go to, whatever their pawns (`p:<target>:<pawns>`)."""
    return tuple(sorted(m.rpartition(":")[0] for m in chain if m.startswith("p:")))


def _replay(engine: Any, s: RobinsonState, seat: str, chain: list[str]) -> RobinsonState | None:
    """The state after `chain`, or None when a step of it is refused."""
    try:
        for mid in chain:
            s = engine.apply(s, seat, mid)
    except IllegalMove:
        return None
    return s


__all__ = ["STEPS", "complete", "planning", "plans"]
