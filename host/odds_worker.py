"""The exact Eclipse combat odds (`/eclipse odds`, Eclipse E98) computed apart from everything else.

The odds can take seconds of CPU.  Computed in the bot's worker threads (where boards were drawn), eight
heavy requests held the interpreter and the thread pool long enough to delay an ordinary board post by over
a minute.  Here they run in a worker process of their own (host/heavy_work.py): a CPU budget (`BUDGET`
seconds; past it "too complex, try smaller fleets"), at most one request per user in flight, at most
`MAX_WAITING` queued ("try again in a minute"); a worker past `WALL_LIMIT` seconds is killed.

A refusal raised by the computation (`NotationError`, e.g. fleets too large to compute at all) comes back as
its translatable message.  `bot.py bench odds-load` prints how long a board post takes while eight heavy
requests run.
"""
from __future__ import annotations

from rules.eclipse.battle import game_odds, odds  # noqa: F401  (loaded with the worker, outside any budget)

from .heavy_work import WorkerProcess

BUDGET = 5.0  # seconds of CPU a request may use
WALL_LIMIT = 120.0  # seconds a request may take in all before its worker is killed
MAX_WAITING = 16  # requests queued behind the one computing


class OddsWorker(WorkerProcess):
    """The odds worker process of one bot, and its queue; refusals `odds.refuse.*`."""

    def __init__(self, budget: float = BUDGET, max_waiting: int = MAX_WAITING, wall_limit: float = WALL_LIMIT):
        super().__init__("odds", "odds.refuse", budget, max_waiting, wall_limit)


__all__ = ["BUDGET", "MAX_WAITING", "OddsWorker", "WALL_LIMIT"]
