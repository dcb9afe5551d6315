"""`python bot.py bench replays`: board posts in running games while twenty `/game replay` requests arrive at once.

Everything goes through the real command tree on the local table (in-process) with the real board pool
(one drawing process per core): finished games of every registered game (played to their end with random
moves), running Wayfinders games of two; twenty users ask `/game replay` of the finished games at the same
moment (the cache emptied first, so each accepted request builds its GIF), and meanwhile the running games'
players make moves with `/play`, each timed from the command to its board post in the game's thread.  A game
moves at most once every `SPACING` seconds, as people play: Discord's five writes per five seconds in a
thread (cogs/pacing.py) would otherwise hold the posts of a game moved faster, with or without replays.
Printed (never asserted) for replays in their own worker process (host/heavy_work.py, the bot's way) and,
with `--before`, also as they were built before: in the bot's own process (`asyncio.to_thread`), no limit.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

from cogs.game_bot import make_bot
from host import drawing, offloop
from host.heavy_work import WorkerProcess
from local import LocalTable
from rules import GAMES
from rules.playout import random_move
from rules.rng import Rng


VERBOSE = False
SPACING = 2.5  # seconds between two moves of one game (a move edits one post and makes another)


class ThreadReplays(WorkerProcess):
    """As before: the replay built in the bot's own worker threads, no budget, no limit."""

    async def run(self, user_id: Optional[int], fn: Any, *args: Any) -> Any:
        return await asyncio.to_thread(fn, *args)


def _finish(service: Any, game_id: int, seed: int) -> int:
    """Play game `game_id` to its end with random moves, straight through the service (no posts)."""
    rng, moves = Rng.from_seed(seed), 0
    while True:
        table = service.table(game_id)
        if table.game.status != "active":
            return moves
        seat = table.to_act[0]
        service.play_seat(table, seat, random_move(table.engine, table.state, seat, rng).id)
        moves += 1


async def _open(table: LocalTable, key: str, number: int) -> int:
    """The server's game `number`, a new game of `key` for as few players as it takes (two at least), started."""
    host = f"host{number}"  # each game its own players (a player may have ten games open)
    joins = [(f"guest{number}-{i}", f"/game join game:{number}") for i in range(2, max(2, GAMES[key].min_players) + 1)]
    for user, line in [(host, f"/game new game:{key}"), *joins, (host, f"/game start game:{number}")]:
        out = await table.command(user, line)
        assert not out.refused, [s.content for s in out]
    return number


_LAST: dict[int, float] = {}  # game number -> when it last moved


async def _move(table: LocalTable, number: int, rng: Rng, seen: Optional[list] = None) -> Optional[float]:
    """One `/play` by the player to act in game `number` (once SPACING has passed since its last move); seconds
    from the command to its board post.  The replays' answers that came back meanwhile are added to `seen`."""
    wait = _LAST.get(number, 0.0) + SPACING - time.perf_counter()
    if wait > 0:
        await asyncio.sleep(wait)
    game = await offloop.call(table.bot.service.locate, 0, 0, number, ("active",), guild_id=table.registry.guild_id)
    if game.game.status != "active" or not game.to_act:
        return None  # this game is over: the caller moves the others
    seat = game.to_act[0]
    user = game.user_of(seat).name
    move = random_move(game.engine, game.state, seat, rng)
    start = time.perf_counter()
    out = await table.command(user, f"/play move:{move.id} game:{number}", f"wayfinders-{number}")
    took = time.perf_counter() - start
    _LAST[number] = time.perf_counter()
    if VERBOSE:
        print(f"game {number}: {took * 1000:.0f} ms", file=sys.stderr, flush=True)
    if seen is not None:
        seen.extend(s for s in out if s.ephemeral and s.channel == "local")
    if out.refused or not any(s.files and not s.ephemeral and s.channel == f"wayfinders-{number}" for s in out):
        raise RuntimeError(f"the move was not posted: {[s.content for s in out]} {out.errors}")
    return took


async def _timed(table: LocalTable, games: list[int], rng: Rng, times: list[float], seen: Optional[list] = None) -> None:
    """A move in the running game that moved longest ago (a game that ended leaves the rotation)."""
    number = min(games, key=lambda n: _LAST.get(n, 0.0))
    took = await _move(table, number, rng, seen)
    if took is None:
        games.remove(number)
        if not games:
            raise RuntimeError("every running game ended: start more (--running)")
    else:
        times.append(took)


