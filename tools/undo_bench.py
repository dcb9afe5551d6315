"""`python bot.py bench undo`: `/game undo` and `/game log` early in a game and late in a long one.

For each game (at its largest table) a random game is played once with the engine alone to find where an
undo is possible (the seat that just moved is still to act, by a move that is no barrier): the first such
point from move 10 on, and the last one up to move 600 (Eclipse) or the end of the game (the others, at their
longest).  The same moves are then played through the table service; at each point the undo goes through
`host.undo.undo` (the checks, the read of the log, the replay, the version-guarded save: what the command
runs) and is played again, several times, and `/game log` (its latest page) through `Info.log` with a
stand-in interaction.  Printed: the median wall and CPU time of each, and the ratio late / early (the target:
within 2×).  The wall time of an undo includes the save's fsync (synchronous=FULL): on a busy disk it varies
more than the CPU time.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Optional

from cogs.info import Info
from host.tables import Actor, TableService
from host.undo import undo
from rules import GAMES
from rules.playout import random_move
from rules.rng import Rng
from storage import open_store

from .bench_games import started_game

TARGET = {"eclipse": 600}  # the other games: as late as their random game goes


class _Response:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def is_done(self) -> bool:
        return bool(self.sent)

    async def send_message(self, **kwargs: Any) -> None:
        self.sent.append(kwargs)

    async def defer(self, **kwargs: Any) -> None:
        self.sent.append({})


def _interaction(user_id: int) -> Any:
    """Just enough of a discord.Interaction for the read-only `/game log` flow."""
    response = _Response()
    return SimpleNamespace(locale="en-US", guild_locale="en-US", guild_id=1, channel_id=1,
                           user=SimpleNamespace(id=user_id, name="bench"), response=response,
                           followup=SimpleNamespace(send=response.send_message))


def scripted_game(key: str, players: int, seed: int, max_moves: int) -> tuple[list[tuple[str, str]], list[int]]:
    """The moves of a random game (engine only) and the move counts after which an undo is possible."""
    engine = GAMES[key]
    seats = [f"p{i + 1}" for i in range(players)]
    state = engine.setup(seats, seed, engine.parse_options({}))
    rng = Rng.from_seed(seed ^ 0x0B5E)
    moves: list[tuple[str, str]] = []
    undoable: list[int] = []
    while len(moves) < max_moves:
        to_act = engine.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        move = random_move(engine, state, seat, rng)
        state = engine.apply(state, seat, move.id)
        moves.append((seat, move.id))
        if not move.barrier and engine.outcome(state) is None and engine.to_act(state) == [seat]:
            undoable.append(len(moves))
    return moves, undoable


def bench_game(key: str, players: int, seed: int, repeats: int, db_dir: str) -> Optional[dict[int, dict[str, list[float]]]]:
    moves, undoable = scripted_game(key, players, seed, max_moves=20000)
    late_cap = TARGET.get(key, len(moves))
    early = next((k for k in undoable if k >= 10), None)
    late = next((k for k in reversed(undoable) if k <= late_cap), None)
    if early is None or late is None or late <= early:
        return None
    service = TableService(open_store(Path(db_dir) / f"undo-{key}.db"), seeds=lambda: seed)
    info = Info(service)
    actors = [Actor(user_id=7000 + i, name=f"player{i + 1}") for i in range(players)]
    table = started_game(service, key, actors)
    by_seat = {f"p{i + 1}": a for i, a in enumerate(actors)}
    figures: dict[int, dict[str, list[float]]] = {}
    for n, (seat, move_id) in enumerate(moves[:late], start=1):
        table = service.commit_move(by_seat[seat], table, move_id).table
        if n not in (early, late):
            continue
        times: dict[str, list[float]] = {"undo": [], "undo_cpu": [], "log": [], "log_cpu": []}
        for _ in range(repeats):
            fresh = service.table(table.game.id)
            t0, c0 = time.perf_counter(), time.process_time()
            back, plan = undo(service, by_seat[seat], fresh)
            times["undo"].append(time.perf_counter() - t0)
            times["undo_cpu"].append(time.process_time() - c0)
            assert plan.seqs, "the bench's undo took nothing back"
            table = service.commit_move(by_seat[seat], back, move_id).table  # and the move again
            t0, c0 = time.perf_counter(), time.process_time()
            asyncio.run(info.log(_interaction(actors[0].user_id), table.game.id, None))
            times["log"].append(time.perf_counter() - t0)
            times["log_cpu"].append(time.process_time() - c0)
        figures[n] = times
    service.store.close()
    figures[0] = {"length": [float(len(moves))]}
    return figures


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench undo", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--repeats", type=int, default=7, help="undos (and logs) timed at each point")
    parser.add_argument("--seed", type=int, default=3, help="the random game's seed")
    args = parser.parse_args(argv)
    keys = args.game or ["eclipse", *sorted(k for k in GAMES if k != "eclipse")]
    with tempfile.TemporaryDirectory() as tmp:
        for key in keys:
            engine = GAMES[key]
            players = engine.max_players
            figures = bench_game(key, players, args.seed, args.repeats, tmp)
            if figures is None:
                print(f"== {engine.title}, {players} players: no undoable move found; try another --seed")
                continue
            length = int(figures.pop(0)["length"][0])
            early, late = sorted(figures)
            print(f"== {engine.title}, {players} players (a random game of {length} moves)")
            for what, label in (("undo", "/game undo"), ("log", "/game log (latest page)")):
                parts = []
                for kind, suffix in (("wall", ""), ("CPU", "_cpu")):
                    a, b = (statistics.median(figures[k][what + suffix]) for k in (early, late))
                    parts.append(f"{kind} {a * 1000:.1f} → {b * 1000:.1f} ms ({b / a:.2f}×)")
                print(f"{label} at move {early} → move {late}: " + ", ".join(parts), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
