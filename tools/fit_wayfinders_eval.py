"""Fit the weights of Wayfinders' position value (rules/wayfinders/worth.py) on greedy games.

    .venv/bin/python -m tools.fit_wayfinders_eval [games] [first seed] [--write]

Plays 2-player greedy games (seeds first, first+1, ...), records each seat's features at the start of every
round (where the hard level's rollouts end: two rounds of greedy play, rules/search/steps.py) with whether
it finished ahead of the other seat (a tie counts half), fits the logistic of worth.py (each feature's weight
early and late in the game; plain gradient descent with a little L2, no numpy) on four fifths of the games
and prints the log-loss of the fit and of the weights in use on the fifth held out.  `--write` stores the
weights fitted in rules/wayfinders/data/eval_weights.json.  Short runs only on a shared machine.
"""
from __future__ import annotations

import json
import sys
from math import exp, log
from pathlib import Path
from typing import Callable, Optional, Sequence

from rules.rng import Rng
from rules.wayfinders import ENGINE
from rules.wayfinders.worth import FEATURES, WEIGHTS_FILE, features, margin, progress

Row = tuple[tuple[float, ...], tuple[float, ...], float, float]  # (features, opponent's, progress, result)


def games(n: int, first: int) -> list[list[Row]]:
    """Per game, its rows (both seats' views of every round start)."""
    out = []
    for seed in range(first, first + n):
        s = ENGINE.setup(["a", "b"], seed)
        rng = Rng.from_seed(seed)
        seen: set[int] = set()
        marks = []
        while not ENGINE.is_over(s):
            if s.phase == "action" and s.round not in seen:
                seen.add(s.round)
                marks.append(({x: features(s, x) for x in s.order}, progress(s)))
            seat = ENGINE.to_act(s)[0]
            s = ENGINE.apply(s, seat, ENGINE.greedy_move(s, seat, rng).id)
        outcome = ENGINE.outcome(s)
        assert outcome is not None
        ra, rb = outcome.ranks["a"], outcome.ranks["b"]
        ya = 1.0 if ra < rb else 0.0 if ra > rb else 0.5
        rows: list[Row] = []
        for feats, prog in marks:
            rows.append((feats["a"], feats["b"], prog, ya))
            rows.append((feats["b"], feats["a"], prog, 1.0 - ya))
        out.append(rows)
        print(f"seed {seed}: {len(marks)} rounds, a {'won' if ya == 1 else 'lost' if ya == 0 else 'tied'}",
              file=sys.stderr)
    return out


def _inputs(row: Row) -> list[float]:
    a, b, prog, _ = row
    return [(1 - prog) * (x - y) for x, y in zip(a, b)] + [prog * (x - y) for x, y in zip(a, b)]


def fit(rows: list[Row], steps: int = 800, rate: float = 1.0, l2: float = 1e-3,
        floor: Optional[float] = None) -> tuple[list[float], list[float]]:
    """The early and late weights of the raw features (no bias: the rows are symmetric); `floor`: no weight
    below it, in standard deviations of its feature (each feature is worth having, whatever greedy games
    correlate with it)."""
    xs = [_inputs(r) for r in rows]
    ys = [r[3] for r in rows]
    k = len(xs[0])
    sd = [max(1e-9, (sum(x[i] ** 2 for x in xs) / len(xs)) ** 0.5) for i in range(k)]
    xs = [[x[i] / sd[i] for i in range(k)] for x in xs]
    w = [0.0] * k
    for _ in range(steps):
        g = [0.0] * k
        for x, y in zip(xs, ys):
            p = 1 / (1 + exp(-max(-30.0, min(30.0, sum(wi * xi for wi, xi in zip(w, x))))))
            for i in range(k):
                g[i] += (p - y) * x[i]
        w = [wi - rate * (gi / len(xs) + l2 * wi) for wi, gi in zip(w, g)]
        if floor is not None:
            w = [max(floor, wi) for wi in w]
    raw = [wi / sd[i] for i, wi in enumerate(w)]
    n = len(rows[0][0])
    return raw[:n], raw[n:]


def loss(rows: list[Row], chance) -> float:  # type: ignore[no-untyped-def]
    eps = 1e-9
    return -sum(y * log(max(eps, chance(r))) + (1 - y) * log(max(eps, 1 - chance(r)))
                for r in rows for y in (r[3],)) / len(rows)


def _chance(early: list[float], late: list[float], row: Row) -> float:
    z = sum(((1 - row[2]) * e + row[2] * w) * (x - y) for e, w, x, y in zip(early, late, row[0], row[1]))
    return 1 / (1 + exp(-max(-30.0, min(30.0, z))))


def report(per_game: list[list[Row]], cut: int, names: Sequence[str], margin_now: Callable[..., float],
           weights_file: Path, note: Callable[[int, int], str], floor: Optional[float] = None) -> None:
    """Fit the weights on every game but the first `cut` (held out), print them and the held-out log-loss of the
    weights in use, of the fitted ones and of even chances; with `--write`, write the fitted ones to
    `weights_file` with `note(rows fitted, games fitted)` as their status. Shared by the games' fitters."""
    train = [r for g in per_game[cut:] for r in g]
    held = [r for g in per_game[:cut] for r in g]
    early, late = fit(train, floor=floor)
    print(f"{len(train)} rows of {len(per_game) - cut} games fitted, {len(held)} rows of {cut} games held out")
    for name, e, w in zip(names, early, late):
        print(f"  {name:10s} early {e:+.3f}  late {w:+.3f}")
    print("held-out log-loss: weights in use", round(loss(held, lambda r: 1 / (1 + exp(-margin_now(r[0], r[1], r[2])))), 4),
          "fitted", round(loss(held, lambda r: _chance(early, late, r)), 4), "even", round(log(2), 4))
    if "--write" in sys.argv:  # the weights printed: fitted on the games not held out
        data = {"_status": note(len(train), len(per_game) - cut), "early": {f: round(v, 4) for f, v in zip(names, early)},
                "late": {f: round(v, 4) for f, v in zip(names, late)}}
        weights_file.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print("written to", weights_file)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 40
    first = int(args[1]) if len(args) > 1 else 5000
    per_game = games(n, first)
    cut = max(1, len(per_game) // 5)
    report(per_game, cut, FEATURES, margin, WEIGHTS_FILE, lambda rows, fitted: (
        f"PROPOSED: ours, not the publisher's: the hard level's weights, fitted by "
        f"tools/fit_wayfinders_eval.py on {rows} round starts of {fitted} 2-player greedy games "
        f"(seeds {first + cut}-{first + n - 1}; seeds {first}-{first + cut - 1} held out)"))


__all__ = ["fit", "games", "loss", "report"]

if __name__ == "__main__":
    main()
