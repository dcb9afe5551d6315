"""`bot.py bench bots --levels` (tools/search_bench.py) and its sequential test (tools/sprt.py)."""
from __future__ import annotations

from tools.search_bench import report
from tools.sprt import expected_score, sprt


def test_sprt_accepts_a_clearly_stronger_version_and_rejects_a_weaker_one():
    assert sprt(0, 0, 0).verdict == "continue"
    assert sprt(160, 10, 30).verdict == "H1"  # about +260 Elo
    assert sprt(40, 10, 150).verdict == "H0"
    assert sprt(6, 0, 4).verdict == "continue"  # ten games say little
    assert abs(expected_score(0) - 0.5) < 1e-12 and 0.57 < expected_score(50) < 0.58


def test_the_bench_rotates_the_hard_seat_and_prints_the_figures_it_promises():
    lines = report("wayfinders", ["hard", "greedy"], games=2, players=2, seed=5, budget=(None, 4))
    text = "\n".join(lines)
    assert "hard vs greedy" in text and "of 2:" in text and "mean rank: hard" in text
    assert "CPU per searched decision" in text and "p95" in text and "p99" in text and "RSS" in text
    assert "illegal moves: 0" in text and "SPRT(elo0=0, elo1=+50)" in text and "end round: median" in text


def test_a_short_series_of_only_losses_or_wins_stays_finite():
    assert sprt(0, 0, 1).verdict == "continue" and abs(sprt(0, 0, 1).llr) < 1
    assert sprt(3, 0, 0).verdict == "continue"
    assert sprt(60, 0, 0).verdict == "H1" and sprt(0, 0, 60).verdict == "H0"
