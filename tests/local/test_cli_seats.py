"""`bot.py local` takes a member's name for a user option (`/game invite user:carol`), one process per command;
a user who never acted in another server is no member of it there."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def local(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(BOT), "local", "--db", str(tmp_path / "games.db"), "--out", str(tmp_path / "out"), *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=tmp_path)


def lines(done: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_invite_a_member_by_name_then_they_press_join(tmp_path):
    assert local(tmp_path, "--as", "alice", "/game new game:wayfinders private:true").returncode == 0
    invited = local(tmp_path, "--json", "--as", "alice", "--locale", "es", "/game invite user:carol")
    assert invited.returncode == 0, invited.stderr
    private, post = lines(invited)
    assert (private["ephemeral"], private["content"]) == (True, "Has invitado a carol a Wayfinders #1.")
    assert post["channel"] == "wayfinders-1" and post["content"].startswith("<@")  # a real mention, by id
    joined = local(tmp_path, "--as", "carol", "--channel", "wayfinders-1", "press 1")
    assert joined.returncode == 0 and "You joined Wayfinders #1." in joined.stdout
    far = local(tmp_path, "--guild", "B", "--as", "mallory", "/game new game:wayfinders")
    assert far.returncode == 0
    stranger = local(tmp_path, "--guild", "B", "--as", "mallory", "/game invite user:dan")
    assert stranger.returncode == 1 and "That user is not a member of this server." in stranger.stdout
