"""Seats beyond the lobby, on the service: invitations and private lobbies, rematches, substitutes, followers.

The rules live in host/invites.py, host/rematch.py, host/substitutes.py and host/follows.py; refusals
change nothing.  The same flows through the real bot on the local table: tests/cogs/test_seats_table.py.
"""
from __future__ import annotations

import pytest

from host.bot_seats import add_bots, replace_by_bot
from host.follows import MAX_FOLLOWERS, follow, news, unfollow
from host.invites import MAX_INVITES, Person, accept, invite
from host.rematch import rematch
from host.stats import Stats
from host.substitutes import find_seat, substitute
from host.tables import Actor, Refusal, TableService
from rules.playout import playout_rng, random_move
from storage import open_store
from storage.seats import SeatStore

GUILD, OTHER = 1, 2
ALICE, BOB, CAROL, DAN = (Actor(100 + i, n, guild_id=GUILD) for i, n in enumerate(["alice", "bob", "carol", "dan"]))
ADMIN = Actor(200, "admin", can_manage=True, guild_id=GUILD)
FAR_ADMIN = Actor(201, "faradmin", can_manage=True, guild_id=OTHER)


def person(actor: Actor, guild=GUILD, bot=False) -> Person:
    return Person(actor.user_id, actor.name, is_bot=bot, guild_id=guild)


@pytest.fixture
def db(tmp_path):
    return tmp_path / "g.db"


@pytest.fixture
def service(db):
    s = TableService(open_store(db), clock=lambda: 1000.0, seeds=lambda: 7)
    yield s
    s.store.close()


def refused(key, fn, *args, **kwargs):
    with pytest.raises(Refusal) as info:
        fn(*args, **kwargs)
    assert info.value.text.key == key, info.value.text
    return info.value


def lobby(service, private=False, bots=0):
    table = service.new_game(ALICE, "wayfinders", guild_id=GUILD, channel_id=50, private=private)
    return add_bots(service, table, bots, "random") if bots else table


def play_to_end(service, table):
    rng = playout_rng(3)
    while table.game.status == "active":
        seat = table.to_act[0]
        table = service.play_seat(table, seat, random_move(table.engine, table.state, seat, rng).id).table
        table = service.table(table.game.id)
    return table


# ---- invitations and private lobbies --------------------------------------------------------

def test_a_private_lobby_admits_only_invited_members(service):
    table = lobby(service, private=True)
    assert table.game.settings == {"private": True}
    refused("seats.refuse.private", service.join, BOB, table)
    assert [s.name for s in service.table(table.game.id).seats] == ["alice"]  # the refusal changed nothing
    table = invite(service, ALICE, table, person(BOB))
    table = service.join(BOB, table)
    assert [s.name for s in table.seats] == ["alice", "bob"]
    refused("seats.refuse.private", service.join, CAROL, table)


def test_who_may_invite_and_whom(service):
    table = lobby(service, bots=1)
    refused("seats.refuse.invite_seated_only", invite, service, CAROL, table, person(DAN))
    refused("seats.refuse.invite_seated_only", invite, service, FAR_ADMIN, table, person(DAN))  # another server's
    refused("seats.refuse.not_member", invite, service, ALICE, table, person(BOB, guild=OTHER))
    refused("seats.refuse.not_member", invite, service, ALICE, table, person(BOB, guild=None))
    refused("seats.refuse.bot_user", invite, service, ALICE, table, person(BOB, bot=True))
    refused("seats.refuse.invite_seated", invite, service, ALICE, table, person(ALICE))
    assert SeatStore(service.store).invitees(table.game.id) == []
    invite(service, ADMIN, table, person(BOB))  # Manage Server in the game's own server
    refused("seats.refuse.invited_already", invite, service, ALICE, table, person(BOB))
    assert SeatStore(service.store).invitees(table.game.id) == [BOB.user_id]
    table = service.join(BOB, service.table(table.game.id))
    refused("seats.refuse.invite_seated", invite, service, BOB, table, person(BOB))
    table = service.start(ALICE, table)
    refused("host.refuse.not_in_lobby", invite, service, ALICE, table, person(CAROL))


def test_only_the_invited_members_click_joins(service):
    table = invite(service, ALICE, lobby(service, private=True), person(BOB))
    refused("seats.refuse.not_your_invite", accept, service, CAROL, table, BOB.user_id)
    assert len(service.table(table.game.id).seats) == 1
    table = accept(service, BOB, table, BOB.user_id)
    assert [s.name for s in table.seats] == ["alice", "bob"]
    refused("host.refuse.already_seated", accept, service, BOB, table, BOB.user_id)


