"""`python bot.py bench odds-load`: an ordinary board post while eight heavy `/eclipse odds` requests run.

Everything goes through the real command tree on the local table (in-process):
a running Wayfinders game of two; eight users ask `/eclipse odds` for a heavy
pair of fleets at the same moment; meanwhile the game's players make moves with
`/play`, and each move is timed from the command to its board post in the
thread.  Printed (never asserted) for the odds in their own worker process
(host/odds_worker.py) and, with `--before`, also as before the odds worker: computed
in the bot's worker threads, where boards are drawn.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

from cogs.eclipse_cog import notation_refusal
from cogs.game_bot import make_bot
from host.odds_worker import OddsWorker
from local import LocalTable
from rules.eclipse.battle.notation import NotationError
from rules.playout import random_move
from rules.rng import Rng

HEAVY = ("2 interceptor, 4 cruiser, 2 dreadnought", "3 interceptor, 2 cruiser, 2 dreadnought")  # ~2 s of CPU each


class ThreadOdds(OddsWorker):
    """Before the odds worker: the odds in the bot's worker threads (`asyncio.to_thread`), no budget, no limit."""

    async def run(self, user_id: int, fn: Any, *args: Any) -> Any:
        try:
            return await asyncio.to_thread(fn, *args)
        except NotationError as exc:
            raise notation_refusal(exc) from None


async def _move(table: Any, rng: Rng) -> float:
    """One `/play` by the player to act; seconds from the command to its board post."""
    game = table.bot.service.table(1)
    seat = game.to_act[0]
    user = game.user_of(seat).name
    move = random_move(game.engine, game.state, seat, rng)
    start = time.perf_counter()
    out = await table.command(user, f"/play move:{move.id} game:1", "wayfinders-1")
    took = time.perf_counter() - start
    if out.refused or not any(s.files and not s.ephemeral for s in out):
        raise RuntimeError(f"the move was not posted: {[s.content for s in out]} {out.errors}")
    return took


async def measure(before: bool, requests: int, moves: int, fleets: tuple[str, str], budget: float) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        table = LocalTable(lambda path: make_bot(path), str(Path(tmp) / "games.db"), out_dir=str(Path(tmp) / "out"),
                           ack_deadline=None)
        table.settle_timeout = 600.0  # before the odds worker a board post could wait over a minute: let it, and time it
        await table.start()
        try:
            cog = table.bot.get_cog("EclipseCog")
            if before:
                cog.odds_worker = ThreadOdds()
            cog.odds_worker.budget = budget
            for user, line in (("alice", "/game new game:wayfinders"), ("bob", "/game join game:1"),
                               ("alice", "/game start game:1")):
                out = await table.command(user, line)
                assert not out.refused, [s.content for s in out]
            rng = Rng.from_seed(7)
            # the worker process starts once (imports included) before anything is timed
            warm = await table.command("warm", "/eclipse odds attacker:1 interceptor defender:1 interceptor")
            assert not warm.refused, [s.content for s in warm]
            quiet = [await _move(table, rng) for _ in range(moves)]
            t0 = time.perf_counter()
            recs = [await table.command_nowait(f"asker{i}", f"/eclipse odds attacker:{fleets[0]} defender:{fleets[1]}")
                    for i in range(requests)]
            loaded = []
            while len(loaded) < moves and not all(r.original_shown for r in recs):
                loaded.append(await _move(table, rng))
            while not all(r.original_shown for r in recs) and time.perf_counter() - t0 < 600:
                await asyncio.sleep(0.05)
            answered = time.perf_counter() - t0
            rest = await table.command("alice", "/game status game:1", "wayfinders-1")  # collects the odds answers
            too_complex = sum(1 for s in rest if s.ephemeral and "too long" in s.content)
            return {"quiet": quiet, "loaded": loaded, "answered": answered, "too_complex": too_complex}
        finally:
            await table.close()


def _line(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no move finished while the odds ran"
    ms = [v * 1000 for v in values]
    return f"{label}: median {statistics.median(ms):.0f} ms, max {max(ms):.0f} ms over {len(ms)} moves"


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench odds-load", description=__doc__)
    parser.add_argument("--requests", type=int, default=8, help="heavy odds requests in flight at once")
    parser.add_argument("--moves", type=int, default=5, help="board posts timed (with and without the odds)")
    parser.add_argument("--budget", type=float, default=5.0, help="the odds worker's time budget (s)")
    parser.add_argument("--before", action="store_true",
                        help="also measure the odds computed in the board-drawing threads, as before the odds worker")
    args = parser.parse_args(argv)
    modes = ([True] if args.before else []) + [False]
    print(f"== a board post while {args.requests} heavy /eclipse odds requests run ({HEAVY[0]} vs {HEAVY[1]})")
    for before in modes:
        fig = asyncio.run(measure(before, args.requests, args.moves, HEAVY, args.budget))
        where = "in the board-drawing threads (before)" if before else "in their own worker process (now)"
        print(f"-- odds {where}")
        print(_line("   board post, no odds running", fig["quiet"]))
        print(_line(f"   board post, {args.requests} odds requests in flight", fig["loaded"]))
        print(f"   all {args.requests} odds answered after {fig['answered']:.1f} s"
              f" ({fig['too_complex']} refused as too complex)")
    return 0


__all__ = ["main", "measure"]
