"""`python bot.py bench memory --histories`: the bot's resident memory as finished games' histories are built
(without `--histories`, the real path: tools/memory_path.py).

Every finished game makes the bot build its score chart and animated replay (host/history.py), the
heaviest thing it does.  This plays complete random games through the table service, builds each one's
history through the bot's own `History` object (built in the replay worker process, host/heavy_work.py, with
the memory hand-back that follows each build), and prints the resident memory (RSS) of the bot's process and
of the replay worker as it goes.  Games rotate over every
registered game at a mid-size table, in English and Spanish.
"""
from __future__ import annotations

import resource
import time
from pathlib import Path
from typing import Optional

from host.history import History
from host.tables import Actor, Table, TableService
from rules import GAMES
from rules.playout import random_move
from rules.rng import Rng
from storage import open_store

from .bench_games import started_game


def rss_mib(pid: object = "self") -> float:
    """The current resident set size of a process (Linux /proc; this process's peak where /proc is missing)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def finished_game(service: TableService, key: str, players: int, seed: int, max_moves: int) -> Optional[Table]:
    """A random game played to its end through the service (None if it outlasts `max_moves`)."""
    engine = GAMES[key]
    players = max(engine.min_players, min(engine.max_players, players))
    actors = [Actor(user_id=5000 + i, name=f"player{i + 1}") for i in range(players)]
    table = started_game(service, key, actors)
    rng = Rng.from_seed(seed)
    for _ in range(max_moves):
        if table.game.status != "active":
            return table
        seat = table.to_act[0]
        user = next(a for a in actors if (row := table.seat_of(a.user_id)) and row.seat == seat)
        table = service.commit_move(user, table, random_move(table.engine, table.state, seat, rng).id).table
    return table if table.game.status == "finished" else None


async def run(games: int, players: int, max_moves: int, every: int, db_dir: str) -> None:
    service = TableService(open_store(Path(db_dir) / "memory.db"))
    history = History(service)
    keys = sorted(GAMES)
    print(f"RSS at start: {rss_mib():.0f} MiB")
    built, started, seed = 0, time.perf_counter(), 0
    while built < games:
        key = keys[seed % len(keys)]
        seed += 1
        table = finished_game(service, key, players, seed, max_moves)
        if table is None:
            continue
        await history.history(table, ("en", "es")[built % 2])
        built += 1
        if built % every == 0 or built == games:
            worker = history.worker.pid()
            print(f"{built:4d} finished games: RSS {rss_mib():.0f} MiB, replay worker"
                  f" {rss_mib(worker) if worker else 0:.0f} MiB "
                  f"(peak {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB, "
                  f"{time.perf_counter() - started:.0f} s)", flush=True)
    history.close()  # the replay worker process
    service.store.close()
