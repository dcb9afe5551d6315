"""An Eclipse position in numbers, and each seat's chance of winning from it (the hard level's `evaluate`,
rules/eclipse/search_hooks.py).

`features` gives one seat's standing: its points now (E75), the sectors it holds, its production per round
(E18), the worth of its fleet on the board, its technologies (E19), its storage (E76 breaks ties, and it
pays for actions, E70) and the influence discs still on its track (each one an action or a hex, E17).
`margin` is the logistic's argument for one seat against another: the differences of their features,
weighted early and late in the game (a point of lead in round 8 is worth more than one in round 2).  The
weights are data (`data/eval_weights.json`), fitted on greedy games by tools/fit_eclipse_eval.py.
`win_shares` turns the margins into shares of one win that add up to 1: with two seats the logistic itself,
with more each seat's product of its chances against every opponent, normalized.  The margin is taken at
`SPREAD` of its fitted size: between greedy bots the standing at a round's start all but decides the game
(held-out log-loss 0.28), so the fitted logistic calls most positions 0.99 or 0.01 from round 2 on, and the
search, comparing moves a point or less apart, saw differences of a thousandth (below the margin by which a
move must beat the greedy one, `keep_greedy`).  The scaled logistic ranks positions the same and keeps them
apart.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Optional

from ..search.fitted import load_weights, logistic, weighted_margin
from .board import controlled, production, score_parts, storage_total
from .data import HEXES, TABLES
from .battle.hits import NPC
from .state import EclipseState

FEATURES = ("points", "sectors", "economy", "fleet", "techs", "storage", "discs")
WEIGHTS_FILE = Path(__file__).parent / "data" / "eval_weights.json"
SPREAD = 0.25  # the share of the fitted margin the search's values use (module docstring)
SHIP_WORTH = {"interceptor": 1.0, "cruiser": 2.0, "dreadnought": 3.0, "starbase": 1.5}


EARLY, LATE = load_weights(WEIGHTS_FILE, FEATURES)


def _fleet(state: EclipseState, seat: str, gone: dict[str, str]) -> float:
    total = 0.0
    for hid, h in state.hexes.items():
        if gone.get(hid) == seat:
            continue
        for kind, n in h.ships.get(seat, {}).items():
            total += SHIP_WORTH.get(kind, 1.0) * n
    return total


def features(state: EclipseState, seat: str, gone: Optional[dict[str, str]] = None) -> tuple[float, ...]:
    """`seat`'s standing, in the order of FEATURES.  `gone`: hex -> the side that lost the battle there
    (its ships are left out; a sector nobody holds whose Ancients lost counts for the winner, E65)."""
    gone = gone or {}
    p = state.players[seat]
    points = float(sum(score_parts(state, seat).values()))
    if p.collapsed or p.species is None:
        return (points, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    sectors = float(len(controlled(state, seat)))
    for hid, loser in gone.items():
        h = state.hexes[hid]
        if loser == NPC and h.owner is None and h.ships.get(seat):
            sectors += 1
            points += HEXES[hid].vp * 0.5
    economy = float(sum(production(p, i) for i in range(3)))
    techs = float(sum(len(v) for v in p.techs.values()))
    return (points, sectors, economy / 4, _fleet(state, seat, gone), techs, storage_total(p) / 10, float(p.track))


def progress(state: EclipseState) -> float:
    """0 at the start of round 1, 1 at the end of the last round (E25)."""
    return min(1.0, max(0.0, (state.round - 1) / max(1, TABLES.rounds - 1)))


def margin(a: tuple[float, ...], b: tuple[float, ...], prog: float) -> float:
    """The logistic's argument for a seat with features `a` against one with `b`."""
    return weighted_margin(EARLY, LATE, a, b, prog)



def win_shares(state: EclipseState, feats: dict[str, tuple[float, ...]]) -> dict[str, float]:
    """Shares of one win from each seat's features (module docstring)."""
    if len(feats) < 2:
        return {s: 1.0 for s in feats}
    prog = progress(state)
    raw = {s: math.prod(logistic(SPREAD * margin(feats[s], feats[o], prog)) for o in feats if o != s) for s in feats}
    total = sum(raw.values())
    if total <= 0:
        return {s: 1.0 / len(feats) for s in feats}
    return {s: v / total for s, v in raw.items()}


__all__ = ["EARLY", "FEATURES", "LATE", "SPREAD", "SHIP_WORTH", "features", "logistic", "margin", "progress",
           "win_shares"]
