"""`bot.py bench bots --targets` (tools/strength_report.py, tools/strength_pool.py) on synthetic logs: pooling, the
verdicts, the ladder; and the import of the per-deal Eclipse samples (tools/strength_import.py)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Optional

import pytest

from tools import bench_log, bot_bench
from tools.strength_figures import FIGURES, Figure
from tools.strength_import import game_lines, import_files
from tools.strength_pool import log_path, own_budget, pool, verdict
from tools.strength_report import block, ladder_line, report


def game(fig: Figure, seed: int, spot: Optional[int], rank: int = 1, *, won: Optional[bool] = None,
         end_round: int = 20, cpu: tuple[int, ...] = (500,), commit: str = "abc1234",
         budget: Any = "own") -> dict[str, Any]:
    """One logged game of `fig`: the measured seat (at `spot`) finished `rank`, the others after it (or before)."""
    levels = fig.seat_levels(spot)
    seats = [f"p{i + 1}" for i in range(len(levels))]
    seat = None if spot is None else seats[spot]
    if fig.kind == "coop":
        ranks, result = {s: 1 for s in seats}, "won" if won else "lost"
    else:
        ranks = {s: (rank if s == seat else 2 if rank == 1 else 1) for s in seats}
        result = None if seat is None else "win" if rank == 1 else "loss"
    return {"figure": fig.id, "game": fig.game, "players": fig.players, "options": {},
            "levels": dict(zip(seats, levels)), "seat": seat, "seed": seed, "ranks": ranks, "result": result,
            "budget": own_budget(fig) if budget == "own" else budget, "cpu_ms": list(cpu), "departures": 1,
            "end_round": end_round, "moves": 100, "illegal": 0, "rss_mib": 60, "commit": commit,
            "at": "2026-11-29T03:00:00Z", "load": 3.0}


def versus_games(fig: Figure, n: int, wins: int) -> list[dict[str, Any]]:
    return [game(fig, 1000 + i // fig.players, i % fig.players, 1 if i < wins else 2) for i in range(n)]


def test_a_figure_is_met_only_on_its_whole_sample_and_at_its_rate():
    fig = FIGURES["eclipse-2p"]
    assert verdict(fig, pool(fig, versus_games(fig, 150, 140))) == "sample short (150 of 200)"
    assert verdict(fig, pool(fig, versus_games(fig, 200, 150))) == "met"  # 75 %
    assert verdict(fig, pool(fig, versus_games(fig, 200, 130))) == "not met"  # 65 %
    text = "\n".join(block(fig, versus_games(fig, 200, 150)))
    assert "games 200 of 200" in text and "hard won 150, shared first 0, lost 50 of 200: 75.0% (95 %: 69%-80%)" in text
    assert "mean rank: hard 1.25, greedy 1.75" in text
    assert "verdict: met (the 95 % interval, 69%-80%, holds 70%: not settled)" in text
    assert "verdict: met (the 95 % interval's lower end, 74%, clears 70%)" in "\n".join(
        block(fig, versus_games(fig, 200, 160)))


def test_a_several_player_figure_also_needs_the_better_mean_rank():
    fig = FIGURES["eclipse-3p"]
    good = versus_games(fig, 200, 120)  # 60 %; a loss at rank 2: mean rank 1.4 against the others' 1.6
    assert verdict(fig, pool(fig, good)) == "met"
    last = [dict(g, ranks={s: 3 if s == g["seat"] else 1 for s in g["ranks"]}) if g["result"] == "loss" else g
            for g in good]  # each loss now last: mean rank 1.8
    p = pool(fig, last)
    assert p.rate() == 0.6 and verdict(fig, p) == "not met"


def test_the_round_figure_fails_on_a_game_at_the_safeguard_and_on_a_late_median():
    fig = FIGURES["flotilla-4p-allhard"]
    quick = [game(fig, 1000 + i, None, end_round=30) for i in range(200)]
    assert verdict(fig, pool(fig, quick)) == "met"
    assert verdict(fig, pool(fig, quick[:-1] + [game(fig, 2000, None, end_round=61)])) == "not met"
    assert verdict(fig, pool(fig, [game(fig, 1000 + i, None, end_round=33) for i in range(200)])) == "not met"
    assert "1 at the round-60 safeguard" in "\n".join(block(fig, quick[:-1] + [game(fig, 2000, None, end_round=61)]))


def test_a_co_operative_figure_counts_games_won_and_leaves_other_budgets_out():
    fig = FIGURES["robinson-solo"]
    games = [game(fig, 1000 + i, None, won=i < 130) for i in range(300)]
    assert verdict(fig, pool(fig, games)) == "met"  # 43 %
    tested = games + [game(fig, 5000 + i, None, won=True, budget={"iters": 2}) for i in range(50)]
    p = pool(fig, tested)
    assert (p.games, p.wins, p.left_out) == (300, 130, 50)
    assert "(50 lines of the log at another budget or set-up left out)" in "\n".join(block(fig, tested))
    assert verdict(fig, pool(fig, games[:299])) == "sample short (299 of 300)"


def test_the_report_pools_cpu_commits_and_prints_the_ladder(tmp_path: Path):
    fig, fast = FIGURES["eclipse-hard2-hard05"], FIGURES["eclipse-2p"]
    for g in versus_games(fig, 10, 8):
        bench_log.append(log_path(fig, tmp_path), dict(g, cpu_ms=[2000, 2010], commit="def5678"))
    for i, g in enumerate(versus_games(fast, 4, 4)):
        bench_log.append(log_path(fast, tmp_path), dict(g, cpu_ms=[100 * (i + 1)]))
    lines = report(tmp_path)
    text = "\n".join(lines)
    assert "== eclipse-hard2-hard05: eclipse, 2 players, hard at 2 s CPU a decision" in text
    assert "CPU per searched decision (20): p50 2.00 s, p95 2.01 s, p99 2.01 s, highest 2.01 s" in text
    assert "CPU per searched decision (4): p50 0.20 s, p95 0.40 s" in text and "commits def5678 (10)" in text
    assert "== every decision" in text and "20 decisions of 10 games: p95 2.01 s, p99 2.01 s" in text
    assert "Eclipse 2p: random <? greedy (- of 0 vs random) < hard 0.5 s (100% of 4 vs greedy) " \
           "<? hard 2 s (80% of 10 vs hard at 0.5 s)" in lines  # 4 of 4: 51-100 %; 8 of 10: 49-94 %
    assert sum(1 for x in lines if x.startswith("verdict: ")) == len(FIGURES)
    assert bot_bench.main(["--targets", "--log-dir", str(tmp_path)]) == 0


def test_a_step_is_shown_above_the_one_below_once_its_interval_clears_it():
    pools = {fid: pool(fig, []) for fid, fig in FIGURES.items()}
    gr = FIGURES["wayfinders-greedy-random"]
    pools[gr.id] = pool(gr, versus_games(gr, 40, 40))
    assert ladder_line("Wayfinders 2p", pools).startswith("Wayfinders 2p: random < greedy (100% of 40 vs random) <?")
    solo, greedy = FIGURES["robinson-solo"], FIGURES["robinson-solo-greedy"]
    pools[greedy.id] = pool(greedy, [game(greedy, i, None, won=i < 20) for i in range(100)])  # 20 %
    pools[solo.id] = pool(solo, [game(solo, i, None, won=i < 50) for i in range(100)])  # 50 %: 40-60 %
    assert "<? greedy (20% of 100) < hard 0.5 s (50% of 100)" in ladder_line("Robinson solo", pools)


DEAL = {"seed": 1005, "wins": 1, "ties": 0, "losses": 1, "ranks": {"hard": [1, 2], "greedy": [2, 1]},
        "cpu": [0.5012, 0.25], "rounds": [9, 8], "illegal": 0, "moves": 340, "departures": 3, "rss_mib": 49.6,
        "at": 1796000000.0}


def test_a_deal_of_the_eclipse_samples_becomes_two_games_with_its_totals_on_the_first():
    fig = FIGURES["eclipse-2p"]
    first, second = game_lines(DEAL, fig, "sample.jsonl", "abc1234")
    assert (first["seat"], first["ranks"], first["result"]) == ("p1", {"p1": 1, "p2": 2}, "win")
    assert (second["seat"], second["ranks"], second["result"]) == ("p2", {"p1": 1, "p2": 2}, "loss")
    assert first["levels"] == {"p1": "hard", "p2": "greedy"} and second["levels"] == {"p1": "greedy", "p2": "hard"}
    assert first["cpu_ms"] == [501, 250] and first["moves"] == 340 and first["totals"] == "deal"
    assert second["cpu_ms"] == [] and second["moves"] == 0 and "p1" in second["totals"]
    assert (first["end_round"], second["end_round"]) == (9, 8) and first["budget"] == {"cpu": 0.5}
    with pytest.raises(ValueError):
        game_lines(dict(DEAL, wins=2, losses=0), fig, "sample.jsonl", "abc1234")


def test_importing_a_grown_sample_again_adds_only_its_new_deals(tmp_path: Path):
    fig = FIGURES["eclipse-2p"]
    sample = tmp_path / "sample.jsonl"
    sample.write_text(json.dumps(DEAL) + "\n")
    assert import_files([sample], fig, tmp_path) == (1, 0)
    with sample.open("a") as f:
        f.write(json.dumps(dict(DEAL, seed=1006)) + "\n" + '{"seed": 1007, "wi')  # the last still being written
    assert import_files([sample], fig, tmp_path) == (1, 1)
    p = pool(fig, bench_log.read(log_path(fig, tmp_path)))
    assert (p.games, p.wins, p.losses, p.deal_totals, len(p.cpu_ms), p.left_out) == (4, 2, 2, 2, 4, 0)


def test_a_short_figure_says_what_its_missing_games_would_cost_in_search_cpu():
    fig = FIGURES["eclipse-3p"]  # 200 games required
    games = [dict(g, cpu_ms=[500] * 72) for g in versus_games(fig, 20, 12)]  # 36 s of search a game
    text = "\n".join(block(fig, games))
    assert "; the 180 games left: about 1.8 h of search CPU" in text  # 180 x 36 s
    assert "games left" not in "\n".join(block(fig, versus_games(fig, 200, 150)))  # none left
    assert "games left" not in "\n".join(block(fig, []))  # nothing to go by


def test_the_report_sums_what_is_left_and_names_the_figures_without_an_estimate(tmp_path: Path):
    for fid, n in (("eclipse-3p", 20), ("wayfinders-3p", 100)):
        fig = FIGURES[fid]
        bench_log_lines = [dict(g, cpu_ms=[1000] * 36) for g in versus_games(fig, n, n // 2)]  # 36 s a game
        log_path(fig, tmp_path).write_text("".join(json.dumps(g) + "\n" for g in bench_log_lines))
    left = [x for x in report(tmp_path) if x.startswith("== still to play")]
    assert len(left) == 1
    assert left[0].startswith("== still to play: about 2.8 h of search CPU")  # (180 + 100) x 36 s
    assert "eclipse-3p," not in left[0] and "wayfinders-3p," not in left[0] and "eclipse-4p" in left[0]
    assert "wayfinders-greedy-random" not in left[0]  # no search: not a cost
