"""The short fleet run of `bot.py bench fleet` (tools/fleet_bench.py): two real cluster processes × two shards
each on the routing fake, two games capped at a few decisions, a `kill -9` of one process with its server's
deadline falling due while it is dead, then a split/merge round trip.  The 40-game figures are for the note."""
from __future__ import annotations

import asyncio
import re

from tools.fleet_bench import bench, parse


def test_a_short_fleet_run_answers_once_keeps_its_files_and_fires_overdue_deadlines_once(tmp_path):
    lines = asyncio.run(bench(tmp_path, parse(["--games", "2", "--decisions", "10", "--kill-after", "6",
                                               "--no-single"])))
    text = "\n".join(lines)
    answered = re.search(r"answered exactly once: (\d+)/(\d+); delivered to another shard's session: (\d+)", text)
    assert answered and answered[1] == answered[2] and int(answered[2]) >= 2 * 3 + 6 and answered[3] == "0", text
    assert text.count("exactly its own") == 2, text  # each process holds open only its own partition files
    rest = re.search(r"peak (\d+)/s over 1 s windows \(limit 50\), (\d+) answered 429", text)
    assert rest and 0 < int(rest[1]) <= 50 and rest[2] == "0", text
    fired = re.search(r"(\d+) deadlines fell due while it was dead; after its restart they played \[([\d, ]*)\]", text)
    assert fired and int(fired[1]) >= 1 and {int(n) for n in fired[2].split(",")} == {1}, text
    assert "duplicate board posts: 0" in text and "refused 0" in text, text
    assert "digests identical" in text, text
