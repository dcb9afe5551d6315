"""`bot.py bench memory` (tools/memory_path.py) plays whole games through the bot on the local table and prints
the RSS after each finished game (figures are printed, never asserted)."""
from __future__ import annotations

import asyncio

import pytest

from cogs import pacing
from tools import memory_path
from tools.memory_path import slope, summary


def test_the_growth_is_the_least_squares_slope_after_the_warm_up_and_over_the_last_games():
    assert slope([5.0]) == 0.0
    assert slope([1.0, 2.0, 3.0, 4.0]) == pytest.approx(1.0)
    rss = [80.0 + i for i in range(10)] + [100.0] * 160  # growing while warming up, flat after
    line = summary(rss, 10)
    assert "RSS first 80.0 MiB, after 10 warm-up games 89.0 MiB, last 100.0 MiB, highest 100.0 MiB" in line
    assert "+0.000 MiB per finished game over the 160 games after warm-up, +0.000 over the last 150" in line
    assert "+1.000 MiB per finished game over the 2 games" in summary([1.0, 2.0, 3.0], 1)


def test_a_game_of_the_mix_is_played_to_its_end_on_the_real_path_and_its_rss_printed(tmp_path, capsys, monkeypatch):
    real = pacing.real_clock
    monkeypatch.setattr(pacing, "make_clock", real)
    asyncio.run(memory_path.run(1, 2, 0, ["wayfinders"], str(tmp_path)))
    out = capsys.readouterr().out
    assert "   1 games (wayfinders 2 seats, finished): RSS " in out
    assert "RSS first" in out and "peak (max RSS)" in out
    assert pacing.make_clock is real  # the pacer's virtual time is the bench's only
    assert list((tmp_path / "out").rglob("*.png"))  # boards were posted


def test_an_unknown_game_in_the_mix_is_refused(capsys):
    with pytest.raises(SystemExit):
        memory_path.main(["--games", "1", "--mix", "wayfinders,chess"])
    assert "unknown games chess" in capsys.readouterr().err
