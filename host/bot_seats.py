"""Bot seats, on the service level (no Discord): add bots to a lobby, hand a leaver's seat to a bot.

A bot seat is a seat with `is_bot = 1` and no user id.  Its level is written in
its name without words, which every language reads alike: "Bot 1" plays the default
level (greedy), "Bot 1 ⚄" (a die) plays at random, "Bot 1 ★" (a star) searches (the hard
level, host/search_pool.py); nothing else must be stored.
Names of older games ("Bot 1 (greedy)") still say their level.  A game in which
a bot took over a human's seat is unrated (`games.rated = 0`) and never counts
in ratings.
"""
from __future__ import annotations

import re
from typing import Any, Optional

from rules import Engine
from rules.bots import DEFAULT_LEVEL, LEVELS
from storage import SeatRow, StaleVersion

from .limits import quote
from .tables import Actor, Refusal, Table, TableService, game_title, title_of

_LEVEL = re.compile(r"\((\w+)\)\s*$")
LEVEL_MARKS = {"random": " ⚄", "hard": " ★"}  # the default level has none


def bot_level(seat: SeatRow) -> str:
    """The level written at the end of a bot seat's name; the default level otherwise."""
    name = (seat.name or "").rstrip()
    for level, mark in LEVEL_MARKS.items():
        if name.endswith(mark.strip()):
            return level
    m = _LEVEL.search(name)
    return m.group(1) if m and m.group(1) in LEVELS else DEFAULT_LEVEL


def bot_name(base: str, level: str) -> str:
    """The stored name of a bot seat: `base` and the mark of its level ("Bot 2", "Bot 2 ⚄")."""
    return base + LEVEL_MARKS.get(level, "")


def check_level(level: Optional[str]) -> str:
    level = (level or DEFAULT_LEVEL).strip().lower()
    if level not in LEVELS:
        raise Refusal("bots.refuse.level", level=quote(level), levels=", ".join(LEVELS))
    return level


def check_bot_count(engine: Engine[Any], bots: int, seated: int = 1) -> None:
    """Refuse before anything is created when `bots` more seats do not fit the game."""
    if bots < 0 or seated + bots > engine.max_players:
        raise Refusal("bots.refuse.too_many", title=title_of(engine.key), max=engine.max_players,
                      room=max(0, engine.max_players - seated))


def add_bots(service: TableService, table: Table, bots: int, level: Optional[str] = None) -> Table:
    """Seat `bots` bots of `level` in a lobby (names "Bot 1", "Bot 2", ...)."""
    level = check_level(level)
    if table.game.status != "lobby":
        raise Refusal("host.refuse.not_in_lobby", title=game_title(table.game))
    check_bot_count(table.engine, bots, len(table.seats))
    taken = {s.name for s in table.seats}
    k = 0
    for _ in range(bots):
        k += 1
        while bot_name(f"Bot {k}", level) in taken:
            k += 1
        name = bot_name(f"Bot {k}", level)
        taken.add(name)
        try:
            service.games.add_seat(table.game.id, table.game.version, user_id=None, name=name, is_bot=True,
                                   now=service.clock())
        except StaleVersion:
            raise Refusal("host.refuse.moved_on") from None
        table = service.table(table.game.id)
    return table


def creator_picks_level(service: TableService, table: Table, level: Optional[str]) -> Table:
    """The creator opened the game with `level:hard`: expired turns are played by the hard bot too (setting
    `expire_level`, host/deadlines.py); any other level leaves them to the greedy bot."""
    if level is None or check_level(level) != "hard":
        return table
    service.games.merge_settings(table.game.id, {"expire_level": "hard"})
    return service.table(table.game.id)


def replace_by_bot(service: TableService, actor: Actor, table: Table,
                   level: Optional[str] = None) -> tuple[Table, SeatRow, str]:
    """A player leaves a running game: a bot takes their seat; the game becomes unrated.

    Returns the new table, the seat as it was, and the bot's name."""
    if table.game.status != "active":
        raise Refusal("host.refuse.leave_running")
    seat = table.seat_of(actor.user_id)
    if seat is None:
        raise Refusal("host.refuse.not_player")
    # Stored once and read in every language: no words in it ("bot" is Spanish too).
    name = bot_name(f"Bot · {seat.name}"[:76], check_level(level))
    try:
        service.games.seat_to_bot(table.game.id, table.game.version, position=seat.position, name=name,
                                  now=service.clock())
    except StaleVersion:
        raise Refusal("host.refuse.moved_on") from None
    return service.table(table.game.id), seat, name


def bots_to_act(table: Table) -> list[str]:
    """The seats a bot must play now."""
    if table.game.status != "active":
        return []
    bots = {s.seat for s in table.seats if s.is_bot}
    return [s for s in table.to_act if s in bots]


__all__ = ["add_bots", "bot_level", "creator_picks_level", "bots_to_act", "check_bot_count", "check_level", "replace_by_bot"]
