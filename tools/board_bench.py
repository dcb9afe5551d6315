"""`python bot.py bench boards`: what one board image costs, and how many boards the bot draws per second
with boards in threads of its process and in the board pool (host/drawing.py).

For each game, boards of the public view at mid-game (states a quarter to three quarters into random games):

* CPU time per board (the drawing thread's own CPU, so other processes on the machine do not distort it),
  split into drawing (the renderer up to its image), the palette (`render.common.palette_png`: palette,
  mapping, the look-the-same check) and the PNG encoding, and the PNG size;
* a profile of the same boards (CPU time): the time in Pillow's C functions that release Python's lock
  (GIL) while they work on pixels (`RELEASES_GIL`), and so about how much of the board's CPU holds it
  (Python code, text, the drawing primitives).  With boards in threads of one process the part holding
  the GIL is drawn one board at a time, whatever the cores.

Then the capacity of the bot's own drawing path on a mix of every game's boards: `host.drawing.BoardPool`
with threads (`workers` 0, as `loadtest --workers 0`) and with one process per core, kept full for
`--seconds` each: boards per second and the cores the drawing used.  With threads, boards per second times
the CPU per board above falls short of the cores when the part of the drawing that holds Python's lock
(GIL) is the bound.
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import os
import pstats
import statistics
import time
from contextlib import contextmanager
from typing import Any, Iterator, Optional

from PIL import Image

import render.common as common
from host import drawing
from render import render_board, renderer_for
from render.names import board_names
from rules import GAMES
from rules.playout import iter_playout, playout_rng

# Pillow's C functions that let other threads run Python while they work on pixels (ImagingSectionEnter in
# Pillow's C code); text (FreeType), the drawing primitives and all Python code hold the lock.
RELEASES_GIL = ("convert", "copy", "quantize", "reduce", "resize", "paste", "encode", "fill", "filter",
                "transpose", "alpha_composite", "histogram", "crop", "chop_difference", "getbbox_fast")

CAPTION = ["Someone played a card and moved a ship", "Player p1 must choose the next move"]


def mid_game_views(key: str, boards: int, players: int = 4, seed: int = 3) -> tuple[list[Any], dict[str, str]]:
    """Public views of `boards` states spread from a quarter to three quarters of a random game."""
    engine = GAMES[key]
    n = max(engine.min_players, min(engine.max_players, players))
    seats = [f"p{i + 1}" for i in range(n)]
    steps = list(iter_playout(engine, engine.setup(seats, seed, None), playout_rng(seed)))
    picks = [steps[int(len(steps) * (0.25 + 0.5 * k / boards))].after for k in range(boards)]
    return [engine.view(state, None) for state in picks], board_names({s: f"Player {s}" for s in seats})


@contextmanager
def phases(key: str) -> Iterator[dict[str, float]]:
    """CPU seconds spent in `to_png` (and, inside it, in `palette_png` and Pillow's PNG writer) while drawing."""
    spent = {"to_png": 0.0, "palette": 0.0, "save": 0.0}
    module = __import__(renderer_for(key).__module__, fromlist=["to_png"])
    originals = (module.to_png, common.palette_png, Image.Image.save)

    def timed(name: str, fn: Any) -> Any:
        def wrapper(*a: Any, **k: Any) -> Any:
            t0 = time.thread_time()
            try:
                return fn(*a, **k)
            finally:
                spent[name] += time.thread_time() - t0
        return wrapper

    module.to_png = timed("to_png", originals[0])
    common.palette_png = timed("palette", originals[1])
    Image.Image.save = timed("save", originals[2])  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        module.to_png, common.palette_png, Image.Image.save = originals  # type: ignore[method-assign]


def cost(key: str, boards: int) -> dict[str, float]:
    views, names = mid_game_views(key, boards)
    render_board(views[0], names, CAPTION)  # fonts, sprites, caches: a worker that has drawn before
    cpu, sizes = [], []
    with phases(key) as spent:
        for view in views:
            t0 = time.thread_time()
            sizes.append(len(render_board(view, names, CAPTION)))
            cpu.append(time.thread_time() - t0)
    n = len(views)
    profile = cProfile.Profile(time.thread_time)
    profile.enable()
    for view in views:
        render_board(view, names, CAPTION)
    profile.disable()
    free = 0.0  # the profiler's overhead falls on Python calls: the rest of the CPU is taken as holding the GIL
    for (path, _, name), row in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
        if path == "~" and any(name.startswith(f"<method '{m}' ") or name == f"<built-in method PIL._imaging.{m}>"
                               for m in RELEASES_GIL):
            free += row[2]
    return {"cpu": statistics.mean(cpu) * 1000, "median": statistics.median(cpu) * 1000,
            "draw": (sum(cpu) - spent["to_png"]) / n * 1000,
            "palette": (spent["palette"] - spent["save"]) / n * 1000, "encode": spent["save"] / n * 1000,
            "kib": statistics.mean(sizes) / 1024, "free": free / n * 1000,
            "held": max(0.0, statistics.mean(cpu) - free / n) * 1000}


async def capacity(jobs: list[tuple[Any, dict[str, str]]], workers: int, seconds: float,
                   in_flight: int) -> tuple[float, float]:
    """Boards per second through the bot's board pool kept `in_flight` deep, and the cores it used (this
    process and its workers)."""
    pool = drawing.BoardPool(workers)
    try:
        await pool.ready()  # the workers started, as the bot starts them before it connects
        await asyncio.gather(*(pool.draw(v, n, CAPTION, "en") for v, n in jobs[:max(workers, 1) * 2]))  # warm
        kids = pool.worker_pids()
        done, t_end = 0, time.monotonic() + seconds
        cpu0, t0 = process_cpu(kids), time.monotonic()

        async def lane(start: int) -> None:
            nonlocal done
            i = start
            while time.monotonic() < t_end:
                view, names = jobs[i % len(jobs)]
                await pool.draw(view, names, CAPTION, "en")
                done += 1
                i += in_flight

        await asyncio.gather(*(lane(k) for k in range(in_flight)))
        elapsed = time.monotonic() - t0
        return done / elapsed, (process_cpu(kids) - cpu0) / elapsed
    finally:
        pool.close()


def process_cpu(pids: list[int]) -> float:
    """CPU seconds of this process and of `pids` (Linux /proc; this process only elsewhere)."""
    total = time.process_time()
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
        except OSError:
            pass
    return total


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench boards", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--boards", type=int, default=20, help="mid-game boards per game (default 20)")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="seconds of each capacity run (0: no capacity runs; default 10)")
    parser.add_argument("--in-flight", type=int, default=8, help="boards requested at once in the capacity runs")
    args = parser.parse_args(argv)
    keys = args.game or sorted(GAMES)
    print(f"CPU per board (the drawing thread's own CPU time), mean of {args.boards} mid-game boards; "
          f"load average {os.getloadavg()[0]:.1f}")
    for key in keys:
        c = cost(key, args.boards)
        print(f"{key:11s} {c['cpu']:5.1f} ms (median {c['median']:.1f}): draw {c['draw']:.1f}, "
              f"palette {c['palette']:.1f}, encode {c['encode']:.1f}; PNG {c['kib']:.0f} KiB; "
              f"{c['free']:.1f} ms in C code that releases the GIL, so about {c['held']:.1f} ms holding it")
    if args.seconds <= 0:
        return 0
    jobs = [job for key in keys for job in zip(*_paired(key, args.boards))]
    for workers in (0, drawing.cores()):
        rate, used = asyncio.run(capacity(jobs, workers, args.seconds, args.in_flight))
        how = "threads of this process" if workers <= 1 else f"a pool of {workers} processes"
        print(f"boards in {how}: {rate:.1f} boards/s, {used:.2f} cores used "
              f"({used / rate * 1000 if rate else float('nan'):.0f} ms CPU per board); "
              f"load average {os.getloadavg()[0]:.1f}")
    return 0


def _paired(key: str, boards: int) -> tuple[list[Any], list[dict[str, str]]]:
    views, names = mid_game_views(key, boards)
    return views, [names] * len(views)


__all__ = ["capacity", "cost", "main", "mid_game_views"]
