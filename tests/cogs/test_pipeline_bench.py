"""`bot.py bench` (tools/pipeline_bench.py) reports the CPU per move by stage on the bot's own path (figures are
printed, never asserted)."""
from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

import render
import render.common
import render.robinson
from host.tables import Actor, TableService
from render.focus import WIDTH
from rules import GAMES
from storage import open_store
from tools.bench import main
from tools.bench_games import started_game
from tools.pipeline_bench import STAGES, bench_pipeline, buttons, post_image, stage_clock


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


def test_the_stage_clock_times_to_png_under_every_name_the_render_modules_gave_it(tmp_path):
    real = render.common.to_png
    service = TableService(open_store(tmp_path / "names.db"))
    with stage_clock(service, "robinson"):
        assert render.to_png is not real and render.robinson.to_png is not real  # the focus image's and the board's
    assert render.to_png is real and render.robinson.to_png is real and render.common.to_png is real
    service.store.close()


def test_the_bench_draws_the_image_the_bot_posts(tmp_path):
    service = TableService(open_store(tmp_path / "post.db"))
    actors = [Actor(user_id=1, name="Ana"), Actor(user_id=2, name="Bo")]
    table = started_game(service, "wayfinders", actors)
    running = Image.open(io.BytesIO(post_image(table, [], buttons(table))))
    assert running.width == WIDTH  # the decision in view while the game runs
    ended = service.abandon(actors[0], table)
    assert ended.game.status != "active" and buttons(ended) == []
    assert Image.open(io.BytesIO(post_image(ended, [], []))).width > WIDTH  # the whole board at the end
    service.store.close()


def test_compare_runs_the_same_bench_in_both_trees_and_prints_the_ratio(capsys):
    here = Path(__file__).resolve().parents[2]
    assert main(["compare", "--against", str(here), "--game", "robinson", "--players", "2",
                 "--moves", "3", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("Robinson Crusoe: Castaways this run") == 2 and out.count("other run") == 2
    assert "players, 6 moves each: this " in out and "ratio " in out and "load average" in out
    assert "stages other: load " in out
