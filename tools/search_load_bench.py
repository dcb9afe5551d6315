"""`python bot.py bench search-load`: a human's moves in one game while hard bots think in four others.

Everything goes through the real command tree on the local table (in-process), the real board pool and the
real search pool (host/search_pool.py: worker processes).  Four Wayfinders games each seat one human and
three hard bots; their human moves (dispatched without waiting, `LocalTable.command_nowait`) set the bots
thinking, and each is moved again whenever its bots are done, so the search workers stay busy.  Meanwhile two
humans play a fifth game with `/play`, a move at most every `SPACING` seconds (Discord's five writes per five
seconds in a thread, cogs/pacing.py).  Each of their moves is timed from the command to its answer (Discord
drops an interaction not answered within 3 s) and from the answer to the board post in the game's thread.
Printed (never asserted by timing here; tests/cogs/test_search_load.py checks the 3 s and 1 s bounds with a
small budget): both figures, the bot decisions made meanwhile and the search workers' failures.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

from cogs.game_bot import make_bot
from host import offloop
from host.config import Config
from local import LocalTable
from rules.playout import random_move
from rules.rng import Rng

SPACING = 2.5  # seconds between two moves of the timed game
BOT_GAMES = 4
POLL = 0.005  # seconds between two looks at the fake Discord while a move is timed


async def _open(table: LocalTable, number: int, host: str, guests: list[str], bots: int) -> None:
    """Open game `number` and seat its players; `_start` starts it."""
    lines = [(host, f"/game new game:wayfinders bots:{bots} level:hard" if bots else "/game new game:wayfinders")]
    lines += [(g, f"/game join game:{number}") for g in guests]
    for user, line in lines:
        out = await table.command(user, line)
        assert not out.refused, [s.content for s in out] + out.errors


async def _start(table: LocalTable, number: int, host: str) -> None:
    """Start game `number` without waiting for what follows: a start sets hard bots thinking, and the table
    would wait for them (cutting them off after its `settle_timeout`); polled until the game is active."""
    await table.command_nowait(host, f"/game start game:{number}")
    for _ in range(1200):
        if (await _table_of(table, number)).game.status == "active":
            return
        await asyncio.sleep(0.05)
    raise RuntimeError(f"game {number} did not start")


async def _table_of(table: LocalTable, number: int) -> Any:
    assert table.registry is not None
    return await offloop.call(table.bot.service.locate, 0, 0, number, ("active", "finished"),
                              guild_id=table.registry.guild_id)


async def _kick(table: LocalTable, number: int, rng: Rng) -> bool:
    """The human of bot game `number` moves (not awaited) when it is their turn and no bot thinks there."""
    game = await _table_of(table, number)
    if game.game.status != "active" or game.game.id in table.bot.bot_driver.tasks:
        return False
    human = game.seats[0]
    if human.seat not in game.to_act:
        return False
    move = random_move(game.engine, game.state, human.seat, rng)
    await table.command_nowait(human.name, f"/play move:{move.id} game:{number}", f"wayfinders-{number}")
    return True


async def _timed_move(table: LocalTable, number: int, rng: Rng) -> Optional[tuple[float, float]]:
    """One `/play` in the timed game: (seconds to the answer, seconds from the answer to the board post)."""
    game = await _table_of(table, number)
    if game.game.status != "active":
        return None
    seat = game.to_act[0]
    move = random_move(game.engine, game.state, seat, rng)
    thread = f"wayfinders-{number}"
    server = table.server
    assert server is not None
    seen = len(server.outbox)
    start = time.perf_counter()
    rec = await table.command_nowait(game.user_of(seat).name, f"/play move:{move.id} game:{number}", thread)
    answered = posted = None
    while time.perf_counter() - start < 30:
        now = time.perf_counter()
        if answered is None and rec.response_type is not None:
            answered = now
        if answered is not None and any(s.channel == thread and s.files and not s.ephemeral
                                        for s in server.outbox[seen:]):
            posted = now
            break
        await asyncio.sleep(POLL)
    if answered is None or posted is None or rec.expired:
        raise RuntimeError(f"move {move.id} in game {number}: answered {answered}, posted {posted},"
                           f" expired {rec.expired}")
    return answered - start, posted - answered


async def measure(moves: int, search_ms: int, workers: int, spacing: float = SPACING) -> dict:
    """`moves` timed moves of the human game while the bot games' hard bots think (module docstring)."""
    with tempfile.TemporaryDirectory() as tmp:
        config = Config.load()
        config.search_workers, config.search_ms = workers, search_ms
        table = LocalTable(lambda path: make_bot(path, config=config), str(Path(tmp) / "games.db"),
                           out_dir=str(Path(tmp) / "out"))
        await table.start()
        try:
            human_game = BOT_GAMES + 1
            for n in range(1, BOT_GAMES + 1):
                await _open(table, n, f"host{n}", [], 3)
            await _open(table, human_game, "ana", ["ben"], 0)
            for n in range(1, human_game + 1):
                await _start(table, n, "ana" if n == human_game else f"host{n}")
            rng = Rng.from_seed(11)
            answers: list[float] = []
            posts: list[float] = []
            thinking: list[int] = []  # bot games thinking at each timed move
            pool = table.bot.bot_driver.search
            last = 0.0
            searching: list[int] = []  # search requests waiting or computing at each timed move
            while len(answers) < moves:
                while True:  # the bot games' humans move as soon as their bots are done
                    for n in range(1, BOT_GAMES + 1):
                        await _kick(table, n, rng)
                    wait = last + spacing - time.perf_counter()
                    if wait <= 0:
                        break
                    await asyncio.sleep(min(wait, 0.25))
                thinking.append(len(table.bot.bot_driver.tasks))
                searching.append(sum(w.waiting + bool(w._lock and w._lock.locked()) for w in pool.workers))
                timed = await _timed_move(table, human_game, rng)
                last = time.perf_counter()
                if timed is None:
                    break
                answers.append(timed[0])
                posts.append(timed[1])
            await table.bot.bot_driver.idle()
            return {"answers": answers, "posts": posts, "thinking": thinking, "searching": searching, "failures": pool.failures,
                    "pids": len(pool.pids())}
        finally:
            await table.close()


