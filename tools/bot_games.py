"""Bot games as the benches play them (`bot.py bench bots --levels`, `--run`): every seat at a level, hard
decisions searched in this process exactly as a search worker does (host/search_pool.py `timed_search`: one worker's
tree) with a budget of CPU or iterations, each move checked legal, a game's figures kept as a `Series` (the CPU of its
searched decisions, the departures from the greedy move, its end round, moves and illegal moves).  A game that
does not end (past `STALL_ROUND`, or `max_moves`) raises `Stalled` naming its deal and levels.

Competitive series (`competitive`): the measured level plays one seat, the other level the rest; its seat rotates
through every position of each deal (seeds seed, seed+1, ...: P games per seed), so each deal is played from every
seat.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from host.search_pool import timed_search
from rules import Engine, Outcome
from rules.bot_match import placing
from rules.bots import choose, settled

from .bench_levels import split_level


@dataclass
class Series:
    games: int = 0
    wins: int = 0
    ties: int = 0
    losses: int = 0
    ranks: dict[str, list[int]] = field(default_factory=dict)  # level -> ranks its seats finished
    cpu: list[float] = field(default_factory=list)  # per searched decision
    searched_by: list[str] = field(default_factory=list)  # the level ("hard", "hard@0.5") of each of them
    end_rounds: list[int] = field(default_factory=list)
    illegal: int = 0
    moves: int = 0
    departures: int = 0  # searched decisions where the hard move was not the greedy one

    def add(self, other: "Series") -> None:
        """Counts one game's figures (`other`, its own Series) into this series; wins and ranks are `tally`'s."""
        self.cpu += other.cpu
        self.searched_by += other.searched_by
        self.end_rounds += other.end_rounds
        self.illegal += other.illegal
        self.moves += other.moves
        self.departures += other.departures


@dataclass
class Played:
    """One finished game: its last state and outcome, and its own figures (CPU, moves, departures)."""

    state: Any
    outcome: Outcome
    series: Series


Budget = tuple[Optional[float], Optional[int]]  # (CPU seconds, iterations) of a hard decision; iterations win


def hard_budget(level: str, budget: Budget) -> tuple[str, Budget]:
    """The level's name and its budget: "hard@2" searches 2 s of CPU whatever the run's CPU budget (not its
    iterations: an iteration budget, as tests give, holds for every hard seat)."""
    name, cpu = split_level(level)
    if cpu is not None and budget[1] is None:
        return name, (cpu, None)
    return name, budget


def decide(engine: Engine[Any], state: Any, seat: str, level: str, seed: int, budget: Budget,
           series: Series) -> str:
    named = level
    level, budget = hard_budget(level, budget)
    if level != "hard":
        return choose(engine, state, seat, level, seed).id
    moves = engine.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0].id
    cpu, iters = budget
    answer = timed_search(engine, state, seat, seed, 0, cpu, iters)
    series.cpu.append(answer.cpu)
    series.searched_by.append(named)
    chosen, greedy = settled(engine, state, seat, moves, answer.result, seed)  # greedy: the search's own policy
    series.departures += int(greedy is not None and greedy.id != chosen.id)
    return chosen.id


STALL_ROUND = 200  # no game of these lasts this long (Flotilla's safeguard ends one in round 60): a stall


class Stalled(RuntimeError):
    """A bench game that does not end: reported at once, with its deal and levels, rather than played for hours
    (two hard Wayfinders seats once passed for ever)."""


def play(engine: Engine[Any], levels: list[str], seed: int, budget: Budget,
         series: Series, max_moves: int = 20000, options: Optional[dict[str, str]] = None) -> Any:
    seats = [f"p{i + 1}" for i in range(len(levels))]
    by_seat = dict(zip(seats, levels))
    state = engine.setup(seats, seed, options or None)
    rounds = engine.offers("round_number")
    for _ in range(max_moves):
        to_act = engine.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        move = decide(engine, state, seat, by_seat[seat], seed, budget, series)
        if move not in engine.move_ids(state, seat):
            series.illegal += 1
        state = engine.apply(state, seat, move)
        series.moves += 1
        if rounds and (engine.round_number(state) or 0) > STALL_ROUND:
            raise Stalled(f"{engine.key}, deal {seed}, levels {levels}: past round {STALL_ROUND} after "
                          f"{series.moves} moves")
    else:
        if engine.to_act(state):
            raise Stalled(f"{engine.key}, deal {seed}, levels {levels}: no end after {max_moves} moves")
    if rounds:
        series.end_rounds.append(engine.round_number(state) or 0)
    return state


def play_game(engine: Engine[Any], levels: list[str], seed: int, budget: Budget,
              options: Optional[dict[str, str]] = None) -> Played:
    """Seats p1..pn played by `levels` on deal `seed`: the game and its own figures."""
    series = Series(games=1)
    state = play(engine, levels, seed, budget, series, options=options)
    outcome = engine.outcome(state)
    assert outcome is not None
    return Played(state, outcome, series)


def tally(series: Series, outcome: Outcome, seat: str, mine: str, other: str) -> None:
    """Counts a competitive game's result for the level `mine` in `seat` (the others `other`) into `series`."""
    series.games += 1
    result = placing(outcome.ranks, seat)
    series.wins += result == "win"
    series.ties += result == "shared"
    series.losses += result == "loss"
    for s, r in outcome.ranks.items():
        series.ranks.setdefault(mine if s == seat else other, []).append(r)


OnGame = Callable[[list[str], int, Optional[str], Played], None]  # levels, seed, measured seat, the game


def competitive(engine: Engine[Any], mine: str, other: str, players: int, games: int, seed: int,
                budget: Budget, options: Optional[dict[str, str]] = None,
                on_game: Optional[OnGame] = None) -> Series:
    series = Series(ranks={mine: [], other: []})
    for g in range(games):
        spot = g % players
        levels = [mine if i == spot else other for i in range(players)]
        played = play_game(engine, levels, seed + g // players, budget, options)
        series.add(played.series)
        tally(series, played.outcome, f"p{spot + 1}", mine, other)
        if on_game:
            on_game(levels, seed + g // players, f"p{spot + 1}", played)
    return series


__all__ = ["STALL_ROUND", "Budget", "OnGame", "Played", "Series", "Stalled", "competitive", "decide", "hard_budget",
           "play", "play_game", "tally"]
