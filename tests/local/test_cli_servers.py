"""`bot.py local --guild NAME` and `--dm`: the real bot, one process per command."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def local(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(BOT), "local", "--db", str(tmp_path / "games.db"), "--out", str(tmp_path / "out"),
           *args]
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=120, cwd=tmp_path)


def lines(done: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_two_servers_and_a_dm_from_the_command_line(tmp_path):
    opened = local(tmp_path, "--json", "--as", "alice", "/game new game:wayfinders")
    assert opened.returncode == 0, opened.stderr
    assert {(d["guild"], d["channel"]) for d in lines(opened)} == {("local", "local"), ("local", "wayfinders-1")}

    far = local(tmp_path, "--json", "--guild", "B", "--as", "mallory", "/game join game:1")
    assert far.returncode == 1
    assert [(d["guild"], d["ephemeral"], d["content"]) for d in lines(far)] == [("B", True, "There is no game #1.")]

    dm = local(tmp_path, "--json", "--dm", "--as", "mallory", "--locale", "es", "/game list everywhere:true")
    assert dm.returncode == 1
    [reply] = lines(dm)
    assert reply["guild"] is None and reply["ephemeral"] and "mensaje directo" in reply["content"]

    thread = local(tmp_path, "--guild", "B", "--channel", "wayfinders-1", "/game status")
    assert thread.returncode == 1 and "no channel or thread called 'wayfinders-1'" in thread.stderr


def test_interactive_table_switches_servers_and_to_a_dm(tmp_path):
    script = "\n".join([
        "/game new game:wayfinders",
        "guild B",
        "as mallory /game list everywhere:true",
        "complete /game join game:",
        "dm",
        "/game status game:1",
        "guild local",
        "/game list everywhere:true",
        "help",
        "quit",
    ]) + "\n"
    done = local(tmp_path, "--as", "alice", stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "(new server) now in B, #local" in out
    assert "[B #local] (only you) No open or running games here." in out and "(no suggestions)" in out
    assert "not in a direct message" in out
    assert "now in server local, #local" in out and out.count("Wayfinders #1") >= 3
    assert "guild NAME" in out and "Servers: local, B" in out
