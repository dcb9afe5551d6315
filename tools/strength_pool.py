"""A figure's games pooled from its log (`docs/strength/<id>.jsonl`, tools/bench_log.py lines): only the games of its
set-up, levels by seat and budget count (lines at another budget, such as a test's iteration budget, are left out
and counted as such); and its verdict against its target (tools/strength_figures.py).
"""
from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from . import bench_log
from .strength_figures import SAFEGUARD_ROUND, Figure

STRENGTH = bench_log.ROOT / "docs" / "strength"


def log_path(fig: Figure, log_dir: Path = STRENGTH) -> Path:
    return log_dir / f"{fig.id}.jsonl"


def own_budget(fig: Figure) -> Optional[dict[str, float]]:
    """The budget a game of the figure's pool was played at, as a line holds it."""
    return bench_log.budget_of(list(fig.levels), (fig.cpu, None))


def belongs(fig: Figure, line: dict[str, Any], budget: Optional[dict[str, float]]) -> bool:
    """Whether a logged game is one of the figure's at `budget` (its set-up, levels by seat and budget)."""
    if (line.get("game"), line.get("players"), line.get("options") or {}) != (fig.game, fig.players, fig.options):
        return False
    if line.get("budget") != budget:
        return False
    seat = line.get("seat")
    spot = int(seat[1:]) - 1 if isinstance(seat, str) and seat[1:].isdigit() else None
    if (spot is None) != (fig.kind != "versus"):
        return False
    return list((line.get("levels") or {}).values()) == fig.seat_levels(spot)


@dataclass
class Pool:
    games: int = 0
    wins: int = 0  # "versus": the measured seat first alone; "coop"/"rounds": games won
    shared: int = 0
    losses: int = 0
    ranks: list[int] = field(default_factory=list)  # the measured level's
    other_ranks: list[int] = field(default_factory=list)  # the other level's seats'
    cpu_ms: list[int] = field(default_factory=list)  # every searched decision
    rss_mib: int = 0
    illegal: int = 0
    moves: int = 0
    departures: int = 0
    end_rounds: list[int] = field(default_factory=list)
    commits: Counter[str] = field(default_factory=Counter)
    left_out: int = 0  # lines of the log that are not the figure's (another budget or set-up)
    deal_totals: int = 0  # lines whose CPU and counts cover a whole deal (imported samples)

    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def search_cpu_left(self, required: int) -> Optional[float]:
        """The search CPU (seconds) the games still missing would cost at this pool's mean a game; None when no
        game says (none logged, or imported lines that hold a whole deal's CPU)."""
        if not self.games or self.deal_totals:
            return None
        return max(0, required - self.games) * sum(self.cpu_ms) / 1000 / self.games


def pool(fig: Figure, lines: list[dict[str, Any]]) -> Pool:
    budget, out = own_budget(fig), Pool()
    for line in lines:
        if not belongs(fig, line, budget):
            out.left_out += 1
            continue
        out.games += 1
        result = line.get("result")
        out.wins += int(result in ("win", "won"))
        out.shared += int(result == "shared")
        out.losses += int(result in ("loss", "lost"))
        seat, ranks = line.get("seat"), line.get("ranks") or {}
        for s, r in ranks.items():
            (out.ranks if s == seat else out.other_ranks).append(r)
        out.cpu_ms += line.get("cpu_ms") or []
        out.rss_mib = max(out.rss_mib, line.get("rss_mib") or 0)
        out.illegal += line.get("illegal") or 0
        out.moves += line.get("moves") or 0
        out.departures += line.get("departures") or 0
        if line.get("end_round") is not None:
            out.end_rounds.append(line["end_round"])
        out.commits[str(line.get("commit") or "unknown")] += 1
        out.deal_totals += int(line.get("totals") == "deal")
    return out


def at_safeguard(p: Pool) -> int:
    return sum(1 for r in p.end_rounds if r >= SAFEGUARD_ROUND)


def meets(fig: Figure, p: Pool) -> bool:
    """Whether the pooled games reach the target (on the point estimate)."""
    if fig.kind == "rounds":
        return bool(p.end_rounds) and statistics.median(p.end_rounds) <= (fig.rounds or 0) and at_safeguard(p) == 0
    if fig.rate is not None and p.rate() < fig.rate:
        return False
    if fig.rank:
        return bool(p.ranks and p.other_ranks) and statistics.mean(p.ranks) < statistics.mean(p.other_ranks)
    return fig.rate is not None


def verdict(fig: Figure, p: Pool) -> str:
    """"met", "not met", "sample short (n of N)", or for a ladder step with no target of its own "n of N games"."""
    if p.games < fig.required:
        return f"sample short ({p.games} of {fig.required})"
    if fig.kind == "coop" and fig.rate is None:
        return f"{p.games} of {fig.required} games (a ladder step: no target of its own)"
    return "met" if meets(fig, p) else "not met"


__all__ = ["Pool", "STRENGTH", "at_safeguard", "belongs", "log_path", "meets", "own_budget", "pool", "verdict"]
