"""`/game invite`, `/game sub` and `/game follow` (`events:off` to stop), the invitation and Rematch buttons (their flows:
cogs/seat_clicks.py), and the followers' pings (the rules of each are in host/invites.py, host/rematch.py, host/substitutes.py and
host/follows.py; `/game new … private:true` is declared in cogs/game_cog.py).

The commands join the `/game` group (cogs/subcommands.py); the buttons are dynamic items registered here
(cogs/seat_views.py); the followers hear of each round's end through `Actions.listeners`.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Optional

import discord
from discord import app_commands
from discord.ext import commands

from host import offloop
from host.bot_seats import bots_to_act
from host.follows import EVENTS, follow, news, unfollow
from host.i18n import guild_locale, t, tm, user_locale
from host.invites import Person, invite
from host.limits import OPTION_TEXT
from host.limits import label as fit_label
from host.names import shown
from host.substitutes import substitute
from host.tables import Refusal, Table, game_title
from render.names import plain_name
from rules.text import locale_of

from . import ops
from .actions import Actions, actor_of
from .completion import game_id_choices
from .seat_clicks import where
from .seat_views import SEAT_ITEMS
from .shortcuts import GAME_ID
from .subcommands import attach, detach

if TYPE_CHECKING:
    from .game_bot import GameBot

log = logging.getLogger("gamehost.seats")


def person_of(user: discord.abc.User, interaction: discord.Interaction) -> Person:
    """A user option as a `Person`: a member of the command's server when Discord resolved them as one."""
    member_of = interaction.guild_id if isinstance(user, discord.Member) else None
    return Person(user_id=user.id, name=getattr(user, "display_name", None) or user.name, is_bot=bool(user.bot),
                  guild_id=member_of)


