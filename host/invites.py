"""Invitations and private lobbies (no Discord): who may be asked into a game, and who may join a private one.

A lobby opened with `private` (`games.settings["private"]`) admits only members invited to it
(`TableService.join` asks `SeatStore.invited`); a public lobby admits anyone, and an invitation there is a
ping with a button.  A `Person` is a member as the command resolved them: `guild_id` is the server they
were found a member of (None: not a member of the server the command came from), so a member of another
server is refused like anyone who is not there.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from storage.routed import seats_of

from .tables import Actor, Refusal, Table, TableService, game_title


#: Invitations one lobby may send (each is a ping): enough for any table, too few to spam a server.
MAX_INVITES = 20


@dataclass(frozen=True)
class Person:
    """A member named by a command's user option."""

    user_id: int
    name: str
    is_bot: bool = False
    guild_id: Optional[int] = None  # the server they are a member of, as resolved where the command came from


def is_private(table: Table) -> bool:
    return bool(table.game.settings.get("private"))


def check_person(table: Table, person: Person) -> None:
    """A bot account, or someone who is not a member of the game's server, cannot be given a seat."""
    if person.is_bot:
        raise Refusal("seats.refuse.bot_user")
    if person.guild_id is None or person.guild_id != table.game.guild_id:
        raise Refusal("seats.refuse.not_member")


def invite(service: TableService, actor: Actor, table: Table, person: Person) -> Table:
    """Invite `person` to a lobby: anyone seated there may (or Manage Server).  Refused when they sit there
    already, were invited already, or are the one inviting."""
    if table.game.status != "lobby":
        raise Refusal("host.refuse.not_in_lobby", title=game_title(table.game))
    if table.seat_of(actor.user_id) is None and not actor.manages(table.game):
        raise Refusal("seats.refuse.invite_seated_only", title=game_title(table.game))
    check_person(table, person)
    if person.user_id == actor.user_id or table.seat_of(person.user_id) is not None:
        raise Refusal("seats.refuse.invite_seated", title=game_title(table.game))
    if len(table.seats) >= table.engine.max_players:
        raise Refusal("host.refuse.full", title=game_title(table.game), max=table.engine.max_players)
    seats = seats_of(service.store)
    if len(seats.invitees(table.game.id)) >= MAX_INVITES:
        raise Refusal("seats.refuse.invites_full", title=game_title(table.game), max=MAX_INVITES)
    if not seats.invite(table.game.id, person.user_id, actor.user_id, service.clock()):
        raise Refusal("seats.refuse.invited_already", title=game_title(table.game))
    return service.table(table.game.id)


def accept(service: TableService, actor: Actor, table: Table, invited_id: int) -> Table:
    """The invitation's join button (its custom id names the invited member): only that member's click
    joins; anyone else is refused."""
    if actor.user_id != invited_id:
        raise Refusal("seats.refuse.not_your_invite")
    return service.join(actor, table)


__all__ = ["MAX_INVITES", "Person", "accept", "check_person", "invite", "is_private"]
