"""A storage call made for a command or button (host/offloop.py runs it off the event loop): the
interaction is acknowledged privately when the call is slow, so Discord's 3-second limit is met even
while the database is locked.  A pure read (`read_for_interaction`) goes to the bot's read-only connection
instead, where a write waiting for the lock never holds it up."""
from __future__ import annotations

import asyncio
from typing import Any, Callable, Optional, TypeVar

import discord

from host.offloop import call

from . import ops

T = TypeVar("T")

# A storage call still running after this many seconds acknowledges its interaction (a private "thinking").
DEFER_AFTER = 1.0


async def for_interaction(interaction: Optional[discord.Interaction], fn: Callable[..., T], *args: Any,
                          **kwargs: Any) -> T:
    """`call` for a command or button: if the call still runs after DEFER_AFTER seconds and `interaction`
    is not acknowledged yet, it is deferred (privately) while the call goes on."""
    return await _deferring(interaction, asyncio.ensure_future(call(fn, *args, **kwargs)))


async def read_for_interaction(interaction: discord.Interaction, method: str | Callable[..., Any], *args: Any,
                               **kwargs: Any) -> Any:
    """`TableService.<method>(*args, **kwargs)` (or `method(service, *args, **kwargs)`) for a command, on the
    bot's read-only connection (`GameBot.read`), deferred like `for_interaction` if it is slow."""
    pending = asyncio.ensure_future(interaction.client.read(method, *args, **kwargs))  # type: ignore[attr-defined]
    return await _deferring(interaction, pending)


async def _deferring(interaction: Optional[discord.Interaction], pending: "asyncio.Future[T]") -> T:
    if interaction is not None and not interaction.response.is_done():
        done, _ = await asyncio.wait({pending}, timeout=DEFER_AFTER)
        if not done:
            await ops.defer(interaction, ephemeral=True)
    return await pending


__all__ = ["DEFER_AFTER", "for_interaction", "read_for_interaction"]
