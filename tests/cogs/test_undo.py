"""`/game undo`: every refusal, a successful undo equal to a fresh replay, the command on the local table."""
from __future__ import annotations

import asyncio
import dataclasses

import pytest

from host.tables import Actor, Refusal, TableService
from host.undo import commit_undo, live_moves, plan_undo, replay, undo
from rules.bots import choose
from storage import open_store

from .test_commands import Session, texts, two_player_game

ALICE = Actor(user_id=1, name="alice")
BOB = Actor(user_id=2, name="bob")
DAVE = Actor(user_id=4, name="dave")


@pytest.fixture
def service(tmp_path):
    s = TableService(open_store(tmp_path / "g.db"), clock=lambda: 1000.0, seeds=lambda: 42)
    yield s
    s.store.close()


def started(service):
    table = service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=10)
    table = service.join(BOB, table)
    return service.start(ALICE, table)


def actor_of(table, seat):
    return ALICE if table.user_of(seat).user_id == ALICE.user_id else BOB


def play(service, table, move_id):
    seat = table.to_act[0]
    return service.commit_move(actor_of(table, seat), table, move_id)


def refusal_key(fn, *args):
    with pytest.raises(Refusal) as exc:
        fn(*args)
    return exc.value.text.key


def fresh_replay_dump(service, table):
    rows = service.games.moves(table.game.id)
    steps = replay(table.engine, table, rows)
    return table.engine.dump(steps[-1][3]) if steps else None


def test_refusals_nothing_not_your_turn_not_a_player_other_acted(service):
    table = started(service)
    first = table.to_act[0]
    a, b = actor_of(table, first), (BOB if actor_of(table, first) is ALICE else ALICE)
    assert refusal_key(undo, service, a, table) == "undo.refuse.nothing"
    assert refusal_key(undo, service, DAVE, table) == "host.refuse.not_player"
    assert refusal_key(undo, service, b, table) == "undo.refuse.not_your_turn"
    table = play(service, table, "place:1").table  # a's turn ends
    assert refusal_key(undo, service, a, table) == "undo.refuse.not_your_turn"
    assert refusal_key(undo, service, b, table) == "undo.refuse.nothing"
    table = play(service, table, "place:2").table  # b acted after a's move
    assert refusal_key(undo, service, a, table) == "undo.refuse.other_acted"
    version = service.table(table.game.id).game.version
    assert version == table.game.version  # refusals change nothing
    assert all(not m.undone for m in service.games.moves(table.game.id))


def test_refusals_before_the_start_and_after_the_end(service):
    lobby = service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=10)
    assert refusal_key(undo, service, ALICE, lobby) == "host.refuse.not_started"
    table = started(service)
    table = play(service, table, "return").table
    over = service.abandon(ALICE, table)
    assert refusal_key(undo, service, actor_of(table, table.to_act[0]), over) == "host.refuse.already_over"


def test_refusals_when_the_game_moved_on_or_its_log_does_not_replay(service):
    table = started(service)
    seat = table.to_act[0]
    table = play(service, table, "return").table  # still this seat's decision (fly and build)
    plan = plan_undo(table, service.games.moves(table.game.id), seat)
    moved = play(service, table, "end").table
    assert moved.game.version > table.game.version
    # a move landed between reading the game and saving the undo: the version guard refuses
    assert refusal_key(commit_undo, service, table, plan) == "host.refuse.moved_on"
    rows = service.games.moves(table.game.id)[:1]
    bogus = [rows[0].model_copy(update={"move_id": "place:99"})]
    assert refusal_key(plan_undo, table, bogus, seat) == "undo.refuse.replay"  # the log does not replay
    other = dataclasses.replace(table, state=table.engine.setup([s.seat for s in table.seats], 7))
    assert refusal_key(plan_undo, other, rows, seat) == "undo.refuse.replay"  # nor reach the stored state


