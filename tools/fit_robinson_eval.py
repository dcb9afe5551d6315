"""Fit the weights of Robinson's position values (rules/robinson/search_hooks.py) on greedy games.

    .venv/bin/python -m tools.fit_robinson_eval [games per table] [first seed] [held out] [--depart=P] [--players=1|2]
        [--write]

Plays Castaways greedy games solo and with two characters (seeds first, first+1, ...; the rollouts' policy,
`greedy_move`), records the position at the start of every round (where the hard level's rollouts stop,
rules/search/steps.py) with the game's result, and fits, with the L2 penalty `L2` on standardized features
(Newton's method, no numpy):

* one logistic per round over the features of rules/robinson/castaways_odds.py (Castaways' value, in
  `data/castaways_odds.json`).  Each table reads its own set, so `--write` needs one table: `--players=1` plays
  only solo games and stores their fit as the solo set ("rounds"), `--players=2` only the games with two
  characters, stored as the "group" section (tables of two characters or more); the other set stays as it is.
  Without `--players` both tables are played and the fits only printed;
* the whole-game logistic of search_hooks.py's FEATURES, printed to paste there (the other scenarios' value),
  the weights in FIXED held where they are set.

Then prints the log-loss of each and of the values in use on the games of the `held out` seeds after the
fitted ones, solo and with two characters, round by round against the bare win rate of each round.  Short runs only
on a shared machine: a thousand games a table cost about three minutes of CPU.
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from math import exp, log
from typing import Callable, NamedTuple, Optional, Sequence

from rules.rng import Rng
from rules.robinson import ENGINE
from rules.robinson.castaways_odds import MORE, WEIGHTS_FILE, more_features
from rules.robinson.bot.alternatives import planning, plans
from rules.robinson.search_hooks import FEATURES, KEPT_Z, PLANS, base_features
from rules.robinson.state import RobinsonState

L2 = 3.0
# Weights of the whole-game logistic set by hand, not fitted: greedy games build Fire, the Palisade and the
# Shelter in positions already in trouble, and go hungry mostly when nothing else matters, so a fit reads these
# the wrong way round; the search must never be pushed away from Fire (S5 needs it), the Palisade (R70), the
# Shelter (R67) or tonight's food (R72).
FIXED = {"fire": 1.0, "palisade": 0.15, "shelter": 0.3, "hungry": -0.3}
NAMES = FEATURES + ("kept",) + MORE
# Held in every round's logistic: the tokens and item uses kept, at KEPT_Z a wound of their worth (bot/kept.py
# fades it over the last rounds).  Fitted, it came out at 0.04-0.12 in rounds 1-7 and below 0 in rounds 8-11
# (greedy games still holding tokens late are those in trouble), and a weight below 0 would have the search
# spend a token for nothing.
FIXED_BY_ROUND = {"kept": KEPT_Z}
TABLES = {"--players=1": (1,), "--players=2": (2,)}  # the table a run plays; without it both
WHO = {(1,): "solo", (2,): "with two characters", (1, 2): "solo and with two characters"}


class Row(NamedTuple):
    round: int
    players: int
    x: tuple[float, ...]  # NAMES' values
    won: int
    now: float  # the value in use


def games(n: int, first: int, depart: float = 0.0, tables: tuple[int, ...] = (1, 2)) -> list[Row]:
    """The rows of n greedy games per table (`tables`: solo, two characters) from seed `first`.  `depart`: the share
    of planning decisions where a seat plays, instead of the greedy plan, one of the others the hard level races
    (bot/alternatives.py), picked at random: the positions the search's rollouts reach after a departure."""
    rows: list[Row] = []
    for seats in (["a", "b"][:k] for k in tables):
        for seed in range(first, first + n):
            s = ENGINE.setup(seats, seed)
            rng = Rng.from_seed(seed)
            seen: list[tuple[int, tuple[float, ...], float]] = []
            asked: set[tuple[int, str]] = set()  # each seat's planning decision of a round, asked once
            while not ENGINE.is_over(s):
                if not seen or seen[-1][0] != s.round:
                    seen.append((s.round, base_features(s) + more_features(s), ENGINE.evaluate(s)[s.seats[0]]))
                seat = ENGINE.to_act(s)[0]
                other = None
                if depart > 0 and planning(ENGINE, s, seat) and (s.round, seat) not in asked:
                    asked.add((s.round, seat))
                    other = _departure(s, seat, rng) if rng.below(1_000_000) < depart * 1_000_000 else None
                for move_id in other or [ENGINE.greedy_move(s, seat, rng).id]:
                    s = ENGINE.apply(s, seat, move_id)
            won = int(s.result == "won")
            rows += [Row(rnd, len(seats), x, won, now) for rnd, x, now in seen]
            print(f"{len(seats)}p seed {seed}: {s.result} in round {s.round}", file=sys.stderr)
    return rows


