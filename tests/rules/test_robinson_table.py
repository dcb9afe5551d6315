"""A whole Castaways game through the table service as the cogs drive it (load, validate,
apply, save, render), with several seats planning at once (R30) and the board drawn."""
from __future__ import annotations

import pytest

from host.boards import board_png
from host.tables import Actor, TableService
from rules.bots import choose
from storage import open_store


@pytest.mark.parametrize("n", [1, 2, 4])
def test_a_complete_game_through_the_table_service(tmp_path, n):
    service = TableService(open_store(tmp_path / "g.db"))
    actors = [Actor(user_id=100 + i, name=f"player{i + 1}") for i in range(n)]
    table = service.new_game(actors[0], "robinson", guild_id=1, channel_id=1)
    for actor in actors[1:]:
        table = service.join(actor, table)
    table = service.start(actors[0], table)
    simultaneous = False
    phases = set()
    for i in range(2000):
        table = service.table(table.game.id)
        if table.game.status != "active":
            break
        simultaneous |= len(table.to_act) > 1
        seat = table.to_act[-1]
        actor = next(a for a in actors if table.seat_of(a.user_id).seat == seat)  # type: ignore[union-attr]
        phases.add(table.state.phase)
        move = choose(table.engine, table.state, seat, "greedy", 5)
        played = service.commit_move(actor, table, move.id)
        if i % 40 == 0:
            assert board_png(played.table, "es", played.events)[:4] == b"\x89PNG"
    table = service.table(table.game.id)
    assert table.game.status != "active" and table.state.result in ("won", "lost")
    assert {"plan", "resolve"} <= phases and (simultaneous or n == 1)
    service.store.close()
