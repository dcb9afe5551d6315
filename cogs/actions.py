"""The flows behind commands and buttons: service call, then Discord calls.

Cogs stay thin: they parse options and call one method here.  Every refusal
becomes a private reply and changes nothing; an accepted move is committed
before anything is posted, so a failed post never loses it.
"""
from __future__ import annotations

import logging
from typing import Any, Awaitable, Callable, Iterable, Optional, TypeVar

import discord

from host import offloop
from host.bot_seats import add_bots, bots_to_act, check_bot_count, check_level, creator_picks_level, replace_by_bot
from host.confirmations import LeaveTicket, ask_leave, check_leave
from host.i18n import guild_locale, t, tm, user_locale
from host.move_menus import seat_menu
from host.names import shown, shown_names
from host.options import option_words
from host.tables import Actor, Played, Refusal, Table, TableService, game_title, last_human
from rules.text import Msg, msg
from storage import is_busy

from . import deferred, notices, ops
from .board_posts import BoardPoster
from .lifecycle import crash_point
from .listeners import Listeners
from .opened_post import post_opened
from .pause import Pauses
from .perms import post_failure, thread_note
from .private_view import (clicked_privately, open_full_board, open_move_group, open_private_view,
                           refresh_private_list)
from .views import leave_confirm_components, lobby_components, move_components

log = logging.getLogger("gamehost.actions")

T = TypeVar("T")


def actor_of(interaction: discord.Interaction) -> Actor:
    user = interaction.user
    perms = getattr(interaction, "permissions", None)
    return Actor(user_id=user.id, name=getattr(user, "display_name", None) or user.name,
                 can_manage=bool(perms and perms.manage_guild), guild_id=interaction.guild_id)


