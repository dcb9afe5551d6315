"""The table service: lobby, seats, turn checks, the move pipeline, refusals change nothing."""
from __future__ import annotations

import pytest

from host.tables import Actor, Refusal, TableService
from rules.playout import random_move
from rules.rng import Rng
from rules.text import tr
from storage import open_store

ALICE, BOB, CAROL, DAN, EVE = (Actor(100 + i, n) for i, n in enumerate(["alice", "bob", "carol", "dan", "eve"]))


@pytest.fixture
def service(tmp_path):
    s = TableService(open_store(tmp_path / "g.db"), clock=lambda: 1000.0, seeds=lambda: 12345)
    yield s
    s.store.close()


def started(service, players=(ALICE, BOB, CAROL)):
    table = service.new_game(players[0], "wayfinders", guild_id=1, channel_id=50)
    for p in players[1:]:
        table = service.join(p, table)
    return service.start(players[0], table)


def refused(key, fn, *args, **kwargs):
    with pytest.raises(Refusal) as info:
        fn(*args, **kwargs)
    assert info.value.text.key == key, info.value.text
    return info.value


def test_unknown_game_is_refused_with_the_list(service):
    exc = refused("host.refuse.unknown_game", service.new_game, ALICE, "chess", guild_id=1, channel_id=1)
    assert "wayfinders" in exc.text.args["games"]


def test_bad_options_are_refused_before_anything_is_stored(service):
    refused("host.refuse.bad_options", service.new_game, ALICE, "wayfinders", guild_id=1, channel_id=1,
            options="mix=1/2/3")
    refused("host.refuse.bad_options", service.new_game, ALICE, "wayfinders", guild_id=1, channel_id=1,
            options="colour=purple")
    assert service.games.all_ids() == []


def test_options_text_reaches_the_engine(service):
    table = service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=1, options="exploration")
    table = service.join(BOB, table)
    table = service.start(ALICE, table)
    assert table.state.options.exploration is True


def test_lobby_rules(service):
    table = service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=50)
    refused("host.refuse.already_seated", service.join, ALICE, table)
    refused("host.refuse.too_few", service.start, ALICE, table)
    for p in (BOB, CAROL, DAN):
        table = service.join(p, table)
    refused("host.refuse.full", service.join, EVE, table)
    table = service.leave(DAN, table)
    assert [s.name for s in table.seats] == ["alice", "bob", "carol"]
    refused("host.refuse.start_creator_only", service.start, BOB, table)  # a seated player who did not open it
    table = service.start(ALICE, table)
    assert table.game.status == "active"
    refused("host.refuse.not_in_lobby", service.join, DAN, table)
    refused("host.refuse.leave_running", service.leave, BOB, table)


def test_refusals_change_nothing(service):
    table = started(service)
    version = table.game.version
    seat = table.to_act[0]
    actor = next(a for a in (ALICE, BOB, CAROL) if table.seat_of(a.user_id).seat == seat)
    other = next(a for a in (ALICE, BOB, CAROL) if a is not actor)
    refused("host.refuse.not_player", service.commit_move, EVE, table, "return")
    refused("host.refuse.not_your_turn", service.commit_move, other, table, "return")
    refused("host.refuse.illegal_move_why", service.commit_move, actor, table, "fly:Z9")  # the engine says why (W-phase)
    refused("host.refuse.illegal_move", service.commit_move, actor, table, "")
    refused("host.refuse.illegal_move", service.commit_move, actor, table, "fly to **Z9** <@1>")  # not an id: quoted
    refused("host.refuse.stale_board", service.commit_move, actor, table, "return", version=version - 1)
    after = service.table(table.game.id)
    assert after.game.version == version
    assert service.games.move_count(table.game.id) == 0
    assert after.game.state == table.game.state


