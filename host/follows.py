"""Following a game without a seat (no Discord): `/game follow` and what followers are told.

Anyone in the game's server may follow one of its open or running games, for `rounds` (the default) or
for its `end` only.  Followers get one ping per round (those following rounds) and one at the end: the
engine's `round_number` hook says which round a game is in (all four games
have rounds); when it grows past the round followers were last told of, the round that ended is
announced (several rounds passed at once, by bots, make one ping).  A game without rounds pings its
followers only at its end.  The last round told is kept in SQLite (`follow_rounds`), so a restart neither
repeats nor skips a ping.
"""
from __future__ import annotations

from typing import Optional

from rules.text import Msg, msg
from storage.routed import seats_of

from .tables import Refusal, Table, TableService, game_title

#: Followers pinged in one post stay within Discord's 2,000 characters (a mention is up to 22).
MAX_FOLLOWERS = 50


def current_round(table: Table) -> Optional[int]:
    if table.state is None or not table.engine.offers("round_number"):
        return None
    return table.engine.round_number(table.state)


EVENTS = ("rounds", "end")


def follow(service: TableService, user_id: int, table: Table, events: str = "rounds") -> Table:
    """Follow `table` for `events`; following again for the other events changes them."""
    if events not in EVENTS:
        raise Refusal("core.raw", text=", ".join(EVENTS))
    if table.game.status not in ("lobby", "active"):
        raise Refusal("host.refuse.already_over", title=game_title(table.game))
    seats = seats_of(service.store)
    if len(seats.followers(table.game.id)) >= MAX_FOLLOWERS:
        raise Refusal("seats.refuse.follow_full", title=game_title(table.game), max=MAX_FOLLOWERS)
    if not seats.follow(table.game.id, user_id, service.clock(), events):
        raise Refusal("seats.refuse.following_already", title=game_title(table.game))
    now = current_round(table)
    if now is not None:
        seats.advance_round(table.game.id, now)  # the round already under way is not news to a new follower
    return table


def unfollow(service: TableService, user_id: int, table: Table) -> Table:
    if not seats_of(service.store).unfollow(table.game.id, user_id):
        raise Refusal("seats.refuse.not_following", title=game_title(table.game))
    return table


def news(service: TableService, table: Table, kind: str) -> tuple[Optional[Msg], list[int]]:
    """What the followers of `table` hear after a change of `kind` (Actions.changed), and who they are:
    (None, []) when nothing is news."""
    seats = seats_of(service.store)
    followers = seats.followers(table.game.id)
    if not followers:
        return None, []
    title = game_title(table.game)
    if kind == "finish" and table.game.status == "finished":
        return msg("seats.follow.finished", title=title), followers
    if kind == "abandon" and table.game.status == "abandoned":
        return msg("seats.follow.abandoned", title=title), followers
    if kind not in ("start", "move") or table.game.status != "active":
        return None, []
    now = current_round(table)
    if now is None:
        return None, []
    before = seats.advance_round(table.game.id, now)
    rounds = seats.followers(table.game.id, "rounds")
    if before is None or not rounds:
        return None, []
    return msg("seats.follow.round", title=title, ended=now - 1, round=now), rounds


__all__ = ["EVENTS", "MAX_FOLLOWERS", "current_round", "follow", "news", "unfollow"]