def _line(label: str, values: list[float], bound: float) -> str:
    ms = sorted(v * 1000 for v in values)
    if not ms:
        return f"{label}: none"
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    over = sum(1 for v in ms if v >= bound * 1000)
    return (f"{label}: median {statistics.median(ms):.0f} ms, p95 {p95:.0f} ms, max {max(ms):.0f} ms"
            f" over {len(ms)} moves ({over} at {bound:g} s or more)")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench search-load", description=__doc__)
    parser.add_argument("--moves", type=int, default=20, help="timed moves of the human game")
    parser.add_argument("--search-ms", type=int, default=2000, help="CPU per worker per bot decision (SEARCH_MS)")
    parser.add_argument("--workers", type=int, default=2, help="search worker processes (SEARCH_WORKERS)")
    args = parser.parse_args(argv)
    logging.getLogger("gamehost").setLevel(logging.WARNING)
    print(f"== a human game's moves while {BOT_GAMES} games of three hard bots think"
          f" ({args.workers} search workers, {args.search_ms} ms CPU each per decision)")
    fig = asyncio.run(measure(args.moves, args.search_ms, args.workers))
    print(_line("   /play to its answer", fig["answers"], 3.0))
    print(_line("   answer to the board post", fig["posts"], 1.0))
    n = max(1, len(fig["thinking"]))
    print(f"   at a timed move: bot games playing, mean {sum(fig['thinking']) / n:.1f} of {BOT_GAMES};"
          f" search requests queued or running, mean {sum(fig['searching']) / n:.1f};"
          f" search worker failures {fig['failures']}")
    return 0


__all__ = ["main", "measure"]
