"""`/wayfinders …`: typed shortcuts for Wayfinders moves and options.

Shortcuts only compose a move id and go through the same `/play` pipeline;
the rules decide whether it is legal.
"""
from __future__ import annotations

from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

from rules.text import msg

from .completion import game_id_choices
from host.numbers import ascii_int
from .shortcuts import GAME_ID, Shortcuts

LETTERS = "B propeller, G parachute, R tire, Y headset, V fuel can"
TOKENS = "Token letters: " + LETTERS


class WayfindersCog(Shortcuts, commands.GroupCog, group_name="wayfinders", group_description="Wayfinders shortcuts"):
    @app_commands.command(name="new", description="Open a Wayfinders game with its variants")
    @app_commands.describe(exploration="Islands start face down and are revealed as planes fly",
                           mix="Advanced set-up: red/blue/yellow islands, e.g. 10/8/6 (sum 24)",
                           random_mix="Advanced set-up: 24 islands at random from all 45",
                           home_not_scored="The home island never counts for scoring islands")
    async def new(self, interaction: discord.Interaction, exploration: bool = False, mix: Optional[str] = None,
                  random_mix: bool = False, home_not_scored: bool = False) -> None:
        async def flow() -> None:  # `mix` is read inside the flow: a refusal becomes a private reply
            options: dict = {}
            if exploration:
                options["exploration"] = True
            if random_mix:
                options["random_mix"] = True
            if home_not_scored:
                options["home_not_scored"] = True
            if mix:
                options["mix"] = [ascii_int(p, msg("cmd.wayfinders.new.opt.mix.name"))
                                  for p in mix.replace(",", "/").split("/")]
            await self.actions.new_game(interaction, "wayfinders", options)
        await self.actions.run(interaction, flow())

    @app_commands.command(name="place", description="Place a worker on a hangar")
    @app_commands.describe(hangar="Hangar number (1–8)", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def place(self, interaction: discord.Interaction, hangar: app_commands.Range[int, 1, 8],
                    game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"place:{hangar}")

    @app_commands.command(name="return", description="Return your workers: collect, then fly and build")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def return_(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "return")

    @app_commands.command(name="fly", description="Fly one step to an orthogonally adjacent island")
    @app_commands.describe(to="Cell such as C2", pay="Tokens to pay the toll if there is a choice: " + LETTERS,
                           game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def fly(self, interaction: discord.Interaction, to: str, pay: Optional[str] = None,
                  game: Optional[int] = None) -> None:
        move = f"fly:{to.strip().upper()}" + (f":{_tokens(pay)}" if pay else "")
        await self._play(interaction, game, move)

    @app_commands.command(name="build", description="Build an airstrip on the island your plane is on")
    @app_commands.describe(pay="Tokens to pay with if there is a choice: " + LETTERS, game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def build(self, interaction: discord.Interaction, pay: Optional[str] = None,
                    game: Optional[int] = None) -> None:
        await self._play(interaction, game, "build" + (f":{_tokens(pay)}" if pay else ""))

    @app_commands.command(name="end", description="Stop flying and building this turn")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def end(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self._play(interaction, game, "end")

    @app_commands.command(name="discard", description="Return one token to the bag (down to your hand limit)")
    @app_commands.describe(token=TOKENS, game=GAME_ID)
    @app_commands.choices(token=[app_commands.Choice(name=n, value=v) for v, n in (
        ("B", "B propeller"), ("G", "G parachute"), ("R", "R tire"), ("Y", "Y headset"), ("V", "V fuel can"))])
    @app_commands.autocomplete(game=game_id_choices)
    async def discard(self, interaction: discord.Interaction, token: str, game: Optional[int] = None) -> None:
        await self._play(interaction, game, f"discard:{token}")


def _tokens(text: Optional[str]) -> str:
    """'y y', 'YY', 'y+y' -> 'YY' (sorted, letters only)."""
    return "".join(sorted(ch for ch in (text or "").upper() if ch.isalpha()))


COG = WayfindersCog