class Actions:
    """The flows.  Built with the bot (cogs/game_bot.py), which hands them what they share with the other
    features: `boards`, the board poster every board post goes through (cogs/board_posts.py); `pauses`, the
    paused games (cogs/pause.py); `listeners`, which hear every change a flow made to a game, after it was saved
    and posted (cogs/listeners.py)."""

    def __init__(self, client: discord.Client, service: TableService, boards: BoardPoster, pauses: Pauses,
                 listeners: Listeners):
        self.client = client
        self.service = service
        self.boards = boards
        self.pauses = pauses
        self.listeners = listeners

    async def changed(self, table: Table, kind: str) -> None:
        await self.listeners.changed(table, kind)

    # ---- plumbing ----------------------------------------------------------
    async def db(self, interaction: Optional[discord.Interaction], fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Every storage call of a flow goes through here: `fn(*args, **kwargs)` runs on the storage thread
        (host/offloop.py) while the loop serves everyone else.  If it is still waiting after
        `deferred.DEFER_AFTER` seconds and `interaction` is not acknowledged yet, it is deferred (privately)
        first; a locked database ends in the busy Refusal."""
        return await deferred.for_interaction(interaction, fn, *args, **kwargs)

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

    async def announce(self, table: Table, locale: str, events: list[Msg], *, before: Optional[Table] = None,
                       played: Optional[Played] = None,
                       told: Optional[Callable[[str], Awaitable[None]]] = None) -> None:
        """The board after a change: a new post when someone begins to decide, else an edit of the latest
        board; paced and merged per channel (cogs/board_posts.py).  `before`: the table the change was made on
        (None: always a new post); `played`: the move, for the bots' summary; `told`: how to tell the player
        privately if the board waits for bots and is refused then."""
        await self.boards.submit(table, locale, events, before=before, seat=played.seat if played else None,
                                 move=played.move if played else None, told=told)

    async def tell_thread(self, table: Table, text: str, components: Optional[tuple[str, ...]] = None,
                          mention_ids: Iterable[int] = ()) -> None:
        """A notice in the game's thread, owed until Discord accepted it, after a restart too (cogs/notices.py);
        `components`: the name of its buttons and what they need (`("lobby", locale)`, cogs/notices.py
        `COMPONENTS`); `mention_ids`: the users it pings."""
        await notices.tell(self.boards, table, content=text, components=components, mention_ids=mention_ids)

    # ---- lobby ---------------------------------------------------------------
    async def new_game(self, interaction: discord.Interaction, game_key: str, options: Any, bots: int = 0,
                       level: Optional[str] = None, *, private: bool = False) -> None:
        """`/game new` and the games' `/<game> new`.  What needs no storage is checked first (the server, the game,
        the bots' level and count), so those refusals are the private answer itself; then the command is answered
        at once with a private "thinking", before the game is made: making it (the limits' counts, the set-up, the
        saves, the thread) waits on the storage thread behind every other game of the process, which on a loaded
        host took longer than Discord's 3 s.  A refusal found meanwhile fills in the private answer; an opened game
        fills it with the opener's note, and the channel hears of it publicly (cogs/opened_post.py)."""
        locale, glocale = user_locale(interaction), guild_locale(interaction)
        if interaction.guild_id is None:
            raise Refusal("host.refuse.dm_only")
        engine = self.service.engine(game_key)  # an unknown game: refused here, no storage needed
        check_level(level)  # bot seats, and the expired turns' bot (host/bot_seats.py)
        if bots:
            check_bot_count(engine, bots)
        await ops.defer(interaction, ephemeral=True)  # answered first: every refusal below stays private
        home = ops.home_channel(interaction.channel)  # typed in a game's thread: the game opens beside it
        table = await self.db(interaction, self.service.new_game, actor_of(interaction), engine.key,
                              guild_id=interaction.guild_id, channel_id=getattr(home, "id", None)
                              or interaction.channel_id or 0, options=options, private=private)
        if bots:
            table = await self.db(interaction, add_bots, self.service, table, bots, level)
        if check_level(level) == "hard":  # expired turns too are played by the hard bot
            table = await self.db(interaction, creator_picks_level, self.service, table, level)
        game = table.game
        thread = await ops.open_thread(home, f"{game.game_key}-{game.number}")
        if thread is not None:
            await self.db(interaction, self.service.games.set_thread, game.id, thread.id)
            table = await self.db(interaction, self.service.table, game.id)
            await self.tell_thread(table, self.lobby_text(table, glocale), ("lobby", glocale))
        where = thread.mention if thread is not None else t("host.lobby.here", locale)
        note = thread_note(interaction, thread, locale)  # no thread because a permission is missing
        await ops.reply(interaction, t("host.lobby.opened_you", locale, title=game_title(game), where=where)
                        + (f"\n{note}" if note else ""), ephemeral=True)
        await post_opened(self.boards, interaction,
                          t("host.lobby.opened", locale, title=game_title(game), where=where, id=game.number,
                            who=shown(actor_of(interaction).name)),
                          lambda: lobby_components(game.id, locale))

    def lobby_text(self, table: Table, locale: str) -> str:
        players = ", ".join(shown(s.name) for s in table.seats)
        words = option_words(table.game.game_key, table.game.options)  # words, not `exploration=True`
        opts = "; ".join(tm(w, locale) for w in words) or t("host.lobby.no_options", locale)
        text = t("host.lobby.text", locale, title=game_title(table.game), players=players, n=len(table.seats),
                 min=table.engine.min_players, max=table.engine.max_players, options=opts, id=table.game.number)
        return text + (" " + t("seats.lobby.private", locale) if table.game.settings.get("private") else "")

    async def join(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        await self.join_located(interaction, await self.locate(interaction, game_id, ("lobby",)))

    async def join_located(self, interaction: discord.Interaction, located: Table) -> None:
        table = await self.db(interaction, self.service.join, actor_of(interaction), located)
        await ops.reply(interaction, t("host.lobby.joined_you", user_locale(interaction),
                                       title=game_title(table.game)), ephemeral=True)
        await self.tell_thread(table, self.lobby_text(table, guild_locale(interaction)))
        await self.changed(table, "join")

    async def leave(self, interaction: discord.Interaction, game_id: Optional[int]) -> None:
        """`/game leave` or a lobby's Leave button: asks first, privately; the confirm button (custom id
        `lv:<game id>:<ticket>`, cogs/views.py) leaves (`click_leave`)."""
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
        await self.leave_located(interaction, await self.locate(interaction, game_id, ("lobby", "active")))

    async def leave_located(self, interaction: discord.Interaction, located: Table) -> None:
        actor = actor_of(interaction)
        if located.game.status not in ("lobby", "active"):
            raise Refusal("host.refuse.already_over", title=game_title(located.game))
        if not located.seat_of(actor.user_id):
            raise Refusal("host.refuse.not_player")
        ticket = await self.db(interaction, ask_leave, self.service, located, actor.user_id)  # host/confirmations.py
        locale = user_locale(interaction)
        await ops.reply(interaction, t(f"host.leave.ask_{ticket.kind}", locale, title=game_title(located.game)),
                        ephemeral=True, view=leave_confirm_components(ticket.custom_id, locale))

    async def click_leave(self, interaction: discord.Interaction, game_id: int, ticket: Optional[LeaveTicket]) -> None:
        """The confirm button: `game_id` is the internal id of its custom id, checked against the click's server;
        a button of an earlier prompt, or one whose seat or consequence has changed since, is refused as stale."""
        async def flow() -> None:
            await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
            located = await self.db(interaction, self.service.table_in, game_id, interaction.guild_id)
            if located.game.status not in ("lobby", "active"):
                raise Refusal("host.refuse.already_over", title=game_title(located.game))
            check_leave(ticket, located, interaction.user.id)
            await self.leave_now(interaction, located)
        await self.run(interaction, flow())

    async def leave_now(self, interaction: discord.Interaction, located: Table) -> None:
        actor = actor_of(interaction)
        if located.game.status == "active" and located.seat_of(actor.user_id) and not last_human(located, actor.user_id):
            return await self.leave_running(interaction, located)  # a bot takes the seat
        table = await self.db(interaction, self.service.leave, actor, located)
        if table.game.status == "abandoned":  # the last human left: bots do not play on alone
            return await self.abandoned_by_leaving(interaction, table, ran=located.game.status == "active")
        await ops.reply(interaction, t("host.lobby.left_you", user_locale(interaction), title=game_title(table.game)),
                        ephemeral=True)
        if table.game.status == "lobby":
            await self.tell_thread(table, self.lobby_text(table, guild_locale(interaction)))
        await self.changed(table, "leave")

    async def leave_running(self, interaction: discord.Interaction, located: Table) -> None:
        """`/game leave` in a running game: a bot takes the seat; the game no longer counts for ratings.  The
        thread hears it on the board, as one post with whatever the bot then plays, mentioning only a player
        who begins to decide (the latest board is edited when the decider stays the same: its buttons were
        stale, as the seat change moved the game's version on)."""
        table, seat, bot = await self.db(interaction, replace_by_bot, self.service, actor_of(interaction), located)
        title = game_title(table.game)
        await ops.reply(interaction, t("bots.left_you", user_locale(interaction), title=title, bot=shown(bot)),
                        ephemeral=True)
        said = msg("bots.replaced", who=shown(seat.name), bot=shown(bot), title=title)
        self.boards.hold(table.game.id, "leave")  # the bot's moves, if it is to act, join this post
        try:
            await self.boards.submit(table, guild_locale(interaction), [said], before=located)
            await self.changed(table, "leave")
        finally:
            await self.boards.release(table.game.id, "leave")

    async def fresh_board(self, game_id: int, locale: str) -> None:
        """A new board with live buttons after a change that made the latest board's buttons stale (a seat
        handed to a bot).  When a bot is to act, its move posts the next board instead."""
        table = await self.db(None, self.service.table, game_id)
        if table.game.status == "active" and table.state is not None and not bots_to_act(table):
            await self.announce(table, locale, [])

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
        await self.start_located(interaction, await self.locate(interaction, game_id, ("lobby",)))

    async def start_located(self, interaction: discord.Interaction, located: Table) -> None:
        await ops.defer(interaction, ephemeral=True)
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
        await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
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
            await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
            located = await self.db(interaction, self.service.table_in, game_id, interaction.guild_id)
            flows = {"join": self.join_located, "leave": self.leave_located, "start": self.start_located}
            await flows[action](interaction, located)
        await self.run(interaction, flow())

    # ---- moves -----------------------------------------------------------------
    async def on_play(self, interaction: discord.Interaction, game_id: Optional[int], text: str,
                      typed: Optional[str] = None) -> None:
        """`/play` and the shortcut commands: `game_id` is the number players see (None: the game meant here);
        `text`: a move as typed; `typed`: what the user typed when a shortcut composed `text`."""
        await ops.defer(interaction, ephemeral=True)
        table = await self.locate(interaction, game_id, ("active", "lobby", "finished", "abandoned"))
        await self.play_located(interaction, table, text, typed=typed)

    async def play_located(self, interaction: discord.Interaction, table: Table, text: str, version: Optional[int] = None,
                      typed: Optional[str] = None, listed: bool = False) -> None:
        """One human move on the table its flow read (the one load): checked and saved by
        `TableService.commit_move`, answered, posted, then heard by the listeners.  `version`: the clicked
        board's; `listed`: the click came from a private list, which then becomes the player's private view now."""
        await ops.defer(interaction, ephemeral=True)
        played = await self.db(interaction, self.service.commit_move, actor_of(interaction), table, text, version,
                               locale=user_locale(interaction), typed=typed)
        crash_point("after-save")  # the crash test stops here (cogs/reconcile.py heals it at the next start)
        locale = user_locale(interaction)
        try:
            said = tm(played.move.text, locale, shown_names(played.table.names))  # a seat in the label reads as its player
            done = t("host.play.accepted", locale, move=said, title=game_title(table.game))
            if listed:
                await refresh_private_list(self, interaction, played.table.game.id, done, played.table)
            else:
                await ops.reply(interaction, done, ephemeral=True)
            await self.pauses.resume(interaction, played.table, repost=False)  # a paused game: posted here again

            async def told(reason: str) -> None:  # the board waited for the bots, and then it was refused
                await ops.reply(interaction, t(post_failure(reason, interaction), locale), ephemeral=True)

            await self.announce(played.table, guild_locale(interaction), played.events, before=table, played=played,
                                told=told)
        finally:  # the move is saved even if the post failed: deadlines and bots must hear of it
            await self.changed(played.table, "finish" if played.finished else "move")

    async def click_move(self, interaction: discord.Interaction, game_id: int, version: int, move_id: str) -> None:
        """A move button or select: `game_id` is the internal id of its custom id, checked against the click's
        server."""
        listed = clicked_privately(interaction)

        async def flow() -> None:
            # Answered first, before any storage call: the storage thread serves every game of the process, and
            # a click waiting there behind other games' moves on a loaded host missed Discord's 3 s.  Every
            # answer to a move click is private (the accepted note, a refusal), or the list itself when it came
            # from a private list (edited into the private view as it stands now).
            await ops.defer(interaction, ephemeral=True, thinking=not listed)
            table = await self.db(interaction, self.service.table_in, game_id, interaction.guild_id)
            try:
                await self.play_located(interaction, table, move_id, version, listed=listed)
            except Refusal as exc:
                if not listed:
                    raise
                interaction.extras["refused"] = True  # the local table exits 1 on a refusal
                locale = user_locale(interaction)
                stale = exc.text.key in ("host.refuse.stale_board", "host.refuse.moved_on")
                note = t("private.list_moved_on", locale) if stale else tm(exc.text, locale)
                await refresh_private_list(self, interaction, game_id, note)
        await self.run(interaction, flow())

    async def show_private_view(self, interaction: discord.Interaction, game_id: int) -> None:
        """The "My view" button of a board (cogs/private_view.py)."""
        await self.run(interaction, open_private_view(self, interaction, game_id))

    async def show_full_board(self, interaction: discord.Interaction, game_id: int) -> None:
        """The "Full board" button of a board (cogs/private_view.py)."""
        await self.run(interaction, open_full_board(self, interaction, game_id))

    async def show_move_group(self, interaction: discord.Interaction, game_id: int, version: int, key: str) -> None:
        """A group in a menu of moves: the next menu (cogs/private_view.py `open_move_group`)."""
        await self.run(interaction, open_move_group(self, interaction, game_id, version, key))

    async def show_my_moves(self, interaction: discord.Interaction, game_id: int, version: int, page: int = 0) -> None:
        async def flow() -> None:
            await ops.defer(interaction, ephemeral=True)  # before the storage calls; every answer here is private
            table = await self.db(interaction, self.service.table_in, game_id, interaction.guild_id)
            if table.game.version != version:
                raise Refusal("host.refuse.stale_board")
            moves = await self.db(interaction, self.service.legal_moves, table, interaction.user.id)
            if not moves:
                raise Refusal("host.refuse.not_your_turn", who=", ".join(shown(table.names.get(s, s)) for s in table.to_act))
            locale = user_locale(interaction)
            seat = table.seat_of(interaction.user.id)
            menu = None if seat is None else seat_menu(table.engine, table.state, seat.seat, moves)
            await ops.reply(interaction, t("host.moves.pick", locale), ephemeral=True,
                            view=move_components(game_id, version, moves, locale, names=table.names, page=page,
                                                 menu=menu))
        await self.run(interaction, flow())
