"""Confirmation buttons tied to the prompt that showed them (the "Yes, leave" of `/game leave`).

A confirm button's custom id carries its ticket: the game, what the prompt said would happen (leave a lobby,
hand a running seat to a bot, or end the game as its last player), the seat as it was held when asked (its
join time) and the prompt's own stamp.  A click is refused as stale, and changes nothing, when the seat is no
longer the one the prompt was about (left and joined again, handed to a bot), when leaving would now do
something else than the prompt said (the game started, the others left), or when a newer prompt was shown
to the same player for the same game (only the latest button counts).  The newest prompt of each player is
kept in the game's settings (`leave_prompts`, without bumping its version: the boards' buttons stay valid),
so a restart forgets nothing.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from storage import SeatRow

from .refusal import Refusal
from .tables import Table, TableService, last_human

LEAVE_KINDS = ("lobby", "lobby_last", "running", "running_last")  # the prompt's key: host.leave.ask_<kind>
PROMPTS = "leave_prompts"  # games.settings key: user id (text) -> the newest prompt's stamp
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


def latest_prompt(table: Table, user_id: int) -> Optional[int]:
    """The stamp of the newest leave prompt shown to `user_id` for this game (None: none kept)."""
    found = (table.game.settings.get(PROMPTS) or {}).get(str(user_id))
    return found if isinstance(found, int) else None


def ask_leave(service: TableService, table: Table, user_id: int) -> LeaveTicket:
    """A new prompt's ticket, kept as the player's newest (every earlier button of theirs for this game is
    stale from now on).  Storage: call it on the storage thread."""
    seat, kind = table.seat_of(user_id), leave_kind(table, user_id)
    if seat is None or kind is None:
        raise Refusal("host.refuse.not_player")
    stamp = max(int(service.clock() * 1000), (latest_prompt(table, user_id) or 0) + 1)
    kept = {**(table.game.settings.get(PROMPTS) or {}), str(user_id): stamp}
    service.games.merge_settings(table.game.id, {PROMPTS: kept})
    return LeaveTicket(table.game.id, kind, seat_stamp(seat), stamp)


def check_leave(ticket: Optional[LeaveTicket], table: Table, user_id: int) -> None:
    """A Refusal unless `ticket` is the newest prompt's and leaving still does what it said."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise Refusal("host.refuse.not_player")
    latest = latest_prompt(table, user_id)
    if ticket is None or ticket.game_id != table.game.id or ticket.seat != seat_stamp(seat) \
            or ticket.kind != leave_kind(table, user_id) or (latest is not None and ticket.prompt != latest):
        raise Refusal("host.refuse.stale_confirm")


__all__ = ["LEAVE_KINDS", "PROMPTS", "LeaveTicket", "ask_leave", "check_leave", "latest_prompt", "leave_kind",
           "seat_stamp"]
