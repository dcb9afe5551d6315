"""A member takes over a seat mid-game (no Discord): `/game sub user:<member> seat:<seat>`.

Only a seat played by a bot can be handed over: a bot seat from the lobby, or the seat of a player who
left (a bot plays it since, host/bot_seats.py `replace_by_bot`).  The game's creator or a member with
Manage Server hands it; the member must be in the game's server and not seated in that game already.

Results are written when the game ends from the seats as they are then (`TableService._results`), so the
seat's result, its statistics and (in a rated game) its rating belong to the seat's finishing human, the
substitute, and never to whoever sat there before.  A game a bot took over from a departed player stays
unrated (`games.rated = 0`), as a bot played part of it.
"""
from __future__ import annotations

from storage import SeatRow, StaleVersion

from .invites import Person, check_person
from .limits import quote
from .names import shown
from .tables import Actor, Refusal, Table, TableService, game_title


def find_seat(table: Table, text: str) -> SeatRow:
    """The seat `text` names: its number ("2"), its id ("p2") or its player's name (any case)."""
    said = (text or "").strip()
    low = said.lower().removeprefix("#")
    for seat in table.seats:
        if low in (str(seat.position), seat.seat) or low == seat.name.lower():
            return seat
    seats = ", ".join(f"{s.position} ({shown(s.name)})" for s in table.seats)
    raise Refusal("seats.refuse.no_such_seat", seat=quote(said), seats=seats)


def substitute(service: TableService, actor: Actor, table: Table, seat_text: str,
               person: Person) -> tuple[Table, SeatRow]:
    """Hand the bot seat `seat_text` to `person`; returns the new table and the seat as it was."""
    if table.game.status == "lobby":
        raise Refusal("seats.refuse.sub_lobby", title=game_title(table.game))
    if table.game.status != "active":
        raise Refusal("host.refuse.already_over", title=game_title(table.game))
    if actor.user_id != table.game.creator_id and not actor.manages(table.game):
        raise Refusal("seats.refuse.sub_creator_only", title=game_title(table.game))
    check_person(table, person)
    if table.seat_of(person.user_id) is not None:
        raise Refusal("seats.refuse.sub_seated", title=game_title(table.game))
    seat = find_seat(table, seat_text)
    if not seat.is_bot:
        raise Refusal("seats.refuse.sub_human", who=shown(seat.name), seat=seat.position)
    try:
        service.games.replace_seat(table.game.id, table.game.version, position=seat.position, user_id=person.user_id,
                                   name=person.name, is_bot=False, now=service.clock())
    except StaleVersion:
        raise Refusal("host.refuse.moved_on") from None
    return service.table(table.game.id), seat


__all__ = ["find_seat", "substitute"]
