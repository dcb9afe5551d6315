"""A move (or a game's start) and the timers of its new step are saved in one transaction (storage/db.py: a
transaction opened inside another is a savepoint of it; host/tables.py runs `after_change` there), so no kill
between the two leaves a saved change with the timers of the step before, or none."""
from __future__ import annotations

import pytest

from host.deadlines import EXPIRE, DeadlinePlanner
from host.scheduler import Scheduler
from host.tables import Actor, TableService
from storage import TimerStore, open_store
from storage.partitions import Layout, Partitions
from storage.routed import game_transaction, timers_of

GUILD = 1 << 22  # partition 1 of a 4-partition layout


class Killed(BaseException):
    """What a kill -9 inside the transaction amounts to for SQLite: nothing after it runs, the transaction
    never commits."""


def killed_after_planning(service: TableService, planner: DeadlinePlanner) -> None:
    """The next change's planner writes its timers, then the process dies before the commit (`Killed`)."""
    def killed(table: object) -> None:
        planner.schedule(table)  # the new step's timers are written ...
        raise Killed()  # ... and the process dies before the commit

    service.after_change = killed


def started(service: TableService) -> int:
    table = service.new_game(Actor(user_id=11, name="alice"), "wayfinders", guild_id=GUILD, channel_id=5)
    table = service.join(Actor(user_id=12, name="bob"), table)
    return service.start(Actor(user_id=11, name="alice"), table).game.id


def play_one(service: TableService, game_id: int):
    table = service.table(game_id)
    row = table.user_of(table.to_act[0])
    move = service.legal_moves(table, row.user_id)[0]
    return service.commit_move(Actor(user_id=row.user_id, name=row.name), table, move.id)


def expire_versions(service: TableService, game_id: int) -> list[int]:
    return [t.payload["version"] for t in timers_of(service.store).for_game(game_id) if t.kind == EXPIRE]


def planned(service: TableService) -> DeadlinePlanner:
    planner = DeadlinePlanner(service, Scheduler(timers_of(service.store), service.clock))
    service.after_change = planner.plan_with_change
    return planner


def backend_for(kind: str, tmp_path):
    """One database file, or a cluster layout's partitions (the process owning shard 1 of 4)."""
    if kind == "one file":
        return open_store(tmp_path / "games.db")
    layout = Layout(tmp_path / "cluster", 4)
    layout.save()
    return Partitions(layout, [1])


@pytest.fixture(params=["one file", "partitions"])
def service(request, tmp_path):
    backend = backend_for(request.param, tmp_path)
    yield TableService(backend)
    backend.close()


def test_a_move_is_saved_with_the_deadline_of_its_new_step(service):
    planner = planned(service)
    game_id = started(service)
    assert expire_versions(service, game_id) == [service.table(game_id).game.version]  # saved with the start
    played = play_one(service, game_id)
    # Nothing ran after the commit (no post, no listener): the timers are already those of the new version.
    assert expire_versions(service, game_id) == [played.table.game.version]
    expire = next(t for t in timers_of(service.store).for_game(game_id) if t.kind == EXPIRE)
    assert service.games.get(game_id).deadline == expire.due_at > service.clock()


def test_a_kill_inside_the_transaction_saves_neither_the_move_nor_its_timers(service):
    planner = planned(service)
    game_id = started(service)
    before = service.table(game_id).game.version
    killed_after_planning(service, planner)
    with pytest.raises(Killed):
        play_one(service, game_id)
    assert service.games.get(game_id).version == before and service.games.move_count(game_id) == 0
    assert expire_versions(service, game_id) == [before]


def test_a_failing_plan_never_costs_the_move(service, caplog):
    planner = planned(service)
    game_id = started(service)
    before = service.table(game_id).game.version

    def broken(table):
        timers_of(service.store).clear_game(table.game.id)  # a write the failure must undo
        raise RuntimeError("a bug in the planner")
    planner.schedule = broken  # type: ignore[method-assign]
    played = play_one(service, game_id)
    assert played.table.game.version == before + 1 and service.games.move_count(game_id) == 1
    assert expire_versions(service, game_id) == [before]  # untouched: the listener plans it after the post
    assert "planning the deadline of game" in caplog.text


def test_a_transaction_inside_another_commits_with_it_and_fails_alone(tmp_path):
    store = open_store(tmp_path / "t.db")
    timers = TimerStore(store)
    try:
        with store.transaction():
            timers.add(kind="a", due_at=1.0, now=0.0)
            with pytest.raises(ValueError):
                with store.transaction():
                    timers.add(kind="b", due_at=2.0, now=0.0)
                    raise ValueError("inner")
            timers.add(kind="c", due_at=3.0, now=0.0)
        assert [t.kind for t in timers.due(10.0)] == ["a", "c"]
        with pytest.raises(ValueError):
            with store.transaction():
                timers.add(kind="d", due_at=4.0, now=0.0)
                with store.transaction():
                    timers.add(kind="e", due_at=5.0, now=0.0)
                raise ValueError("outer")
        assert [t.kind for t in timers.due(10.0)] == ["a", "c"]
        with game_transaction(store, 1):
            timers.add(kind="f", due_at=6.0, now=0.0)
        assert [t.kind for t in timers.due(10.0)] == ["a", "c", "f"]
    finally:
        store.close()


def test_a_kill_while_the_listener_plans_again_keeps_the_saved_timers(service):
    """After a board is posted the listener plans the step's timers again (old ones deleted, new ones written):
    a kill in between used to leave the running game with no deadline, which the start-up then planned afresh
    from the restart.  The plan is one transaction: the kill leaves the timers saved with the move."""
    planner = planned(service)
    game_id = started(service)
    played = play_one(service, game_id)
    saved = [(t.kind, t.due_at, t.payload) for t in timers_of(service.store).for_game(game_id)]
    assert saved and expire_versions(service, game_id) == [played.table.game.version]
    add = planner.scheduler.add

    def dies_at_the_expire_timer(kind, due_at, **kwargs):
        if kind == EXPIRE:
            raise Killed()  # the old timers are deleted by now; the process dies before the new ones
        return add(kind, due_at, **kwargs)
    planner.scheduler.add = dies_at_the_expire_timer  # type: ignore[method-assign]
    with pytest.raises(Killed):
        planner.schedule(service.table(game_id))
    assert [(t.kind, t.due_at, t.payload) for t in timers_of(service.store).for_game(game_id)] == saved
    assert service.games.get(game_id).deadline == next(due for kind, due, _ in saved if kind == EXPIRE)
