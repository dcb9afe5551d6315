"""What the benchmarks share: games played through the table service (opened, joined by every actor, started)
and the percentile of a list of figures."""
from __future__ import annotations

from typing import Sequence

from host.tables import Actor, Table, TableService


def started_game(service: TableService, key: str, actors: Sequence[Actor]) -> Table:
    """A running game of `key` opened by the first actor, joined by the others, in one bench server and channel."""
    table = service.new_game(actors[0], key, guild_id=1, channel_id=1)
    for actor in actors[1:]:
        table = service.join(actor, table)
    return service.start(actors[0], table)


def percentile(values: list[float], q: float) -> float:
    """The value at quantile `q` (0..1) of `values`, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]
