"""`/game undo` from the game's undo point (host/undo.py, storage `undo_points`): the same plan and the same
state as a replay from the seed, over random games of every game, through moves, undos, bot moves, deadline
expiry and a restart."""
from __future__ import annotations

import asyncio

import pytest

from host.tables import Actor, Refusal, TableService
from host.undo import plan_undo, replay, undo, undo_window
from rules import GAMES
from rules.playout import playout_rng, random_move
from storage import open_store
from tools.integrity import check_database

from .test_deadlines import HOUR, THREAD, Clock, Table, two_player_game


def new_service(path):
    return TableService(open_store(path), clock=lambda: 1000.0, seeds=lambda: 4242)


def actors(n):
    return [Actor(user_id=100 + i, name=f"player{i + 1}") for i in range(n)]


def started(service, key, people):
    table = service.new_game(people[0], key, guild_id=1, channel_id=10)
    for actor in people[1:]:
        table = service.join(actor, table)
    return service.start(people[0], table)


def actor_for(table, people, seat):
    return next(a for a in people if a.user_id == table.user_of(seat).user_id)


def outcome(fn):
    """A plan as comparable data: what it takes back and the state it returns to, or the refusal's key."""
    try:
        plan = fn()
    except Refusal as exc:
        return ("refused", exc.text.key)
    return (plan.seqs, [m.id for m in plan.moves], plan.state.model_dump_json())


def full_replay_dump(service, table):
    steps = replay(table.engine, table, service.games.moves(table.game.id))
    return table.engine.dump(steps[-1][3]) if steps else None


@pytest.mark.parametrize("key", sorted(GAMES))
def test_undo_from_the_undo_point_equals_the_replay_from_the_seed(tmp_path, key):
    """Random games: after every move, every seat to act gets the same undo plan (or the same refusal) from the
    undo point as from the seed; some undos are made, some moves are played as a bot or an expiry would."""
    service = new_service(tmp_path / "g.db")
    people = actors(GAMES[key].sample_players())
    table = started(service, key, people)
    rng = playout_rng(11)
    compared = undone = points = 0
    for _ in range(90):
        if table.game.status != "active":
            break
        seat = table.to_act[0] if len(table.to_act) == 1 else rng.choice(table.to_act)
        move = random_move(table.engine, table.state, seat, rng)
        if rng.below(3) == 0:  # the path of bot seats and expired deadlines
            table = service.play_seat(table, seat, move.id).table
        else:
            table = service.commit_move(actor_for(table, people, seat), table, move.id).table
        if table.game.status != "active":
            break
        points += service.games.undo_point(table.game.id) is not None
        for who in table.to_act:
            steps = 1 + rng.below(3)
            rows = service.games.moves(table.game.id)
            window = undo_window(service, table, who)
            assert outcome(lambda: plan_undo(table, [], who, steps, window)) == \
                outcome(lambda: plan_undo(table, rows, who, steps))
            compared += 1
            if window.start is not None:  # the window starts at the undo point's move, never earlier
                assert window.rows[0].seq == service.games.undo_point(table.game.id)[0]
        if rng.below(4) == 0:
            who = table.to_act[0]
            try:
                table, _ = undo(service, actor_for(table, people, who), table, 1 + rng.below(2))
                undone += 1
            except Refusal:
                pass
            assert table.game.state == full_replay_dump(service, table)
    assert compared > 50 and points > 0 and undone > 0
    service.store.close()
    report = check_database(tmp_path / "g.db")  # the undo point matches the replay from the seed too
    assert report.ok, report.problems


def test_the_undo_point_is_kept_with_each_move_and_dropped_at_the_end(tmp_path):
    service = new_service(tmp_path / "g.db")
    people = actors(2)
    table = started(service, "wayfinders", people)
    gid = table.game.id
    assert service.games.undo_point(gid) is None  # nothing permanent yet: from the seed
    first = table.to_act[0]
    before = table.game.state
    table = service.commit_move(actor_for(table, people, first), table, "return").table  # still first's decision
    assert service.games.undo_point(gid) is None
    mid = table.game.state
    end = next(m.id for m in table.engine.legal_moves(table.state, first) if m.id == "end")
    table = service.commit_move(actor_for(table, people, first), table, end).table  # first's decision ends
    assert service.games.undo_point(gid) == (2, mid)  # the state before that move
    second = table.to_act[0]
    table = service.commit_move(actor_for(table, people, second), table, "return").table
    assert service.games.undo_point(gid) == (2, mid)
    table, plan = undo(service, actor_for(table, people, second), table)
    assert plan.seqs == [3] and service.games.undo_point(gid) == (2, mid)  # an undo never moves it
    assert table.game.state == full_replay_dump(service, table)
    with pytest.raises(Refusal) as exc:
        undo(service, actor_for(table, people, second), table)
    assert exc.value.text.key == "undo.refuse.nothing"  # their only move is taken back
    with pytest.raises(Refusal) as exc:
        undo(service, actor_for(table, people, first), table)
    assert exc.value.text.key == "undo.refuse.not_your_turn"
    assert before != mid
    service.abandon(people[0], table)
    assert service.games.undo_point(gid) is None


