"""A storage call made for a command or button (host/offloop.py runs it off the event loop): the
interaction is acknowledged privately when the call is slow, so Discord's 3-second limit is met even
while the database is locked."""
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
    pending = asyncio.ensure_future(call(fn, *args, **kwargs))
    if interaction is not None and not interaction.response.is_done():
        done, _ = await asyncio.wait({pending}, timeout=DEFER_AFTER)
        if not done:
            await ops.defer(interaction, ephemeral=True)
    return await pending


__all__ = ["DEFER_AFTER", "for_interaction"]
