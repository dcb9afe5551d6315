"""`bot.py bench fleet`'s options: the kill and the reshard come in the order of their move counts, a reshard
may keep the process count (2 processes over 2 shards, then over 4), and a load-stretched step never shrinks."""
from __future__ import annotations

import asyncio

import pytest

from tools import fleet_play
from tools.fleet_bench import events, parse


def test_the_kill_and_the_reshard_come_in_the_order_of_their_move_counts():
    args = parse(["--reshard", "2:4", "--reshard-after", "200", "--kill-after", "1500", "--reshard-processes", "2"])
    assert sorted(events(args)) == [(200, "reshard"), (1500, "kill")]
    assert (args.shards, args.processes, args.reshard_processes) == (2, 2, 2)
    assert sorted(events(parse(["--kill-after", "5", "--reshard", "2:4", "--reshard-after", "9"]))) == \
        [(5, "kill"), (9, "reshard")]
    assert events(parse(["--no-kill"])) == []


@pytest.mark.parametrize("argv", [["--reshard", "2:4", "--reshard-processes", "5"], ["--processes", "5"],
                                  ["--victim", "2"], ["--reshard", "2:3"]])
def test_options_that_cannot_run_are_refused(argv, capsys):
    with pytest.raises(SystemExit):
        parse(argv)
    assert "error" in capsys.readouterr().err


def test_a_step_is_stretched_by_the_load_per_core_between_once_and_most(monkeypatch):
    monkeypatch.setattr(fleet_play.os, "cpu_count", lambda: 2)
    for load, stretch in ((0.5, 1.0), (2.0, 1.0), (6.0, 3.0), (40.0, fleet_play.MOST)):
        monkeypatch.setattr(fleet_play.os, "getloadavg", lambda load=load: (load, 0.0, 0.0))
        assert fleet_play.patience(10.0) == 10.0 * stretch


def test_a_wait_on_the_database_is_rechecked_without_any_discord_traffic():
    async def go() -> bool:
        fake = fleet_play.TimedFake()
        saved: list[int] = []
        asyncio.get_running_loop().call_later(0.2, saved.append, 1)  # a bot's move saved; no call reaches the fake
        return bool(await fleet_play.polled(fake, "the saved move", lambda: saved, 10.0, every=0.1))
    assert asyncio.run(go())
