"""A finished game's rematch (no Discord): a new lobby of the same game, options, settings and bots.

The player who asks becomes its creator and sits first; the bots sit again at their levels; the other
humans of the finished game are invited (so they may join even a private rematch) and are pinged once by
the cog.  One finished game opens one rematch: the `rematches` row is claimed before the lobby is made,
so a second click (in this process or another) is pointed at the lobby already made.
"""
from __future__ import annotations

from dataclasses import dataclass

from storage.routed import seats_of

from .bot_seats import add_bots, bot_level
from .invites import is_private
from .tables import Actor, Refusal, Table, TableService, game_title

#: Settings a rematch does not inherit: the state of the old game, not a choice of its players.
NOT_INHERITED = frozenset({"paused", "private"})


@dataclass
class Rematch:
    table: Table  # the rematch's lobby
    made: bool  # False: it had been made before (a second click)
    invited: list[int]  # the humans of the finished game asked to join (the asker excluded)


def rematch(service: TableService, actor: Actor, old: Table) -> Rematch:
    seats = seats_of(service.store)
    if old.game.status != "finished":
        raise Refusal("seats.refuse.rematch_unfinished", title=game_title(old.game))
    made = seats.rematch_of(old.game.id)
    if made is not None:
        return Rematch(service.table(made), False, seats.invitees(made))
    if old.seat_of(actor.user_id) is None and not actor.manages(old.game):
        raise Refusal("seats.refuse.rematch_players_only", title=game_title(old.game))
    if not seats.claim_rematch(old.game.id, service.clock()):  # another click is opening it right now
        raise Refusal("seats.refuse.rematch_opening", title=game_title(old.game))
    try:
        table = service.new_game(actor, old.game.game_key, guild_id=old.game.guild_id, channel_id=old.game.channel_id,
                                 options=old.game.options, private=is_private(old))
        inherited = {k: v for k, v in old.game.settings.items() if k not in NOT_INHERITED}
        if inherited:
            service.games.merge_settings(table.game.id, inherited)
        for seat in old.seats:
            if seat.is_bot:
                table = add_bots(service, table, 1, bot_level(seat))
        invited = []
        for seat in old.seats:
            if seat.user_id and not seat.is_bot and seat.user_id != actor.user_id:
                seats.invite(table.game.id, seat.user_id, actor.user_id, service.clock())
                invited.append(seat.user_id)
    except BaseException:
        seats.set_rematch(old.game.id, None)  # nothing was opened: the next click may try again
        raise
    seats.set_rematch(old.game.id, table.game.id)
    return Rematch(service.table(table.game.id), True, invited)


__all__ = ["NOT_INHERITED", "Rematch", "rematch"]
