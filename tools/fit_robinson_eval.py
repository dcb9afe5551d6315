"""Fit the weights of Robinson's position value (rules/robinson/search_hooks.py) on greedy games.

    .venv/bin/python -m tools.fit_robinson_eval [games per table] [first seed]

Plays greedy games solo and with two characters, records the features of the position at the
start of each Action and Night phase with the game's result, fits a logistic regression (plain
gradient descent with a little L2, no numpy; the weights in FIXED held where they are set) and prints BIAS and WEIGHTS to paste into the module,
with the fit's log-loss and the value's mean against the true win rate by round.  Short runs only.
"""
from __future__ import annotations

import sys
from math import exp, log

from rules.rng import Rng
from rules.robinson import ENGINE
from rules.robinson.search_hooks import BIAS, FEATURES, WEIGHTS, features


# Weights set by hand, not fitted: greedy games build Fire, the Palisade and the Shelter in positions
# already in trouble, and go hungry mostly when nothing else matters, so a fit reads these the wrong
# way round; the search must never be pushed away from Fire (S5 needs it), the Palisade (R70), the
# Shelter (R67) or tonight's food (R72).
FIXED = {"fire": 1.0, "palisade": 0.15, "shelter": 0.3, "hungry": -0.3}


def games(n: int, first: int) -> list[tuple[tuple[float, ...], int, int]]:
    rows = []
    for seats in (["a"], ["a", "b"]):
        for seed in range(first, first + n):
            s = ENGINE.setup(seats, seed)
            rng = Rng.from_seed(seed)
            seen, mine = set(), []
            while not ENGINE.is_over(s):
                key = (s.round, s.phase)
                if s.phase in ("plan", "night") and key not in seen:
                    seen.add(key)
                    mine.append((features(s), s.round))
                seat = ENGINE.to_act(s)[0]
                s = ENGINE.apply(s, seat, ENGINE.greedy_move(s, seat, rng).id)
            won = int(s.result == "won")
            rows += [(x, rnd, won) for x, rnd in mine]
            print(f"{len(seats)}p seed {seed}: {s.result} in round {s.round}", file=sys.stderr)
    return rows


def fit(rows: list, steps: int = 1500, rate: float = 0.5, l2: float = 1e-3,
        fixed: dict[str, float] | None = None) -> tuple[float, list[float]]:
    """Bias and weights of the raw features; `fixed` holds some weights where they are set (FIXED)."""
    k = len(FEATURES)
    held = {FEATURES.index(n): v for n, v in (fixed or {}).items()}
    mean = [sum(r[0][i] for r in rows) / len(rows) for i in range(k)]
    sd = [max(1e-9, (sum((r[0][i] - mean[i]) ** 2 for r in rows) / len(rows)) ** 0.5) for i in range(k)]
    xs = [[(r[0][i] - mean[i]) / sd[i] for i in range(k)] for r in rows]
    ys = [r[2] for r in rows]
    b, w = 0.0, [0.0] * k
    for _ in range(steps):
        gb, gw = 0.0, [0.0] * k
        for x, y in zip(xs, ys):
            z = b + sum(wi * xi for wi, xi in zip(w, x))
            p = 1 / (1 + exp(-max(-30, min(30, z))))
            gb += p - y
            for i in range(k):
                gw[i] += (p - y) * x[i]
        b -= rate * gb / len(xs)
        w = [wi - rate * (g / len(xs) + l2 * wi) for wi, g in zip(w, gw)]
        for i, v in held.items():
            w[i] = v * sd[i]
    weights = [wi / sd[i] for i, wi in enumerate(w)]  # back to the raw features
    bias = b - sum(weights[i] * mean[i] for i in range(k))
    return bias, weights


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    rows = games(n, first)
    wins = sum(r[2] for r in rows)
    print(f"{len(rows)} positions, {wins} from won games")
    print("before: log-loss", round(_loss(rows, win_chance_of), 4))
    bias, weights = fit(rows, fixed=FIXED)
    print(f"BIAS = {bias:.3f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    for name, w in zip(FEATURES, weights):
        print(f"  {name:12s} {w:+.3f}")
    print("after: log-loss", round(_loss(rows, lambda x: _logistic(bias, weights, x)), 4))


def win_chance_of(x: tuple[float, ...]) -> float:
    """The value with the module's weights as they are."""
    return _logistic(BIAS, list(WEIGHTS), x)


def _logistic(bias: float, weights: list[float], x: tuple[float, ...]) -> float:
    z = bias + sum(w * v for w, v in zip(weights, x))
    return 1 / (1 + exp(-max(-30, min(30, z))))


def _loss(rows: list, value) -> float:  # type: ignore[no-untyped-def]
    eps = 1e-9
    return -sum(log(max(eps, value(x))) if y else log(max(eps, 1 - value(x))) for x, _, y in rows) / len(rows)


__all__ = ["fit", "games", "win_chance_of"]

if __name__ == "__main__":
    main()
