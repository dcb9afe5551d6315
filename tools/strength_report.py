"""`bot.py bench bots --targets`: every figure of tools/strength_figures.py from its log (`docs/strength/<id>.jsonl`),
pooled over every run that added to it: the target, games logged against games required, the rate with its 95 %
Wilson interval, mean ranks, CPU per searched decision (p50/p95/p99, highest), peak RSS, illegal moves, the commits
the games came from, and a verdict ("met", "not met", "sample short (n of N)"); then every decision's costs at the
2 s default against the issue's bounds, what the missing games would cost in search CPU (at each figure's mean a game
so far), and each game's ladder in one line.  Nothing is played.
"""
from __future__ import annotations

import argparse
import statistics
from pathlib import Path
from typing import Any, Optional

from . import bench_log
from .search_bench import interval, percentile, wilson
from .strength_figures import DEFAULT, FIGURES, LADDERS, Figure, shown
from .strength_pool import STRENGTH, Pool, at_safeguard, log_path, pool, verdict

P95_CAP, P99_CAP, RSS_CAP = 3000, 5000, 300  # the bounds on every decision at the default budget (ms, MiB)


def rate_line(fig: Figure, p: Pool) -> str:
    if fig.kind == "rounds":
        if not p.end_rounds:
            return "end round: no games"
        return (f"end round: median {statistics.median(p.end_rounds):g}, highest {max(p.end_rounds)}; "
                f"{at_safeguard(p)} at the round-60 safeguard")
    said = f"{fig.levels[0]} won {p.wins}"
    if fig.kind == "versus":
        said += f", shared first {p.shared}, lost {p.losses}"
    said += f" of {p.games}: {p.rate():.1%} (95 %: {interval(p.wins, p.games)})" if p.games else " of 0"
    return said


def rank_line(fig: Figure, p: Pool) -> Optional[str]:
    if fig.kind != "versus" or not p.ranks:
        return None
    other = statistics.mean(p.other_ranks) if p.other_ranks else 0.0
    return f"mean rank: {fig.levels[0]} {statistics.mean(p.ranks):.2f}, {shown(fig.levels[1])} {other:.2f}"


def cost_line(p: Pool) -> Optional[str]:
    if not p.cpu_ms:
        return None
    c = p.cpu_ms
    said = (f"CPU per searched decision ({len(c)}): p50 {percentile(c, .5) / 1000:.2f} s, p95 "
            f"{percentile(c, .95) / 1000:.2f} s, p99 {percentile(c, .99) / 1000:.2f} s, highest {max(c) / 1000:.2f} s; "
            f"departures from greedy {p.departures}")
    return said + (f" ({p.deal_totals} lines hold a whole deal's CPU and counts: imported)" if p.deal_totals else "")


def block(fig: Figure, lines: list[dict[str, Any]]) -> list[str]:
    """The figure's lines of the report, from its log's lines."""
    return pooled_block(fig, pool(fig, lines))


def pooled_block(fig: Figure, p: Pool) -> list[str]:
    """The figure's lines of the report, from its games pooled."""
    out = [f"== {fig.id}: {fig.game}, {fig.players} {'player' if fig.players == 1 else 'players'}, "
           f"{fig.budget_said()}",
           f"target: {fig.target() if fig.rate is not None or fig.kind == 'rounds' else 'none (a ladder step)'}; "
           f"games {p.games} of {fig.required}"]
    if p.games:
        out.append(rate_line(fig, p))
    out += [x for x in (rank_line(fig, p), cost_line(p)) if x]
    if p.games:
        commits = ", ".join(f"{c} ({n})" for c, n in p.commits.most_common())
        out.append(f"peak RSS {p.rss_mib} MiB; illegal moves {p.illegal}; {p.moves / p.games:.0f} moves per game; "
                   f"commits {commits}")
    if p.left_out:
        out.append(f"({p.left_out} lines of the log at another budget or set-up left out)")
    out.append(f"verdict: {verdict(fig, p)}{margin(fig, p)}{still_to_play(fig, p)}")
    return out


def still_to_play(fig: Figure, p: Pool) -> str:
    """What the games still missing would cost in search CPU, at the figure's mean so far."""
    left = p.search_cpu_left(fig.required)
    if not left:
        return ""
    return f"; the {fig.required - p.games} games left: about {left / 3600:.1f} h of search CPU"


