"""Fit the weights of Flotilla's position value (rules/flotilla/worth.py) on greedy games.

    .venv/bin/python -m tools.fit_flotilla_eval [games] [first seed] [--players 3,4,5] [--write]

Plays greedy games (seeds first, first+1, ..., the numbers of players in turn), records each seat's features
at the start of every third round (seat 1 to act with no card in play: where the hard level's rollouts end, the rest
of the round played greedily, rules/search/steps.py) and, for every pair of seats once (a pair the other way round
adds nothing: the logistic has no bias term, so its gradient is the same), whether the first finished ahead of the
second (a tie counts half); fits the logistic of worth.py (each feature's weight early
and late in the game, tools/fit_wayfinders_eval.py's `fit`, no weight below `FLOOR`) on four fifths of the
games and prints the held-out log-loss of the fit and of the weights in use.  `--write` stores the fitted
weights in rules/flotilla/data/eval_weights.json.  A 3-player greedy game costs about 0.5 s of CPU; short runs
only on a shared machine.
"""
from __future__ import annotations

import sys
from itertools import combinations

from rules.flotilla import ENGINE
from rules.flotilla.state import FlotillaState
from rules.flotilla.worth import FEATURES, WEIGHTS_FILE, features, margin, progress
from rules.rng import Rng

from .fit_wayfinders_eval import Row, report

FLOOR = 0.0  # no feature may count against its seat: more VP, seals or crew is never worse
STRIDE = 3  # every third round start only (the fit is plain Python: rows cost)


def round_start(state: FlotillaState) -> bool:
    """Seat 1 is to choose its card (F67: a round is one turn of every seat, seat 1 first)."""
    return state.turn == 0 and not state.todo and state.playing is None and not state.over


def games(n: int, first: int, players: list[int]) -> list[list[Row]]:
    """Per game, its rows (every pair of seats, in seat order, at every third round start)."""
    out = []
    for g, seed in enumerate(range(first, first + n)):
        seats = [f"p{i + 1}" for i in range(players[g % len(players)])]
        s = ENGINE.setup(seats, seed)
        rng = Rng.from_seed(seed)
        seen: set[int] = set()
        marks = []
        while not ENGINE.is_over(s):
            if round_start(s) and s.round not in seen and s.round % STRIDE == 1:
                seen.add(s.round)
                marks.append(({x: features(s, x) for x in seats}, progress(s)))
            seat = ENGINE.to_act(s)[0]
            s = ENGINE.apply(s, seat, ENGINE.greedy_move(s, seat, rng).id)
        outcome = ENGINE.outcome(s)
        assert outcome is not None
        rows: list[Row] = []
        for a, b in combinations(seats, 2):
            ra, rb = outcome.ranks[a], outcome.ranks[b]
            y = 1.0 if ra < rb else 0.0 if ra > rb else 0.5
            rows += [(feats[a], feats[b], prog, y) for feats, prog in marks]
        out.append(rows)
        print(f"seed {seed}: {len(seats)} players, {s.round} rounds", file=sys.stderr)
    return out


def main() -> None:
    args = [a for a in sys.argv[1:] if a.isdigit()]
    n = int(args[0]) if args else 150
    first = int(args[1]) if len(args) > 1 else 9000
    players = [3, 4, 5]
    if "--players" in sys.argv:
        players = [int(x) for x in sys.argv[sys.argv.index("--players") + 1].split(",")]
    per_game = games(n, first, players)
    cut = max(1, len(per_game) // 5)
    report(per_game, cut, FEATURES, margin, WEIGHTS_FILE, lambda rows, fitted: (
        f"PROPOSED: ours, not the publisher's, and no component of the game: the hard level's weights, fitted by tools/fit_flotilla_eval.py "
        f"on {rows} seat pairs at round starts of {fitted} greedy games of {players} players "
        f"(seeds {first + cut}-{first + n - 1}; seeds {first}-{first + cut - 1} held out)"), floor=FLOOR)


__all__ = ["games", "round_start"]

if __name__ == "__main__":
    main()
