"""What every game's shortcut cog (`cogs/<game>_cog.py`) shares.

A shortcut only composes a move id and sends it down the same `/play`
pipeline as a typed move or a button; the rules decide whether it is legal.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

import discord

from .actions import Actions

if TYPE_CHECKING:
    from .game_bot import GameBot

GAME_ID = "Game # (else this thread's or your only)"


class Shortcuts:
    """Mixin placed before `commands.GroupCog`: keeps the bot and its Actions, and plays a move id."""

    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        super().__init__()

    async def _play(self, interaction: discord.Interaction, game: Optional[int], move: str) -> None:
        """Play the move id a shortcut composed; a refusal quotes the command as the user typed it."""
        await self.actions.run(interaction, self.actions.on_play(interaction, game, move, typed=typed_command(interaction)))


def typed_command(interaction: discord.Interaction) -> str:
    """The command as the user typed it, e.g. `/robinson plan action:gather target:2` (`game:` left out)."""
    data: Any = getattr(interaction, "data", None) or {}
    words = ["/" + str(data.get("name", ""))]
    options = list(data.get("options") or [])
    while options and options[0].get("type") in (1, 2):  # a subcommand (group): its name, then its options
        words.append(str(options[0].get("name", "")))
        options = list(options[0].get("options") or [])
    for option in options:
        if option.get("name") != "game":
            value = str(option.get("value", ""))
            words.append(f"{option.get('name')}:{value if value and ' ' not in value else repr(value)}")
    return " ".join(words)
