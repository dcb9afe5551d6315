"""`/game …` and `/play`: the commands every game shares (design.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import discord
from discord import app_commands
from discord.ext import commands

from rules import GAMES

from .actions import Actions
from .completion import game_choices, game_id_choices, move_choices
from .info import Info

if TYPE_CHECKING:
    from bot import GameBot

GAME_ID = "Game number (#); default: the game of this thread, or your only game here"


class GameCog(commands.GroupCog, group_name="game", group_description="Play board games with this server"):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        self.info = Info(bot.service)
        super().__init__()

    @app_commands.command(name="new", description="Open a new game in this channel; others join before it starts")
    @app_commands.describe(game="Which game: " + ", ".join(sorted(GAMES)),
                           options="Game options, e.g. 'exploration mix=9/8/7' (see /game rules)")
    @app_commands.autocomplete(game=game_choices)
    async def new(self, interaction: discord.Interaction, game: str, options: Optional[str] = None) -> None:
        await self.actions.run(interaction, self.actions.new_game(interaction, game, options or ""))

    @app_commands.command(name="join", description="Take a seat in a game that has not started")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def join(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.actions.join(interaction, game))

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def leave(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.actions.leave(interaction, game))

    @app_commands.command(name="start", description="Start a game once enough players have joined")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def start(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.actions.start(interaction, game))

    @app_commands.command(name="status", description="The current board and whose decision it is")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def status(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.info.status(interaction, game))

    @app_commands.command(name="list", description="Games open or running in this channel (or the whole server)")
    @app_commands.describe(everywhere="List the whole server's games, not only this channel's")
    async def list_(self, interaction: discord.Interaction, everywhere: bool = False) -> None:
        await self.actions.run(interaction, self.info.list(interaction, everywhere))

    @app_commands.command(name="moves", description="Your legal moves right now (only you see them)")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def moves(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.info.moves(interaction, game))

    @app_commands.command(name="me", description="Your private view of the game (only you see it)")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def me(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.info.me(interaction, game))

    @app_commands.command(name="log", description="What happened so far, in words, page by page")
    @app_commands.describe(game=GAME_ID, page="Page number (default: the latest)")
    @app_commands.autocomplete(game=game_id_choices)
    async def log(self, interaction: discord.Interaction, game: Optional[int] = None,
                  page: Optional[app_commands.Range[int, 1, 10000]] = None) -> None:
        await self.actions.run(interaction, self.info.log(interaction, game, page))

    @app_commands.command(name="rules", description="How to play a game on this bot")
    @app_commands.describe(name="Which game (default: the game of this thread)", game=GAME_ID)
    @app_commands.autocomplete(name=game_choices, game=game_id_choices)
    async def rules(self, interaction: discord.Interaction, name: Optional[str] = None,
                    game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.info.rules(interaction, name, game))

    @app_commands.command(name="abandon", description="End a game for everyone (its creator or Manage Server)")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def abandon(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.actions.abandon(interaction, game))


class PlayCog(commands.Cog):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions

    @app_commands.command(name="play", description="Make your move: type its id or pick from the suggestions")
    @app_commands.describe(move="A legal move (suggested as you type)", game=GAME_ID)
    @app_commands.autocomplete(move=move_choices, game=game_id_choices)
    async def play(self, interaction: discord.Interaction, move: str, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.actions.play(interaction, game, move))