def test_undo_restores_exactly_the_fresh_replay_and_play_goes_on(service):
    table = started(service)
    before_return = table.state
    table = play(service, table, "return").table
    seat = table.to_act[0]
    assert table.state.phase == "flybuild"
    after_return = service.table(table.game.id).state
    fly = next(m for m in table.engine.legal_moves(table.state, seat) if m.id.startswith("fly:") and not m.barrier)
    table = play(service, table, fly.id).table
    who = actor_of(table, seat)

    table, plan = undo(service, who, table)  # one step: the flight
    assert [m.id for m in plan.moves] == [fly.id]
    stored = service.table(table.game.id)
    assert stored.game.state == table.engine.dump(after_return)
    assert stored.game.state == fresh_replay_dump(service, stored)
    assert stored.to_act == [seat]
    rows = service.games.moves(table.game.id)
    assert [r.undone for r in rows] == [False, True]  # kept in the log, flagged

    table, plan = undo(service, who, stored)  # and the return itself
    assert [m.id for m in plan.moves] == ["return"]
    stored = service.table(table.game.id)
    assert stored.game.state == table.engine.dump(before_return)
    assert live_moves(service.games.moves(table.game.id)) == []
    assert refusal_key(undo, service, who, stored) == "undo.refuse.nothing"

    table = play(service, stored, "place:3").table  # the game goes on; replays skip undone rows
    assert service.table(table.game.id).game.state == fresh_replay_dump(service, table)
    assert [r.seq for r in service.games.moves(table.game.id)] == [1, 2, 3]


def test_undo_several_steps_at_once(service):
    table = started(service)
    seat = table.to_act[0]
    table = play(service, table, "return").table
    table, plan = undo(service, actor_of(table, seat), table, 5)
    assert [m.id for m in plan.moves] == ["return"]  # no more of this turn to take back


def test_undo_never_crosses_a_barrier(service):
    """Play greedy moves until a seat makes a barrier move (a draw) and is still to act; undo refuses."""
    table = started(service)
    for _ in range(400):
        seat = table.to_act[0]
        move = choose(table.engine, table.state, seat, "greedy", seed=3)
        played = play(service, table, move.id)
        table = played.table
        if played.move.barrier and table.to_act == [seat]:
            break
    else:
        pytest.fail("no barrier move kept the turn")
    who = actor_of(table, seat)
    assert refusal_key(undo, service, who, table) == "undo.refuse.barrier"
    # a later non-barrier move of the same turn can be undone, but the barrier stays
    nxt = [m for m in table.engine.legal_moves(table.state, seat) if not m.barrier and m.id != "end"]
    if nxt:
        table = play(service, table, nxt[0].id).table
        table, plan = undo(service, who, table, 10)
        assert [m.id for m in plan.moves] == [nxt[0].id]
        assert refusal_key(undo, service, who, table) == "undo.refuse.barrier"


def test_the_command_replies_privately_and_posts_the_board(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await two_player_game(s)
            service = TableService(open_store(s.db))
            first = service.table(1).user_of(service.table(1).to_act[0]).name
            other = "bob" if first == "alice" else "alice"
            out = await s.cmd(first, "/game undo", "wayfinders-1")
            assert out.refused and all(m.ephemeral for m in out) and "no move to take back" in texts(out)
            out = await s.cmd(other, "/game undo", "wayfinders-1")
            assert out.refused and "while it is your decision" in texts(out)
            await s.cmd(first, "/play move:return", "wayfinders-1")
            out = await s.cmd(first, "/game undo", "wayfinders-1")
            assert not out.refused, texts(out)
            private = [m for m in out if m.ephemeral]
            board = [m for m in out if not m.ephemeral and m.channel == "wayfinders-1" and m.files]
            assert private and "Taken back" in private[0].content
            assert len(board) == 1 and "took back 1 move" in texts(board)
            assert service.table(1).state.phase == "action"
            log = await s.cmd(other, "/game log", "wayfinders-1")
            assert "~~" in texts(log) and "(taken back)" in texts(log)  # kept in the log, marked
            service.store.close()
    asyncio.run(go())


def test_spanish_refusal(tmp_path):
    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            await two_player_game(s)
            out = await s.cmd("dave", "/game undo", "wayfinders-1")
            assert out.refused
            out = await s.cmd("alice", "/game undo", "wayfinders-1")
            assert "deshacer" in texts(out).lower() or "toca" in texts(out).lower()
    asyncio.run(go())


def test_a_refusal_names_players_not_seats(service):
    """A refusal is rendered without the table's names: seat references in a move's text are named first."""
    from host.i18n import tm
    from host.undo import named
    from rules.text import join, msg, seat_ref

    table = started(service)
    text = join([msg("undo.posted", who=seat_ref("p1"), n=1, moves=join([seat_ref("p2")])), seat_ref("p9")])
    out = named(text, table.names)
    assert tm(out, "en") == tm(text, "en", table.names)
    assert "alice" in tm(out, "en") and "bob" in tm(out, "en") and "p9" in tm(out, "en")
    assert "p1" not in tm(out, "en").replace("p9", "")
