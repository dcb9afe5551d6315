"""`/flotilla …`: typed shortcuts for Flotilla moves.

Shortcuts only compose a move id and go through the same `/play` pipeline;
the rules decide whether it is legal.  Everything else (which skiff, which
tile, where) is answered with the buttons or `/play`.
"""
from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

from host.i18n import user_locale
from host.tables import Refusal

from .completion import asker_moves, filter_moves, game_id_choices
from .shortcuts import GAME_ID, Shortcuts

COLOURS = (("p", "purple (Speakers)"), ("y", "yellow (Traders)"), ("r", "red (Founders)"), ("b", "blue (Delvers)"))
GUILDS = (("s", "Speakers"), ("t", "Traders"), ("f", "Founders"), ("d", "Delvers"))


async def card_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The card plays legal now (play:… moves), filtered by what was typed."""
    try:
        table, legal = await asker_moves(interaction)
        moves = [m for m in legal if m.id.startswith("play:")]
        return filter_moves(moves, current, user_locale(interaction), table.names)
    except Refusal:
        return []
    except Exception:  # noqa: BLE001 - autocomplete never raises
        return []


def card_move(card: str) -> str:
    """'Trader', 'trader', 'play:trader', 'Merchant Prince' -> 'play:merchant-prince'."""
    text = card.strip()
    if text.startswith("play:"):
        return text
    return "play:" + "-".join(text.lower().split())


class FlotillaCog(Shortcuts, commands.GroupCog, group_name="flotilla", group_description="Flotilla shortcuts"):
    @app_commands.command(name="play", description="Play a crew card from your hand")
    @app_commands.describe(card="The card, e.g. Trader (the Scholar: pick whose card it copies)", game=GAME_ID)
    @app_commands.autocomplete(card=card_choices, game=game_id_choices)
    async def play(self, interaction: discord.Interaction, card: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, card_move(card))

    @app_commands.command(name="market", description="One market transaction: buy or sell a barrel")
    @app_commands.describe(action="Buy or sell", colour="Barrel colour", game=GAME_ID)
    @app_commands.choices(action=[app_commands.Choice(name="buy", value="buy"),
                                  app_commands.Choice(name="sell", value="sell")],
                          colour=[app_commands.Choice(name=n, value=v) for v, n in COLOURS])
    @app_commands.autocomplete(game=game_id_choices)
    async def market(self, interaction: discord.Interaction, action: str, colour: str,
                     game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"tx:{action}:{colour}")

    @app_commands.command(name="influence", description="Spend one Influence point on a guild ring")
    @app_commands.describe(guild="The guild", arc="Skip ring space 3 by the arc (only when entering it)",
                           game=GAME_ID)
    @app_commands.choices(guild=[app_commands.Choice(name=n, value=v) for v, n in GUILDS])
    @app_commands.autocomplete(game=game_id_choices)
    async def influence(self, interaction: discord.Interaction, guild: str, arc: bool = False,
                        game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"inf:{guild}" + (":arc" if arc else ""))

    @app_commands.command(name="turn", description="While your Captain rallies: turn Skyside or stay")
    @app_commands.describe(skyside="True to turn Skyside for good", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def turn(self, interaction: discord.Interaction, skyside: bool, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "turn:yes" if skyside else "turn:no")


COG = FlotillaCog
