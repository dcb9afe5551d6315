"""The search hooks of Flotilla (rules/search, the "hard" bot level): `resample` and `evaluate`.

`resample` (rules/flotilla/resample.py) deals again what a seat does not know.

`evaluate` turns the hard policy's worth of each seat's position (rules/flotilla/bot.py `evaluate` on
`bot_profile.HARD`, in VP)
into chances against each opponent (F63-F65 decide the winner by final VP).  A logistic fitted on greedy games
(the seats' differences in VP, seal majorities, currency, barrels, toxicity, crew, craft and tiles, weighted
early and late) predicted greedy games' ranks better but played weaker (docs/strength/README.md).

The search: the generic tree search (rules/search/ismcts.py, its defaults: PUCT with the hard policy's move as
prior (the engine's `search_policy`: the greedy bot's code on `bot_profile.HARD`, each card's turn played ahead),
each leaf valued by `evaluate` right after its move).  The root's moves racing on shared samples, judged by
greedy play to the next round's start or the one after (`rules/search/paired.py`, as Wayfinders, Eclipse and
Robinson search) measured weaker with four players (docs/strength/README.md).  Its one setting (`TUNING`): the
search stops early once one move clearly leads, `CLEAR_SHARE` of the root's visits after `CLEAR_AFTER` iterations
(the defaults wait for 400 iterations and 90 %, which a 0.5 s decision of about 430-800 iterations seldom reaches).
On 78 decisions of greedy four-player games it chose the move the whole budget chose in every one, with half the
iterations (docs/strength/README.md).
"""
from __future__ import annotations

from ..contract import Outcome
from ..search.values import outcome_values, score_chances
from . import bot
from .bot_profile import HARD
from .resample import resample
from .state import FlotillaState

SCALE = 8.0  # VP of lead worth ~73 %
SCALE_END = 4.0  # once the end is triggered (F62, F67)
CLEAR_AFTER = 160  # the early stop (module docstring): from this many iterations on ...
CLEAR_SHARE = 0.6  # ... once one move has this share of the root's visits
TUNING = {"clear_after": CLEAR_AFTER, "clear_share": CLEAR_SHARE}  # the engine's `search_tuning`


def evaluate(state: FlotillaState, outcome: Outcome | None) -> dict[str, float]:
    """Each seat's chances in [0, 1] (module docstring); a finished game's outcome."""
    if state.over:
        assert outcome is not None  # a finished game has its outcome (the engine passes it)
        return outcome_values(outcome, list(state.seats))
    scale = SCALE_END if state.end_round is not None else SCALE
    return score_chances({s: bot.evaluate(state, s, HARD) for s in state.order}, scale)


__all__ = ["TUNING", "evaluate", "resample"]
