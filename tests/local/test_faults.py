"""`bot.py local --faults SPEC`: the bot's message writes fail as Discord's sometimes do (local/faults.py), and
a move made meanwhile is saved, its board owed, and posted (board and ping, once) by the next command."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from local.faults import Faults, FaultSpecError, parse_faults
from local.registry import Registry
from storage import open_store

ROOT = Path(__file__).resolve().parents[2]
POST = ("POST", "/channels/{channel_id}/messages")
EDIT = ("PATCH", "/channels/{channel_id}/messages/{message_id}")


def test_specs_name_bursts_of_message_writes():
    faults = Faults("503x2,429-novia")
    assert faults.next_fault("POST", "/interactions/{interaction_id}/{interaction_token}/callback") is None
    assert [faults.next_fault(*POST), faults.next_fault(*EDIT), faults.next_fault(*POST),
            faults.next_fault(*POST)] == ["503", "503", "429-novia", None]
    cycle = Faults("5xxx4")
    assert [cycle.next_fault(*POST) for _ in range(5)] == ["500", "502", "503", "504", None]
    every = Faults("503/3")
    assert [every.next_fault(*POST) for _ in range(7)] == ["503", None, None, "503", None, None, "503"]
    assert dict(every.injected) == {"503": 3}
    assert not Faults("")
    for bad in ("504x", "418", "503x2/2", "503x0", "slow"):
        with pytest.raises(FaultSpecError):
            parse_faults(bad)


def local(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(ROOT / "bot.py"), "local", "--db", str(tmp_path / "games.db"),
           "--out", str(tmp_path / "out"), *args]
    env = {**os.environ, "GAMEHOST_SEED": "11", "PYTHONPATH": str(ROOT)}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180, cwd=tmp_path, env=env)


def test_a_move_made_during_503s_is_posted_with_its_ping_by_the_next_command(tmp_path):
    for who, line in (("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                      ("alice", "/game start game:1")):
        done = local(tmp_path, "--as", who, line)
        assert done.returncode == 0, done.stdout + done.stderr
    first = re.search(r"@(\w+)\n", done.stdout).group(1)  # who must act (the start's ping)
    other = {"alice": "bob", "bob": "alice"}[first]

    moved = local(tmp_path, "--faults", "503x6", "--as", first, "--channel", "wayfinders-1", "press 1")
    assert moved.returncode == 0, moved.stdout + moved.stderr
    assert "Your move is saved" in moved.stdout and f"@{other}" not in moved.stdout  # saved, the board owed
    assert "503" in moved.stderr

    later = local(tmp_path, "--now", "+5m", "--as", other, "--channel", "wayfinders-1", "/game status")
    assert later.returncode == 0, later.stdout + later.stderr
    assert later.stdout.count(f"@{other}") == 1  # the board and its ping, once
    assert later.stdout.count("· move 1 ·") == 1 and later.stdout.index(f"@{other}") < later.stdout.index("(only you)")

    again = local(tmp_path, "--now", "+10m", "--as", other, "--channel", "wayfinders-1", "/game status")
    assert f"@{other}" not in again.stdout  # delivered: not again

    check = subprocess.run([sys.executable, str(ROOT / "bot.py"), "check", "--db", str(tmp_path / "games.db")],
                           capture_output=True, text=True, timeout=180, cwd=tmp_path,
                           env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert check.returncode == 0 and "clean" in check.stdout, check.stdout + check.stderr


def test_a_bad_spec_is_refused_with_what_it_takes(tmp_path):
    done = local(tmp_path, "--faults", "418", "/game list")
    assert done.returncode == 2 and "KIND[xN][/EVERY]" in done.stderr


def test_a_bot_killed_with_a_board_owed_has_it_posted_once_by_the_next_process(tmp_path):
    for who, line in (("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                      ("alice", "/game start game:1")):
        done = local(tmp_path, "--as", who, line)
        assert done.returncode == 0, done.stdout + done.stderr
    first = re.search(r"@(\w+)\n", done.stdout).group(1)
    other = {"alice": "bob", "bob": "alice"}[first]
    cmd = [sys.executable, str(ROOT / "bot.py"), "local", "--db", str(tmp_path / "games.db"), "--out",
           str(tmp_path / "out"), "--faults", "lostx1,503x50", "--as", first, "--channel", "wayfinders-1"]
    bot = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                           cwd=tmp_path, env={**os.environ, "GAMEHOST_SEED": "11", "PYTHONPATH": str(ROOT)})
    try:
        assert bot.stdin is not None and bot.stdout is not None
        bot.stdin.write("press 1\n")
        bot.stdin.flush()
        seen = []
        for line in bot.stdout:  # the move is answered; its board made but unanswered, then refused
            seen.append(line)
            if "Your move is saved" in line:
                break
        assert any("Your move is saved" in line for line in seen), seen
    finally:
        bot.kill()  # as kill -9: no clean stop, retries still waiting
        bot.wait(timeout=30)

    later = local(tmp_path, "--now", "+10m", "--as", other, "--channel", "wayfinders-1", "/game status")
    assert later.returncode == 0, later.stdout + later.stderr
    assert f"@{other}" not in later.stdout  # the board was out already (made, its answer lost): not again
    registry = Registry(str(tmp_path / "games.db"))
    thread = registry.find_channel("wayfinders-1")
    boards = [r for r in registry.history(thread.id, limit=50) if "· move 1 ·" in str(r.payload.get("embeds"))
              and not r.visible_to]
    assert len(boards) == 1, [b.payload.get("content") for b in boards]  # exactly once
    assert f"<@{registry.user(other).id}>" in (boards[0].payload.get("content") or "")
    store = open_store(tmp_path / "games.db")
    game = store.conn.execute("SELECT version, posted_version, owed_since FROM games").fetchone()
    store.close()
    assert game[0] == game[1] and game[2] is None  # recorded as delivered
