"""Whole games between bot levels (rules.bots), for tests and `bot.py bench bots`.

Pure like the engines: no clock, no global random.  A game is a function of
(engine, levels, seed, options): the same arguments replay the same game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional

from .bots import choose
from .search import SearchConfig
from .contract import Engine, GameState, Outcome


class MatchError(RuntimeError):
    """A bot game did not end within its move budget (a defect of an engine or a bot)."""


def play_match(engine: Engine[Any], levels: list[str], seed: int, options: Any = None,
               max_moves: int = 20000, config: Optional[SearchConfig] = None) -> tuple[GameState, Outcome, int]:
    """Seats p1..pn played by `levels[i]`; returns the final state, its outcome and the moves made.
    `config`: the search of "hard" seats (the game's own with rules.bots.HARD_ITERATIONS by default)."""
    seats = [f"p{i + 1}" for i in range(len(levels))]
    by_seat = dict(zip(seats, levels))
    state = engine.setup(seats, seed, options)
    moves = 0
    while True:
        to_act = engine.to_act(state)
        if not to_act:
            break
        if moves >= max_moves:
            raise MatchError(f"{engine.key}: no end after {max_moves} moves (levels {levels}, seed {seed})")
        seat = to_act[0]
        move = choose(engine, state, seat, by_seat[seat], seed=seed, config=config)
        state = engine.apply(state, seat, move.id)
        moves += 1
    outcome = engine.outcome(state)
    if outcome is None:
        raise MatchError(f"{engine.key}: nobody is to act but the game has no outcome (seed {seed})")
    return state, outcome, moves


# Told of each finished game of a series: the seats' levels, the seed, the measured seat (None when every seat
# plays one level), the final state, its outcome and the moves made (the bench's per-game log).
GameSeen = Callable[[list[str], int, Optional[str], GameState, Outcome, int], None]


@dataclass
class Figures:
    """The result of a series: `wins`/`ties`/`losses` of `level` (competitive), or wins per level (co-op)."""

    game: str
    coop: bool
    games: int = 0
    wins: int = 0
    ties: int = 0
    losses: int = 0
    moves: int = 0
    coop_wins: dict[str, int] = field(default_factory=dict)
    coop_games: dict[str, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def score_rate(self) -> float:
        """Wins plus half the shared first places."""
        return (self.wins + 0.5 * self.ties) / self.games if self.games else 0.0


def placing(ranks: Mapping[str, int], seat: str) -> str:
    """A competitive game's result for `seat` from its seats' ranks: "win" (alone in first place), "shared" (first
    with others) or "loss"."""
    first = [s for s, r in ranks.items() if r == 1]
    return "loss" if seat not in first else "win" if len(first) == 1 else "shared"


def is_coop(engine: Engine[Any], seed: int = 1) -> bool:
    """Whether the game is co-operative (from an attribute, else from a finished random game)."""
    if engine.coop is not None:
        return engine.coop
    _, outcome, _ = play_match(engine, ["random"] * engine.min_players, seed)
    return outcome.coop


def head_to_head(engine: Engine[Any], games: int, level: str = "greedy", against: str = "random",
                 players: int = 2, seed: int = 1, max_moves: int = 20000, on_game: Optional[GameSeen] = None) -> Figures:
    """`level` in one seat against `against` in the others; the seat it takes rotates game by game."""
    players = max(engine.min_players, min(engine.max_players, players))
    fig = Figures(game=engine.key, coop=False)
    for g in range(games):
        mine = g % players
        levels = [level if i == mine else against for i in range(players)]
        state, outcome, moves = play_match(engine, levels, seed + g, max_moves=max_moves)
        seat = f"p{mine + 1}"
        if on_game:
            on_game(levels, seed + g, seat, state, outcome, moves)
        fig.games += 1
        fig.moves += moves
        result = placing(outcome.ranks, seat)
        fig.wins += result == "win"
        fig.ties += result == "shared"
        fig.losses += result == "loss"
    return fig


def coop_rates(engine: Engine[Any], games: int, levels: tuple[str, ...] = ("random", "greedy"),
               players: Optional[int] = None, seed: int = 1, max_moves: int = 20000,
               options: Any = None, on_game: Optional[GameSeen] = None) -> Figures:
    """Co-operative games: every seat at one level; the win rate of each level (`options`: the game's
    setup options, e.g. a Robinson scenario)."""
    n = players or engine.min_players
    fig = Figures(game=engine.key, coop=True)
    for level in levels:
        fig.coop_wins[level] = 0
        fig.coop_games[level] = 0
        for g in range(games):
            state, outcome, moves = play_match(engine, [level] * n, seed + g, options, max_moves=max_moves)
            if on_game:
                on_game([level] * n, seed + g, None, state, outcome, moves)
            fig.coop_games[level] += 1
            fig.coop_wins[level] += int(bool(outcome.won))
            fig.moves += moves
            fig.games += 1
    return fig


__all__ = ["Figures", "GameSeen", "MatchError", "coop_rates", "head_to_head", "is_coop", "placing", "play_match"]