def test_a_move_by_label_or_id(service):
    table = started(service)
    seat = table.to_act[0]
    actor = next(a for a in (ALICE, BOB, CAROL) if table.seat_of(a.user_id).seat == seat)
    label = table.engine.legal_moves(table.state, seat)[0].label
    played = service.commit_move(actor, table, label.upper())
    assert service.games.moves(table.game.id)[0].move_id == played.move.id


def test_the_loser_of_a_race_hears_the_game_moved_on(service):
    table = started(service)
    seat = table.to_act[0]
    actor = next(a for a in (ALICE, BOB, CAROL) if table.seat_of(a.user_id).seat == seat)
    service.commit_move(actor, table, "return")
    refused("host.refuse.moved_on", service.commit_move, actor, table, "return")  # same stale table read
    assert service.games.move_count(table.game.id) == 1


def test_a_whole_game_through_the_service_ends_with_results(service):
    table = started(service)
    rng = Rng.from_seed(3)
    users = {table.seat_of(a.user_id).seat: a for a in (ALICE, BOB, CAROL)}
    for _ in range(5000):
        if table.game.status != "active":
            break
        seat = table.to_act[0]
        move = random_move(table.engine, table.state, seat, rng)
        table = service.commit_move(users[seat], service.table(table.game.id), move.id).table
    assert table.game.status == "finished"
    results = service.games.results(table.game.id)
    assert len(results) == 3 and any(r.won for r in results)
    refused("host.refuse.already_over", service.commit_move, ALICE, table, "return")


def test_abandon_needs_the_creator_or_manage_server(service):
    table = started(service)
    refused("host.refuse.creator_only", service.abandon, BOB, table)
    table = service.abandon(Actor(BOB.user_id, "bob", can_manage=True, guild_id=1), table)
    assert table.game.status == "abandoned"
    assert table.engine.to_act(table.state) == []


def test_locate_by_thread_channel_and_ambiguity(service):
    one = started(service)
    service.games.set_thread(one.game.id, 777)
    assert service.locate(777, EVE.user_id, guild_id=1).game.id == one.game.id
    assert service.locate(50, ALICE.user_id, guild_id=1).game.id == one.game.id
    two = service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=50)
    refused("host.refuse.which_game", service.locate, 50, ALICE.user_id, guild_id=1)
    assert service.locate(50, ALICE.user_id, two.game.number, guild_id=1).game.id == two.game.id
    refused("host.refuse.no_such_game", service.locate, 50, ALICE.user_id, 999, guild_id=1)
    refused("host.refuse.no_game_here", service.locate, 51, ALICE.user_id, guild_id=1)


def test_play_seat_plays_for_a_seat_through_the_same_guarded_pipeline(service):
    table = started(service)
    seat = table.to_act[0]
    other = next(s.seat for s in table.seats if s.seat != seat)
    refused("host.refuse.not_your_turn", service.play_seat, table, other, "return")
    played = service.play_seat(table, seat, "return")
    entry = service.games.moves(table.game.id)[0]
    assert (entry.seat, entry.move_id, entry.user_id) == (seat, "return", None)
    refused("host.refuse.moved_on", service.play_seat, table, seat, "return")  # stale table read
    assert played.table.game.version == table.game.version + 1


def test_a_refused_move_id_says_why_in_the_players_language(service):
    """The engine's explanation (Engine.explain; W10: a worker goes to a hangar in use, and
    there is no hangar 99) reaches the player as a Msg, rendered in their locale; nothing changes."""
    table = started(service)
    seat = table.to_act[0]
    actor = next(a for a in (ALICE, BOB, CAROL) if table.seat_of(a.user_id).seat == seat)
    exc = refused("host.refuse.illegal_move_why", service.commit_move, actor, table, "place:99")  # what was typed, and why
    en, es = tr(exc.text, "en"), tr(exc.text, "es")
    assert "99" in en and "99" in es and en != es
    assert "There is no hangar 99 in use" in en  # the engine's own explanation (explain.py), not just the id
    assert service.games.move_count(table.game.id) == 0