async def seat_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The seats a bot plays in the game meant (the ones `/game sub` can hand over)."""
    try:
        service = interaction.client.service  # type: ignore[attr-defined]
        game_id = getattr(interaction.namespace, "game", None)
        table = await offloop.call(service.locate, interaction.channel_id or 0, interaction.user.id, game_id,
                                   ("active",), guild_id=interaction.guild_id)
        typed = (current or "").strip().lower()
        out = [app_commands.Choice(name=fit_label(f"{s.position} — {plain_name(s.name)}", OPTION_TEXT), value=s.seat)
               for s in table.seats if s.is_bot and (not typed or typed in f"{s.position} {s.seat} {s.name}".lower())]
        return out[:25]
    except Refusal:
        return []
    except Exception:
        log.exception("seat autocomplete failed")
        return []


class SeatsCog(commands.Cog):
    def __init__(self, bot: "GameBot"):
        self.bot = bot
        self.actions: Actions = bot.actions
        self.service = bot.service
        self._attached: list[app_commands.Command] = []

    async def cog_load(self) -> None:
        self._attached = attach(self, self.bot.tree, "game")
        self.bot.add_dynamic_items(*SEAT_ITEMS)
        self.actions.listeners.append(self.on_change)

    async def cog_unload(self) -> None:
        detach(self.bot.tree, "game", self._attached)
        self.bot.remove_dynamic_items(*SEAT_ITEMS)
        if self.on_change in self.actions.listeners:
            self.actions.listeners.remove(self.on_change)

    def server_locale(self, table: Table) -> str:
        guild = self.bot.get_guild(table.game.guild_id) if table.game.guild_id else None
        return locale_of(str(getattr(guild, "preferred_locale", "") or ""))

    # ---- /game invite (its button: cogs/seat_clicks.py) ------------------------------------------------------
    @app_commands.command(name="invite", description="Invite a member of this server into a game that has not started")
    @app_commands.describe(user="Who to invite", game=GAME_ID)
    @app_commands.autocomplete(game=game_id_choices)
    async def invite(self, interaction: discord.Interaction, user: discord.User, game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.invite_flow(interaction, user, game))

    async def invite_flow(self, interaction: discord.Interaction, user: discord.abc.User, game: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        located = await self.actions.locate(interaction, game, ("lobby",))
        actor, person = actor_of(interaction), person_of(user, interaction)
        table = await self.actions.db(interaction, invite, self.service, actor, located, person)
        title = game_title(table.game)
        await ops.reply(interaction, t("seats.invite.sent_you", user_locale(interaction), who=shown(person.name),
                                       title=title), ephemeral=True)
        glocale = guild_locale(interaction)
        await self.actions.tell_thread(
            table, t("seats.invite.post", glocale, who=f"<@{person.user_id}>", by=shown(actor.name), title=title,
                     id=table.game.number), ("invite", str(person.user_id), glocale), mention_ids=[person.user_id])

    # ---- /game sub ------------------------------------------------------------------------------
    @app_commands.command(name="sub", description="Give a bot's seat to a member (creator or Manage Server)")
    @app_commands.describe(user="Who takes the seat", seat="The seat: its number or its bot's name", game=GAME_ID)
    @app_commands.autocomplete(seat=seat_choices, game=game_id_choices)
    async def sub(self, interaction: discord.Interaction, user: discord.User, seat: str,
                  game: Optional[int] = None) -> None:
        await self.actions.run(interaction, self.sub_flow(interaction, user, seat, game))

    async def sub_flow(self, interaction: discord.Interaction, user: discord.abc.User, seat: str,
                       game: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        located = await self.actions.locate(interaction, game, ("active",))
        actor, person = actor_of(interaction), person_of(user, interaction)
        table, was = await self.actions.db(interaction, substitute, self.service, actor, located, seat, person)
        title = game_title(table.game)
        await ops.reply(interaction, t("seats.sub.done_you", user_locale(interaction), who=shown(person.name),
                                       seat=was.position, was=shown(was.name), title=title), ephemeral=True)
        glocale = guild_locale(interaction)
        try:  # the one ping of the member: the board below is an edit, which pings nobody
            await self.actions.tell_thread(
                table, t("seats.sub.post", glocale, who=f"<@{person.user_id}>", seat=was.position,
                         was=shown(was.name), by=shown(actor.name), title=title), mention_ids=[person.user_id])
        finally:  # the seat changed hands even if the post failed: deadlines and bots must hear of it
            await self.actions.changed(table, "sub")
        if not bots_to_act(table):  # the latest board's buttons carry the old version: edited with live ones
            await self.actions.announce(table, glocale, [], before=located)

    # ---- /game follow (events:off stops following) ---------------------------------------------
    @app_commands.command(name="follow", description="Be pinged when each round of a game ends, and at its end, without a seat")
    @app_commands.describe(game=GAME_ID, events="rounds (default), end (the game's end only), or off to stop")
    @app_commands.choices(events=[app_commands.Choice(name=v, value=v) for v in (*EVENTS, "off")])
    @app_commands.autocomplete(game=game_id_choices)
    async def follow(self, interaction: discord.Interaction, game: Optional[int] = None,
                     events: Optional[str] = None) -> None:
        async def flow() -> None:
            await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
            locale = user_locale(interaction)
            if events == "off":
                table = await self.actions.locate(interaction, game, ("lobby", "active", "finished", "abandoned"))
                await self.actions.db(interaction, unfollow, self.service, interaction.user.id, table)
                await ops.reply(interaction, t("seats.follow.off", locale, title=game_title(table.game)), ephemeral=True)
                return
            table = await self.actions.locate(interaction, game, ("lobby", "active"))
            what = events or EVENTS[0]
            await self.actions.db(interaction, follow, self.service, interaction.user.id, table, what)
            await ops.reply(interaction, t(f"seats.follow.on_{what}", locale,
                                           title=game_title(table.game), where=where(table)), ephemeral=True)
        await self.actions.run(interaction, flow())

    async def on_change(self, table: Table, kind: str) -> None:
        """The `Actions.listeners` hook: one ping to the followers when a round ends, and at the game's end."""
        said, followers = await offloop.call(news, self.service, table, kind)
        if said is None:
            return
        pings = " ".join(f"<@{uid}>" for uid in followers)
        try:
            await self.actions.tell_thread(table, f"{pings} {tm(said, self.server_locale(table))}",
                                           mention_ids=followers)
        except ops.PostFailed as exc:
            log.warning("followers' post in game %s failed: %s", table.game.id, exc.reason)


__all__ = ["SeatsCog", "person_of", "seat_choices"]
