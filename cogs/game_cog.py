"""`/game …` and `/play`: the commands every game shares (design.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import discord
from discord import app_commands
from discord.ext import commands

from host.clocks import BANKS
from host.waiting import DIGEST_EVERY
from rules import GAMES

from .actions import Actions
from .away_cog import AwayCommands
from .completion import game_choices, game_id_choices, move_choices
from .info import Info
from .shortcuts import GAME_ID
from .undo_command import undo_flow

if TYPE_CHECKING:
    from .game_bot import GameBot


class GameCog(AwayCommands, commands.GroupCog, group_name="game", group_description="Play board games with this server"):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        self.info = Info(bot.service)
        # the features' flows behind some subcommands, built with the bot (cogs/game_bot.py `GameBot.wire`)
        self.away_flows = bot.away_flows
        self.deadline_settings = bot.deadline_settings
        self.lobbies = bot.lobbies
        self.private_threads = bot.private_threads
        self.waiting = bot.waiting
        super().__init__()

    @app_commands.command(name="new", description="Open a new game in this channel; others join before it starts")
    @app_commands.describe(game="Which game: " + ", ".join(sorted(GAMES)),
                           options="Game options, e.g. 'exploration mix=9/8/7' (see /game rules)",
                           bots="Seats for bot players, so you can play alone or fill a table",
                           level="How the bots play (default greedy)",
                           private="Only members invited with /game invite may join (default: anyone)")
    @app_commands.choices(level=[app_commands.Choice(name=v, value=v) for v in ("greedy", "hard", "random")])
    @app_commands.autocomplete(game=game_choices)
    async def new(self, interaction: discord.Interaction, game: str, options: Optional[str] = None,
                  bots: Optional[app_commands.Range[int, 0, 7]] = None, level: Optional[str] = None,
                  private: bool = False) -> None:
        await self.actions.run(interaction, self.actions.new_game(interaction, game, options or "", bots or 0, level,
                                                                  private=private))

    @app_commands.command(name="addbot", description="Add a bot player to a game that has not started")
    @app_commands.describe(level="How the bot plays (default greedy)", game=GAME_ID)
    @app_commands.choices(level=[app_commands.Choice(name=v, value=v) for v in ("greedy", "hard", "random")])
    @app_commands.autocomplete(game=game_id_choices)
    async def addbot(self, interaction: discord.Interaction, level: Optional[str] = None,
                     game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.bot.bot_driver.add_bot(interaction, game, level))

    @app_commands.command(name="join", description="Take a seat in a game that has not started")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def join(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.actions.join(interaction, game))

    @app_commands.command(name="leave", description="Give up your seat: freed in a lobby, played by a bot once the game runs")
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

    @app_commands.command(name="hint", description="Co-op: a hard bot's move for you (private)")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def hint(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.bot.hints.hint(interaction, game))

    @app_commands.command(name="me", description="Your private view of the game (only you see it)")
    @app_commands.describe(game=GAME_ID, private_thread="on: your own private thread, kept up to date (off: stop it)")
    @app_commands.rename(private_thread="private-thread")
    @app_commands.choices(private_thread=[app_commands.Choice(name=v, value=v) for v in ("on", "off")])
    @app_commands.autocomplete(game=game_id_choices)
    async def me(self, interaction: discord.Interaction, game: Optional[int] = None,
                 private_thread: Optional[str] = None) -> None:
        if private_thread is not None:  # cogs/private_threads.py
            return await self.actions.run(interaction, self.private_threads.setting(interaction, game, private_thread))
        await self.actions.run(interaction, self.info.me(interaction, game))

    @app_commands.command(name="log", description="What happened so far, in words, page by page")
    @app_commands.describe(game=GAME_ID, page="Page number (default: the latest)")
    @app_commands.autocomplete(game=game_id_choices)
    async def log(self, interaction: discord.Interaction, game: Optional[int] = None,
                  page: Optional[app_commands.Range[int, 1, 10000]] = None) -> None:
        await self.actions.run(interaction, self.info.log(interaction, game, page))

    @app_commands.command(name="replay", description="Animated replay and score chart of a finished game (only you see them)")
    @app_commands.describe(game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def replay(self, interaction: discord.Interaction, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.bot.history.replay(interaction, game))

    @app_commands.command(name="rules", description="How to play a game on this bot")
    @app_commands.describe(name="Which game (default: the game of this thread)", game=GAME_ID)
    @app_commands.autocomplete(name=game_choices, game=game_id_choices)
    async def rules(self, interaction: discord.Interaction, name: Optional[str] = None,
                    game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.info.rules(interaction, name, game))

    @app_commands.command(name="abandon", description="End a game for everyone (its creator or Manage Server)")
    @app_commands.describe(game=GAME_ID, all_lobbies="Close every lobby of this server (Manage Server; asks first)")
    @app_commands.rename(all_lobbies="all-lobbies")
    @app_commands.autocomplete(game=game_id_choices)
    async def abandon(self, interaction: discord.Interaction, game: Optional[int] = None,
                      all_lobbies: bool = False) -> None:
        if all_lobbies:
            return await self.actions.run(interaction, self.lobbies.ask_clear(interaction))
        await self.actions.run(interaction, self.actions.abandon(interaction, game))

    @app_commands.command(name="undo",
                          description="Take back your latest moves of this turn (never past a roll, a draw or a reveal)")
    @app_commands.describe(game=GAME_ID, steps="How many of your moves to take back (default 1)")
    @app_commands.autocomplete(game=game_id_choices)
    async def undo(self, interaction: discord.Interaction, game: Optional[int] = None,
                   steps: Optional[app_commands.Range[int, 1, 50]] = None) -> None:
        await self.actions.run(interaction, undo_flow(self.actions, interaction, game, steps))

    @app_commands.command(name="settings", description="Turn deadline and what happens when it runs out")
    @app_commands.describe(deadline="Time for each turn (default 48h)", game=GAME_ID,
                           expire="At the deadline: a bot plays (default), or the game is abandoned",
                           bank="Extra time per player beyond their deadlines (default none)")
    @app_commands.choices(deadline=[app_commands.Choice(name=d, value=d)
                                    for d in ("none", "12h", "24h", "1d", "48h", "2d", "72h", "3d", "7d")],
                          expire=[app_commands.Choice(name=p, value=p) for p in ("bot", "abandon")],
                          bank=[app_commands.Choice(name=b, value=b) for b in BANKS])
    @app_commands.autocomplete(game=game_id_choices)
    async def settings(self, interaction: discord.Interaction, deadline: Optional[str] = None,
                       expire: Optional[str] = None, bank: Optional[str] = None, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.deadline_settings.settings(interaction, game, deadline, expire, bank))

    @app_commands.command(name="notify", description="A direct message when it becomes your turn (on or off)")
    @app_commands.describe(setting="on or off", game=GAME_ID,
                           digest="daily: one DM a day listing the games waiting for you")
    @app_commands.choices(setting=[app_commands.Choice(name=v, value=v) for v in ("on", "off")],
                          digest=[app_commands.Choice(name=v, value=v) for v in DIGEST_EVERY])
    @app_commands.autocomplete(game=game_id_choices)
    async def notify(self, interaction: discord.Interaction, setting: Optional[str] = None,
                     game: Optional[int] = None, digest: Optional[str] = None) -> None:
        """`setting` (one game's turn DMs, cogs/deadline_settings.py) and `digest` (the daily digest of every
        server, cogs/waiting_cog.py) are independent; with neither, what is on."""
        async def flow() -> None:
            if setting is not None:
                await self.deadline_settings.notify(interaction, setting, game)
            if digest is not None:
                await self.waiting.notify_digest(interaction, digest)
            if setting is None and digest is None:
                await self.waiting.notify_status(interaction)
        await self.actions.run(interaction, flow())


class PlayCog(commands.Cog):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions

    @app_commands.command(name="play", description="Make your move: type its id or pick from the suggestions")
    @app_commands.describe(move="A legal move (suggested as you type)", game=GAME_ID)
    @app_commands.autocomplete(move=move_choices, game=game_id_choices)
    async def play(self, interaction: discord.Interaction, move: str, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.actions.on_play(interaction, game, move))
