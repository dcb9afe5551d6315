"""Confirmation buttons tied to the prompt that showed them (the "Yes, leave" of `/game leave`).

A confirm button's custom id carries its ticket: the game, what the prompt said would happen (leave a lobby,
hand a running seat to a bot, or end the game as its last player), the seat as it was held when asked (its
join time) and the prompt's own stamp.  A click is refused as stale, and changes nothing, when the seat is no
longer the one the prompt was about (left and joined again, handed to a bot), when leaving would now do
something else than the prompt said (the game started, the others left), or when a newer prompt was shown
to the same player for the same game (only the latest button counts).  The newest prompt of each player is
remembered in memory: after a restart the other checks still hold, and the prompt shown before it still works.
"""
from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Optional

from storage import SeatRow

from .refusal import Refusal
from .tables import Table, last_human

LEAVE_KINDS = ("lobby", "lobby_last", "running", "running_last")  # the prompt's key: host.leave.ask_<kind>
REMEMBERED = 10_000  # newest prompts kept (one per player and game)
_TICKET = re.compile(r"lv:(?P<game>[0-9]{1,18}):(?P<kind>[0-9]):(?P<seat>[0-9]{1,18}):(?P<prompt>[0-9]{1,18})")


def leave_kind(table: Table, user_id: int) -> Optional[str]:
    """What leaving would do now (None: nothing to leave, the game is over)."""
    last = "_last" if last_human(table, user_id) else ""
    if table.game.status == "lobby":
        return "lobby" + last
    if table.game.status == "active":
        return "running" + last
    return None


def seat_stamp(seat: SeatRow) -> int:
    """The seat as held: its join time in milliseconds (a new seat, or a seat handed on, has another)."""
    return int(round(seat.joined_at * 1000))


@dataclass(frozen=True)
class LeaveTicket:
    game_id: int
    kind: str
    seat: int
    prompt: int

    @property
    def custom_id(self) -> str:
        return f"lv:{self.game_id}:{LEAVE_KINDS.index(self.kind)}:{self.seat}:{self.prompt}"

    @classmethod
    def parse(cls, custom_id: str) -> Optional["LeaveTicket"]:
        """The ticket of a confirm button (None for a button without one: shown before tickets existed)."""
        found = _TICKET.fullmatch(custom_id or "")
        if found is None or int(found["kind"]) >= len(LEAVE_KINDS):
            return None
        return cls(int(found["game"]), LEAVE_KINDS[int(found["kind"])], int(found["seat"]), int(found["prompt"]))


class Prompts:
    """The newest leave prompt shown to each player for each game (in memory, bounded)."""

    def __init__(self) -> None:
        self._latest: OrderedDict[tuple[int, int], int] = OrderedDict()
        self._last_stamp = 0

    def ask(self, table: Table, user_id: int, now: float) -> LeaveTicket:
        """A new prompt's ticket (it makes every earlier button of this player for this game stale)."""
        seat, kind = table.seat_of(user_id), leave_kind(table, user_id)
        assert seat is not None and kind is not None
        stamp = self._last_stamp = max(int(now * 1000), self._last_stamp + 1)
        key = (table.game.id, user_id)
        self._latest[key] = stamp
        self._latest.move_to_end(key)
        while len(self._latest) > REMEMBERED:
            self._latest.popitem(last=False)
        return LeaveTicket(table.game.id, kind, seat_stamp(seat), stamp)

    def check(self, ticket: Optional[LeaveTicket], table: Table, user_id: int) -> None:
        """A Refusal unless `ticket` is the newest prompt's and leaving still does what it said."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal("host.refuse.not_player")
        latest = self._latest.get((table.game.id, user_id))
        if ticket is None or ticket.game_id != table.game.id or ticket.seat != seat_stamp(seat) \
                or ticket.kind != leave_kind(table, user_id) or (latest is not None and ticket.prompt != latest):
            raise Refusal("host.refuse.stale_confirm")

    def done(self, table: Table, user_id: int) -> None:
        self._latest.pop((table.game.id, user_id), None)


__all__ = ["LEAVE_KINDS", "LeaveTicket", "Prompts", "leave_kind", "seat_stamp"]
