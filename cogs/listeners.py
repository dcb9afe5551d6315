"""The features that hear every change made to a game (`Actions.listeners`), after it was saved and posted.

A listener is `(table, kind)` with kind one of "start", "move", "finish", "abandon", "join", "leave", "sub" (a
seat handed to a member, cogs/seats_cog.py) or "resume" (a paused game goes on, cogs/pause.py).  Features such
as deadlines and bot seats hook in here instead of editing the flows.  The bot builds one `Listeners` (cogs/
game_bot.py) and hands it to the flows (`Actions`) and to the pauses, which both report changes.
"""
from __future__ import annotations

import logging
from typing import Awaitable, Callable

from host.tables import Table

log = logging.getLogger("gamehost.actions")

Listener = Callable[[Table, str], Awaitable[None]]


class Listeners(list[Listener]):
    """The hooks, in the order the cogs added them (cogs/pause.py's last)."""

    async def changed(self, table: Table, kind: str) -> None:
        """Tell every listener; one that fails is logged and the others still hear it."""
        for listener in list(self):
            try:
                await listener(table, kind)
            except Exception:
                log.exception("listener %r failed on %s of game %s", listener, kind, table.game.id)


__all__ = ["Listener", "Listeners"]
