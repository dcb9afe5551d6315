"""A Wayfinders position in numbers, and the chance of each seat to win from it (the hard level's
`evaluate`, rules/wayfinders/search_hooks.py).

`features` gives one seat's standing: points on the board as they would score now (W23-W35), the
greedy bot's worth of its permanent abilities (W36-W38), tokens in hand within the hand limit (W19), the
tokens its workers have claimed (W12, within the limit), airstrips built (W16) and workers still in supply.
`win_chances` turns the differences of two seats' features into the chance that one finishes ahead, a
logistic whose weights grow with the game's progress (how near a seat is to the end trigger, W21): a
point of lead late in the game is worth more than one early.  The weights are data
(`data/eval_weights.json`), fitted on greedy games by tools/fit_wayfinders_eval.py; with more seats a
seat's chance is the mean of its chances against each opponent."""
from __future__ import annotations

from pathlib import Path

from ..search.fitted import load_weights, logistic, weighted_margin
from .plans import ABILITY
from .holdings import hand_limit
from .islands import ISLANDS
from .moves import collect_preview
from .scoring import breakdown
from .state import WayfindersState
from .turns import TRIGGER_CUBES

FEATURES = ("points", "abilities", "hand", "claimed", "built", "workers")
WEIGHTS_FILE = Path(__file__).parent / "data" / "eval_weights.json"


EARLY, LATE = load_weights(WEIGHTS_FILE, FEATURES)


def features(state: WayfindersState, seat: str) -> tuple[float, ...]:
    """`seat`'s standing, in the order of FEATURES (module docstring)."""
    parts = breakdown(state, seat)
    p = state.players[seat]
    abilities = sum(ABILITY.get(ISLANDS[c.island].effect, 0.0) for c in state.board.values()
                    if seat in c.slots and c.island is not None)
    held = sum(p.hand.values())
    limit = hand_limit(state, seat)
    claimed = max(0, min(held + len(collect_preview(state, seat)), limit) - min(held, limit))
    return (float(parts["islands"] + parts["scoring"]), abilities, float(min(held, limit)), float(claimed),
            float(9 - p.cubes), float(p.workers))


def progress(state: WayfindersState) -> float:
    """0 at the start, 1 once a seat is down to the end trigger's cubes (W21) or the final round is on."""
    if state.final_round:
        return 1.0
    used = max(9 - p.cubes for p in state.players.values())
    return min(1.0, used / (9 - TRIGGER_CUBES))


def margin(a: tuple[float, ...], b: tuple[float, ...], prog: float) -> float:
    """The logistic's argument for a seat with features `a` against one with `b`."""
    return weighted_margin(EARLY, LATE, a, b, prog)


def win_chances(state: WayfindersState, handicap: dict[str, float] | None = None) -> dict[str, float]:
    """Each seat's chance of finishing ahead of the others (module docstring); `handicap` takes points
    off a seat's board points (the search's price of wandering, rules/wayfinders/search_hooks.py)."""
    prog = progress(state)
    feats = {s: features(state, s) for s in state.order}
    for s, points in (handicap or {}).items():
        feats[s] = (feats[s][0] - points,) + feats[s][1:]
    if len(feats) < 2:
        return {s: 0.5 for s in feats}
    return {s: sum(logistic(margin(feats[s], feats[o], prog)) for o in feats if o != s) / (len(feats) - 1)
            for s in feats}



__all__ = ["EARLY", "FEATURES", "LATE", "features", "margin", "progress", "win_chances"]
