"""Lobbies expire: a lobby with no change (a join, a leave, a bot added) for LOBBY_IDLE_DAYS (default 7) closes.

Expired lobbies never count toward the open-games caps nor show in `/game list`, even before they are closed
(host/tables.py asks for `idle_before`).  One timer of kind `lobby.sweep`, for no game, closes them: it falls
due when the least recently changed lobby expires, closes every lobby expired by then (as abandoned) and
plans itself again; as each new lobby expires later than every older one, no other change needs to touch it.
"""
from __future__ import annotations

from typing import Optional

from storage import GameRow, StaleVersion

from .refusal import Refusal
from .scheduler import Scheduler
from .tables import Actor, Table, TableService

SWEEP = "lobby.sweep"
MAX_PER_SWEEP = 100  # lobbies closed by one sweep; the next sweep follows at once
MAX_CLEARED = 1000  # lobbies one `/game abandon all-lobbies` closes


class LobbyKeeper:
    def __init__(self, service: TableService, scheduler: Scheduler):
        self.service = service
        self.scheduler = scheduler

    @property
    def idle_seconds(self) -> float:
        return self.service.limits.lobby_idle_days * 86400.0

    def next_sweep(self) -> float:
        oldest = self.service.games.oldest_lobby_change()
        return (oldest if oldest is not None else self.service.clock()) + self.idle_seconds

    def arm(self) -> None:
        """Plan the sweep unless it is planned already (at start-up)."""
        if not self.scheduler.timers.of_kind(SWEEP):
            self.scheduler.add(SWEEP, self.next_sweep())

    def _close(self, rows: list[GameRow]) -> list[Table]:
        closed = []
        for game in rows:
            try:
                self.service.games.end(game.id, game.version, status="abandoned", state=None, now=self.service.clock())
            except StaleVersion:
                continue  # someone joined at this very moment: the lobby lives on
            closed.append(self.service.table(game.id))
        return closed

    def sweep(self) -> list[Table]:
        """Close the lobbies that expired (at most MAX_PER_SWEEP) and plan the next sweep."""
        expired = self.service.games.idle_lobbies(self.service.idle_before(), limit=MAX_PER_SWEEP)
        closed = self._close(expired)
        self.scheduler.timers.clear_kind(SWEEP)
        more = len(expired) == MAX_PER_SWEEP
        self.scheduler.add(SWEEP, self.service.clock() if more else self.next_sweep())
        return closed

    def lobbies(self, guild_id: Optional[int]) -> int:
        """How many lobbies of this server are open (expired ones too: they are closed all the same)."""
        return len(self.service.games.find(guild_id=guild_id, statuses=("lobby",), limit=MAX_CLEARED)) if guild_id else 0

    def clear(self, actor: Actor, guild_id: Optional[int]) -> list[Table]:
        """`/game abandon all-lobbies`, confirmed: every lobby of the server closes (Manage Server only)."""
        if guild_id is None:
            raise Refusal("host.refuse.dm_only")
        if not actor.can_manage or actor.guild_id != guild_id:
            raise Refusal("lobby.refuse.manage_only")
        return self._close(self.service.games.find(guild_id=guild_id, statuses=("lobby",), limit=MAX_CLEARED))


__all__ = ["LobbyKeeper", "MAX_CLEARED", "SWEEP"]
