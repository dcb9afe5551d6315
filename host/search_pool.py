"""The "hard" bot level's search, run in worker processes of its own (rules/search; rules.bots level "hard").

A search takes seconds of CPU per decision: in the bot's own process it would hold the interpreter, and in the
board pool (host/drawing.py) it would make boards wait.  The search pool is `WORKERS` worker processes of
host/heavy_work.py (each niced, one request at a time, a CPU timer), apart from the board pool:

* **root-parallel**: each worker grows its own tree from its own seed (`rules.bots.search_rng`) for the same
  decision; their root statistics are summed (`rules.search.merge_results`) and the most visited move wins;
* **budget**: `CPU` seconds of CPU per worker per decision (the worker's own CPU clock, `time.process_time`,
  so a loaded machine searches as deep, only later); `CAP` seconds is the hard limit past which the worker's
  timer stops the request; a worker past `WALL_LIMIT` seconds is killed.  An iteration budget instead
  (`iterations`, tests and `bot.py bench bots --budget-iters`) makes the move a function of the seed alone;
* **fallback**: a worker that fails, overruns or dies counts for nothing; when none answers, `merged` gives
  None and `move` plays the greedy move (`rules.bots.settle`, which also keeps the greedy move where the
  search found nothing clearly better);
* the event loop never waits on a search: `merged` awaits the workers' pipes (host/heavy_work.py).

With one legal move there is no search (the caller checks first: `rules.bots.hard_move` does).
"""
from __future__ import annotations

import asyncio
import logging
import resource
import time
from typing import Any, NamedTuple, Optional

from rules import GAMES, Engine, Move
from rules.bots import planned_after, search_rng, settle
from rules.search import SearchResult, merge_results, search, tuned

from .heavy_work import WorkerProcess

log = logging.getLogger("gamehost.search")

WORKERS = 2  # worker processes, each its own tree (root-parallel)
CPU = 2.0  # seconds of CPU each worker searches one decision
CAP = 5.0  # seconds of CPU past which a worker's request is stopped (its answer is then lost: greedy plays)
WALL_LIMIT = 60.0  # seconds a decision may wait and take in all before the worker is killed
MAX_ITERATIONS = 1_000_000  # the iteration ceiling of a search with a CPU budget


class Searched(NamedTuple):
    """One worker's answer: its root statistics, the CPU it used and its peak resident memory."""

    result: SearchResult
    cpu: float
    rss_mib: float


def search_worker(game_key: str, state_json: str, seat: str, seed: int, worker: int, cpu: Optional[float],
                  iterations: Optional[int]) -> Searched:
    """In a worker process: one search of `seat`'s decision, for `cpu` seconds of CPU or `iterations`."""
    engine = GAMES[game_key]
    return timed_search(engine, engine.load(state_json), seat, seed, worker, cpu, iterations)


def timed_search(engine: Engine[Any], state: Any, seat: str, seed: int, worker: int, cpu: Optional[float],
                 iterations: Optional[int]) -> Searched:
    """What a worker does with a loaded state (also `bot.py bench bots --levels`, in its own process)."""
    start = time.process_time()
    config = tuned(engine, len(state.seats), iterations=iterations or MAX_ITERATIONS)

    def stop() -> bool:
        return cpu is not None and time.process_time() - start >= cpu

    result = search(engine, state, seat, search_rng(seed, state.moves_made, seat, worker), config,
                    stop=None if iterations else stop)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return Searched(result, time.process_time() - start, rss)


class SearchPool:
    """The search worker processes of one bot (module docstring)."""

    def __init__(self, workers: int = WORKERS, cpu: float = CPU, cap: float = CAP, wall_limit: float = WALL_LIMIT):
        self.cpu = cpu
        self.workers = [WorkerProcess(f"search-{i}", "bots.search", cap, 1_000_000, wall_limit)
                        for i in range(max(1, workers))]
        self.failures = 0  # worker answers lost (errors, overruns, deaths)
        self.last: list[Searched] = []  # the answers of the latest decision (bench figures)

    async def merged(self, game_key: str, state_json: str, seat: str, seed: int,
                     iterations: Optional[int] = None) -> Optional[SearchResult]:
        """The workers' root statistics summed, or None when no worker answered."""
        answers = await asyncio.gather(*[
            w.run(None, search_worker, game_key, state_json, seat, seed, i, None if iterations else self.cpu,
                  iterations)
            for i, w in enumerate(self.workers)], return_exceptions=True)
        good: list[Searched] = []
        for i, a in enumerate(answers):
            if isinstance(a, Searched):
                good.append(a)
            else:
                self.failures += 1
                log.warning("search worker %d failed for seat %s of a %s game: %s", i, seat, game_key,
                            getattr(getattr(a, "text", None), "key", None) or a)
        self.last = good
        if not good:
            return None
        return merge_results(a.result for a in good)

    async def move(self, engine: Engine[Any], state: Any, seat: str, seed: int,
                   iterations: Optional[int] = None) -> Move:
        """The "hard" move of `seat`: the only legal one without a search, else the pool's choice, else greedy.
        The legal moves and the greedy fallback are worked out in a thread: the event loop never waits."""
        moves = await asyncio.to_thread(engine.legal_moves, state, seat)
        if not moves:
            raise ValueError(f"{seat} has no legal move")
        if len(moves) == 1:
            return moves[0]
        return (await self.plan(engine, state, seat, seed, iterations, moves))[0]

    async def plan(self, engine: Engine[Any], state: Any, seat: str, seed: int, iterations: Optional[int] = None,
                   moves: Optional[list[Move]] = None) -> list[Move]:
        """The "hard" move of `seat` (`move`) and, where the search weighed whole chains (a Robinson seat's
        plan for the round), the steps it planned after it (`rules.bots.planned_after`)."""
        if moves is None:
            moves = await asyncio.to_thread(engine.legal_moves, state, seat)
        if not moves:
            raise ValueError(f"{seat} has no legal move")
        if len(moves) == 1:
            return moves[:1]
        state_json = await asyncio.to_thread(engine.dump, state)  # an Eclipse state takes a while to write
        result = await self.merged(engine.key, state_json, seat, seed, iterations)
        move = await asyncio.to_thread(settle, engine, state, seat, moves, result, seed)
        return [move] + await asyncio.to_thread(planned_after, engine, state, seat, move, result)

    def pids(self) -> list[int]:
        return [p for p in (w.pid() for w in self.workers) if p is not None]

    def close(self) -> None:
        for w in self.workers:
            w.close()


__all__ = ["CAP", "CPU", "SearchPool", "Searched", "WORKERS", "search_worker", "timed_search"]