def left_line(pools: dict[str, Pool]) -> str:
    """The search CPU the figures' missing games would cost, summed over those with a game to go by."""
    known = {fid: p.search_cpu_left(FIGURES[fid].required) for fid, p in pools.items()}
    hours = sum(left for left in known.values() if left) / 3600
    unknown = [fid for fid, p in pools.items()
               if FIGURES[fid].cpu is not None and p.games < FIGURES[fid].required and known[fid] is None]
    said = f"== still to play: about {hours:.1f} h of search CPU for the figures with games logged"
    return said + (f"; no estimate yet for {len(unknown)} of them ({', '.join(unknown)})" if unknown else "")


def margin(fig: Figure, p: Pool) -> str:
    """Where the rate's interval lies against a rate target (the verdict reads the point estimate)."""
    if fig.rate is None or not p.games:
        return ""
    low, high = wilson(p.wins, p.games)
    if low >= fig.rate:
        return f" (the 95 % interval's lower end, {low:.0%}, clears {fig.rate:.0%})"
    if high < fig.rate:
        return f" (the 95 % interval's upper end, {high:.0%}, is below {fig.rate:.0%})"
    return f" (the 95 % interval, {low:.0%}-{high:.0%}, holds {fig.rate:.0%}: not settled)"


def decisions_line(pools: dict[str, Pool]) -> str:
    """Every searched decision of the figures at the 2 s default against the issue's bounds."""
    cpu = [c for fid, p in pools.items() if FIGURES[fid].cpu == DEFAULT for c in p.cpu_ms]
    games = sum(p.games for fid, p in pools.items() if FIGURES[fid].cpu == DEFAULT)
    illegal = sum(p.illegal for p in pools.values())
    rss = max([p.rss_mib for p in pools.values()] or [0])
    head = "== every decision (p95 <= 3 s and p99 <= 5 s CPU at the 2 s default; RSS <= 300 MiB; 0 illegal moves): "
    if not cpu:
        return head + f"no searched decision at the 2 s default logged; peak RSS {rss} MiB, illegal moves {illegal}"
    p95, p99 = percentile(cpu, .95), percentile(cpu, .99)
    ok = p95 <= P95_CAP and p99 <= P99_CAP and rss <= RSS_CAP and illegal == 0
    return (head + f"{len(cpu)} decisions of {games} games: p95 {p95 / 1000:.2f} s, p99 {p99 / 1000:.2f} s, highest "
            f"{max(cpu) / 1000:.2f} s; peak RSS {rss} MiB; illegal moves {illegal} (every figure): "
            + ("met" if ok else "not met"))


def ladder_line(name: str, pools: dict[str, Pool]) -> str:
    """A game's ladder in one line: each step with its rate and games, '<' before a step its games show above the
    one below (tools/strength_figures.py LADDERS), '<?' where they do not (yet)."""
    parts: list[str] = []
    below: Optional[float] = None  # the rate of the step below, once it has games
    for step, fid, head_on in LADDERS[name]:
        if fid is None:
            parts.append(step)
            continue
        fig, p = FIGURES[fid], pools[fid]
        against = f" vs {shown(fig.levels[1])}" if fig.kind == "versus" else ""
        said = f"{step} ({f'{p.rate():.0%}' if p.games else '-'} of {p.games}{against})"
        if parts:
            bar = 1 / fig.players if head_on else below
            above = bar is not None and p.games > 0 and wilson(p.wins, p.games)[0] > bar
            parts.append(("< " if above else "<? ") + said)
        else:
            parts.append(said)
        below = p.rate() if p.games else None
    return f"{name}: " + " ".join(parts)


def report(log_dir: Path = STRENGTH) -> list[str]:
    pools = {fid: pool(fig, bench_log.read(log_path(fig, log_dir))) for fid, fig in FIGURES.items()}
    lines: list[str] = []
    for fid, fig in FIGURES.items():
        lines += pooled_block(fig, pools[fid])
    lines.append(decisions_line(pools))
    lines.append(left_line(pools))
    lines.append("== the ladder per game (each step's rate and games; '<' where its interval's lower end clears "
                 "its fair share against the step below, or the step below's rate; '<?' where it does not yet)")
    lines += [ladder_line(name, pools) for name in LADDERS]
    return lines


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench bots --targets", description=__doc__)
    parser.add_argument("--targets", action="store_true", required=True)
    parser.add_argument("--log-dir", type=Path, default=STRENGTH, help="where the logs are (default docs/strength)")
    args = parser.parse_args(argv)
    for line in report(args.log_dir):
        print(line)
    return 0


__all__ = ["block", "decisions_line", "ladder_line", "left_line", "main", "pooled_block", "report", "still_to_play"]
