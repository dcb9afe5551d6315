"""Two `bot.py run --cluster` processes × two shards each against a fake Discord that routes like Discord's.

Each process identifies its own shards (a fake gateway session per shard), receives only its shards'
servers, answers every interaction of those servers exactly once, holds open only its own partition files,
and the command sync happens once (the process running shard 0).  A `kill -9` of one process leaves the
other's servers answering; restarted, it identifies again through the identify lock, the deadline that fell due
while it was dead fires once (one move, nothing posted twice), and it plays on.
"""
from __future__ import annotations

import asyncio
import signal
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any, Optional

from host.deadlines import EXPIRE
from storage import open_store
from storage.layout_convert import split
from storage.partitions import Layout, owned_partitions, partition_of
from tools.protocol_fake.fake_cluster import FakeCluster
from tools.fleet_procs import bot_env, kill_left
from tools.fleet_play import open_partitions
from tools.protocol_fake.fake_payloads import CHANNELS
from tests.protocol.test_bot_on_fake_discord import TIMEOUT, buttons, callbacks, mentioned, wait_log

ROOT = Path(__file__).resolve().parents[2]
SHARDS = {"a": [0, 1], "b": [2, 3]}


def test_two_processes_serve_only_their_shards_servers(tmp_path):
    asyncio.run(scenario(tmp_path))


async def scenario(tmp: Path) -> None:
    open_store(tmp / "games.db").close()
    split(tmp / "games.db", tmp / "cluster", 16)
    fake = FakeCluster()
    await fake.start()
    procs: dict[str, Any] = {}
    logs = {name: tmp / f"bot-{name}.log" for name in SHARDS}
    try:
        for name, ids in SHARDS.items():
            with open(logs[name], "wb") as out:
                procs[name] = await asyncio.create_subprocess_exec(
                    sys.executable, str(ROOT / "bot.py"), "run", "--cluster", str(tmp / "cluster"),
                    "--shard-count", "4", "--shard-ids", ",".join(map(str, ids)), "--identify-concurrency", "4",
                    cwd=tmp, env=bot_env(tmp, fake, tmp / "unused.db"), stdout=out, stderr=out)
        await steps(fake, procs, logs, tmp)
    except AssertionError as exc:
        tails = "\n".join(f"--- {n} ---\n{p.read_text(errors='replace')[-2500:]}" for n, p in logs.items())
        raise AssertionError(f"{exc}\n{tails}") from None
    finally:
        await kill_left(procs)
        await fake.stop()


def followed_up(fake: FakeCluster, interaction: dict[str, Any]) -> bool:
    """Whether the interaction's answer came as a message after its acknowledgement (its work is done)."""
    return any(c.path.startswith("/webhooks/") and interaction["token"] in c.path and c.status == 200
               for c in fake.calls)


def moves_in(layout: Layout, guild: int) -> int:
    """The moves saved for the games of one server, read from its partition file."""
    conn = sqlite3.connect(layout.path(partition_of(guild, 16)))
    try:
        return int(conn.execute("SELECT COUNT(*) FROM moves WHERE game_id IN (SELECT id FROM games WHERE guild_id = ?)",
                                (guild,)).fetchone()[0])
    finally:
        conn.close()


def guild_of(fake: FakeCluster, message: dict[str, Any]) -> Optional[int]:
    """The server of a message posted in a game's thread or in a server's text channel (None: a DM)."""
    channel = int(message["channel_id"])
    if channel in fake.threads:
        return int(fake.threads[channel]["guild_id"])
    return next((g for g, c in CHANNELS.items() if c == channel), None)


