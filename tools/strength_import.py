"""`python -m tools.strength_import FILE...`: Eclipse 2-player samples kept one JSON line per deal (hard at 0.5 s CPU
against greedy, each deal from both seats: `tools.bot_games.competitive` over one seed, 2 games) imported into the
figure's log, `docs/strength/eclipse-2p.jsonl`, as one line per game (tools/bench_log.py).

A deal's line has: seed, wins, ties, losses, ranks (level -> its seats' ranks, game by game: the hard seat is p1 in
the first game, p2 in the second), cpu (seconds of every searched decision of both games), rounds (per game),
illegal, moves, departures, rss_mib, at (Unix time).  The split of cpu, moves, departures and illegal moves between
the two games was not kept: the first game's line holds the deal's (`"totals": "deal"`), the second's none
(`"totals": "on the p1 game's line"`), so pooled sums and percentiles stay right.  The commit is main's head when
the file's first deal ended (the sampling process loaded its code when it started, a deal before; `"commit_from"`
says so).  A deal already in the log is skipped, so importing a file again,
once it has grown, adds only its new deals; a torn last line (a file still being written) is left for later.
"""
from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any, Optional

from rules.bot_match import placing

from . import bench_log
from .strength_figures import FIGURES, Figure
from .strength_pool import belongs, log_path, own_budget

NOTE = "imported from a per-deal sample ({name}): cpu_ms, moves, departures and illegal cover both games of the deal"


def main_heads(ref: str = "main") -> list[tuple[int, str]]:
    """(commit time, short hash) of `ref`'s first-parent history, oldest first; [] without git."""
    try:
        out = subprocess.run(["git", "log", "--first-parent", "--format=%ct %h", ref], cwd=bench_log.ROOT,
                             capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return []
    pairs = [line.split() for line in out.stdout.splitlines() if line.strip()]
    return sorted((int(t), h) for t, h in pairs)


def head_at(heads: list[tuple[int, str]], at: float) -> str:
    before = [h for t, h in heads if t <= at]
    return before[-1] if before else "unknown"


def game_lines(deal: dict[str, Any], fig: Figure, name: str, commit: str) -> list[dict[str, Any]]:
    """The deal's two games as log lines (module docstring); raises ValueError when its counts disagree."""
    hard, greedy = deal["ranks"]["hard"], deal["ranks"]["greedy"]
    if len(hard) != 2 or len(greedy) != 2 or len(deal["rounds"]) != 2:
        raise ValueError(f"seed {deal['seed']}: not one deal of two games")
    at = bench_log.utc(deal["at"])
    lines = []
    for g in range(2):
        seat = f"p{g + 1}"
        ranks = {"p1": hard[0], "p2": greedy[0]} if g == 0 else {"p1": greedy[1], "p2": hard[1]}
        result = placing(ranks, seat)
        whole = g == 0
        lines.append({
            "figure": fig.id, "game": fig.game, "players": 2, "options": {}, "levels": {
                f"p{i + 1}": level for i, level in enumerate(fig.seat_levels(g))}, "seat": seat,
            "seed": deal["seed"], "ranks": ranks, "result": result, "budget": own_budget(fig),
            "cpu_ms": [round(c * 1000) for c in deal["cpu"]] if whole else [],
            "departures": deal["departures"] if whole else 0, "end_round": deal["rounds"][g],
            "moves": deal["moves"] if whole else 0, "illegal": deal["illegal"] if whole else 0,
            "rss_mib": round(deal["rss_mib"]), "commit": commit,
            "commit_from": "main's head when the sample file's first deal ended", "at": at, "load": None,
            "totals": "deal" if whole else "on the p1 game's line", "note": NOTE.format(name=name)})
    results = [line["result"] for line in lines]
    if (results.count("win"), results.count("shared"), results.count("loss")) != (
            deal["wins"], deal["ties"], deal["losses"]):
        raise ValueError(f"seed {deal['seed']}: the ranks disagree with the deal's wins, ties and losses")
    return lines


def import_files(files: list[Path], fig: Figure, log_dir: Path) -> tuple[int, int]:
    """Appends the deals not yet in the figure's log; returns (deals imported, deals already there)."""
    path = log_path(fig, log_dir)
    have = {line["seed"] for line in bench_log.read(path) if belongs(fig, line, own_budget(fig))}
    heads, added, skipped = main_heads(), 0, 0
    for file in files:
        deals = []
        for text in file.read_text(encoding="utf-8").splitlines():
            try:
                deals.append(json.loads(text))
            except json.JSONDecodeError:
                continue  # a line still being written
        commit = head_at(heads, deals[0]["at"]) if deals else "unknown"
        for deal in deals:
            if deal["seed"] in have:
                skipped += 1
                continue
            for line in game_lines(deal, fig, file.name, commit):
                bench_log.append(path, line)
            have.add(deal["seed"])
            added += 1
    return added, skipped


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.strength_import", description=__doc__)
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--log-dir", type=Path, default=log_path(FIGURES["eclipse-2p"]).parent)
    args = parser.parse_args(argv)
    added, skipped = import_files(args.files, FIGURES["eclipse-2p"], args.log_dir)
    print(f"eclipse-2p: {added} deals imported ({2 * added} games), {skipped} already in the log")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["game_lines", "head_at", "import_files", "main"]
