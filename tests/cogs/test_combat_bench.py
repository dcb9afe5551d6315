"""`bot.py bench combat` (tools/combat_bench.py) runs and reports Combat-phase moves (figures are printed, never
asserted)."""
from __future__ import annotations

from tools.bench import main
from tools.combat_bench import bench_combat


def test_bench_combat_times_only_combat_phase_moves(tmp_path):
    combat, fought, games = bench_combat(4, 5, 1000, str(tmp_path))
    assert len(combat) == 5 and games == 1  # round 1's Combat phase comes within the first game
    assert set(fought) <= set(combat)


def test_bench_combat_subcommand_prints_the_figures(capsys):
    assert main(["combat", "--moves", "3"]) == 0
    out = capsys.readouterr().out
    assert "Combat-phase moves through the pipeline" in out and "3 moves: median" in out
