"""Clean stops: SIGTERM/SIGINT stop taking commands, finish the work in flight, close
the gateway and the database with its WAL checkpointed (no -wal file remains)."""
from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import discord
import pytest

from bot import make_bot
from cogs.lifecycle import drain, serve
from local import LocalTable

ROOT = Path(__file__).resolve().parents[2]


def test_sigterm_stops_the_local_table_cleanly_and_leaves_no_wal(tmp_path):
    db = tmp_path / "games.db"
    proc = subprocess.Popen([sys.executable, str(ROOT / "bot.py"), "local", "--db", str(db), "--out",
                             str(tmp_path / "out")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        proc.stdin.write("/game new game:wayfinders\n")
        proc.stdin.flush()
        assert "opened **Wayfinders #1**" in "".join(iter_until(proc, "opened **"))
        assert Path(f"{db}-wal").exists()  # the table is running on the database
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err  # as Ctrl-C: the table closed, then exited
    assert "Traceback" not in err
    assert not Path(f"{db}-wal").exists()
    assert not Path(f"{db}-shm").exists()


def iter_until(proc: subprocess.Popen, word: str, limit: float = 120.0):
    """Lines of the child's output up to the first containing `word` (blocking reads; the child answers)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            return
        yield line
        if word in line:
            return


def test_a_closing_bot_answers_restarting_and_changes_nothing(tmp_path):
    async def go():
        table = LocalTable(lambda path, **k: make_bot(path, **k), str(tmp_path / "g.db"), out_dir=str(tmp_path / "o"))
        await table.start()
        try:
            table.bot.closing = True
            replies = await table.command("alice", "/game new game:wayfinders")
            assert [m.content for m in replies] == [
                "The bot is restarting: nothing was done. Please try again in a minute."]
            assert replies[0].ephemeral
            assert table.bot.service.games.all_ids() == []
        finally:
            await table.close()
    asyncio.run(go())


def test_close_waits_for_the_work_in_flight_then_checkpoints(tmp_path):
    async def go():
        table = LocalTable(lambda path, **k: make_bot(path, **k), str(tmp_path / "g.db"), out_dir=str(tmp_path / "o"))
        await table.start()
        bot = table.bot
        finished = []

        async def a_move_in_flight():
            await asyncio.sleep(0.2)
            bot.service.games.set_deadline(1, None)  # the database is still open for it
            finished.append(True)
        await table.command("alice", "/game new game:wayfinders")
        task = asyncio.get_running_loop().create_task(a_move_in_flight(), name="CommandTree-invoker")
        await table.close()
        assert task.done() and finished == [True]
        assert bot.closing
    asyncio.run(go())
    assert not (tmp_path / "g.db-wal").exists()


def test_drain_gives_up_after_the_grace_period():
    async def go():
        stuck = asyncio.get_running_loop().create_task(asyncio.sleep(30), name="bots-game-7")
        other = asyncio.get_running_loop().create_task(asyncio.sleep(30), name="background:timer-scheduler")
        left = await drain(0.05)
        stuck.cancel()
        other.cancel()
        return left
    assert asyncio.run(go()) == ["bots-game-7"]


class FakeGateway:
    """What `serve` needs of the bot: start runs until close."""

    def __init__(self):
        self.closed = asyncio.Event()
        self.order: list[str] = []

    async def start(self, token: str) -> None:
        self.order.append(f"start {token}")
        await self.closed.wait()

    def is_closed(self) -> bool:
        return self.closed.is_set()

    async def close(self) -> None:
        self.order.append("close")
        self.closed.set()


def test_serve_closes_the_bot_on_sigterm_and_on_sigint():
    for sig in (signal.SIGTERM, signal.SIGINT):
        async def go():
            bot = FakeGateway()
            loop = asyncio.get_running_loop()
            loop.call_later(0.05, os.kill, os.getpid(), sig)
            await serve(bot, "token")
            for s in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(s)
            return bot.order
        assert asyncio.run(go()) == ["start token", "close"], sig


class LaunchingGateway(FakeGateway):
    """A gateway still launching shards: as discord.py's launch_shard, it retries whether closed or not."""

    async def start(self, token: str) -> None:
        self.order.append(f"start {token}")
        try:
            while True:
                await asyncio.sleep(5.0)
                self.order.append("retry")
        except asyncio.CancelledError:
            self.order.append("launch cancelled")
            raise


def test_serve_ends_a_launch_still_retrying_after_the_close():
    async def go():
        bot = LaunchingGateway()
        loop = asyncio.get_running_loop()
        loop.call_later(0.05, os.kill, os.getpid(), signal.SIGTERM)
        await asyncio.wait_for(serve(bot, "token"), 30)
        for s in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(s)
        return bot.order
    assert asyncio.run(go()) == ["start token", "close", "launch cancelled"]


def test_serve_raises_what_the_gateway_raised():
    class Refused(FakeGateway):
        async def start(self, token: str) -> None:
            raise discord.LoginFailure("bad token")

    with pytest.raises(discord.LoginFailure):
        asyncio.run(serve(Refused(), "token"))
