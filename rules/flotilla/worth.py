"""A Flotilla position in numbers, and the chance of each seat to finish ahead of each other one (the hard
level's `evaluate`, rules/flotilla/search_hooks.py).

`features` gives one seat's standing, each feature standing for a part of the final score or of what will
earn it:

* `vp`: the VP gained in play so far (F62: every one of them came out of the supply);
* `seals`: the seal majorities as they would be awarded now (F64: 10 to the most, 5 to the next);
* `coins`, `barrels`: currency (F63: 1 VP per 5) and barrels in reserve and cargo (F63: 1 VP per 2);
* `tox`: the toxicity penalty's value now (F63, D5, F60), 0 or negative;
* `crew`: crew cards owned (hand and discard; F65's second tie-break, and more choices each turn);
* `craft`: skiffs in play and their cargo (F36, F37: what the next dives and unloads bring);
* `tiles`: Sinkside, own ocean tiles not yet depleted (F44-F50: where dives still pay); Skyside, the greedy
  bot's worth in VP of the reserve tiles it can build (bot_sky.py, F41-F43);
* `outposts`: outposts built (F31: each took an objective and made the next one dearer).

`win_chances` turns the differences of two seats' features into the chance that one finishes ahead, a
logistic whose weights move from early to late as the VP supply empties (`progress`, F62; 1 once the end is
triggered, F62, F67).  The weights are data (`data/eval_weights.json`), fitted on greedy games by
tools/fit_flotilla_eval.py; with more seats a seat's chance is the mean of its chances against each opponent.
The search takes a share (`SPREAD`) of the fitted margin, so that moves a VP or two apart still differ by more
than the search's margin for departing from the greedy move.
"""
from __future__ import annotations

from pathlib import Path

from ..search.fitted import load_weights, logistic, weighted_margin
from .bot_sky import sky_value
from .data import BOARD
from .scoring import barrels_total, crew_owned, penalty_space, seal_awards
from .state import DEPLETED, OWNER, TILE, FlotillaState

FEATURES = ("vp", "seals", "coins", "barrels", "tox", "crew", "craft", "tiles", "outposts")
WEIGHTS_FILE = Path(__file__).parent / "data" / "eval_weights.json"
SPREAD = 1.0  # the share of the fitted margin the search's values take

EARLY, LATE = load_weights(WEIGHTS_FILE, FEATURES)


def features(state: FlotillaState, seat: str, awards: dict[str, dict[str, int]] | None = None) -> tuple[float, ...]:
    """`seat`'s standing, in the order of FEATURES (module docstring); `awards`: seal_awards(state), if known."""
    p = state.players[seat]
    seals = sum((awards if awards is not None else seal_awards(state))[seat].values())
    craft = len(p.skiffs) + 0.5 * sum(len(s.cargo) for s in p.skiffs)
    if p.side == "sky":
        tiles = sky_value(state, seat)
    else:
        tiles = float(sum(1 for e in state.board.values()
                          if e[OWNER] == seat and e[TILE] != "start" and not e[DEPLETED]))
    return (float(p.vp), float(seals), float(p.coins), float(barrels_total(p)),
            float(BOARD.tox_penalty[penalty_space(p.tox)]), float(crew_owned(p)), craft, tiles, float(p.outposts))


def progress(state: FlotillaState) -> float:
    """The share of the VP supply gained so far (F62); 1 once the end is triggered (F62, F67)."""
    if state.end_round is not None:
        return 1.0
    full = BOARD.vp_supply_per_player * len(state.order)
    return min(1.0, max(0.0, 1.0 - state.supply / full))


def margin(a: tuple[float, ...], b: tuple[float, ...], prog: float) -> float:
    """The logistic's argument for a seat with features `a` against one with `b`."""
    return weighted_margin(EARLY, LATE, a, b, prog)


def win_chances(state: FlotillaState, spread: float = SPREAD) -> dict[str, float]:
    """Each seat's mean chance of finishing ahead of each opponent (module docstring)."""
    prog = progress(state)
    awards = seal_awards(state)
    feats = {s: features(state, s, awards) for s in state.order}
    return {s: sum(logistic(spread * margin(feats[s], feats[o], prog)) for o in feats if o != s) / (len(feats) - 1)
            for s in feats}


__all__ = ["EARLY", "FEATURES", "LATE", "SPREAD", "WEIGHTS_FILE", "features", "margin", "progress", "win_chances"]
