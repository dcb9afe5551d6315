"""A core cog looked up by its class: the one `CORE_COGS` loaded, or a clear error naming it.

For a `/game` subcommand declared in `GameCog` whose flow lives in a feature's cog (and a feature's button,
which receives only the client).  What the flows and features share is not looked up: the bot builds it and
passes it in (cogs/game_bot.py `GameBot.wire`)."""
from __future__ import annotations

from typing import TypeVar

import discord
from discord.ext import commands

C = TypeVar("C", bound=commands.Cog)


def loaded_cog(bot: discord.Client, cls: type[C]) -> C:
    """The loaded instance of `cls` (RuntimeError when the bot was built without it)."""
    cog = bot.get_cog(cls.__name__) if isinstance(bot, commands.bot.BotBase) else None  # Bot, AutoShardedBot
    if not isinstance(cog, cls):
        raise RuntimeError(f"{cls.__name__} is not loaded (cogs.CORE_COGS)")
    return cog


__all__ = ["loaded_cog"]
