"""Castaways (S1-S7): the chance that everyone wins from a position, one logistic for each round.

The hard level's rollouts stop at a round's start (rules/search/steps.py `policy_rollout`), so the value is
read there.  What a position is worth changes with the round: a woodpile two stages short is fine in round 5
and lost in round 12, a Roof matters from the weather's first rounds (S2), and by round 10 the game is won or
lost on the pile and on life left.  One set of weights for the whole game (search_hooks.py's logistic) cannot
say that: on greedy games it judged the positions of rounds 11 and 12 worse than the bare win rate of those
rounds does.  So each round has its own weights, over the features below (`FEATURES`), fitted on the
positions at the start of every round of greedy games by tools/fit_robinson_eval.py, and kept as data
(`data/castaways_odds.json`), one set per table: solo games fit the solo set (`ROUNDS`), games with two characters
the set a table of two or more reads (`GROUP`, the file's "group" section, where the file has one).  Their
positions differ (two lives that can end it, R76; determination split between two; the wood and food of two
mouths), and one set fitted on both misjudged each table, worse than each round's bare win rate.

Features: those of the whole-game logistic (search_hooks.py `features`, the kept tokens and item uses
included) and the resources at hand (wood, food, non-perishable food, fur), the woodpile's finished stages
(S3), the lowest and the summed life left and the determination held (R24, R75), Friday alive (R85), the
inventions that feed the pile or the table (the Hatchet and Mast of S4, Rope, Knife, Pot, Snare, Shovel), the
wood and food the camp's tile produces (R26), the sources within reach (bot/worth.py `reach`) and the weather
tokens in play (R67).  Public information only (R98), like every value the bot reads.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..search.fitted import logistic
from .bot.worth import prod_wood, reach
from .combat import built
from .data import CHARACTERS
from .island import kind, sources
from .scenarios.castaways import NEEDS, stage
from .state import RobinsonState

BUILDS = ("Hatchet", "Mast", "Rope", "Knife", "Pot", "Snare", "Shovel")
MORE = ("W", "F", "NF", "Fur", "stages", "min_life", "sum_life", "det", "friday") + tuple(
    f"built_{b}" for b in BUILDS) + ("prod_wood", "prod_food", "reach_wood", "reach_food", "tokens")
WEIGHTS_FILE = Path(__file__).parent / "data" / "castaways_odds.json"


def more_features(s: RobinsonState) -> tuple[float, ...]:
    """The features beyond the whole-game logistic's, in the order of MORE (module docstring)."""
    lives = [CHARACTERS[c.name].life - c.wounds for c in s.chars.values() if c.seat is not None and not c.dead]
    det = sum(c.det for c in s.chars.values() if c.seat is not None and not c.dead)
    friday = s.chars.get("Friday")
    near = reach(s)
    at = stage(s)  # S3: the stages fill left to right, so the first incomplete one counts those finished
    return (float(s.avail["W"]), float(s.avail["F"]), float(s.avail["NF"]), float(s.avail["Fur"]),
            float(len(NEEDS) if at is None else at),
            float(min(lives, default=0)), float(sum(lives)), float(det),
            float(friday is not None and not friday.dead)) + tuple(float(built(s, b)) for b in BUILDS) + (
        float(prod_wood(s)), float(sum(1 for x in sources(s, s.camp) if kind(x) == "F")),
        near["W"], near["F"], float(len(s.weather_tokens)))


Rounds = dict[int, tuple[float, tuple[float, ...]]]


def load(path: Path = WEIGHTS_FILE) -> tuple[tuple[str, ...], Rounds, Rounds]:
    """The feature names and, per round, the bias and the weights in that order: solo, then for two or more
    characters (the solo set where the file has no "group" section)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    names = tuple(data["features"])

    def rounds(section: dict[str, Any]) -> Rounds:
        return {int(r): (float(v["bias"]), tuple(float(v["weights"][n]) for n in names))
                for r, v in section["rounds"].items()}
    solo = rounds(data)
    return names, solo, rounds(data["group"]) if "group" in data else solo


NAMES, ROUNDS, GROUP = load()


def chance(s: RobinsonState, base: tuple[float, ...]) -> float:
    """The chance to win from `s` by its round's logistic (solo, or `GROUP` for two characters or more); `base`:
    the whole-game logistic's features of `s` with the kept tokens' worth last (search_hooks.py `base_features`,
    so the two read the position alike)."""
    table = ROUNDS if len(s.seats) == 1 else GROUP
    rnd = min(max(table), max(min(table), s.round))
    bias, weights = table[rnd]
    x = base + more_features(s)
    return logistic(bias + sum(w * v for w, v in zip(weights, x)))


__all__ = ["GROUP", "MORE", "NAMES", "ROUNDS", "WEIGHTS_FILE", "chance", "load", "more_features"]
