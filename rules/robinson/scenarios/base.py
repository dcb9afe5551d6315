"""What a scenario is (sheet robinson-scenarios.md K0, mechanism M0): its data block of
data/scenarios.json read into one frozen record.  The scenario's Python hooks live in its own module
beside this one; the registry (`scenarios/__init__.py`) lists them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..data import SCENARIOS, end_keys
from ..state import RobinsonState


@dataclass(frozen=True)
class Goal:
    """A scenario's goal as its steps, for the co-operative bot (rules/robinson/bot reads it through
    `Scenario.goal`; the rules themselves never do).  `steps(s)`: the targets that advance the goal
    now, by plan target key (`b.inv.<name>`, a special target such as `x.raft`), each with its share
    of the win (0-1), larger as the goal's clock runs out.  `stock(s)`: the resources the goal's
    builds still to come will pay ({"W": 8, "Fur": 4}), which the bot keeps rather than spends.
    `ward(s)`: the wounds left to someone in the camp who is no character, takes the camp's wounds and
    whose death loses the game (rescued Jenny, K3.7), or None.  `mouths(s)`: meals tonight beyond the
    characters' (rescued Jenny's, or hers once the rescue planned this round succeeds); `unfed_loses(s)`:
    how many of them lose the game at once when not paid (the children's, K6.4), paid before the
    characters eat, so they are the last meals food covers short of.  `wood_price(s)`: what one wood is
    worth to the goal while its builds still lack wood (None: the bot's own figure).  `mouths_in(s, r)`:
    the meals beyond the characters' in a later round r, which the camp's Production should cover
    (the children's, K6.4), for the bot's choice of camp tile."""

    steps: Callable[[RobinsonState], dict[str, float]]
    stock: Callable[[RobinsonState], dict[str, int]]
    ward: Callable[[RobinsonState], int | None] = lambda s: None
    mouths: Callable[[RobinsonState], int] = lambda s: 0
    unfed_loses: Callable[[RobinsonState], int] = lambda s: 0  # of `mouths`, the meals whose lack loses at once
    wood_price: Callable[[RobinsonState], float] | None = None  # a wood's worth while `stock` lacks it
    mouths_in: Callable[[RobinsonState, int], int] = lambda s, rnd: 0  # meals beyond the characters' in a round


@dataclass(frozen=True)
class Scenario:
    """One scenario's rules as data: rounds (K0.1), weather dice per round (K0.4, M12), the Book
    effect codes (K0.5, M1), the numbered totem effects (K0.6, M2; empty: totems do nothing), items
    removed from the game (K0.3, M9), its inventions (K0.8) and their planning gates (M7), the
    invention whose build wins at once (K0.9, M8), the `multi` inventions (M7), the check of a
    win at the end of a round (K0.9), the sheet items that are our own design, and the catalog keys
    of its one-line end, won and lost (`ends`; Castaways' `outcome.won`/`outcome.lost` by default)."""

    key: str
    rounds: int
    weather: dict[int, tuple[str, ...]]
    book: tuple[str, ...] = ()
    totems: dict[int, tuple[str, ...]] = field(default_factory=dict)
    removed_items: tuple[str, ...] = ()
    start_items: tuple[str, ...] = ()  # K0.3 (M9): the starting items instead of 2 random ones (K5.3)
    inventions: tuple[str, ...] = ()
    gates: dict[str, str] = field(default_factory=dict)
    win_at_build: str | None = None
    woodpile: bool = False
    proposed: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)  # the block's other numbers (Jenny's life, night wounds)
    goal: Goal | None = None  # the goal's steps for the bot; None: the bot knows it (Castaways' woodpile)
    multi: tuple[str, ...] = ()  # K0.8 (M7): inventions built any number of times, even in one round
    at_round_end: Callable[[RobinsonState], bool] | None = None  # K0.9 (M8): the win at a round's end
    at_round_start: Callable[[RobinsonState], None] | None = None  # M11: map changes at a round's start (K5.6)
    ends: dict[str, str] = field(default_factory=lambda: end_keys("castaways"))  # result -> its end line's key


def from_data(key: str, inventions: tuple[str, ...], woodpile: bool = False) -> Scenario:
    raw = SCENARIOS[key]
    known = {"rounds", "weather", "book", "totems", "removed_items", "inventions", "gates", "win_at_build",
             "proposed", "pile", "win_from", "multi", "start_items", "ends"}
    return Scenario(
        key=key, rounds=raw["rounds"],
        weather={int(r): tuple(d) for r, d in raw["weather"].items()},
        book=tuple(raw.get("book", ())),
        totems={int(n): tuple(c) for n, c in raw.get("totems", {}).items()},
        removed_items=tuple(raw.get("removed_items", ())), inventions=inventions,
        start_items=tuple(raw.get("start_items", ())),
        gates=dict(raw.get("gates", {})), win_at_build=raw.get("win_at_build"), woodpile=woodpile,
        proposed=tuple(raw.get("proposed", ())), multi=tuple(raw.get("multi", ())), ends=end_keys(key),
        extra={k: v for k, v in raw.items() if k not in known})
