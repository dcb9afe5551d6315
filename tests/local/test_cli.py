"""The local table CLI as separate processes against one database (asynchronous play across days)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

RUNNER = Path(__file__).with_name("run_demo.py")


def run(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(RUNNER), "--db", str(tmp_path / "games.db"), "--out", str(tmp_path / "out"), *args]
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60, cwd=tmp_path)


def test_one_shot_json_lines_then_a_second_process_presses_in_the_thread(tmp_path):
    first = run(tmp_path, "--json", "--as", "alice", "/demo table name:alpha")
    assert first.returncode == 0, first.stderr
    lines = [json.loads(line) for line in first.stdout.splitlines()]
    assert [list(d) for d in lines] == [["guild", "channel", "ephemeral", "content", "embeds", "files",
                                         "components"]] * 2
    assert {d["guild"] for d in lines} == {"local"}
    board, ready = lines
    assert board["channel"] == "alpha" and board["ephemeral"] is False and board["embeds"][0]["title"] == "Table alpha"
    assert Path(board["files"][0]).exists()
    assert ready["channel"] == "local" and ready["ephemeral"] is True

    second = run(tmp_path, "--json", "--as", "bob", "--channel", "alpha", "press", "1")
    assert second.returncode == 0, second.stderr
    pressed = [json.loads(line) for line in second.stdout.splitlines()]
    assert [(d["channel"], d["ephemeral"], d["content"]) for d in pressed][0] == ("alpha", True, "you bumped 1")
    assert pressed[1]["content"].endswith("bumped the counter to 2")


def test_unknown_and_refused_commands_exit_1_with_a_message(tmp_path):
    unknown = run(tmp_path, "/demo frob")
    assert unknown.returncode == 1 and unknown.stdout == ""
    assert "unknown subcommand 'frob'" in unknown.stderr
    refused = run(tmp_path, "--as", "alice", "/demo refuse")
    assert refused.returncode == 1 and "(only you) no, not now" in refused.stdout
    nowhere = run(tmp_path, "--channel", "nowhere", "/demo echo hi")
    assert nowhere.returncode == 1 and "no channel or thread called 'nowhere'" in nowhere.stderr


def test_interactive_session_switches_users_and_channels(tmp_path):
    script = "\n".join([
        "help /demo echo",
        "/demo table name:beta",
        "as bob",
        "channel beta",
        "press 1",
        "complete /demo pick fruit:bl",
        "as carol /demo whois who:bob",
        "quit",
    ]) + "\n"
    done = run(tmp_path, "--locale", "es-ES", stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "/demo echo text: [times:] [loud:] [ratio:]" in out
    assert "[#beta] @alice opened the table" in out and "  1) Bump 1" in out
    assert "now in #beta" in out
    assert "[#beta] (only you) you bumped 1" in out and "[#beta] @bob bumped the counter to 2" in out
    assert "1) Blueberry  -> blueberry" in out
    assert "[#beta] that is bob (@bob)" in out
    assert "Traceback" not in done.stderr
