"""`bot.py local --now`: the bot on a shifted clock, timers due by then firing before the command."""
from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from local.timeshift import parse_offset, shifted_clock

ROOT = Path(__file__).resolve().parents[2]


def test_offsets_and_iso_times():
    real = lambda: 1_000_000.0  # noqa: E731
    assert parse_offset("+36h", real) == 36 * 3600
    assert parse_offset("+2d", real) == 2 * 86400
    assert parse_offset("+90m", real) == 90 * 60
    assert parse_offset("-1h", real) == -3600
    assert parse_offset("+1d12h", real) == 36 * 3600
    when = datetime(1970, 1, 13, 0, 0, tzinfo=timezone.utc)
    assert parse_offset(when.isoformat(), real) == when.timestamp() - 1_000_000.0
    assert shifted_clock("+1h", real)() == 1_003_600.0
    for bad in ("2d", "+2x", "tomorrow", "", "+" + "9" * 4400 + "h", "+" + "9" * 400 + "h", "+٣h", "+200000w",
                "+1h" * 6):
        with pytest.raises(ValueError):
            parse_offset(bad, real)


def local(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(ROOT / "bot.py"), "local", "--db", str(tmp_path / "games.db"),
           "--out", str(tmp_path / "out"), *args]
    env = {**os.environ, "GAMEHOST_SEED": "11", "PYTHONPATH": str(ROOT)}
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)


def test_now_shows_a_reminder_then_a_turn_a_bot_played_after_two_days(tmp_path):
    for who, line in (("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                      ("alice", "/game start game:1")):
        done = local(tmp_path, "--as", who, line)
        assert done.returncode == 0, done.stdout + done.stderr

    day = local(tmp_path, "--now", "+25h", "/game status game:1")
    assert day.returncode == 0, day.stderr
    out = day.stdout
    reminder = out.index("it is still your decision in Wayfinders #1")
    assert out.index("(only you) **Wayfinders #1**") > reminder  # the timer fired before the command ran
    assert "Time is up" not in out

    again = local(tmp_path, "--now", "+25h", "/game status game:1")
    assert "it is still your decision" not in again.stdout  # never the same reminder twice

    later = local(tmp_path, "--now", "+2d", "--guild-locale", "es", "--locale", "en", "/game status game:1")
    assert later.returncode == 0, later.stderr
    out = later.stdout
    assert "  | ⏰ Se acabó el tiempo de bob" in out and "Un bot jugó en su lugar" in out  # on the board it played
    assert "[image]" in out.split("Se acabó el tiempo", 1)[1]  # the bot's move was posted as a board
    assert out.index("Se acabó el tiempo") < out.index("(only you) **Wayfinders #1**")  # English for the user


def test_a_bad_now_is_a_clear_error(tmp_path):
    done = local(tmp_path, "--now", "soon", "/game list")
    assert done.returncode == 2 and "--now takes an ISO time" in done.stderr


def test_output_piped_into_a_reader_that_leaves_early_is_no_traceback(tmp_path):
    """`local … | head -1`: the pipe closes under the table; it exits quietly (141, as a shell would)."""
    assert local(tmp_path, "--as", "alice", "/game new game:wayfinders bots:1").returncode == 0
    cmd = [sys.executable, str(ROOT / "bot.py"), "local", "--db", str(tmp_path / "games.db"),
           "--out", str(tmp_path / "out"), "--as", "alice", "/game status game:1"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the table prints anything
    with os.fdopen(write, "w") as closed:
        done = subprocess.run(cmd, stdout=closed, stderr=subprocess.PIPE, text=True, timeout=120, cwd=tmp_path,
                              env=env)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 141
