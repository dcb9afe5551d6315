"""A small sweep with faults injected (`bot.py bench sweep --faults`; the integrator's run is 40 games): every
board Discord refused for a passing reason is delivered, none twice, none left owed, and the figures say so."""
from __future__ import annotations

import asyncio

from cogs import outbox
from tools.sweep import report, run


def test_a_sweep_with_503s_and_lost_answers_loses_no_board_and_posts_none_twice(tmp_path):
    clock = outbox.make_clock
    figures = asyncio.run(run([("wayfinders", 2, "es-ES")], str(tmp_path), revoked=False,
                              faults="503x2/15,lost/37,429-novia/53"))
    text = report(figures)
    assert outbox.make_clock is clock  # the sweep's virtual retry clock does not outlive it
    assert figures.games == figures.finished == 1 and figures.errors == [], text
    assert figures.injected.get("503", 0) >= 2 and figures.injected.get("lost", 0) >= 1, text
    assert figures.outbox.failed >= 3 and figures.outbox.retried == figures.outbox.failed, text
    assert figures.outbox.delivered + figures.outbox.merged == figures.outbox.owed, text
    assert figures.duplicated == [] and figures.still_owed == 0 and figures.outbox.refused == 0, text
    assert "duplicated boards: 0" in text and "boards still owed at the end: 0" in text
