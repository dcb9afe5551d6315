"""A complete 3-player Wayfinders game on the local table, played by separate processes.

This is what a new user does from the README: each command is a separate
`python bot.py local` process against the same database (asynchronous play
across days). The test chooses moves like a player would (reading the board
state), plays them with `/play` or by pressing the board's buttons, and checks
a board image after every move and the final scores at the end.

The lobby, the start and the first OPENING moves are each a process of their own, then every
PROCESS_EVERY-th move; the moves between are played by the same local table in this process (the
code a process runs, without its second and a half of start-up each), opened again after each
process, so the game crosses a restart every few moves up to its end.
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

from bot import make_bot
from host.tables import TableService
from local.table import LocalTable
from storage import open_store
from tests.e2e.policy import choose

ROOT = Path(__file__).resolve().parents[2]
SEED = "38"  # a game of about 120 moves with this policy
OPENING = 9  # moves each played by a process of its own, from the first
PROCESS_EVERY = 5  # after them, one move in PROCESS_EVERY


def local(tmp: Path, user: str, line: str, channel: str = "local") -> tuple[int, list[dict]]:
    env = {**os.environ, "GAMEHOST_SEED": SEED, "DISCORD_TOKEN": ""}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py"), "local", "--db", str(tmp / "g.db"), "--out", str(tmp / "out"),
         "--channel", channel, "--as", user, "--json", line],
        capture_output=True, text=True, env=env, cwd=tmp, timeout=120,
    )
    messages = [json.loads(x) for x in proc.stdout.splitlines() if x.startswith("{")]
    return proc.returncode, messages


class InProcess:
    """The local table in this process, on the same database and image folder as the processes."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.loop = asyncio.new_event_loop()
        self.table: Optional[LocalTable] = None

    def run(self, user: str, line: str, channel: str) -> tuple[int, list[dict]]:
        if self.table is None:
            self.table = LocalTable(lambda path, **kw: make_bot(path, **kw), str(self.tmp / "g.db"),
                                    out_dir=str(self.tmp / "out"))
            self.loop.run_until_complete(self.table.start())
        replies = self.loop.run_until_complete(self.table.command(user, line, channel))
        return int(replies.refused), [json.loads(sent.to_json()) for sent in replies if not sent.hidden]

    def close(self, last: bool = False) -> None:
        """Before a process opens the database: this table's bot stops as a process's would."""
        if self.table is not None:
            self.loop.run_until_complete(self.table.close())
            self.table = None
        if last:
            self.loop.close()


def test_complete_three_player_game_one_process_per_command(tmp_path):
    assert local(tmp_path, "alice", "/game new game:wayfinders")[0] == 0
    assert local(tmp_path, "bob", "/game join")[0] == 0
    assert local(tmp_path, "carol", "press 1", "wayfinders-1")[0] == 0  # the lobby's Join button
    code, out = local(tmp_path, "alice", "/game start")
    assert code == 0
    board = [m for m in out if m["channel"] == "wayfinders-1" and m["files"]][-1]

    service = TableService(open_store(tmp_path / "g.db"))
    here = InProcess(tmp_path)
    moves = pressed = processes = 0
    try:
        while True:
            table = service.table(1)
            if table.game.status != "active":
                break
            seat = table.to_act[0]
            user = table.user_of(seat).name
            move = choose(table.engine, table.state, seat)
            if moves < OPENING or moves % PROCESS_EVERY == 0:
                here.close()
                ids = [c["custom_id"].split(":", 3)[3] for row in board["components"]
                       for c in row.get("components", []) if c.get("custom_id", "").startswith("mv:")]
                if move in ids and moves % 3 == 0:
                    code, out = local(tmp_path, user, f"press {ids.index(move) + 1}", "wayfinders-1")
                    pressed += 1
                else:
                    code, out = local(tmp_path, user, f"/play move:{move}", "wayfinders-1")
                processes += 1
            else:
                code, out = here.run(user, f"/play move:{move}", "wayfinders-1")
            assert code == 0, out
            posts = [m for m in out if m["channel"] == "wayfinders-1" and not m["ephemeral"] and m["files"]]
            assert posts, f"no board image after move {moves + 1}: {out}"
            png = Path(posts[0]["files"][0])  # the board comes first; a finished game adds its history after it
            assert png.exists() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
            board = posts[0]
            moves += 1
            assert moves < 1000, "the game does not end"
    finally:
        here.close(last=True)

    assert table.game.status == "finished"
    assert processes > moves // PROCESS_EVERY
    # the end of the game posts the score chart (PNG) and the animated replay (GIF, under 8 MB)
    ends = {Path(m["files"][0]).name.rsplit("-", 1)[-1]: Path(m["files"][0]) for m in posts[1:]}
    assert ends["scores.png"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert ends["replay.gif"].read_bytes()[:6] == b"GIF89a" and ends["replay.gif"].stat().st_size < 8 << 20
    assert pressed > 0
    final = board["embeds"][0]
    assert any(f["name"] == "Final scores" for f in final.get("fields", []))
    results = service.games.results(1)
    assert sorted(r.seat for r in results) == ["p1", "p2", "p3"]
    assert service.games.move_count(1) == moves
    scores = {r.seat: r.score for r in results}
    assert scores == table.outcome().scores
    service.store.close()
