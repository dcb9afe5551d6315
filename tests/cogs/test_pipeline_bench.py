"""`bot.py bench` (tools/pipeline_bench.py) reports the CPU per move by stage on the bot's own path (figures are
printed, never asserted)."""
from __future__ import annotations

from host.tables import TableService
from rules import GAMES
from storage import open_store
from tools.bench import main
from tools.pipeline_bench import STAGES, bench_pipeline, stage_clock


def test_every_move_gets_a_figure_for_every_stage(tmp_path):
    figures = bench_pipeline("robinson", 2, 4, str(tmp_path))
    assert all(len(figures[name]) == 4 for name in STAGES)
    assert all(x >= 0 for name in STAGES for x in figures[name])
    assert sum(figures["draw"]) > 0 and sum(figures["encode"]) > 0  # every move draws and encodes its board
    assert all(size > 1000 for size in figures["png"])


def test_the_stage_clock_leaves_the_engine_and_the_store_as_they_were(tmp_path):
    service = TableService(open_store(tmp_path / "clock.db"))
    engine = GAMES["flotilla"]
    with stage_clock(service, "flotilla") as spent:
        assert "dump" in vars(engine)
        engine.dump(engine.setup(["a", "b", "c"], 1, None))
    assert spent["storage"] > 0 and spent["encode"] == 0
    assert "dump" not in vars(engine) and "record_move" not in vars(service.games)
    service.store.close()


def test_bench_prints_the_cpu_per_move_by_stage(capsys):
    assert main(["--game", "wayfinders", "--moves", "3", "--seconds", "0"]) == 0
    out = capsys.readouterr().out
    assert "CPU per move by stage over 3 moves, median/p90 ms: load" in out
    assert "encode" in out and "load average" in out and "engine only" not in out
