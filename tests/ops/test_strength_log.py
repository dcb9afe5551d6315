"""The bot benches' per-game log (tools/bench_log.py) and the named figures' runs (tools/strength_run.py): the line's
fields, a run that goes on where the log ends, and the logs kept in docs/strength/."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from tools import bench_log, bot_bench, search_bench
from tools.strength_figures import FIGURES
from tools.strength_pool import STRENGTH, belongs, log_path, own_budget, pool
from tools.strength_run import pending, run

FIELDS = {"figure", "game", "players", "options", "levels", "seat", "seed", "ranks", "result", "budget", "cpu_ms",
          "departures", "end_round", "moves", "illegal", "rss_mib", "commit", "at", "load"}


def test_a_hard_series_logs_one_line_per_game_with_every_field(tmp_path: Path):
    log = tmp_path / "games.jsonl"
    lines = search_bench.report("wayfinders", ["hard", "greedy"], 2, 2, 7, (None, 2), log)
    assert any(str(log) in line for line in lines)
    games = bench_log.read(log)
    assert len(games) == 2 and all(set(g) == FIELDS for g in games)
    assert [g["seat"] for g in games] == ["p1", "p2"] and {g["seed"] for g in games} == {7}
    assert games[0]["levels"] == {"p1": "hard", "p2": "greedy"} and games[1]["levels"] == {"p1": "greedy", "p2": "hard"}
    for g in games:
        first = [s for s, r in g["ranks"].items() if r == 1]
        assert g["result"] == ("loss" if g["seat"] not in first else "win" if len(first) == 1 else "shared")
        assert g["budget"] == {"iters": 2} and all(isinstance(c, int) for c in g["cpu_ms"]) and g["cpu_ms"]
        assert g["illegal"] == 0 and g["moves"] > 20 and g["end_round"] >= 1 and g["rss_mib"] > 0
        assert re.fullmatch(r"[0-9a-f]{4,}(\+dirty)?|unknown", g["commit"])
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", g["at"]) and g["figure"] is None


def test_greedy_against_random_is_logged_too_with_no_budget(tmp_path: Path):
    log = tmp_path / "plain.jsonl"
    assert bot_bench.main(["--game", "wayfinders", "--games", "2", "--log", str(log)]) == 0
    games = bench_log.read(log)
    assert [(g["seed"], g["seat"]) for g in games] == [(1, "p1"), (2, "p2")]
    assert all(g["budget"] is None and g["cpu_ms"] == [] and g["result"] == "win" for g in games)


def test_a_run_takes_the_next_deals_from_every_seat_and_goes_on_where_the_log_ends(tmp_path: Path):
    fig = FIGURES["wayfinders-greedy-random"]
    said: list[str] = []
    run(fig, 3, (None, None), tmp_path, say=said.append)
    run(fig, 2, (None, None), tmp_path, say=said.append)
    games = bench_log.read(log_path(fig, tmp_path))
    assert [(g["seed"], g["seat"]) for g in games] == [(1, "p1"), (1, "p2"), (2, "p1"), (2, "p2"), (3, "p1")]
    assert all(g["figure"] == fig.id for g in games) and len(said) == 5 and "seed 3, greedy at p1" in said[-1]
    assert pool(fig, games).games == 5


def test_a_torn_last_line_is_skipped_and_a_deal_cut_short_is_finished_first(tmp_path: Path):
    fig = FIGURES["wayfinders-greedy-random"]
    run(fig, 1, (None, None), tmp_path, say=lambda s: None)
    path = log_path(fig, tmp_path)
    with path.open("a") as f:
        f.write('{"figure": "wayfinders-greedy-random", "seed": 1, "se')  # killed mid-write
    assert len(bench_log.read(path)) == 1
    lines = bench_log.read(path)
    todo = pending(fig, lines, own_budget(fig))
    assert [next(todo) for _ in range(3)] == [(1, 1), (2, 0), (2, 1)]
    later = pending(fig, lines, own_budget(fig), start=50)
    assert next(later) == (50, 0)


def test_games_at_another_budget_stay_out_of_the_figure_and_out_of_its_continuation(tmp_path: Path):
    fig = FIGURES["wayfinders-2p"]
    run(fig, 1, (None, 2), tmp_path, say=lambda s: None)
    games = bench_log.read(log_path(fig, tmp_path))
    assert games[0]["budget"] == {"iters": 2} and games[0]["seed"] == fig.first_seed
    assert not belongs(fig, games[0], own_budget(fig)) and belongs(fig, games[0], {"iters": 2})
    assert pool(fig, games).games == 0 and pool(fig, games).left_out == 1
    assert next(pending(fig, games, own_budget(fig))) == (fig.first_seed, 0)  # at 0.5 s: nothing played yet
    assert next(pending(fig, games, {"iters": 2})) == (fig.first_seed, 1)


def test_hard_seats_at_another_budget_keep_their_cpu_apart_from_the_measured_seat_s(tmp_path: Path):
    fig = FIGURES["wayfinders-hard2-hard05"]
    run(fig, 1, (None, 2), tmp_path, say=lambda s: None)
    (line,) = bench_log.read(log_path(fig, tmp_path))
    assert line["levels"] == {"p1": "hard", "p2": "hard@0.5"} and line["seat"] == "p1"
    assert line["cpu_ms"] and line["others_cpu_ms"]


def test_every_committed_log_is_a_figure_s_and_every_line_one_of_its_games():
    files = sorted(STRENGTH.glob("*.jsonl"))
    assert files, "docs/strength holds the figures' logs"
    for path in files:
        fig = FIGURES[path.stem]
        texts = path.read_text(encoding="utf-8").splitlines()
        games = [json.loads(t) for t in texts]
        assert all(belongs(fig, g, own_budget(fig)) and g["figure"] == fig.id for g in games), path
        keys = [(g["seed"], g["seat"]) for g in games]
        assert len(keys) == len(set(keys)), f"{path}: a game logged twice"
        assert not [g for g in games if g["commit"].endswith("+dirty")], f"{path}: a game played on uncommitted code"


def test_a_game_played_on_uncommitted_code_names_its_commit_dirty(tmp_path: Path):
    """The commit a line names: a tracked file changed outside docs/ marks it "+dirty"; the logs in docs/ do not."""
    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=tmp_path, check=True, capture_output=True)

    git("init", "-q")
    (tmp_path / "docs").mkdir()
    (tmp_path / "rules.py").write_text("A = 1\n")
    (tmp_path / "docs" / "log.jsonl").write_text("")
    git("add", ".")
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c")
    clean = bench_log.describe(tmp_path)
    assert re.fullmatch(r"[0-9a-f]{4,}", clean)
    (tmp_path / "docs" / "log.jsonl").write_text("{}\n")
    (tmp_path / "notes.txt").write_text("untracked\n")
    assert bench_log.describe(tmp_path) == clean
    (tmp_path / "rules.py").write_text("A = 2\n")
    assert bench_log.describe(tmp_path) == clean + "+dirty"
    assert bench_log.describe(tmp_path / "docs" / "missing") == "unknown"


def test_a_co_operative_figure_plays_one_game_a_deal_every_seat_at_its_level(tmp_path: Path):
    fig = FIGURES["robinson-2p-random"]
    run(fig, 2, (None, None), tmp_path, say=lambda s: None)
    games = bench_log.read(log_path(fig, tmp_path))
    assert [(g["seed"], g["seat"]) for g in games] == [(1, None), (2, None)]
    assert all(g["levels"] == {"p1": "random", "p2": "random"} and g["result"] in ("won", "lost") for g in games)
    assert pool(fig, games).games == 2 and pool(fig, games).left_out == 0