async def measure(before: bool, requests: int, running: int, moves: int) -> dict:
    _LAST.clear()
    with tempfile.TemporaryDirectory() as tmp:
        table = LocalTable(lambda path: make_bot(path, board_workers=drawing.cores()), str(Path(tmp) / "games.db"),
                           out_dir=str(Path(tmp) / "out"), ack_deadline=None)
        table.settle_timeout = 900.0  # replays in the bot's process delay posts by many seconds: let them, and time it
        await table.start()
        try:
            builder = table.bot.history.builder
            if before:
                builder.worker.close()
                builder.worker = ThreadReplays("replay", "history.refuse", 1e9, 10**6, 1e9)
            finished: list[int] = []
            for seed, key in enumerate(sorted(GAMES)):
                number = await _open(table, key, len(finished) + 1)
                game_id = (await offloop.call(table.bot.service.locate, 0, 0, number,
                                              guild_id=table.registry.guild_id)).game.id
                await offloop.call(_finish, table.bot.service, game_id, seed + 1)
                finished.append(number)
            games = [await _open(table, "wayfinders", len(finished) + 1 + k) for k in range(running)]
            rng = Rng.from_seed(7)
            # the replay worker and the board pool start once (imports included) before anything is timed
            warm = await table.command("warm", f"/game replay game:{finished[0]}")
            assert not warm.refused, [s.content for s in warm] + warm.errors
            quiet: list[float] = []
            while len(quiet) < moves:
                await _timed(table, games, rng, quiet)
            builder._cache.clear()
            t0 = time.perf_counter()
            recs = [await table.command_nowait(f"asker{i}", f"/game replay game:{finished[i % len(finished)]}")
                    for i in range(requests)]
            loaded: list[float] = []
            seen: list[Any] = []
            while not all(r.original_shown or r.followups for r in recs) and time.perf_counter() - t0 < 900:
                await _timed(table, games, rng, loaded, seen)
                # the local table forgets all but its latest interactions; these are still being answered
                table.server.interactions.update({r.token: r for r in recs})
                if VERBOSE:
                    print(f"answered {sum(1 for r in recs if r.original_shown or r.followups)}, waiting"
                          f" {builder.worker.waiting}, busy {len(builder.worker.busy)}, types"
                          f" {[r.response_type for r in recs]}", file=sys.stderr, flush=True)
            answered = time.perf_counter() - t0
            await _timed(table, games, rng, [], seen)  # collects the last answers
            gifs = sum(1 for s in seen if any(f.endswith("replay.gif") for f in s.files))
            busy = sum(1 for s in seen if "try again in a moment" in s.content)
            return {"quiet": quiet, "loaded": loaded, "answered": answered, "gifs": gifs, "busy": busy}
        finally:
            await table.close()


def _line(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no move finished while the replays were drawn"
    ms = sorted(v * 1000 for v in values)
    p90 = ms[min(len(ms) - 1, int(len(ms) * 0.9))]
    over = sum(1 for v in ms if v >= 1000)
    return (f"{label}: median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {max(ms):.0f} ms"
            f" over {len(ms)} moves ({over} at 1 s or more)")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench replays", description=__doc__)
    parser.add_argument("--requests", type=int, default=20, help="/game replay requests arriving at once")
    parser.add_argument("--running", type=int, default=12, help="running games whose moves are timed")
    parser.add_argument("--moves", type=int, default=24, help="board posts timed before the replays")
    parser.add_argument("--before", action="store_true",
                        help="also measure replays built in the bot's own process, as before the replay worker")
    args = parser.parse_args(argv)
    logging.getLogger("gamehost").setLevel(logging.WARNING)  # not a line per replay built
    modes = ([True] if args.before else []) + [False]
    print(f"== board posts in {args.running} running games while {args.requests} /game replay requests arrive at once"
          f" ({len(GAMES)} finished games, {drawing.cores()} board workers)")
    for before in modes:
        fig = asyncio.run(measure(before, args.requests, args.running, args.moves))
        where = "in the bot's own process, no limit (before)" if before else "in the replay worker process (now)"
        print(f"-- replays {where}")
        print(_line("   board post, no replay drawn", fig["quiet"]))
        print(_line(f"   board post, {args.requests} replays asked for", fig["loaded"]))
        print(f"   all {args.requests} requests answered after {fig['answered']:.1f} s: {fig['gifs']} replays sent,"
              f" {fig['busy']} answered 'busy, try again in a moment'")
    return 0


__all__ = ["main", "measure"]
