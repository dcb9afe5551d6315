"""The flows behind commands and buttons: service call, then Discord calls.

Cogs stay thin: they parse options and call one method here.  Every refusal
becomes a private reply and changes nothing; an accepted move is committed
before anything is posted, so a failed post never loses it.
"""
from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable, Optional, TypeVar

import discord

from rules.text import Msg
from storage import is_busy

from . import offloop, ops
from host.i18n import guild_locale, t, tm, user_locale
from .lifecycle import crash_point
from host.names import shown, shown_names
from .pause import pauses_of
from .perms import post_failure, thread_note
from .posts import make_turn_post
from host.tables import Actor, Refusal, Table, TableService, game_title, last_human
from .views import lobby_components, move_components

log = logging.getLogger("gamehost.actions")

T = TypeVar("T")


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    perms = getattr(interaction, "permissions", None)
    return Actor(user_id=user.id, name=getattr(user, "display_name", None) or user.name,
                 can_manage=bool(perms and perms.manage_guild), guild_id=interaction.guild_id)


Listener = Callable[[Table, str], Awaitable[None]]


class Actions:
    """`listeners` hear every change a flow made to a game, after it was saved and posted:
    `(table, kind)` with kind one of "start", "move", "finish", "abandon", "join", "leave".
    Features such as deadlines and bot seats hook in here instead of editing the flows."""

    def __init__(self, client: discord.Client, service: TableService):
        self.client = client
        self.service = service
        self.listeners: list[Listener] = []

    async def changed(self, table: Table, kind: str) -> None:
        for listener in list(self.listeners):
            try:
                await listener(table, kind)
            except Exception:
                log.exception("listener %r failed on %s of game %s", listener, kind, table.game.id)

    # ---- plumbing ----------------------------------------------------------
    async def db(self, interaction: Optional[discord.Interaction], fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Every storage call of a flow goes through here: `fn(*args, **kwargs)` runs on the storage thread
        (cogs/offloop.py) while the loop serves everyone else.  If it is still waiting after
        `offloop.DEFER_AFTER` seconds and `interaction` is not acknowledged yet, it is deferred (privately)
        first; a locked database ends in the busy Refusal."""
        return await offloop.for_interaction(interaction, fn, *args, **kwargs)

    async def refuse(self, interaction: discord.Interaction, text: Msg | str) -> None:
        interaction.extras["refused"] = True  # the local table exits 1 on a refusal
        await ops.reply(interaction, tm(text, user_locale(interaction)), ephemeral=True)

    async def run(self, interaction: discord.Interaction, flow: Any) -> None:
        """Await a flow; a Refusal becomes a private reply, anything else a logged apology."""
        try:
            await flow
        except Refusal as exc:
            await self.refuse(interaction, exc.text)
        except ops.PostFailed as exc:
            await ops.reply(interaction, t(post_failure(exc.reason, interaction), user_locale(interaction)),
                            ephemeral=True)
        except Exception as exc:
            if is_busy(exc):  # a storage call made on the loop, outside `db`: still the busy reply
                return await self.refuse(interaction, offloop.busy_refusal().text)
            log.exception("unexpected error in an interaction")
            await ops.reply(interaction, t("host.error.unexpected", user_locale(interaction)), ephemeral=True)

    async def locate(self, interaction: discord.Interaction, game_id: Optional[int],
                     statuses: tuple[str, ...] = ("lobby", "active")) -> Table:
        """The game a command means; `game_id` is the number players see (#3 of this server)."""
        return await self.db(interaction, self.service.locate, interaction.channel_id or 0, interaction.user.id,
                             game_id, statuses, guild_id=interaction.guild_id)

    async def announce(self, table: Table, locale: str, events: list[Msg]) -> None:
        """The turn post: a new message in the game's thread."""
        post = await make_turn_post(table, locale, events)
        message = await pauses_of(self).post(table, content=post.content, embed=post.embed,  # cogs/pause.py
                                             file=post.file(), view=post.view, mention_ids=post.mention_ids)
        try:
            await self.db(None, self.service.games.set_board_message, table.game.id, message.id, table.game.version)
        except Refusal:  # busy: the board is posted; the next start may post it once more (cogs/reconcile.py)
            log.warning("game %s: board posted, but the database was busy recording it", table.game.id)

    async def tell_thread(self, table: Table, text: str, view: Optional[discord.ui.View] = None) -> None:
        await pauses_of(self).post(table, content=text, view=view)

    # ---- lobby ---------------------------------------------------------------
    async def new_game(self, interaction: discord.Interaction, game_key: str, options: Any, bots: int = 0,
                       level: Optional[str] = None) -> None:
        locale, glocale = user_locale(interaction), guild_locale(interaction)
        # Validate before deferring: a refusal must stay private, and a public defer would make it public.
        if bots:  # bot seats (host/bot_seats.py)
            from host.bot_seats import check_bot_count, check_level
            check_level(level)
            check_bot_count(self.service.engine(game_key), bots)
        table = await self.db(interaction, self.service.new_game, actor_of(interaction), game_key,
                              guild_id=interaction.guild_id, channel_id=interaction.channel_id or 0, options=options)
        if bots:
            from host.bot_seats import add_bots
            table = await self.db(interaction, add_bots, self.service, table, bots, level)
        await ops.defer(interaction, ephemeral=False)
        game = table.game
        thread = await ops.open_thread(interaction.channel, f"{game.game_key}-{game.number}")
        if thread is not None:
            await self.db(interaction, self.service.games.set_thread, game.id, thread.id)
            table = await self.db(interaction, self.service.table, game.id)
        lobby = self.lobby_text(table, glocale)
        if thread is not None:
            await self.tell_thread(table, lobby, lobby_components(game.id, glocale))
        where = thread.mention if thread is not None else t("host.lobby.here", locale)
        note = thread_note(interaction, thread, locale)  # no thread because a permission is missing
        await ops.reply(interaction, t("host.lobby.opened", locale, title=game_title(game), where=where,
                                       id=game.number, who=shown(actor_of(interaction).name)) + (f"\n{note}" if note else ""),
                        ephemeral=False, view=lobby_components(game.id, locale))

    def lobby_text(self, table: Table, locale: str) -> str:
        players = ", ".join(shown(s.name) for s in table.seats)
        opts = " ".join(f"{k}={v}" for k, v in table.game.options.items()) or t("host.lobby.no_options", locale)
        return t("host.lobby.text", locale, title=game_title(table.game), players=players, n=len(table.seats),
                 min=table.engine.min_players, max=table.engine.max_players, options=opts, id=table.game.number)

    async def join(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        located = await self.locate(interaction, game_id, ("lobby",))
        table = await self.db(interaction, self.service.join, actor_of(interaction), located)
        await ops.reply(interaction, t("host.lobby.joined_you", user_locale(interaction),
                                       title=game_title(table.game)), ephemeral=True)
        await self.tell_thread(table, self.lobby_text(table, guild_locale(interaction)))
        await self.changed(table, "join")

    async def leave(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        located = await self.locate(interaction, game_id, ("lobby", "active"))
        actor = actor_of(interaction)
        if located.game.status == "active" and not last_human(located, actor.user_id):
            from .bot_players import driver_of  # a bot takes the seat (cogs/bot_players.py)
            return await driver_of(self.client).leave_running(interaction, located)  # type: ignore[arg-type]
        table = await self.db(interaction, self.service.leave, actor, located)
        if table.game.status == "abandoned":  # the last human left: bots do not play on alone
            return await self.abandoned_by_leaving(interaction, table, ran=located.game.status == "active")
        await ops.reply(interaction, t("host.lobby.left_you", user_locale(interaction), title=game_title(table.game)),
                        ephemeral=True)
        if table.game.status == "lobby":
            await self.tell_thread(table, self.lobby_text(table, guild_locale(interaction)))
        await self.changed(table, "leave")

    async def abandoned_by_leaving(self, interaction: discord.Interaction, table: Table, ran: bool) -> None:
        title = game_title(table.game)
        key = "host.abandon.last_human_you" if ran else "host.lobby.left_you"
        await ops.reply(interaction, t(key, user_locale(interaction), title=title), ephemeral=True)
        try:
            await self.tell_thread(table, t("host.abandon.last_human", guild_locale(interaction), title=title,
                                            who=actor_of(interaction).name))
        finally:  # deadlines and bots must hear of it even if the post failed
            await self.changed(table, "abandon")

    async def start(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)
        located = await self.locate(interaction, game_id, ("lobby",))
        table = await self.db(interaction, self.service.start, actor_of(interaction), located)
        assert table.state is not None
        crash_point("after-save")  # the crash test stops here (cogs/reconcile.py heals it at the next start)
        try:
            await ops.reply(interaction, t("host.lobby.started_you", user_locale(interaction),
                                           title=game_title(table.game)), ephemeral=True)
            await self.announce(table, guild_locale(interaction), list(table.state.events))
        finally:  # the game started even if the post failed: deadlines and bots must hear of it
            await self.changed(table, "start")

    async def abandon(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        located = await self.locate(interaction, game_id)
        table = await self.db(interaction, self.service.abandon, actor_of(interaction), located)
        await ops.reply(interaction, t("host.abandon.done_you", user_locale(interaction), title=game_title(table.game)),
                        ephemeral=True)
        await self.tell_thread(table, t("host.abandon.done", guild_locale(interaction), title=game_title(table.game),
                                        who=shown(actor_of(interaction).name)))
        await self.changed(table, "abandon")

    async def click_lobby(self, interaction: discord.Interaction, action: str, game_id: int) -> None:
        """A lobby button: `game_id` is the internal id of its custom id, checked against the click's server."""
        async def flow() -> None:
            number = (await self.db(interaction, self.service.table_in, game_id, interaction.guild_id)).game.number
            flows = {"join": self.join, "leave": self.leave, "start": self.start}
            await flows[action](interaction, number)
        await self.run(interaction, flow())

    # ---- moves -----------------------------------------------------------------
    async def play(self, interaction: discord.Interaction, game_id: Optional[int], text: str,
                   version: Optional[int] = None) -> None:
        await ops.defer(interaction, ephemeral=True)
        table = await self.locate(interaction, game_id, ("active", "lobby", "finished", "abandoned"))
        played = await self.db(interaction, self.service.play, actor_of(interaction), table, text, version)
        crash_point("after-save")  # the crash test stops here (cogs/reconcile.py heals it at the next start)
        locale = user_locale(interaction)
        try:
            said = tm(played.move.text, locale, shown_names(played.table.names))  # a seat in the label reads as its player
            await ops.reply(interaction, t("host.play.accepted", locale, move=said, title=game_title(table.game)),
                            ephemeral=True)
            await pauses_of(self).resume(interaction, played.table, repost=False)  # a paused game: posted here again
            await self.announce(played.table, guild_locale(interaction), played.events)
        finally:  # the move is saved even if the post failed: deadlines and bots must hear of it
            await self.changed(played.table, "finish" if played.finished else "move")

    async def click_move(self, interaction: discord.Interaction, game_id: int, version: int, move_id: str) -> None:
        """A move button or select: `game_id` is the internal id of its custom id, checked against the click's
        server."""
        async def flow() -> None:
            number = (await self.db(interaction, self.service.table_in, game_id, interaction.guild_id)).game.number
            await self.play(interaction, number, move_id, version)
        await self.run(interaction, flow())

    async def show_my_moves(self, interaction: discord.Interaction, game_id: int, version: int, page: int = 0) -> None:
        async def flow() -> None:
            table = await self.db(interaction, self.service.table_in, game_id, interaction.guild_id)
            if table.game.version != version:
                raise Refusal("host.refuse.stale_board")
            moves = await self.db(interaction, self.service.legal_moves, table, interaction.user.id)
            if not moves:
                raise Refusal("host.refuse.not_your_turn", who=", ".join(shown(table.names.get(s, s)) for s in table.to_act))
            locale = user_locale(interaction)
            await ops.reply(interaction, t("host.moves.pick", locale), ephemeral=True,
                            view=move_components(game_id, version, moves, locale, names=table.names, page=page))
        await self.run(interaction, flow())
