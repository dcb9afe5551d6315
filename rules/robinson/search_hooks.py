"""Robinson's hooks for the searching bot: `resample` (a state consistent with what the players know)
and `evaluate` (the chance that everyone wins, read off the position).

All information is shared (R98), so every seat knows the same: `resample` ignores its seat.  Hidden from
everyone are the orders of the face-down decks and stacks: the island tiles (R7), the discovery tokens
(R9), the Beast and Hunting decks, the three adventure decks and the Mystery deck (R6), the invention
deck below its visible top card (R5) and the event deck (R10, R19), whose make-up is hidden too: R10
deals half of each icon's pile and the rest leaves the game unseen, so the event cards still in the deck
are dealt again from those of the same icon that no one has seen.  A card being looked at (Storm Glass,
Tracking, Reconnaissance: R98 shows it to all) stays where it is while the choice is open.  The copy's
generator is reseeded so that later draws and dice do not follow the real ones.

`evaluate` gives every seat the same value (a co-operative game): how far the goal is (S3, S5: the
woodpile and Fire by round 10-12) against the rounds left, the lowest life (R75, R76: one death loses),
morale (R77), tonight's food (R72) and shelter (R67), the tracks and the threats, on a logistic scale,
plus the tokens and item uses kept for later (R87), at what spending them later is worth (bot/kept.py).
Castaways reads these and more (resources, the pile's stages, life and determination, the inventions that
feed the pile) through one logistic per round (castaways_odds.py); the other scenarios through the one
whole-game logistic below.
"""
from __future__ import annotations

from functools import lru_cache
from math import exp
from typing import Any, Optional

from ..rng import Rng
from ..shuffles import Dealer
from ..unvalidated import construct, put
from .bot.alternatives import planning, plans
from .bot.kept import kept_worth
from .castaways_odds import chance as castaways_chance
from .combat import built
from .data import CHARACTERS, EVENTS
from .fast import fast_copy
from .island import natural_shelter
from .scenarios import of as scenario_of
from .scenarios.castaways import NEEDS
from .setup import new_game
from .state import RobinsonOptions, RobinsonState

WOOD = sum(NEEDS)  # S3: 15 wood in all


# ---- resample ------------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _left_out(seats: tuple[str, ...], seed: int, options: str) -> tuple[str, ...]:
    """The event cards set-up left out of the deck (R10), never seen by anyone."""
    first = new_game(list(seats), seed, RobinsonOptions.model_validate_json(options))
    dealt = set(first.event_deck)
    return tuple(c for c in ("event:" + n for n in EVENTS) if c not in dealt)


def _looking(s: RobinsonState) -> Optional[str]:
    """The kind of look at a deck's top under way (Storm Glass, Tracking, Reconnaissance), if any."""
    p = s.pending
    return p.get("kind") if isinstance(p, dict) else None


def _events(s: RobinsonState, deal: Dealer) -> None:
    """R10, R19: the event cards still in the deck dealt again from the unseen ones of the same icon; the
    adventure and mystery cards shuffled in (R90) keep their place among the deck's cards."""
    unseen = list(_left_out(tuple(s.seats), s.seed, s.options.model_dump_json()))
    deck = s.event_deck
    keep = 1 if _looking(s) == "glass" and deck else 0  # Storm Glass: the top card is being looked at
    rest = deck[keep:]
    by_icon: dict[bool, list[str]] = {True: [], False: []}
    for c in rest + unseen:
        if c.startswith("event:"):
            by_icon[EVENTS[c[6:]].icon == "book"].append(c)
    for cards in by_icon.values():
        deal.shuffle(cards)
    fresh = [by_icon[EVENTS[c[6:]].icon == "book"].pop() if c.startswith("event:") else c for c in rest]
    deal.shuffle(fresh)
    deck[keep:] = fresh


def resample(s: RobinsonState, seat: str, rng: Rng) -> RobinsonState:
    """A copy of `s` with every face-down order dealt again (module docstring); `seat` does not matter."""
    new = fast_copy(s)
    deal = Dealer(rng.next64())  # the shuffles of one sample
    look = _looking(new)
    _events(new, deal)
    top = 3 if look == "recon" else 0  # Reconnaissance: the top three tiles are being looked at
    rest = new.island_stack[top:]
    deal.shuffle(rest)
    new.island_stack[top:] = rest
    deal.shuffle(new.disc_stack)
    deal.shuffle(new.beast_deck)
    top = 1 if look == "tracking" else 0  # Tracking: the top card is being looked at
    cards = new.hunt_deck[top:]
    deal.shuffle(cards)
    new.hunt_deck[top:] = cards
    cards = new.inv_deck[1:]  # R5: the top card is visible to all
    deal.shuffle(cards)
    new.inv_deck[1:] = cards
    for name in sorted(new.adv_decks):
        deal.shuffle(new.adv_decks[name])
    deal.shuffle(new.mystery_deck)
    put(new, "rng", construct(Rng, state=rng.next64()))
    return new


# ---- evaluate ------------------------------------------------------------------------------------

FEATURES = ("fire", "goal", "pace", "morale", "shelter", "roof", "palisade", "weapon", "near_death",
            "life", "hungry", "food", "threats", "left", "rain_gap", "solo")
