"""The two Flotilla bot policies (rules/flotilla/bot.py): the constants each one plays on.

* `GREEDY`, the "greedy" level (the engine's `greedy_move`, the bot of timed-out turns): one ply, each card
  valued by what its terms can do now.
* `HARD`, the "hard" level's own policy (the engine's `search_policy` and `evaluate`): the search's prior, the
  move it keeps unless it finds better, and the worth it scores its leaves with.  It also plays out each card's
  turn on a sampled state (`turn_ahead`, rules/flotilla/bot_turn.py), turns Skyside sooner, spends currency
  rather than keeping it, and values a free Skyside construction site (F31).

Measured (docs/strength/README.md, Flotilla pace): four seats of `HARD`'s policy end a game in round 33 (median,
deals 1-40) where four `GREEDY` seats end it in 37, and one `HARD` seat among three `GREEDY` ones wins 47 of 80;
a `HARD` decision costs about four times a `GREEDY` one (one sampled turn per card in hand).  The turn played
ahead is a search of its own, so it belongs to the hard level: with it as the greedy level, the search added
little over its opponents with five players (19 of 81 games).
"""
from __future__ import annotations

from typing import NamedTuple


class Profile(NamedTuple):
    turn_round: int     # turn Skyside from this round on (or once the Sinkside objectives are gone)
    coins_full: int     # coins always worth a quarter VP each ...
    save: float         # ... and up to this share of the next outpost's cost (F31)
    site: float         # a free Skyside construction site, while outposts and Skyside objectives remain (F31)
    turn_ahead: bool    # each card also judged by its sampled turn (bot_turn.py)


GREEDY = Profile(turn_round=4, coins_full=12, save=0.7, site=0.0, turn_ahead=False)
HARD = Profile(turn_round=2, coins_full=0, save=0.1, site=6.0, turn_ahead=True)

__all__ = ["GREEDY", "HARD", "Profile"]
