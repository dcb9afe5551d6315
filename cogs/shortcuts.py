"""What every game's shortcut cog (`cogs/<game>_cog.py`) shares.

A shortcut only composes a move id and sends it down the same `/play`
pipeline as a typed move or a button; the rules decide whether it is legal.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import discord

from .actions import Actions

if TYPE_CHECKING:
    from .game_bot import GameBot

GAME_ID = "Game number (#); default: the game of this thread, or your only game here"


class Shortcuts:
    """Mixin placed before `commands.GroupCog`: keeps the bot and its Actions, and plays a move id."""

    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        super().__init__()

    async def _play(self, interaction: discord.Interaction, game: Optional[int], move: str) -> None:
        await self.actions.run(interaction, self.actions.play(interaction, game, move))
