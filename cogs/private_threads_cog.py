"""Hooks the players' private threads (cogs/private_threads.py `PrivateThreads`, built with the bot) into
`Actions.listeners` while it is loaded."""
from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from .actions import Actions
from .private_threads import PrivateThreads

if TYPE_CHECKING:
    from .game_bot import GameBot


class PrivateThreadsCog(commands.Cog):
    """No commands of its own: hooks the private threads into `Actions.listeners` while it is loaded."""

    def __init__(self, bot: "GameBot"):
        self.actions: Actions = bot.actions
        self.threads: PrivateThreads = bot.private_threads

    async def cog_load(self) -> None:
        self.actions.listeners.append(self.threads.on_change)

    async def cog_unload(self) -> None:
        if self.threads.on_change in self.actions.listeners:
            self.actions.listeners.remove(self.threads.on_change)


__all__ = ["PrivateThreadsCog"]
