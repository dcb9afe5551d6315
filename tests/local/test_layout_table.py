"""The local table on a cluster layout folder: the real bot and command tree over partition files."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

from storage import open_store
from storage.partitions import Layout, partition_of

BOT = Path(__file__).resolve().parents[2] / "bot.py"


def run(tmp_path: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BOT), *args], input=stdin, capture_output=True, text=True,
                          timeout=180, cwd=tmp_path)


def test_games_of_two_servers_live_in_their_partitions_and_survive_merge(tmp_path):
    open_store(tmp_path / "games.db").close()
    assert run(tmp_path, "split", "--db", "games.db", "--partitions", "16", "--out", "cluster").returncode == 0
    script = "\n".join([
        "guild A", "/game new game:wayfinders", "as bob /game join game:1", "as carol /game join game:1",
        "as alice /game start game:1",
        "guild B", "as mallory /game new game:wayfinders", "as bob /game join game:1", "as carol /game join game:1",
        "as mallory /game start game:1", "/game list",
        "guild A", "/game list", "quit",
    ]) + "\n"
    done = run(tmp_path, "local", "--db", "cluster", "--out", "out", "--as", "alice", stdin=script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Wayfinders #1") >= 4  # each server numbers its own games
    layout = Layout.load(tmp_path / "cluster")
    where = {}
    for index, path in enumerate(layout.paths()):
        conn = sqlite3.connect(path)
        try:
            for gid, guild, status in conn.execute("SELECT id, guild_id, status FROM games"):
                assert partition_of(guild, 16) == index and gid % 16 == index
                where[guild] = status
        finally:
            conn.close()
    assert sorted(where.values()) == ["active", "active"]
    checked = run(tmp_path, "check", "--db", "cluster")
    assert checked.returncode == 0 and "checked 2 games" in checked.stdout, checked.stdout + checked.stderr
    merged = run(tmp_path, "merge", "--from", "cluster", "--db", "merged.db")
    assert merged.returncode == 0 and "2 game digests match" in merged.stdout, merged.stderr