def test_a_full_lobby_takes_no_more_invitations_and_a_lobby_sends_at_most_twenty(service):
    table = lobby(service, bots=3)  # Wayfinders seats four
    refused("host.refuse.full", invite, service, ALICE, table, person(BOB))
    table = lobby(service)
    for uid in range(MAX_INVITES):
        invite(service, ALICE, table, Person(5000 + uid, f"m{uid}", guild_id=GUILD))
    refused("seats.refuse.invites_full", invite, service, ALICE, table, person(BOB))


# ---- rematch --------------------------------------------------------------------------------------

def finished(service, private=False):
    table = lobby(service, private=private, bots=1)
    if private:
        table = invite(service, ALICE, table, person(BOB))
    table = service.join(BOB, table)
    service.games.merge_settings(table.game.id, {"deadline": "24h", "paused": "host.error.channel_gone"})
    table = service.start(ALICE, service.table(table.game.id))
    return play_to_end(service, table)


def test_rematch_opens_one_lobby_of_the_same_game_options_settings_and_bots(service):
    old = finished(service)
    refused("seats.refuse.rematch_players_only", rematch, service, CAROL, old)
    made = rematch(service, BOB, old)
    assert made.made and made.invited == [ALICE.user_id]
    new = made.table
    assert (new.game.status, new.game.game_key, new.game.options) == ("lobby", "wayfinders", old.game.options)
    assert new.game.settings == {"deadline": "24h"}  # a pause belongs to the old game
    assert new.game.channel_id == old.game.channel_id and new.game.creator_id == BOB.user_id
    assert [(s.name, s.is_bot) for s in new.seats] == [("bob", False), ("Bot 1 ⚄", True)]
    again = rematch(service, ALICE, old)  # a second click: the lobby made, nothing new
    assert not again.made and again.table.game.id == new.game.id
    assert len(service.games.find(guild_id=GUILD, statuses=("lobby",))) == 1
    assert service.join(ALICE, new).seat_of(ALICE.user_id) is not None


def test_a_private_game_rematches_privately_and_its_players_are_invited(service):
    new = rematch(service, ALICE, finished(service, private=True)).table
    assert new.game.settings.get("private") is True
    refused("seats.refuse.private", service.join, CAROL, new)
    assert service.join(BOB, new).seat_of(BOB.user_id) is not None


def test_no_rematch_of_a_running_game_and_a_failed_one_can_be_retried(service):
    table = service.start(ALICE, service.join(BOB, lobby(service)))
    refused("seats.refuse.rematch_unfinished", rematch, service, ALICE, table)
    old = play_to_end(service, table)
    service.limits.open_per_user = 0  # alice may open no game now: the rematch is refused...
    refused("host.refuse.too_many_open", rematch, service, ALICE, old)
    assert SeatStore(service.store).rematch_of(old.game.id) is None
    service.limits.open_per_user = 10  # ...and can be asked again
    assert rematch(service, ALICE, old).made


# ---- substitutes -------------------------------------------------------------------------------

def running(service, bots=1):
    table = service.join(BOB, lobby(service, bots=bots))
    return service.start(ALICE, table)


def test_who_may_hand_over_which_seat_to_whom(service):
    table = running(service)  # alice p1, Bot 1 p2, bob p3
    refused("seats.refuse.sub_creator_only", substitute, service, BOB, table, "2", person(CAROL))
    refused("seats.refuse.sub_creator_only", substitute, service, FAR_ADMIN, table, "2", person(CAROL))
    refused("seats.refuse.not_member", substitute, service, ALICE, table, "2", person(CAROL, guild=OTHER))
    refused("seats.refuse.bot_user", substitute, service, ALICE, table, "2", person(CAROL, bot=True))
    refused("seats.refuse.sub_seated", substitute, service, ALICE, table, "2", person(BOB))
    refused("seats.refuse.sub_human", substitute, service, ALICE, table, "3", person(CAROL))
    refused("seats.refuse.no_such_seat", substitute, service, ALICE, table, "p9", person(CAROL))
    assert service.table(table.game.id).game.version == table.game.version  # refusals changed nothing
    new, was = substitute(service, ADMIN, table, "bot 1 ⚄", person(CAROL))
    assert was.name == "Bot 1 ⚄" and was.is_bot
    assert [(s.name, s.user_id, s.is_bot) for s in new.seats][1] == ("carol", CAROL.user_id, False)
    refused("host.refuse.moved_on", substitute, service, ALICE, table, "2", person(DAN))  # the old version


def test_a_lobby_or_a_finished_game_has_no_substitutes(service):
    table = lobby(service, bots=1)
    refused("seats.refuse.sub_lobby", substitute, service, ALICE, table, "2", person(CAROL))
    table = service.join(BOB, table)
    done = play_to_end(service, service.start(ALICE, table))
    refused("host.refuse.already_over", substitute, service, ALICE, done, "2", person(CAROL))


