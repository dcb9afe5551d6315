"""`/eclipse autopass on`: the host passes for a player who asked, at the decisions the game passes for them
(Eclipse E28: a passed player's turn, a Reaction or passing again); a refusal changes nothing, and the pass
played for them is an undo point that no undo takes back."""
from __future__ import annotations

import random

import pytest

from host.autopass import autopass_to_act, set_autopass
from host.tables import Actor, Refusal, TableService
from host.undo import undo
from storage import open_store

ALICE, BOB, CAROL = (Actor(100 + i, n) for i, n in enumerate(["alice", "bob", "carol"]))


@pytest.fixture
def service(tmp_path):
    s = TableService(open_store(tmp_path / "g.db"), clock=lambda: 1000.0, seeds=lambda: 1)
    yield s
    s.store.close()


def _started(service, key="eclipse"):
    table = service.new_game(ALICE, key, guild_id=1, channel_id=50)
    table = service.join(BOB, table)
    return service.start(ALICE, table)


def _refused(key, fn, *args):
    with pytest.raises(Refusal) as info:
        fn(*args)
    assert info.value.text.key == key


def _to_a_passed_turn(service, table, seat):
    """Random moves (never the seat's own reactions) until `seat` has passed and its turn comes round again."""
    rng = random.Random(7)
    for _ in range(3000):
        state = table.state
        if seat in table.to_act and table.engine.auto_pass(state, seat) is not None:
            return table
        actor = table.to_act[0]
        moves = table.engine.legal_moves(state, actor)
        ids = [m.id for m in moves]
        pick = "pass" if "pass" in ids and rng.random() < 0.3 else rng.choice(ids)
        table = service.play_seat(table, actor, pick).table
    raise AssertionError("no passed turn came round")


def test_the_wish_is_stored_per_seat_and_refused_where_it_means_nothing(service):
    table = _started(service)
    assert not any(s.autopass for s in table.seats)
    _refused("host.refuse.not_player", set_autopass, service, table, CAROL.user_id, True)
    other = _started(service, "wayfinders")
    _refused("autopass.refuse.not_offered", set_autopass, service, other, ALICE.user_id, True)
    assert not any(s.autopass for s in service.table(other.game.id).seats)
    table = set_autopass(service, table, ALICE.user_id, True)
    assert [s.autopass for s in table.seats] == [True, False]
    assert not any(s.autopass for s in service.table(table.game.id).seats if s.user_id != ALICE.user_id)
    table = set_autopass(service, table, ALICE.user_id, False)
    assert not any(s.autopass for s in table.seats)


def test_a_passed_turn_is_passed_for_the_player_who_asked_and_cannot_be_undone(service):
    table = _started(service)
    seat = table.seat_of(ALICE.user_id).seat
    table = _to_a_passed_turn(service, table, seat)
    assert autopass_to_act(table) == []  # not asked: she is asked, as before
    table = set_autopass(service, table, ALICE.user_id, True)
    assert autopass_to_act(table) == [(seat, "pass")]
    version = table.game.version
    played = service.play_seat(table, seat, "pass")
    assert played.table.game.version == version + 1
    assert played.move.id == "pass"
    after = played.table
    with pytest.raises(Refusal):  # the pass played for her is not hers to take back
        undo(service, ALICE, after)
    assert service.table(after.game.id).game.version == after.game.version
    assert autopass_to_act(after) in ([], [(seat, "pass")])
    bob = after.seat_of(BOB.user_id).seat
    if bob in after.to_act and after.engine.auto_pass(after.state, bob) is None:
        assert autopass_to_act(after) == []  # Bob never asked: his decisions stay his
