"""`python bot.py bench backup`: how long `bot.py backup` takes on a large database that keeps changing.

Builds a database of `--mb` megabytes (default 120) in the bot's schema: real games played through
the table service, their rows repeated until the file is that large.  Then a writer process commits
moves continuously through the table service (each move its own transaction, as in the bot) while
`storage.backup.backup` copies the database; the copy is timed, then timed again with the writer
stopped.  Printed, never asserted.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import tempfile
import time
from pathlib import Path
from typing import Optional

from rules.playout import random_move
from rules.rng import Rng
from storage import open_store
from storage.backup import backup

from .bench_games import started_game
from host.tables import Actor, TableService

PLAYERS = [Actor(user_id=900 + i, name=f"p{i}") for i in range(3)]


def _new_game(service: TableService):
    return started_game(service, "wayfinders", PLAYERS)


def _move(service: TableService, table, rng: Rng):
    if table.game.status != "active":
        table = _new_game(service)
    seat = table.to_act[0]
    row = table.user_of(seat)
    move = random_move(table.engine, table.state, seat, rng)
    return service.commit_move(Actor(user_id=row.user_id, name=row.name), table, move.id).table


def build(path: Path, megabytes: float) -> int:
    """A database of about `megabytes` MB: a few real games, their rows repeated.  Returns the games' count."""
    service = TableService(open_store(path))
    try:
        rng = Rng.from_seed(3)
        for _ in range(4):
            table = _new_game(service)
            for _ in range(40):
                table = _move(service, table, rng)
        conn = service.store.conn
        while (size := path.stat().st_size + Path(f"{path}-wal").stat().st_size) < megabytes * 1e6:
            with service.store.transaction():
                top = conn.execute("SELECT MAX(id) FROM games").fetchone()[0]
                per_game = size / top
                chunk = max(1, min(top, 2000, int((megabytes * 1e6 - size) / per_game) + 1))
                conn.execute("INSERT INTO games (game_key, guild_id, channel_id, thread_id, creator_id, status, options,"
                             " settings, seed, version, state, to_act, board_message_id, deadline, created_at,"
                             " updated_at, rated, posted_version) SELECT game_key, guild_id, channel_id, thread_id,"
                             " creator_id, 'finished', options, settings, seed, version, state, to_act,"
                             " board_message_id, deadline, created_at, updated_at, rated, posted_version FROM games"
                             " WHERE id <= ?", (chunk,))
                conn.execute("INSERT INTO moves (game_id, seq, seat, user_id, move_id, at, summary, undone)"
                             " SELECT game_id + ?, seq, seat, user_id, move_id, at, summary, undone FROM moves"
                             " WHERE game_id <= ?", (top, chunk))
            service.store.checkpoint()
        return int(conn.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    finally:
        service.store.close()


def _writer(path: str, started, stop, commits) -> None:
    """Commits moves one transaction each until `stop` is set; counts them in `commits`."""
    service = TableService(open_store(path))
    rng = Rng.from_seed(os.getpid())
    table = _new_game(service)
    started.set()
    while not stop.is_set():
        table = _move(service, table, rng)
        with commits.get_lock():
            commits.value += 1
    service.store.close()


def time_backup(db: Path, dest: Path) -> tuple[float, int]:
    dest.unlink(missing_ok=True)
    t0 = time.perf_counter()
    size = backup(db, dest)
    return time.perf_counter() - t0, size


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench backup", description=__doc__)
    parser.add_argument("--mb", type=float, default=120.0, help="size of the database to back up (default 120)")
    parser.add_argument("--dir", default=None, help="where to build it (default: a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        db, dest = Path(tmp) / "live.db", Path(tmp) / "backups" / "copy.db"
        t0 = time.perf_counter()
        games = build(db, args.mb)
        print(f"== backup of a {db.stat().st_size / 1e6:.0f} MB database ({games} games), "
              f"built in {time.perf_counter() - t0:.0f} s")
        ctx = multiprocessing.get_context("spawn")
        started, stop, commits = ctx.Event(), ctx.Event(), ctx.Value("i", 0)
        writer = ctx.Process(target=_writer, args=(str(db), started, stop, commits), daemon=True)
        writer.start()
        try:
            if not started.wait(timeout=120):
                print("the writer did not start")
                return 1
            time.sleep(2.0)  # the writer in full swing
            before = commits.value
            w0 = time.perf_counter()
            busy, size = time_backup(db, dest)
            during = commits.value - before
            rate = during / (time.perf_counter() - w0)
        finally:
            stop.set()
            writer.join(timeout=60)
        print(f"while a writer process committed moves ({during} moves during the copy, {rate:.0f} moves/s): "
              f"{busy:.1f} s for a {size / 1e6:.0f} MB copy")
        quiet, size = time_backup(db, dest)
        print(f"quiet database: {quiet:.1f} s")
        leftovers = [p.name for p in dest.parent.iterdir() if p.name != dest.name]
        print(f"files left beside the copy: {leftovers or 'none'}")
    return 0
