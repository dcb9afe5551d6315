"""Short versions of `bot.py loadtest` and `bot.py crashtest` (the full ones: README, "Load and crash tests").

Figures are printed, not asserted (house rule); asserted are the correctness
results: no error, no lost or duplicated move, every race with one winner and a
clear reply, a clean integrity check, and a clean start of the real bot after
the last kill -9 (timers fire, bot seats move, a board's persistent buttons still play)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tools.integrity import check_database
from host.tables import TableService
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
    assert figure(r"of which (\d+) by bot seats", out) > 0
    races, clean = re.search(r"races: (\d+), resolved with exactly one winner and a clear reply: (\d+)", out).groups()
    assert int(races) > 0 and races == clean
    assert "lost: 0; duplicated or unacknowledged in the log: 0" in out
    assert "errors: 0" in out
    assert check_database(db).ok


def test_short_crash_test_12_kills_lose_no_acknowledged_move(tmp_path):
    """12 kill -9 under load (the full `bot.py crashtest` kills 30 times) and 2 kills of the real bot between a
    save and its post; then the real bot starts cleanly on the crashed database: the change saved but not posted
    is posted, every running game is timed, a deadline that fell due while it was down fires, bot seats left to
    act move, a board posted before the crashes still plays."""
    db = tmp_path / "crash.db"
    out = run_cli("crashtest", "--db", str(db), "--kills", "12", "--games", "30", "--players", "90", "--rate", "10",
                  "--min-wait", "0.3", "--max-wait", "1.2", "--final-seconds", "4", "--seed", "3", "--save-kills", "2", timeout=400)
    assert "RESULT: PASS" in out
    assert "kills: 12" in out
    assert "kills between save and post: 2 (each exited 137 with its change saved)" in out
    assert figure(r"acknowledged moves: (\d+)", out) > 0  # how many depends on the machine: printed above
    assert "lost: 0; acknowledged twice: 0" in out
    assert "start-up of the real bot after the last crash: clean" in out
    report = check_database(db)
    assert report.ok, report.problems
    planted = TableService(open_store(db))
    try:
        assert planted.games.move_count(2) >= 1  # the deadline's bot move for alice
        assert not TimerStore(planted.store).due(time.time() - 1)
        assert planted.games.move_count(1) == 1  # the button pressed after the restart
        healed = planted.games.get(3)  # started, then a move saved, each by a process killed before its post
        assert healed.posted_version == healed.version
        assert planted.games.move_count(3) == 2  # the move saved before the kill, then the button pressed after
    finally:
        planted.store.close()
