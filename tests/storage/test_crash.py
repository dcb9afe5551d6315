"""Storage survives kill -9: no acknowledged move is lost, none is half-applied."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from storage import GameStore, open_store

ROOT = Path(__file__).resolve().parents[2]

WRITER = r"""
import json, sys
from storage import GameStore, open_store
games = GameStore(open_store(sys.argv[1]))
game_id = int(sys.argv[2])
while True:
    g = games.get(game_id)
    n = json.loads(g.state)["n"] + 1
    games.record_move(g.id, g.version, seat="p1", user_id=1, move_id=f"m{n}", state=json.dumps({"n": n}),
                      to_act=["p1"], status="active", summary=[], now=float(n))
    print(n, flush=True)  # acknowledged only after the commit returned
"""


def test_kill_9_at_random_instants_loses_no_acknowledged_move(tmp_path):
    path = str(tmp_path / "crash.db")
    games = GameStore(open_store(path))
    g = games.create(game_key="wayfinders", guild_id=1, channel_id=1, creator_id=1, creator_name="a", options={},
                     settings={}, seed=1, now=0)
    g = games.start(g.id, g.version, state='{"n": 0}', to_act=["p1"], now=0)
    games.store.close()
    rng = random.Random(7)
    acknowledged = 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(12):
        proc = subprocess.Popen([sys.executable, "-c", WRITER, path, str(g.id)], stdout=subprocess.PIPE, text=True,
                                env=env, cwd=ROOT)
        time.sleep(0.25 + rng.random() * 0.3)
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate()
        lines = [int(x) for x in out.split()]
        if lines:
            acknowledged = max(acknowledged, lines[-1])
    reopened = GameStore(open_store(path))
    moves = reopened.moves(g.id)
    seqs = [m.seq for m in moves]
    assert acknowledged > 0
    assert seqs == list(range(1, len(seqs) + 1)), "gap or duplicate in the move log"
    assert len(seqs) >= acknowledged, "an acknowledged move was lost"
    state = json.loads(reopened.get(g.id).state)
    assert state["n"] == len(seqs), "state and move log disagree: a half-applied move"
    assert reopened.store.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
