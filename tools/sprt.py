"""A sequential probability ratio test for comparing two bot versions (`bot.py bench sprt`, and printed by
`bot.py bench bots --levels A,B` for the pairing it played).

Games are wins, draws (a shared first place) and losses of version A against version B.  The test weighs the
hypothesis H0 "A is elo0 stronger" against H1 "A is elo1 stronger" (defaults 0 and +50 Elo) with error rates
alpha and beta (0.05 each), by the usual normal approximation of the log-likelihood ratio of the game scores
(as chess-engine testing does): accept H1 once the LLR reaches log((1 - beta) / alpha), H0 once it falls to
log(beta / (1 - alpha)), else play on.  To compare a change against the previous hard level, play the same
seeds with each version (`bot.py bench bots --levels hard,greedy` on both) or a version against the other,
and feed the counts here.
"""
from __future__ import annotations

import argparse
import math
from typing import NamedTuple, Optional


class Sprt(NamedTuple):
    llr: float
    lower: float
    upper: float
    verdict: str  # "H1" (A is stronger by elo1), "H0" (not stronger than elo0), "continue"


def expected_score(elo: float) -> float:
    return 1.0 / (1.0 + 10 ** (-elo / 400))


def sprt(wins: int, draws: int, losses: int, elo0: float = 0.0, elo1: float = 50.0, alpha: float = 0.05,
         beta: float = 0.05) -> Sprt:
    """The test's state after these games (module docstring)."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    n = wins + draws + losses
    if n == 0:
        return Sprt(0.0, lower, upper, "continue")
    score = (wins + 0.5 * draws) / n
    # The variance of a game's score, with half a win and half a loss more: a short series of only wins
    # (or only losses) would otherwise have none and an unbounded ratio.
    w, d, lo = wins + 0.5, draws, losses + 0.5
    m = (w + 0.5 * d) / (n + 1)
    var = (w * (1 - m) ** 2 + d * (0.5 - m) ** 2 + lo * m ** 2) / (n + 1)
    s0, s1 = expected_score(elo0), expected_score(elo1)
    llr = n * (s1 - s0) * (2 * score - s0 - s1) / (2 * var)
    verdict = "H1" if llr >= upper else "H0" if llr <= lower else "continue"
    return Sprt(llr, lower, upper, verdict)


def describe(result: Sprt, elo0: float = 0.0, elo1: float = 50.0) -> str:
    said = {"H1": f"accept H1: stronger by {elo1:+g} Elo", "H0": f"accept H0: not stronger than {elo0:+g} Elo",
            "continue": "no verdict yet: play more games"}[result.verdict]
    return f"SPRT(elo0={elo0:g}, elo1={elo1:+g}): LLR {result.llr:.2f} in ({result.lower:.2f}, {result.upper:.2f}): {said}"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench sprt", description=__doc__)
    parser.add_argument("wins", type=int)
    parser.add_argument("draws", type=int)
    parser.add_argument("losses", type=int)
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=50.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.05)
    a = parser.parse_args(argv)
    print(describe(sprt(a.wins, a.draws, a.losses, a.elo0, a.elo1, a.alpha, a.beta), a.elo0, a.elo1))
    return 0


__all__ = ["Sprt", "describe", "expected_score", "main", "sprt"]
