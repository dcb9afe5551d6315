"""`bot.py cluster` stops cleanly and soon after SIGTERM, even while its processes are still identifying.

Two processes × two shards on the routing fake with one identify bucket: the four identifies take turns 5.5 s
apart, so a SIGTERM after the first two finds each process with a shard still to launch.  discord.py retries a
shard's launch every 5 s whether the client is closed or not, so such a process used to outlive the
supervisor's grace and be killed (its partitions not closed, their -wal files left).  Now each process closes,
its launch cancelled: the supervisor exits 0 well within the bound, no process was killed, every child is gone
and every partition file was checkpointed and closed.
"""
from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path

from storage import open_store
from storage.layout_convert import split
from tools.fleet_procs import bot_env, kill_left
from tools.protocol_fake.fake_cluster import FakeCluster

ROOT = Path(__file__).resolve().parents[2]
BOUND = 90.0  # seconds: a correctness bound (the supervisor's grace is 30 s), not a timing figure


def test_sigterm_stops_every_process_cleanly_while_shards_are_still_launching(tmp_path):
    asyncio.run(scenario(tmp_path))


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def scenario(tmp: Path) -> None:
    open_store(tmp / "games.db").close()
    split(tmp / "games.db", tmp / "cluster", 16)
    fake = FakeCluster(shard_count=4, max_concurrency=1, per_shard=1)
    await fake.start()
    log = tmp / "cluster.log"
    procs = {}
    children: list[int] = []
    try:
        with open(log, "wb") as out:
            procs["cluster"] = await asyncio.create_subprocess_exec(
                sys.executable, str(ROOT / "bot.py"), "cluster", "--cluster", str(tmp / "cluster"), "--shard-count",
                "4", "--processes", "2", "--identify-concurrency", "1", cwd=tmp,
                env=bot_env(tmp, fake, tmp / "unused.db"), stdout=out, stderr=out, start_new_session=True)
        supervisor = procs["cluster"]
        await fake.wait_for("two shards connected", lambda: len(fake.shards.sessions) >= 2, 300, process=supervisor)
        text = log.read_text(errors="replace")
        children.extend(int(p) for p in re.findall(r"started pid (\d+)", text))
        assert len(children) == 2, text
        assert "logged in as" not in text or text.count("logged in as") < 2, text  # a launch is still running
        supervisor.send_signal(signal.SIGTERM)
        code = await asyncio.wait_for(supervisor.wait(), BOUND)
        text = log.read_text(errors="replace")
        assert code == 0, text[-4000:]
        assert "did not stop" not in text, text[-4000:]  # no process was killed after the grace
        assert not [pid for pid in children if alive(pid)], text[-4000:]
        assert not list((tmp / "cluster").glob("part-*.db-wal")), sorted(p.name for p in (tmp / "cluster").iterdir())
    finally:
        await kill_left(procs)
        for pid in children:  # what a failed stop left behind
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        await fake.stop()
