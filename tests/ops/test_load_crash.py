"""Short versions of `bot.py loadtest` and `bot.py crashtest` (the full ones: README, "Load and crash tests").

Figures are printed, not asserted (house rule); asserted are the correctness
results: no error, no lost or duplicated move, every race with one winner and a
clear reply, a clean integrity check, and a clean start after the last kill -9
(the real bot on the crashed database: a board's persistent buttons still play)."""
from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from pathlib import Path

from bot import make_bot
from cogs.integrity import check_database
from cogs.local import LocalTable
from cogs.service import TableService
from storage import TimerStore, open_store

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, timeout: float) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("DISCORD_TOKEN", None)
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py"), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=env)
    out = proc.stdout + proc.stderr
    print(out)  # the figures, in the test log
    assert proc.returncode == 0, out
    return out


def figure(pattern: str, out: str) -> int:
    found = re.search(pattern, out)
    assert found, (pattern, out)
    return int(found.group(1))


def test_short_load_test_loses_nothing_and_resolves_every_race(tmp_path):
    db = tmp_path / "load.db"
    out = run_cli("loadtest", "--db", str(db), "--minutes", "0.25", "--games", "60", "--players", "180",
                  "--race", "0.1", "--progress", "5", timeout=240)
    assert "RESULT: PASS" in out
    assert figure(r"moves accepted: (\d+)", out) > 50
    races, clean = re.search(r"races: (\d+), resolved with exactly one winner and a clear reply: (\d+)", out).groups()
    assert int(races) > 0 and races == clean
    assert "lost: 0; duplicated or unacknowledged in the log: 0" in out
    assert "errors: 0" in out
    assert check_database(db).ok


def board_game(db: Path, out: Path) -> None:
    """A game through the real bot: its board with persistent buttons is in the thread."""
    async def go():
        table = LocalTable(lambda path: make_bot(path), str(db), out_dir=str(out))
        await table.start()
        try:
            await table.command("alice", "/game new game:wayfinders")
            await table.command("bob", "/game join")
            started = await table.command("alice", "/game start")
            assert not started.refused
        finally:
            await table.close()
    asyncio.run(go())


def press_after_restart(db: Path, out: Path, game_id: int) -> None:
    service = TableService(open_store(db))
    table = service.table(game_id)
    first = table.user_of(table.to_act[0]).name
    service.store.close()

    async def go():
        table = LocalTable(lambda path: make_bot(path), str(db), out_dir=str(out))
        await table.start()
        try:
            replies = await table.press(first, 1, f"wayfinders-{game_id}")
            assert not replies.refused, [m.content for m in replies]
        finally:
            await table.close()
    asyncio.run(go())
    service = TableService(open_store(db))
    assert service.games.move_count(game_id) == 1
    service.store.close()


def test_short_crash_test_30_kills_lose_no_acknowledged_move(tmp_path):
    db = tmp_path / "crash.db"
    board_game(db, tmp_path / "out")
    store = open_store(db)
    timer = TimerStore(store).add(kind="deadline", due_at=time.time() + 1, now=time.time(), game_id=1,
                                  payload={"seat": "p1"})
    store.close()
    out = run_cli("crashtest", "--db", str(db), "--keep-db", "--kills", "30", "--games", "30", "--players", "90",
                  "--min-wait", "0.1", "--max-wait", "0.9", "--final-seconds", "4", "--seed", "3", timeout=400)
    assert "RESULT: PASS" in out
    assert "kills: 30" in out
    assert figure(r"acknowledged moves: (\d+)", out) > 100
    assert "lost: 0; acknowledged twice: 0" in out
    report = check_database(db)
    assert report.ok, report.problems
    # A timer set before the crashes is still there and due (a deadline runner fires it at start-up).
    store = open_store(db)
    assert timer in [t.id for t in TimerStore(store).due(time.time())]
    store.close()
    # The real bot starts cleanly on the crashed database: the board posted before the crashes still plays.
    press_after_restart(db, tmp_path / "out", 1)
    assert check_database(db).ok
