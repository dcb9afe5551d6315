"""Fit the weights of Eclipse's position value (rules/eclipse/worth.py) on greedy games.

    .venv/bin/python -m tools.fit_eclipse_eval [games] [first seed] [--players 2,3] [--write]

Plays greedy games (seeds first, first+1, ..., the numbers of players in turn), records each seat's features
at the start of every round's Action phase (where the hard level's rollouts end: the rest of the round
played greedily, rules/search/steps.py) and, for every pair of seats, whether the first finished ahead of
the second (a tie counts half); fits the logistic of worth.py (each feature's weight early and late in the
game, tools/fit_wayfinders_eval.py's `fit`, no weight below `FLOOR`: in greedy games a fleet or a technology
goes with losing, since the greedy bot spends on them where points were to be had, but the search must not
learn that losing its ships is good, nor be indifferent to it) on four fifths of the games and prints the held-out log-loss
of the fit and of the weights in use.  `--write` stores the fitted weights in
rules/eclipse/data/eval_weights.json.  A greedy game costs about 0.1 s; short runs only on a shared machine.
"""
from __future__ import annotations

import sys
from itertools import permutations

from rules.eclipse import ENGINE
from rules.eclipse.worth import FEATURES, WEIGHTS_FILE, features, margin, progress
from rules.rng import Rng

from .fit_wayfinders_eval import Row, report

FLOOR = 0.05  # the least weight of a feature, in its standard deviations


def games(n: int, first: int, players: list[int]) -> list[list[Row]]:
    """Per game, its rows (every ordered pair of seats at every round start)."""
    out = []
    for g, seed in enumerate(range(first, first + n)):
        seats = [f"p{i + 1}" for i in range(players[g % len(players)])]
        s = ENGINE.setup(seats, seed)
        rng = Rng.from_seed(seed)
        seen: set[int] = set()
        marks = []
        while not ENGINE.is_over(s):
            if s.phase == "action" and s.round not in seen and all(p.species for p in s.players.values()):
                seen.add(s.round)
                marks.append(({x: features(s, x) for x in seats}, progress(s)))
            seat = ENGINE.to_act(s)[0]
            s = ENGINE.apply(s, seat, ENGINE.greedy_move(s, seat, rng).id)
        outcome = ENGINE.outcome(s)
        assert outcome is not None
        rows: list[Row] = []
        for a, b in permutations(seats, 2):
            ra, rb = outcome.ranks[a], outcome.ranks[b]
            y = 1.0 if ra < rb else 0.0 if ra > rb else 0.5
            rows += [(feats[a], feats[b], prog, y) for feats, prog in marks]
        out.append(rows)
    return out


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--") and not a.replace(",", "").isdigit() or a.isdigit()]
    n = int(args[0]) if args else 200
    first = int(args[1]) if len(args) > 1 else 7000
    players = [2, 3]
    if "--players" in sys.argv:
        players = [int(x) for x in sys.argv[sys.argv.index("--players") + 1].split(",")]
    per_game = games(n, first, players)
    cut = max(1, len(per_game) // 5)
    report(per_game, cut, FEATURES, margin, WEIGHTS_FILE, lambda rows, fitted: (
        f"not PROPOSED: no component of the game; the hard level's weights, fitted by tools/fit_eclipse_eval.py "
        f"on {rows} seat pairs at round starts of {fitted} greedy games of {players} players "
        f"(seeds {first + cut}-{first + n - 1}; seeds {first}-{first + cut - 1} held out)"), floor=FLOOR)


__all__ = ["games"]

if __name__ == "__main__":
    main()
