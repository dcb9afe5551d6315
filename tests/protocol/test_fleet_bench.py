"""The short fleet run of `bot.py bench fleet` (tools/fleet_bench.py): two real cluster processes × one shard each
on the routing fake, two games capped at a few decisions, a `kill -9` of one process straight after a click with
its server's deadline falling due while it is dead, a reshard to four processes × one shard over the same
partition files while the games play, then a split/merge round trip.  The 40-game figures are for the note."""
from __future__ import annotations

import asyncio
import re

from tools.fleet_bench import bench, parse


def test_a_short_fleet_run_answers_once_keeps_its_files_fires_overdue_deadlines_once_and_reshards(tmp_path):
    lines = asyncio.run(bench(tmp_path, parse(["--games", "2", "--decisions", "10", "--kill-after", "6",
                                               "--reshard", "2:4", "--reshard-after", "12", "--no-single"])))
    text = "\n".join(lines)
    answered = re.search(r"answered exactly once: (\d+)/(\d+); delivered to another shard's session: (\d+)", text)
    assert answered and answered[1] == answered[2] and int(answered[2]) >= 2 * 3 + 6 and answered[3] == "0", text
    assert text.count("exactly its own") == 4, text  # each process holds open only its own partition files
    resharded = re.search(r"reshard 2 -> 4 after (\d+) moves: 4 processes over the same 16 files; state digests of "
                          r"(\d+) games identical", text)
    assert resharded and int(resharded[1]) >= 12 and int(resharded[2]) == 2, text
    played = re.search(r"(\d+) moves in", text)
    assert played and int(played[1]) > int(resharded[1]), text  # the games played on after the reshard
    rest = re.search(r"peak (\d+)/s over 1 s windows \(limit 50\), (\d+) answered 429", text)
    assert rest and 0 < int(rest[1]) <= 50 and rest[2] == "0", text
    fired = re.search(r"(\d+) deadlines fell due while it was dead; after its restart they played \[([\d, ]*)\] moves, "
                      r"each by the bot for the seat whose turn it was \(fired once\)", text)
    assert fired and int(fired[1]) >= 1 and min(int(n) for n in fired[2].split(",")) >= 1, text
    identifies = re.search(r"identifies: (\d+) \(expected (\d+):", text)
    assert identifies and identifies[1] == identifies[2] == str(2 + 1 + 4), text  # 2 shards, the victim's, then 4
    spread = re.search(r"first responses after [\d.]+ s \(median\), [\d.]+ s \(99%\), [\d.]+ s \(worst\), \d+ over "
                       r"1 s, (\d+) after 3 s; the fake's worst event-loop lag [\d.]+ s", text)
    assert spread and spread[1] == "0", text  # as the fake saw them, beside its own lag
    assert "duplicate board posts: 0" in text and "refused 0" in text, text
    assert "digests identical" in text, text
