"""A core cog looked up by its class: the one `CORE_COGS` loaded, or a clear error naming it."""
from __future__ import annotations

from typing import Any, TypeVar

C = TypeVar("C")


def loaded_cog(bot: Any, cls: type[C]) -> C:
    """The loaded instance of `cls` (RuntimeError when the bot was built without it)."""
    cog = bot.get_cog(cls.__name__) if hasattr(bot, "get_cog") else None
    if not isinstance(cog, cls):
        raise RuntimeError(f"{cls.__name__} is not loaded (cogs.CORE_COGS)")
    return cog


__all__ = ["loaded_cog"]
