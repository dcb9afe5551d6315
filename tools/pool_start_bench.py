"""`bot.py bench pool-start`: what starting the board pool costs the event loop.

The pool's worker processes take seconds of every core to start (the forkserver and each worker import the
renderers).  Started with the first board, as before, the interactions of those seconds were answered late;
now they start in a thread before the bot connects (`BoardPool.ready`), or in the background with the first
board drawn in a thread.  This
prints, for each way and for the old one, how long the start took, when the first board came back and the
longest the event loop went without running (a ticker every 10 ms), on a fresh pool each time.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
from typing import Any, Awaitable, Callable, Optional

from host import drawing
from host.boards import board_inputs
from host.tables import Actor, TableService
from storage import open_store

from .bench_games import started_game


async def _stall_during(work: Callable[[], Awaitable[Any]]) -> tuple[float, float]:
    """(seconds `work` took, the longest gap between the ticker's runs meanwhile)."""
    loop = asyncio.get_running_loop()
    gaps: list[float] = []

    async def ticker() -> None:
        last = loop.time()
        while True:
            await asyncio.sleep(0.01)
            gaps.append(loop.time() - last - 0.01)
            last = loop.time()

    task = loop.create_task(ticker())
    t0 = time.monotonic()
    await work()
    took = time.monotonic() - t0
    task.cancel()
    return took, max(gaps, default=0.0)


async def _case(case: str, workers: int, inputs: tuple[Any, ...]) -> str:
    pool = drawing.BoardPool(workers)
    try:
        if case == "ready":
            took, stall = await _stall_during(pool.ready)
            return (f"ready() before connecting: {took:.2f} s to start {workers} workers, longest loop stall "
                    f"{stall * 1000:.0f} ms")
        if case == "background":
            took, stall = await _stall_during(lambda: pool.draw(*inputs, "en"))
            return (f"first board with no warm pool: back in {took:.2f} s (drawn in a thread, the pool starting in "
                    f"the background), longest loop stall {stall * 1000:.0f} ms")
        executor = pool._new_executor()  # the old way: the executor's processes forked from the event loop
        try:
            loop = asyncio.get_running_loop()
            took, stall = await _stall_during(lambda: loop.run_in_executor(executor, drawing._draw, *inputs, "en"))
        finally:
            executor.shutdown(wait=True)
        return (f"pool started on the event loop (as before): first board back in {took:.2f} s, longest loop "
                f"stall {stall * 1000:.0f} ms")
    finally:
        pool.close()


CASES = ("loop", "ready", "background")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench pool-start", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=max(2, drawing.cores()),
                        help="worker processes (default: cores)")
    parser.add_argument("--case", choices=CASES, help="one way only, in this process (default: each in a fresh one)")
    args = parser.parse_args(argv)
    if args.case is None:  # each way in a process of its own: none finds the forkserver already running
        print(f"board pool start, {args.workers} workers; load average {os.getloadavg()[0]:.1f}", flush=True)
        bot = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bot.py")
        for case in CASES:
            subprocess.run([sys.executable, bot, "bench", "pool-start", "--workers", str(args.workers), "--case", case],
                           check=True)
        return 0
    service = TableService(open_store(":memory:"))
    table = started_game(service, "wayfinders", [Actor(user_id=1, name="Ana"), Actor(user_id=2, name="Bo")])
    print(asyncio.run(_case(args.case, args.workers, board_inputs(table, "en", []))), flush=True)
    service.store.close()
    return 0


__all__ = ["main"]
