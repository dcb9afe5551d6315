"""The bot-strength figures the issue of the hard level asks for, as named runs (`bot.py bench bots --run ID`, the
report `--targets`): each its game, players, the level of the measured seat and of the others, the hard level's
budget, the game's options, its target and the games it needs; its games are logged in `docs/strength/<id>.jsonl`.

Targets are met on the rate's point estimate over at least the games required (the report prints the 95 % interval
beside it).  Kinds:
- "versus": the first level in one seat, the second in the others, the seat rotating through every position of
  each deal; target: its win rate (a shared first place is not a win) and, where `rank` is set, a mean rank better
  than the other level's.
- "coop": every seat at one level (a co-operative game); target: the win rate.
- "rounds": every seat at one level; target: the median end round at most `rounds`, no game at the round-60
  safeguard (Flotilla: a game still going when round 60 ends is made to end).
The ladder of each game (random < greedy < hard 0.5 s < hard 2 s) is a list of figures in `LADDERS`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .bench_levels import split_level

SAFEGUARD_ROUND = 60  # Flotilla's round limit (rules/flotilla: the end triggers when round 60 ends)
FAST, DEFAULT = 0.5, 2.0  # the benchmark budget and the search pool's default, CPU seconds a decision


def shown(level: str) -> str:
    """A level as the report names it: "hard@0.5" is "hard at 0.5 s"."""
    name, cpu = split_level(level)
    return name if cpu is None else f"{name} at {cpu:g} s"


@dataclass(frozen=True)
class Figure:
    id: str
    game: str
    players: int
    levels: tuple[str, ...]  # the measured level first, then the others' ("versus"); one level ("coop", "rounds")
    cpu: Optional[float]  # the hard level's CPU seconds a decision; None when no seat searches
    kind: str  # "versus", "coop" or "rounds" (module docstring)
    rate: Optional[float] = None  # the win rate the measured level must reach
    rank: bool = False  # "versus": its mean rank must also beat the other level's
    rounds: Optional[int] = None  # "rounds": the highest median end round
    required: int = 200
    first_seed: int = 1001
    options: dict[str, str] = field(default_factory=dict)

    def seat_levels(self, spot: Optional[int]) -> list[str]:
        """The level of each seat when the measured level sits at position `spot` (None: every seat the same)."""
        if self.kind != "versus" or spot is None:
            return [self.levels[0]] * self.players
        return [self.levels[0] if i == spot else self.levels[1] for i in range(self.players)]

    def spots(self) -> list[Optional[int]]:
        """The measured seat's positions in one deal: every seat ("versus"), else one game a deal."""
        return list(range(self.players)) if self.kind == "versus" else [None]

    def target(self) -> str:
        if self.kind == "rounds":
            return (f"median end round <= {self.rounds}, no game at the round-{SAFEGUARD_ROUND} safeguard "
                    f"({self.players} {self.levels[0]} seats)")
        if self.kind == "coop":
            return f"{self.levels[0]} wins >= {self.rate:.0%} ({self.players} {'seat' if self.players == 1 else 'seats'})"
        said = f"{self.levels[0]} wins >= {self.rate:.0%} against {shown(self.levels[1])}, seats rotated per deal"
        return said + (f", and its mean rank beats {shown(self.levels[1])}'s" if self.rank else "")

    def budget_said(self) -> str:
        return "no search" if self.cpu is None else f"hard at {self.cpu:g} s CPU a decision"


def versus(id: str, game: str, players: int, rate: float, cpu: Optional[float] = FAST, rank: bool = False,
           levels: tuple[str, ...] = ("hard", "greedy"), first_seed: int = 1001) -> Figure:
    return Figure(id, game, players, levels, cpu, "versus", rate=rate, rank=rank, first_seed=first_seed)


def with_default(fig: Figure) -> Figure:
    """The same figure at the 2 s default (which must be at least as strong), on seeds of its own."""
    return Figure(fig.id + "-2s", fig.game, fig.players, fig.levels, DEFAULT, fig.kind, fig.rate, fig.rank,
                  fig.rounds, fig.required, fig.first_seed + 1000, dict(fig.options))


