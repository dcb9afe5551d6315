"""The event loop never waits on a search: a human's game answers and posts while hard bots think elsewhere.

Real search worker processes with a small budget (tools/search_load_bench.py `measure`, `bot.py bench
search-load` prints the figures): four Wayfinders games of three hard bots each are kept thinking while two
humans play a fifth game; every `/play` there is answered within Discord's 3 s (a contract: Discord drops a
later answer) and its board is posted.  How fast the boards follow is a figure the bench prints, not asserted
here.
"""
from __future__ import annotations

import asyncio

from tools.search_load_bench import measure


def test_a_human_game_answers_and_posts_promptly_while_four_games_of_hard_bots_think():
    fig = asyncio.run(measure(moves=4, search_ms=150, workers=2))
    assert len(fig["answers"]) == 4
    assert max(fig["answers"]) < 3.0, fig["answers"]
    assert len(fig["posts"]) == 4  # every move's board was posted while the bots thought
    assert max(fig["searching"]) >= 2, fig  # the search workers were busy while the human played
    assert fig["failures"] == 0 and fig["pids"] == 2