# the whole-game logistic's weights (the scenarios other than Castaways, whose value is castaways_odds.py's), fitted
# on 7,075 positions of 380 Castaways games of the greedy bot that weighs the woodpile's wood
# on the camp's hands (seeds 5001-5190, solo and with two characters, at the Action and Night phases' starts;
# tools/fit_robinson_eval.py prints a refit on round starts;
# fire, palisade, shelter and hungry are set by hand there): log-loss 0.355 on 1,844 held-out positions (seeds
# 6001-6050) against 0.354 for the weights fitted on the previous greedy bot and 0.412 for the bare win rate
BIAS = -3.133
# a kept token or item use, per wound it is worth (bot/kept.py): set at about half of what one wound to the
# weakest character moved the logistic under the previous weights (life 2.291 over a character's life), a later
# use being uncertain; left as it was with the refit (life 0.956, near_death -0.487 a wound), not measured apart
KEPT_Z = 0.1
WEIGHTS = (1.000, 2.002, -1.707, 0.216, 0.300, 0.492, 0.150, -0.017, -0.487, 0.956, -0.300, -0.101, -0.415, 0.208,
           0.042, -0.328)


def features(s: RobinsonState) -> tuple[float, ...]:
    """The position in numbers, in the order of FEATURES: Fire built and the woodpile's progress (S3,
    S5), the wood a round still to find, morale (R77), shelter (R57, R67), the Roof, Palisade and
    Weapon tracks, how near a character is to death and the lowest life left (R75, R76), tonight's
    missing meals and the food in store (R72), the threats, the rounds left, the rainy rounds to come
    above the Roof (R67) and whether one player plays alone."""
    scen = scenario_of(s)  # its rounds and weather (K0.1, K0.4); the woodpile figures are Castaways' (S3)
    left = scen.rounds - s.round + 1  # rounds still to play, this one included
    wood = max(0.0, WOOD - sum(s.pile) - 0.5 * s.avail["W"])  # S3: what the woodpile still needs
    near, life = 0.0, 1.0
    for c in s.chars.values():
        if c.seat is None or c.dead:
            continue
        full = CHARACTERS[c.name].life
        near += max(0, 4 - (full - c.wounds))
        life = min(life, (full - c.wounds) / full)
    eaters = sum(1 for c in s.chars.values() if not c.dead and not c.out) + s.extra_meal
    food = s.avail["F"] + s.avail["NF"]
    rain = sum(max(0, len(scen.weather.get(r, ())) - s.roof) for r in range(s.round, scen.rounds + 1))
    return (float(built(s, "Fire")), 1.0 - wood / WOOD, wood / max(1, left), float(s.morale),
            float(s.shelter or natural_shelter(s)), float(s.roof), float(s.palisade), float(s.weapon), near, life,
            float(max(0, eaters - food)), float(food), float(sum(1 for t in s.threat if t is not None)),
            float(left), float(rain), float(len(s.seats) == 1))


def base_features(s: RobinsonState) -> tuple[float, ...]:
    """FEATURES, then the worth of the tokens and item uses still kept (bot/kept.py)."""
    return features(s) + (kept_worth(s),)


def win_chance(s: RobinsonState) -> float:
    """The chance to win from here (module docstring): in Castaways its round's logistic (castaways_odds.py);
    in the other scenarios one logistic of the position's features and of the tokens and item uses still kept
    (bot/kept.py: R87 lets them be spent at any later moment)."""
    if s.options.scenario == "castaways":
        return castaways_chance(s, base_features(s))
    z = BIAS + sum(w * x for w, x in zip(WEIGHTS, features(s))) + KEPT_Z * kept_worth(s)
    return 1.0 / (1.0 + exp(-max(-30.0, min(30.0, z))))


def evaluate(s: RobinsonState) -> dict[str, float]:
    """The same value for every seat (co-operative); a finished game: 1 won, 0 lost."""
    v = (1.0 if s.result == "won" else 0.0) if s.result is not None else win_chance(s)
    return {x: v for x in s.seats}


# ---- macro moves ---------------------------------------------------------------------------------

PLANS = 5  # whole plans weighed per planning decision: the greedy bot's and its closest alternatives
GREEDY_PRIOR, VARIANT_PRIOR = 4.0, 1.0
# the hard level (the engine's `search_tuning`): one move deep, the root's moves (a planning seat's whole
# plans) racing on shared samples (rules/search/paired.py), each rolled out by the greedy bot to the end of
# the next round (this round's resolution, weather and Night, then the next one's) and scored there by
# `evaluate`: solo seeds 1-48 at 0.5 s CPU, 14 won against 13 with one round's rollouts (docs/strength/README.md).
# Moves that score alike on every pass (an item used on the way that changes nothing this round, wood gathered
# on another space) race on to the end of the budget: ending the race on them (`race_twins`) saved 43 % of a solo game's CPU but won 3 of 27 solo
# games and 5 of 20 with two characters against 6 of 27 and 6 of 20 on the same seeds (docs/strength/README.md)
TUNING = {"policy_rounds": 2, "policy_moves": 90, "tree_depth": 1, "keep_greedy": 0.01, "paired": True,
          "race_after": 4, "race_z": 2.0}


def macro_moves(engine: Any, s: RobinsonState, seat: str) -> Optional[list[tuple[str, float]]]:
    """In the Action phase's planning (R30-R38): `seat`'s whole plan as one chain of move ids, the
    greedy bot's and up to PLANS - 1 alternatives where it had a close second choice (bot/alternatives.py),
    each ending with its confirm.  None at any other decision (the search takes
    it step by step)."""
    if not planning(engine, s, seat):
        return None
    chains = plans(engine, s, seat, PLANS)
    return [(" ".join(c), GREEDY_PRIOR if i == 0 else VARIANT_PRIOR) for i, c in enumerate(chains)]


__all__ = ["TUNING", "base_features", "evaluate", "macro_moves", "resample", "win_chance"]
