"""Hostile input straight at the table service (fast): a clear Refusal, nothing changed, nothing else raised.

Also who may act: only players move, only the creator or Manage Server abandons."""
from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from host.tables import Actor, Refusal, TableService
from rules import GAMES
from storage import open_store

from .helpers import ALICE, BOB, CAROL, played_db
from .hostile import hostile_int, hostile_text

DAVE, EVE = Actor(user_id=104, name="dave"), Actor(user_id=105, name="eve @everyone")
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def fingerprint(service: TableService) -> list[tuple]:
    conn = service.store.conn
    return conn.execute("SELECT g.id, g.version, g.status, g.state, (SELECT COUNT(*) FROM moves m WHERE"
                        " m.game_id = g.id), (SELECT COUNT(*) FROM seats s WHERE s.game_id = g.id) FROM games g"
                        " ORDER BY g.id").fetchall()


@pytest.fixture()
def service(tmp_path):
    played_db(tmp_path / "g.db", games=1, moves=3)  # game 1: alice, bob, carol; running
    svc = TableService(open_store(tmp_path / "g.db"))
    svc.new_game(DAVE, "wayfinders", guild_id=1, channel_id=2)  # game 2: dave's lobby
    yield svc
    svc.store.close()


def legal(service: TableService, user: Actor, text: str) -> bool:
    table = service.table(1)
    seat = table.seat_of(user.user_id)
    if seat is None or seat.seat not in table.to_act:
        return False
    try:
        service.resolve_move(table, seat.seat, text)
        return True
    except Refusal:
        return False


@SETTINGS
@given(text=hostile_text, who=st.sampled_from([ALICE, BOB, CAROL, DAVE, EVE]), version=st.none() | hostile_int)
def test_any_move_text_is_refused_cleanly(service, text, who, version):
    assume(not legal(service, who, text))
    before = fingerprint(service)
    with pytest.raises(Refusal) as refused:
        service.commit_move(who, service.table(1), text, version)
    assert refused.value.text.key.startswith(("host.refuse.", "core."))
    assert fingerprint(service) == before


@SETTINGS
@given(key=hostile_text, options=hostile_text)
def test_any_game_name_or_options_are_refused_or_a_lobby_opens(service, key, options):
    before = fingerprint(service)
    try:
        table = service.new_game(EVE, key, guild_id=1, channel_id=3, options=options)
    except Refusal as exc:
        assert exc.text.key in ("host.refuse.unknown_game", "host.refuse.bad_options")
        assert fingerprint(service) == before
        return
    assert key.strip().lower() in GAMES
    assert table.game.status == "lobby" and len(fingerprint(service)) == len(before) + 1


@SETTINGS
@given(game_id=hostile_int, text=hostile_text)
def test_ids_of_missing_or_other_games_are_refused(service, game_id, text):
    assume(game_id not in (1, 2))
    before = fingerprint(service)
    with pytest.raises(Refusal) as refused:
        service.locate(1, EVE.user_id, game_id, guild_id=1)
    assert refused.value.text.key == "host.refuse.no_such_game"
    # the id of another game: dave's lobby cannot be played, alice's game not by dave
    with pytest.raises(Refusal):
        service.commit_move(ALICE, service.table(2), text)
    with pytest.raises(Refusal):
        service.commit_move(DAVE, service.table(1), text)
    assert fingerprint(service) == before


def test_only_players_act_and_only_creator_or_manager_abandons(service):
    before = fingerprint(service)
    table = service.table(1)
    for outsider in (DAVE, EVE, Actor(user_id=105, name="eve", can_manage=False)):
        with pytest.raises(Refusal, match="not_player"):
            service.commit_move(outsider, table, "return")
    for not_creator in (BOB, CAROL, DAVE):
        with pytest.raises(Refusal, match="creator_only"):
            service.abandon(not_creator, table)
    with pytest.raises(Refusal, match="start_creator_only"):  # only the creator (or a manager) starts
        service.start(EVE, service.table(2))
    assert fingerprint(service) == before
    done = service.abandon(Actor(user_id=999, name="mod", can_manage=True, guild_id=1), table)
    assert done.game.status == "abandoned"
    assert service.abandon(DAVE, service.table(2)).game.status == "abandoned"  # the creator of game 2


def test_sql_in_text_is_data(service, tmp_path):
    evil = "x'); DROP TABLE games; --"
    table = service.new_game(Actor(user_id=106, name=evil), "wayfinders", guild_id=1, channel_id=4)
    assert service.table(table.game.id).seats[0].name == evil
    assert sqlite3.connect(tmp_path / "g.db").execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3
