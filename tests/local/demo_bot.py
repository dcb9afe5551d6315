"""A small bot for testing the local table's seam (not the project's real bot).

It has what the real cogs rely on: a slash group with typed and autocompleted
options, ephemeral answers, a deferred answer with followups, a thread created
from the interaction's channel with a PNG, an embed and a persistent button
(a DynamicItem registered in setup_hook, surviving restarts), and a persistent
select menu.
"""
from __future__ import annotations

import asyncio
import io
import re
import sqlite3
from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

FRUITS = ["apple", "apricot", "banana", "blueberry", "cherry", "fig"]


def png_bytes(n: int) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (8 + n, 8), (40 * (n % 6), 120, 200)).save(buf, format="PNG")
    return buf.getvalue()


def board_view(n: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BumpButton(n))
    view.add_item(discord.ui.Button(label="Rules", url="https://example.org/rules"))
    return view


class BumpButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:(?P<n>[0-9]+)"):
    def __init__(self, n: int):
        super().__init__(discord.ui.Button(label=f"Bump {n}", style=discord.ButtonStyle.primary,
                                           custom_id=f"demo:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you bumped {self.n}", ephemeral=True)
        await asyncio.sleep(0.01)
        await interaction.channel.send(f"<@{interaction.user.id}> bumped the counter to {self.n + 1}",
                                       view=board_view(self.n + 1))


class FlavourSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"fl:(?P<round>[0-9]+)"):
    def __init__(self, round: int, options=()):
        super().__init__(discord.ui.Select(custom_id=f"fl:{round}", placeholder="Flavour", options=list(options) or [
            discord.SelectOption(label=f.title(), value=f) for f in FRUITS[3:]]))
        self.round = round

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]):
        return cls(int(match["round"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"round {self.round}: {self.item.values[0]}")


class MenuView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Yes", custom_id="menu:yes", style=discord.ButtonStyle.success)
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("you said yes")

    @discord.ui.button(label="No", custom_id="menu:no", disabled=True)
    async def no(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("you said no")

    @discord.ui.select(custom_id="menu:fruit", placeholder="Pick a fruit",
                       options=[discord.SelectOption(label=f.title(), value=f) for f in FRUITS[:3]])
    async def fruit(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class NameForm(discord.ui.Modal, title="Name your table"):
    name = discord.ui.TextInput(label="Name", custom_id="form:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"named {self.name.value}")


class Demo(commands.GroupCog, group_name="demo", group_description="Seam tests"):
    def __init__(self, bot: "DemoBot"):
        self.bot = bot

    @app_commands.command(name="echo", description="Say something back")
    @app_commands.describe(text="what to say", times="how often", loud="shout it")
    async def echo(self, interaction: discord.Interaction, text: str,
                   times: app_commands.Range[int, 1, 5] = 1, loud: bool = False, ratio: Optional[float] = None):
        out = " ".join([text.upper() if loud else text] * times)
        if ratio is not None:
            out += f" x{ratio:g}"
        await interaction.response.send_message(out)

    @app_commands.command(name="secret", description="Only you see this")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"psst, you are {interaction.user.name} in {interaction.locale.value}",
                                                ephemeral=True)

    @app_commands.command(name="info", description="What the interaction looks like")
    async def info(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"locale={interaction.locale.value} guild_locale={interaction.guild_locale.value}"
            f" manage={interaction.permissions.manage_guild} attach={interaction.app_permissions.attach_files}"
            f" channel={type(interaction.channel).__name__}:{interaction.channel.name}"
            f" guild={interaction.guild.name} member={type(interaction.user).__name__}", ephemeral=True)

    @app_commands.command(name="pick", description="Pick a fruit")
    async def pick(self, interaction: discord.Interaction, fruit: str, size: Optional[str] = None) -> None:
        await interaction.response.send_message(f"you picked {fruit}" + (f" ({size})" if size else ""))

    @pick.autocomplete("fruit")
    async def pick_fruit(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f.title(), value=f) for f in FRUITS if f.startswith(current.lower())]

    @app_commands.command(name="kind", description="Fixed choices")
    @app_commands.choices(game=[app_commands.Choice(name="Wayfinders", value="wayfinders"),
                                app_commands.Choice(name="Flotilla", value="flotilla")])
    async def kind(self, interaction: discord.Interaction, game: app_commands.Choice[str]) -> None:
        await interaction.response.send_message(f"game={game.value}")

    @app_commands.command(name="whois", description="Look at a member")
    async def whois(self, interaction: discord.Interaction, who: discord.Member) -> None:
        await interaction.response.send_message(f"that is {who.name} (<@{who.id}>)")

    @app_commands.command(name="table", description="Open a table in a new thread")
    async def table(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        embed = discord.Embed(title=f"Table {name}", description="Press the button to bump.")
        embed.add_field(name="Counter", value="1")
        embed.set_image(url="attachment://board.png")
        await thread.send(f"<@{interaction.user.id}> opened the table", embed=embed,
                          file=discord.File(io.BytesIO(png_bytes(1)), filename="board.png"), view=board_view(1))
        with sqlite3.connect(self.bot.db_path) as db:
            db.execute("CREATE TABLE IF NOT EXISTS demo_tables (thread_id INTEGER, name TEXT)")
            db.execute("INSERT INTO demo_tables VALUES (?, ?)", (thread.id, name))
        await interaction.followup.send(f"table ready in <#{thread.id}>", ephemeral=True)

    @app_commands.command(name="slow", description="Deferred, then two followups")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.followup.send("first result")
        await interaction.followup.send("second result", ephemeral=True)

    @app_commands.command(name="edit", description="Answer, then edit the answer")
    async def edit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("draft")
        await interaction.edit_original_response(content="final")

    @app_commands.command(name="menu", description="A persistent menu")
    async def menu(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose", view=MenuView())

    @app_commands.command(name="flavours", description="A persistent dynamic select")
    async def flavours(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(FlavourSelect(7))
        await interaction.response.send_message("pick a flavour", view=view)

    @app_commands.command(name="privmenu", description="A menu only you see")
    async def privmenu(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("your private menu", view=MenuView(), ephemeral=True)

    @app_commands.command(name="dm", description="Send someone a private message")
    async def dm(self, interaction: discord.Interaction, who: discord.User) -> None:
        try:
            await who.send(f"psst from {interaction.user.name}")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"cannot DM {who.name}: {exc.code}", ephemeral=True)
        else:
            await interaction.response.send_message(f"sent to {who.name}", ephemeral=True)

    @app_commands.command(name="form", description="Opens a form")
    async def form(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameForm())

    @app_commands.command(name="sleepy", description="Answers too late")
    async def sleepy(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("good morning")

    @app_commands.command(name="boom", description="Fails")
    async def boom(self, interaction: discord.Interaction) -> None:
        raise ValueError("kaboom")

    @app_commands.command(name="refuse", description="A polite no")
    async def refuse(self, interaction: discord.Interaction) -> None:
        interaction.extras["refused"] = True
        await interaction.response.send_message("no, not now", ephemeral=True)

    @app_commands.command(name="silent", description="Never answers")
    async def silent(self, interaction: discord.Interaction) -> None:
        return None

    @app_commands.command(name="later", description="Answers, then posts from a task of its own after a while")
    async def later(self, interaction: discord.Interaction, seconds: float) -> None:
        await interaction.response.send_message("answered")
        channel = interaction.channel

        async def post() -> None:
            await asyncio.sleep(seconds)
            await channel.send("made later")  # type: ignore[union-attr]

        asyncio.get_running_loop().create_task(post(), name="owed-made-demo")

    @app_commands.command(name="think", description="Answers, then a bot player's task posts after a while")
    async def think(self, interaction: discord.Interaction, seconds: float) -> None:
        await interaction.response.send_message("answered")
        channel = interaction.channel

        async def move() -> None:
            await asyncio.sleep(seconds)
            await channel.send("the bot moved")  # type: ignore[union-attr]

        asyncio.get_running_loop().create_task(move(), name="bots-game-demo")

    @app_commands.command(name="hang", description="Never finishes")
    async def hang(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hanging")
        await asyncio.Event().wait()


class DemoBot(commands.AutoShardedBot):
    def __init__(self, db_path: str):
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default())
        self.db_path = db_path

    async def setup_hook(self) -> None:
        await self.add_cog(Demo(self))
        self.add_dynamic_items(BumpButton, FlavourSelect)
        self.add_view(MenuView())


def make_bot(db_path: str) -> DemoBot:
    return DemoBot(db_path)