def _departure(s: RobinsonState, seat: str, rng: Rng) -> Optional[list[str]]:
    """One of `seat`'s plans other than the greedy one, at random (None: it has no other)."""
    others = plans(ENGINE, s, seat, PLANS)[1:]
    return rng.choice(others) if others else None


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """a x = b by Gaussian elimination with partial pivoting (a is positive definite here)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0.0:
                f = m[r][c] / m[c][c]
                mr, mc = m[r], m[c]
                for k in range(c, n + 1):
                    mr[k] -= f * mc[k]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xs: Sequence[Sequence[float]], ys: Sequence[int], l2: float = L2, steps: int = 12,
        fixed: Optional[dict[int, float]] = None) -> tuple[float, list[float]]:
    """Bias and weights of the raw features: a logistic regression by Newton's method with an L2 penalty on the
    standardized weights; `fixed`: feature index -> raw weight held there."""
    k = len(xs[0])
    held = fixed or {}
    mean = [sum(x[i] for x in xs) / len(xs) for i in range(k)]
    sd = [max(1e-6, (sum((x[i] - mean[i]) ** 2 for x in xs) / len(xs)) ** 0.5) for i in range(k)]
    free = [i for i in range(k) if i not in held]
    zs = [[1.0] + [(x[i] - mean[i]) / sd[i] for i in free] for x in xs]
    offs = [sum(v * (x[i] - mean[i]) for i, v in held.items()) for x in xs]
    w = [0.0] * (len(free) + 1)
    for _ in range(steps):
        g = [0.0] * len(w)
        h = [[0.0] * len(w) for _ in w]
        for z, off, y in zip(zs, offs, ys):
            p = _logistic(off + sum(wi * zi for wi, zi in zip(w, z)))
            d, q = p - y, p * (1 - p)
            for i, zi in enumerate(z):
                g[i] += d * zi
                if zi:
                    hi, qi = h[i], q * zi
                    for j in range(i, len(z)):
                        hi[j] += qi * z[j]
        for i in range(len(w)):
            for j in range(i):
                h[i][j] = h[j][i]
            if i:
                g[i] += l2 * w[i]
                h[i][i] += l2
        w = [wi - si for wi, si in zip(w, _solve(h, g))]
    weights = [0.0] * k
    for n, i in enumerate(free):
        weights[i] = w[n + 1] / sd[i]
    for i, v in held.items():
        weights[i] = v
    return w[0] - sum(weights[i] * mean[i] for i in range(k)), weights


def _logistic(z: float) -> float:
    return 1 / (1 + exp(-max(-30.0, min(30.0, z))))


def loss(rows: Sequence[Row], chance: Callable[[Row], float]) -> float:
    eps = 1e-9
    return -sum(log(max(eps, chance(r))) if r.won else log(max(eps, 1 - chance(r))) for r in rows) / max(1, len(rows))


def by_round(rows: Sequence[Row]) -> dict[int, tuple[float, list[float]]]:
    """One logistic per round over NAMES."""
    per: dict[int, list[Row]] = defaultdict(list)
    for r in rows:
        per[r.round].append(r)
    fixed = {NAMES.index(n): v for n, v in FIXED_BY_ROUND.items()}
    return {rnd: fit([r.x for r in rs], [r.won for r in rs], fixed=fixed) for rnd, rs in sorted(per.items())}


def report(train: list[Row], held: list[Row], write: bool, source: str = "", group: bool = False) -> None:
    """Prints the fits and their held-out log-loss; `write` stores the by-round fit (`group`: as the "group"
    section, the value of tables of two characters or more)."""
    rounds = by_round(train)
    k = len(FEATURES)
    fixed = {FEATURES.index(n): v for n, v in FIXED.items()}
    bias, weights = fit([r.x[:k] for r in train], [r.won for r in train], fixed=fixed)
    print(f"{len(train)} positions fitted, {len(held)} held out")
    print(f"whole-game logistic: BIAS = {bias:.3f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")

    def per_round(r: Row) -> float:
        b, w = rounds[min(max(rounds), r.round)]
        return _logistic(b + sum(wi * xi for wi, xi in zip(w, r.x)))

    def whole(r: Row) -> float:
        return _logistic(bias + sum(wi * xi for wi, xi in zip(weights, r.x[:k])))

    rate: dict[int, float] = {rnd: sum(r.won for r in train if r.round == rnd) / max(1, sum(
        1 for r in train if r.round == rnd)) for rnd in rounds}
    for players in sorted({r.players for r in held}):
        rows = [r for r in held if r.players == players]
        print(f"held out, {players} character(s), log-loss: in use {loss(rows, lambda r: r.now):.4f}, whole-game refit "
              f"{loss(rows, whole):.4f}, by round {loss(rows, per_round):.4f}, each round's win rate "
              f"{loss(rows, lambda r: rate.get(r.round, 0.5)):.4f}")
    for rnd in rounds:
        rows = [r for r in held if r.round == rnd]
        print(f"  round {rnd:2d} ({len(rows)}): in use {loss(rows, lambda r: r.now):.4f}, by round "
              f"{loss(rows, per_round):.4f}, win rate {loss(rows, lambda r: rate[r.round]):.4f}")
    if write:
        section = {"_status": "PROPOSED: ours, not the publisher's: the hard level's value of a Castaways position"
                              f"{' with two characters or more' if group else ''}, one logistic per round "
                              "(rules/robinson/castaways_odds.py), fitted by tools/fit_robinson_eval.py on "
                              f"{len(train)} round starts of greedy games{source}",
                   "features": list(NAMES),
                   "rounds": {str(rnd): {"bias": round(b, 4), "weights": {n: round(v, 5) for n, v in zip(NAMES, w)}}
                              for rnd, (b, w) in rounds.items()}}
        data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
        if group:
            data["group"] = {k: v for k, v in section.items() if k != "features"}
        else:
            data = {**section, **({"group": data["group"]} if "group" in data else {})}
        WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"written: {WEIGHTS_FILE}")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 100
    first = int(args[1]) if len(args) > 1 else 7001
    held = int(args[2]) if len(args) > 2 else max(20, n // 4)
    depart = next((float(a.split("=", 1)[1]) for a in sys.argv if a.startswith("--depart=")), 0.0)
    tables = next((TABLES[a] for a in sys.argv if a in TABLES), (1, 2))
    write = "--write" in sys.argv
    if write and len(tables) > 1:
        sys.exit("--write stores one table's set: add --players=1 (solo) or --players=2 (two characters)")
    group = tables == (2,)
    report(games(n, first, depart, tables), games(held, first + n, 0.0, tables), write,
           f" (seeds {first}-{first + n - 1}, {WHO[tables]}"
           f"{f', a random other plan at {depart:.0%} of the planning decisions' if depart else ''})", group)


__all__ = ["FIXED", "NAMES", "fit", "games", "loss"]

if __name__ == "__main__":
    main()
