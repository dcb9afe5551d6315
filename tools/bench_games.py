"""Games the benchmarks play through the table service: opened, joined by every actor, started."""
from __future__ import annotations

from typing import Sequence

from host.tables import Actor, Table, TableService


def started_game(service: TableService, key: str, actors: Sequence[Actor]) -> Table:
    """A running game of `key` opened by the first actor, joined by the others, in one bench server and channel."""
    table = service.new_game(actors[0], key, guild_id=1, channel_id=1)
    for actor in actors[1:]:
        table = service.join(actor, table)
    return service.start(actors[0], table)