def test_seats_are_named_by_number_id_or_name(service):
    table = running(service)
    assert [find_seat(table, x).position for x in ("2", "p2", "#2", "BOT 1 ⚄", " bob ")] == [2, 2, 2, 2, 3]


def test_a_departed_players_seat_counts_only_for_its_finishing_human(service):
    table = running(service, bots=0)  # alice p1, bob p2
    table, _, _ = replace_by_bot(service, BOB, table)
    assert table.game.rated is False
    table, was = substitute(service, ALICE, table, "2", person(CAROL))
    assert was.user_id is None and was.name.startswith("Bot · bob")
    done = play_to_end(service, table)
    results = {r.seat: r for r in service.games.results(done.game.id)}
    assert (results["p2"].user_id, results["p2"].is_bot) == (CAROL.user_id, False)
    assert BOB.user_id not in {r.user_id for r in results.values()}
    stats = Stats(service.store)
    assert stats.me(BOB.user_id, GUILD, None, "en") == stats.me(999, GUILD, None, "en")  # bob has no games
    carol = "\n".join(stats.me(CAROL.user_id, GUILD, None, "en"))
    assert "**Wayfinders**: 1 played" in carol and "(0 rated games)" in carol  # a bot played part of it: unrated


def test_a_substitute_in_a_rated_game_is_rated_in_that_seat(service):
    done = play_to_end(service, substitute(service, ALICE, running(service), "2", person(CAROL))[0])
    assert done.game.rated
    text = "\n".join(Stats(service.store).me(CAROL.user_id, GUILD, "wayfinders", "en"))
    assert "**Wayfinders**: 1 played" in text and "rating none yet" not in text and "(1 rated" in text


# ---- followers -----------------------------------------------------------------------------------

def test_follow_and_unfollow(service):
    table = lobby(service)
    follow(service, CAROL.user_id, table)
    refused("seats.refuse.following_already", follow, service, CAROL.user_id, table)
    follow(service, CAROL.user_id, table, "end")  # following again for other events changes them
    assert SeatStore(service.store).followers(table.game.id, "end") == [CAROL.user_id]
    assert SeatStore(service.store).followers(table.game.id, "rounds") == []
    unfollow(service, CAROL.user_id, table)
    refused("seats.refuse.not_following", unfollow, service, CAROL.user_id, table)
    for uid in range(MAX_FOLLOWERS):
        follow(service, 1000 + uid, table)
    refused("seats.refuse.follow_full", follow, service, CAROL.user_id, table)


def test_followers_hear_each_round_once_and_the_end(service, db):
    table = running(service)
    follow(service, CAROL.user_id, table)
    follow(service, DAN.user_id, table, "end")  # dan: the end only
    assert news(service, table, "move") == (None, [])  # round 1 is under way: no news
    rng, heard = playout_rng(4), []
    while table.game.status == "active":
        seat = table.to_act[0]
        played = service.play_seat(table, seat, random_move(table.engine, table.state, seat, rng).id)
        table = played.table
        said, who = news(service, table, "finish" if played.finished else "move")
        if said is not None:
            assert who == [CAROL.user_id] or played.finished
            heard.append((said.key, said.args.get("ended"), said.args.get("round")))
        table = service.table(table.game.id)
    rounds = [h for h in heard if h[0] == "seats.follow.round"]
    assert rounds == [("seats.follow.round", n, n + 1) for n in range(1, len(rounds) + 1)]
    assert len(rounds) == table.engine.round_number(table.state) - 1
    assert heard[-1] == ("seats.follow.finished", None, None) and who == [CAROL.user_id, DAN.user_id]
    # a restart (a new service on the same file) neither repeats nor skips a round
    again = TableService(open_store(db), clock=lambda: 1000.0)
    try:
        assert news(again, again.table(table.game.id), "move") == (None, [])
    finally:
        again.store.close()


def test_an_unfollowed_or_unwatched_game_says_nothing(service):
    table = running(service)
    assert news(service, table, "finish") == (None, [])
    follow(service, DAN.user_id, table)
    table = service.abandon(ALICE, table)
    said, who = news(service, table, "abandon")
    assert said.key == "seats.follow.abandoned" and who == [DAN.user_id]
    refused("host.refuse.already_over", follow, service, CAROL.user_id, table)


def test_a_rematch_claim_left_half_way_is_taken_over_after_a_minute(service):
    old = finished(service)
    seats = SeatStore(service.store)
    assert seats.claim_rematch(old.game.id, 1000.0)  # a process stopped right after claiming
    refused("seats.refuse.rematch_opening", rematch, service, ALICE, old)
    assert not seats.claim_rematch(old.game.id, 1059.0)
    service.clock = lambda: 1061.0
    made = rematch(service, ALICE, old)
    assert made.made and seats.rematch_of(old.game.id) == made.table.game.id
