"""Whole-round plans built around one priority, for the hard level's search (R30-R38).

The greedy bot's plan and its one-step variants (alternatives.py) mostly do the same things: a second
choice at one step, completed by the greedy bot, rarely changes what the round builds.  A leaning replans
the whole round with the worth of one kind of stack scaled up (planning.py `scored`, `lean`): the
woodpile's wood (S3), the camp's defences against the weather and the beasts (Shelter, Roof, Palisade:
R56, R67, R70), food and rest for the Nights (R65, R72), exploring and inventing (R58, R62).  Every other
choice of the plan (items, looks, the confirm when nothing is worth a pawn) is the greedy bot's.  The
search then judges these plans as it judges the greedy one (`alternatives.LEAN`).  Off: raced with the
others they won fewer solo games than greedy on the same seeds, at one round's rollouts and at two
(docs/strength/README.md "## Robinson Crusoe").  Pure: the same state gives the same plan.
"""
from __future__ import annotations

from typing import Any, Callable

from ...rng import Rng
from ...search.chains import greedy_chain
from ..island import kind
from ..moves import options
from ..state import RobinsonState
from .greedy import plan_step
from .planning import Lean

# the priorities, each a factor on the worth of the stacks of its kinds (`kind_of`): at 2 the plans of 72
# planning decisions of 8 greedy games (odd rounds, seeds 5-8, solo and with two) differed from the greedy
# one in 1.1 distinct plans a decision, at 3 in 1.7
LEANINGS: dict[str, dict[str, float]] = {
    "wood": {"wood": 3.0},
    "camp": {"shelter": 3.0, "roof": 3.0, "pal": 3.0, "wpn": 2.0},
    "food": {"food": 3.0, "hunt": 2.0, "rest": 3.0},
    "explore": {"explore": 3.0, "inv": 2.0},
    "build": {"inv": 3.0, "wpn": 2.0},
}


def kind_of(action: str, key: str) -> str:
    """A stack's kind for the leanings: the resource gathered (`wood`, `food`), the build (`shelter`,
    `roof`, `pal`, `wpn`, `inv`), else its action (`explore`, `hunt`, `rest`, `camp`, `threat`...)."""
    parts = key.split(".")
    if action == "gather" and len(parts) > 2:
        return "wood" if kind(parts[2]) == "W" else "food"
    if action == "build" and len(parts) > 1:
        return parts[1]
    return action


def lean(name: str) -> Lean:
    """The factor the leaning `name` sets on each stack's worth (1 for the kinds it leaves alone)."""
    factors = LEANINGS[name]

    def factor(action: str, key: str) -> float:
        return factors.get(kind_of(action, key), 1.0)
    return factor


def leaned_plan(engine: Any, s: RobinsonState, seat: str, name: str, rng: Rng, steps: int,
                planning: Callable[[RobinsonState], bool]) -> list[str]:
    """`seat`'s plan for the round with the leaning `name` (module docstring): its planning moves until
    `planning` says it has confirmed, at most `steps`; a question asked on the way (a look at a deck) is
    answered by the greedy bot."""
    how = lean(name)

    def pick(state: RobinsonState) -> str:
        if state.pending is not None:
            return str(engine.greedy_move(state, seat, rng).id)
        return plan_step(state, seat, [o[0] for o in options(state, seat)], rng, how)
    return greedy_chain(engine, s, seat, [], rng, steps, lambda state, _: not planning(state), pick)


__all__ = ["LEANINGS", "kind_of", "lean", "leaned_plan"]
