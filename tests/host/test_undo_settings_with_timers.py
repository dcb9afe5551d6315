"""`/game undo` and a settings change are saved with the deadline timers of the step they lead to, in one
transaction (as a move is, tests/host/test_move_with_timers.py): a kill between the two leaves neither, so a
restart never finds the change with the timers of before."""
from __future__ import annotations

import pytest

from host.deadlines import EXPIRE, HOUR, change_settings
from host.tables import Actor, TableService
from host.undo import undo
from storage.routed import timers_of

from .test_move_with_timers import GUILD, Killed, backend_for, expire_versions, killed_after_planning, planned, started


@pytest.fixture(params=["one file", "partitions"])
def service(request, tmp_path):
    now = [1_000_000.0]
    backend = backend_for(request.param, tmp_path)
    service = TableService(backend, clock=lambda: now[0])
    service.now = now  # type: ignore[attr-defined]
    yield service
    backend.close()


def returned(service: TableService) -> tuple[int, Actor]:
    """A started game whose first seat made one move it may take back (Wayfinders' `return`: still its turn)."""
    game_id = started(service)
    table = service.table(game_id)
    row = table.user_of(table.to_act[0])
    actor = Actor(user_id=row.user_id, name=row.name)
    service.commit_move(actor, table, "return")
    return game_id, actor


def expire_due(service: TableService, game_id: int) -> list[float]:
    return [t.due_at for t in timers_of(service.store).for_game(game_id) if t.kind == EXPIRE]


def test_an_undo_is_saved_with_the_timers_of_the_step_it_leads_back_to(service):
    planned(service)
    game_id, actor = returned(service)
    after_move = service.table(game_id).game.version
    assert expire_versions(service, game_id) == [after_move]
    table, plan = undo(service, actor, service.table(game_id))
    assert [m.id for m in plan.moves] == ["return"]
    # Nothing ran after the commit (no post, no listener): the timers are already those of the undone version.
    assert table.game.version == after_move + 1
    assert expire_versions(service, game_id) == [table.game.version]
    assert service.games.get(game_id).deadline == expire_due(service, game_id)[0]


def test_a_kill_inside_the_undo_saves_neither_the_undo_nor_its_timers(service):
    planner = planned(service)
    game_id, actor = returned(service)
    before = service.table(game_id).game.version
    killed_after_planning(service, planner)
    with pytest.raises(Killed):
        undo(service, actor, service.table(game_id))
    assert service.games.get(game_id).version == before
    assert [m.undone for m in service.games.moves(game_id)] == [False]
    assert expire_versions(service, game_id) == [before]


def test_a_settings_change_is_saved_with_its_new_deadline(service):
    planned(service)
    game_id = started(service)
    start = service.table(game_id).game.updated_at
    assert expire_due(service, game_id) == [start + 48 * HOUR]  # the default deadline
    service.now[0] += 60
    table = change_settings(service, game_id, {"deadline": "24h"})
    assert table.game.settings["deadline"] == "24h"
    assert expire_due(service, game_id) == [start + 24 * HOUR]  # the turn still counts from its start
    assert table.game.deadline == start + 24 * HOUR
    table = change_settings(service, game_id, {"deadline": "none"})
    assert expire_due(service, game_id) == [] and table.game.deadline is None


def test_a_kill_inside_the_settings_change_saves_neither_the_settings_nor_the_timers(service):
    planner = planned(service)
    game_id = started(service)
    start = service.table(game_id).game.updated_at
    killed_after_planning(service, planner)
    with pytest.raises(Killed):
        change_settings(service, game_id, {"deadline": "12h"})
    assert "deadline" not in service.games.get(game_id).settings
    assert expire_due(service, game_id) == [start + 48 * HOUR]


def test_a_lobby_settings_change_plans_no_timers(service):
    planned(service)
    table = service.new_game(Actor(user_id=11, name="alice"), "wayfinders", guild_id=GUILD, channel_id=5)
    table = change_settings(service, table.game.id, {"deadline": "12h"})
    assert table.game.settings["deadline"] == "12h" and table.game.status == "lobby"
    assert list(timers_of(service.store).for_game(table.game.id)) == [] and table.game.deadline is None
