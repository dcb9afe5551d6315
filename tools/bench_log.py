"""The per-game log of the bot benches: one JSON line per finished game (`bot.py bench bots --log FILE`, and every
game of a named figure, `--run ID`, in `docs/strength/<id>.jsonl`).

A line holds the game, its players and options, the level of each seat, the seat of the measured level (None when
every seat plays the same level), the deal (seed), the ranks, the measured seat's result ("win", "shared", "loss";
"won" or "lost" in a co-operative game; None when no seat is measured), the hard level's budget ({"cpu": s},
{"iters": k}, or None when no seat searched), the CPU of each searched decision in ms, the departures from the greedy
move, the round the game ended in, the moves and illegal moves, the peak resident memory of the playing process, the
commit (`git rev-parse --short HEAD`, "+dirty" after it when the code differs from it, or "unknown"), the UTC time
and the load average.  Lines are appended and flushed one by one, so a run stopped at any moment keeps every game it
finished; a torn last line is skipped when read.
"""
from __future__ import annotations

import datetime
import functools
import json
import os
import resource
import subprocess
from pathlib import Path
from typing import Any, Optional

from rules import Engine, Outcome
from rules.bot_match import placing

from .bot_games import Budget, Played

ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=1)
def commit() -> str:
    """The checkout's commit (`describe`)."""
    return describe(ROOT)


def describe(root: Path) -> str:
    """`root`'s commit, short, with "+dirty" when a tracked file outside docs/ differs from it (a game played on
    code no commit holds must not pass for that commit's); "unknown" with no git or no repository.  The logs the
    benches append to (docs/strength/) do not count."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True,
                              timeout=10)
        if head.returncode != 0 or not head.stdout.strip():
            return "unknown"
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs"],
                                 cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head.stdout.strip() + ("+dirty" if changed.returncode != 0 or changed.stdout.strip() else "")


def result_of(outcome: Outcome, seat: Optional[str]) -> Optional[str]:
    """The measured seat's result: won/lost (co-operative), win/shared/loss, or None when no seat is measured."""
    if outcome.coop:
        return "won" if outcome.won else "lost"
    if seat is None:
        return None
    return placing(outcome.ranks, seat)


def budget_of(levels: list[str], budget: Budget) -> Optional[dict[str, float]]:
    """The hard level's budget as a line holds it; None when no seat searches."""
    if not any(level.startswith("hard") for level in levels):
        return None
    if budget[1]:
        return {"iters": budget[1]}
    return {"cpu": budget[0] or 0.0}


def record(engine: Engine[Any], levels: list[str], seed: int, seat: Optional[str], played: Played,
           budget: Budget, options: Optional[dict[str, str]] = None, figure: Optional[str] = None) -> dict[str, Any]:
    """One game's line (module docstring)."""
    state, series = played.state, played.series
    end_round = engine.round_number(state) if engine.offers("round_number") else None
    measured = levels[int(seat[1:]) - 1] if seat else levels[0]
    mine = [c for c, by in zip(series.cpu, series.searched_by) if by == measured]
    others = [c for c, by in zip(series.cpu, series.searched_by) if by != measured]
    line: dict[str, Any] = {
        "figure": figure, "game": engine.key, "players": len(levels), "options": dict(options or {}),
        "levels": {f"p{i + 1}": level for i, level in enumerate(levels)}, "seat": seat, "seed": seed,
        "ranks": dict(played.outcome.ranks), "result": result_of(played.outcome, seat),
        "budget": budget_of(levels, budget), "cpu_ms": [round(c * 1000) for c in mine],
        "departures": series.departures, "end_round": end_round, "moves": series.moves, "illegal": series.illegal,
        "rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
        "commit": commit(), "at": utc(), "load": round(os.getloadavg()[0], 2),
    }
    if others:  # seats of another level searched too (hard at 0.5 s against hard at 2 s)
        line["others_cpu_ms"] = [round(c * 1000) for c in others]
    return line


def utc(at: Optional[float] = None) -> str:
    """A line's time, UTC to the second: `at` (Unix time), or now."""
    when = datetime.datetime.now(datetime.timezone.utc) if at is None else datetime.datetime.fromtimestamp(
        at, datetime.timezone.utc)
    return when.strftime("%Y-%m-%dT%H:%M:%SZ")


def append(path: Path, line: dict[str, Any]) -> None:
    """Appends one game's line and flushes it to the disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(line, ensure_ascii=False, separators=(", ", ": ")) + "\n")
        f.flush()
        os.fsync(f.fileno())


def read(path: Path) -> list[dict[str, Any]]:
    """Every whole line of a log (none when it does not exist); a torn line (a run killed mid-write) is skipped."""
    if not path.exists():
        return []
    lines = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            line = json.loads(text)
        except json.JSONDecodeError:
            continue
        if isinstance(line, dict):
            lines.append(line)
    return lines


__all__ = ["append", "budget_of", "commit", "describe", "read", "record", "result_of", "utc"]