async def steps(fake: FakeCluster, procs: dict[str, Any], logs: dict[str, Path], tmp: Path) -> None:
    for name in SHARDS:
        await wait_log(logs[name], r"logged in as \S+ in 4 servers", procs[name])
    assert sorted(fake.shards.sessions) == [0, 1, 2, 3] and fake.shards.refused == []
    await fake.wait_for("the command sync", lambda: fake.commands, TIMEOUT)
    interactions = []
    for guild in fake.cluster_guilds:
        new = await fake.slash("alice", "game", "new", guild=guild, game="wayfinders")
        interactions.append(new)
        await fake.wait_for(f"/game new in {guild}", lambda: callbacks(fake, new), TIMEOUT)
        join = await fake.slash("bob", "game", "join", guild=guild, game=1)
        interactions.append(join)
        await fake.wait_for(f"/game join in {guild}", lambda: callbacks(fake, join), TIMEOUT)
        # a join is acknowledged before its storage calls: the player reads "You joined" before the start
        await fake.wait_for(f"the join's answer in {guild}", lambda: followed_up(fake, join), TIMEOUT)
        start = await fake.slash("alice", "game", "start", guild=guild, game=1)
        interactions.append(start)
        await fake.wait_for(f"/game start in {guild}", lambda: callbacks(fake, start), TIMEOUT)
    await asyncio.sleep(1.0)  # a second answer, if any process sent one, would have arrived
    assert [len(callbacks(fake, i)) for i in interactions] == [1] * len(interactions)
    assert fake.undelivered == []
    assert {shard for shard, event, _ in fake.delivered if event == "INTERACTION_CREATE"} == {0, 1, 2, 3}
    syncs = [c for c in fake.calls if c.method == "PUT" and c.path.endswith("/commands")]
    assert len(syncs) == 1  # what is global happens once
    layout = Layout.load(tmp / "cluster")
    for name, ids in SHARDS.items():
        owned = sorted(owned_partitions(16, 4, ids))
        assert open_partitions(procs[name].pid, layout.folder) == owned
    for guild in fake.cluster_guilds:
        conn = sqlite3.connect(layout.path(partition_of(guild, 16)))
        try:
            assert conn.execute("SELECT status FROM games WHERE guild_id = ?", (guild,)).fetchall() == [("active",)]
        finally:
            conn.close()
    boards = [m for m in fake.messages.values() if any(b.startswith("mv:") for b in buttons(m))]
    assert len(boards) >= len(fake.cluster_guilds)

    # ---- kill -9 of one process: the other's servers are unaffected; after a restart its own answer again --
    procs["b"].kill()
    await procs["b"].wait()
    await fake.wait_for("shards 2 and 3 gone", lambda: sorted(fake.shards.sessions) == [0, 1], TIMEOUT)
    mine = next(g for g in fake.cluster_guilds if partition_of(g, 16) % 4 == 0)
    theirs = next(g for g in fake.cluster_guilds if partition_of(g, 16) % 4 == 2)
    status = await fake.slash("alice", "game", "status", guild=mine, game=1)
    await fake.wait_for("status in a surviving server", lambda: callbacks(fake, status), TIMEOUT)
    lost = await fake.slash("alice", "game", "status", guild=theirs, game=1)
    assert fake.undelivered[-1] == ("INTERACTION_CREATE", theirs) and not callbacks(fake, lost)
    # While the process is dead, the deadline of its server's game falls due (the timer rows are in its partition).
    conn = sqlite3.connect(layout.path(partition_of(theirs, 16)))
    try:
        with conn:
            overdue = conn.execute(
                "UPDATE timers SET due_at = ? WHERE kind = ? AND game_id IN (SELECT id FROM games WHERE guild_id = ?)",
                (time.time() - 60, EXPIRE, theirs)).rowcount
    finally:
        conn.close()
    assert overdue == 1
    before = set(fake.messages)
    logs["b2"] = tmp / "bot-b2.log"
    with open(logs["b2"], "wb") as out:
        procs["b2"] = await asyncio.create_subprocess_exec(
            sys.executable, str(ROOT / "bot.py"), "run", "--cluster", str(tmp / "cluster"), "--shard-count", "4",
            "--shard-ids", "2,3", "--identify-concurrency", "4", cwd=tmp, env=bot_env(tmp, fake, tmp / "unused.db"),
            stdout=out, stderr=out)
    await wait_log(logs["b2"], r"logged in as \S+ in 4 servers", procs["b2"])
    assert fake.shards.refused == []  # the restarted shards waited for their buckets (the identify lock)
    await fake.wait_for("the overdue deadline fired after the restart", lambda: moves_in(layout, theirs) == 1, TIMEOUT)

    def fresh() -> list[dict[str, Any]]:
        return [m for mid, m in fake.messages.items() if mid not in before and guild_of(fake, m) == theirs]

    await fake.wait_for("the board after the expired turn", lambda: [m for m in fresh() if buttons(m)], TIMEOUT)
    await asyncio.sleep(2.0)  # a second post of the same change, if any, would have arrived
    posted = [(m["channel_id"], m.get("content"), tuple(buttons(m))) for m in fresh()]
    assert posted and len(posted) == len(set(posted))  # the expiry is posted once, nothing twice
    assert moves_in(layout, theirs) == 1  # and played once
    board = next(m for m in reversed(list(fake.messages.values())) if any(b.startswith("mv:") for b in buttons(m))
                 and guild_of(fake, m) == theirs)
    player = mentioned(board)
    move = next(b for b in buttons(board) if b.startswith("mv:"))
    click = await fake.click(player, board, move)
    await fake.wait_for("a move in a restarted process's server", lambda: callbacks(fake, click), TIMEOUT)
    await asyncio.sleep(1.0)
    assert len(callbacks(fake, click)) == 1 and len(callbacks(fake, status)) == 1
    assert moves_in(layout, theirs) == 2
    del procs["b"]
    for proc in procs.values():
        proc.send_signal(signal.SIGTERM)
    for proc in procs.values():
        assert await asyncio.wait_for(proc.wait(), TIMEOUT) == 0
