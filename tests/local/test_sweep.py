"""A small sweep (the full one is `bot.py bench sweep`, 40 games): complete games with
bots on the validating transport break no limit, every decision is offered by a button or menu, finished
threads end archived, and a game whose bot loses Send Messages in Threads makes at most one refused request."""
from __future__ import annotations

import asyncio

from tools.sweep import plan, report, run


def test_plan_covers_every_game_seat_count_and_both_languages():
    games = plan(40)
    assert {k for k, _, _ in games} == {"wayfinders", "flotilla", "eclipse", "robinson"}
    assert {loc for _, _, loc in games} == {"en-US", "es-ES"}
    assert {n for k, n, _ in games if k == "eclipse"} >= {2, 6}


def test_a_small_sweep_stays_within_discords_limits(tmp_path):
    games = [("wayfinders", 2, "es-ES")]  # Spanish; the revoked-permission game is played in English
    figures = asyncio.run(run(games, str(tmp_path)))
    text = report(figures)
    assert figures.games == figures.finished == figures.archived == 1, text
    assert figures.messages > 50 and figures.decisions > 10, text
    assert figures.violations == [] and figures.unreachable == [] and figures.errors == [], text
    assert figures.revoked_refusals is not None and figures.revoked_refusals <= 1, text
    assert "limit violations: 0" in text and "reachable by a button or menu: yes" in text