TARGETS = [
    versus("wayfinders-2p", "wayfinders", 2, 0.70),
    versus("wayfinders-3p", "wayfinders", 3, 0.55, rank=True),
    versus("wayfinders-4p", "wayfinders", 4, 0.45, rank=True),
    versus("eclipse-2p", "eclipse", 2, 0.70),
    versus("eclipse-3p", "eclipse", 3, 0.55, rank=True),
    versus("eclipse-4p", "eclipse", 4, 0.45, rank=True),
    versus("flotilla-3p", "flotilla", 3, 0.55, rank=True),
    versus("flotilla-4p", "flotilla", 4, 0.45, rank=True),
    versus("flotilla-5p", "flotilla", 5, 0.40, rank=True),
    Figure("flotilla-4p-allhard", "flotilla", 4, ("hard",), FAST, "rounds", rounds=32),
    Figure("robinson-solo", "robinson", 1, ("hard",), FAST, "coop", rate=0.40, required=300),
    Figure("robinson-2p", "robinson", 2, ("hard",), FAST, "coop", rate=0.30, required=300),
]

# The ladder's other steps: greedy against random, and where a game of two fits, hard at 2 s against hard at
# 0.5 s (at least as strong: half the games).  Robinson's ladder is each level's own win rate.
STEPS = [
    versus("wayfinders-greedy-random", "wayfinders", 2, 0.50, cpu=None, levels=("greedy", "random"), first_seed=1),
    versus("eclipse-greedy-random", "eclipse", 2, 0.50, cpu=None, levels=("greedy", "random"), first_seed=1),
    versus("flotilla-greedy-random", "flotilla", 3, 1 / 3, cpu=None, rank=True, levels=("greedy", "random"),
           first_seed=1),
    versus("wayfinders-hard2-hard05", "wayfinders", 2, 0.50, cpu=DEFAULT, levels=("hard", f"hard@{FAST:g}"),
           first_seed=3001),
    versus("eclipse-hard2-hard05", "eclipse", 2, 0.50, cpu=DEFAULT, levels=("hard", f"hard@{FAST:g}"),
           first_seed=3001),
    Figure("robinson-solo-random", "robinson", 1, ("random",), None, "coop", required=300, first_seed=1),
    Figure("robinson-solo-greedy", "robinson", 1, ("greedy",), None, "coop", required=300, first_seed=1001),
    Figure("robinson-2p-random", "robinson", 2, ("random",), None, "coop", required=300, first_seed=1),
    Figure("robinson-2p-greedy", "robinson", 2, ("greedy",), None, "coop", required=300, first_seed=1001),
]

# Each target with its 2 s twin after it, then the ladder's other steps: the report's order.
FIGURES: dict[str, Figure] = {f.id: f for f in [g for t in TARGETS for g in (t, with_default(t))] + STEPS}

# Each game's ladder, weakest first: (name, the figure whose games measure that step, whether those games are played
# against the step just below).  Such a step is shown above the one below when its rate's interval clears its fair
# share (1 / players); any other step (a "coop" rate, Flotilla's hard 2 s against greedy) when it clears the rate of
# the step below.
LADDERS: dict[str, list[tuple[str, Optional[str], bool]]] = {
    "Wayfinders 2p": [("random", None, False), ("greedy", "wayfinders-greedy-random", True),
                      ("hard 0.5 s", "wayfinders-2p", True), ("hard 2 s", "wayfinders-hard2-hard05", True)],
    "Eclipse 2p": [("random", None, False), ("greedy", "eclipse-greedy-random", True),
                   ("hard 0.5 s", "eclipse-2p", True), ("hard 2 s", "eclipse-hard2-hard05", True)],
    "Flotilla 3p": [("random", None, False), ("greedy", "flotilla-greedy-random", True),
                    ("hard 0.5 s", "flotilla-3p", True), ("hard 2 s", "flotilla-3p-2s", False)],
    "Robinson solo": [("random", "robinson-solo-random", False), ("greedy", "robinson-solo-greedy", False),
                      ("hard 0.5 s", "robinson-solo", False), ("hard 2 s", "robinson-solo-2s", False)],
    "Robinson 2p": [("random", "robinson-2p-random", False), ("greedy", "robinson-2p-greedy", False),
                    ("hard 0.5 s", "robinson-2p", False), ("hard 2 s", "robinson-2p-2s", False)],
}

__all__ = ["DEFAULT", "FAST", "FIGURES", "Figure", "LADDERS", "SAFEGUARD_ROUND", "STEPS", "TARGETS", "shown"]