def test_a_finished_game_keeps_no_undo_point(tmp_path):
    service = new_service(tmp_path / "g.db")
    people = actors(2)
    table = started(service, "wayfinders", people)
    rng = playout_rng(3)
    while table.game.status == "active":
        seat = table.to_act[0]
        table = service.play_seat(table, seat, random_move(table.engine, table.state, seat, rng).id).table
    assert table.game.status == "finished"
    assert service.games.undo_point(table.game.id) is None
    service.store.close()
    assert check_database(tmp_path / "g.db").ok


def test_undo_after_a_restart_replays_from_the_stored_undo_point(tmp_path):
    path = tmp_path / "g.db"
    service = new_service(path)
    people = actors(3)
    table = started(service, "eclipse", people)
    rng = playout_rng(5)
    while True:  # until a seat has an undoable move of its own after an undo point
        seat = table.to_act[0]
        move = random_move(table.engine, table.state, seat, rng)
        table = service.commit_move(actor_for(table, people, seat), table, move.id).table
        point = service.games.undo_point(table.game.id)
        if point is not None and point[0] > 20 and table.to_act == [seat] and not move.barrier:
            break
    gid, expected = table.game.id, service.games.moves(table.game.id)[-1].seq
    service.store.close()

    service = new_service(path)  # a new process: only the database remembers
    table = service.table(gid)
    window = undo_window(service, table, seat)
    assert window.start == point[1] and window.rows[0].seq == point[0] < len(service.games.moves(gid))
    table, plan = undo(service, actor_for(table, people, seat), table)
    assert plan.seqs == [expected]
    assert service.table(gid).game.state == full_replay_dump(service, table)
    service.store.close()
    assert check_database(path).ok


def test_a_bad_undo_point_refuses_rather_than_restoring_a_wrong_state(tmp_path):
    """The replay from the undo point must reach the stored state; a corrupt or stale point refuses the undo."""
    service = new_service(tmp_path / "g.db")
    people = actors(2)
    table = started(service, "wayfinders", people)
    first = table.to_act[0]
    table = service.commit_move(actor_for(table, people, first), table, "return").table
    table = service.commit_move(actor_for(table, people, first), table, "end").table
    second = table.to_act[0]
    table = service.commit_move(actor_for(table, people, second), table, "return").table
    gid = table.game.id
    wrong = table.engine.dump(table.engine.setup([s.seat for s in table.seats], 1))
    for state in (wrong, "{not json"):
        with service.store.transaction() as conn:
            conn.execute("UPDATE undo_points SET state = ? WHERE game_id = ?", (state, gid))
        with pytest.raises(Refusal) as exc:
            undo(service, actor_for(table, people, second), table)
        assert exc.value.text.key == "undo.refuse.replay"
    assert service.table(gid).game.version == table.game.version  # nothing changed
    service.store.close()
    assert any("undo point" in p.detail for p in check_database(tmp_path / "g.db").problems)


def test_an_expired_deadline_played_by_the_bot_keeps_the_undo_point(tmp_path):
    """Deadline expiry plays for the late seat (TableService.play_seat): the undo point follows, and the next
    player's `/game undo` on the local table still restores exactly the replayed state."""
    async def go():
        async with Table(tmp_path, Clock()) as s:
            await two_player_game(s)
            late = s.waiting_name()
            await s.fire(48.01)  # the bot plays the late seat's whole decision
            table = s.game()
            assert s.waiting_name() != late and table.game.rated is False
            point = s.service.games.undo_point(1)
            assert point is not None
            now = s.waiting_name()
            out = await s.cmd(now, "/play move:return", THREAD)
            assert not out.refused, out.errors
            out = await s.cmd(now, "/game undo", THREAD)
            assert not out.refused, out.errors
            assert s.game().game.state == full_replay_dump(s.service, s.game())
            assert s.service.games.undo_point(1) == point
            assert check_database(s.db).ok
            s.clock.advance(HOUR)
    asyncio.run(go())
