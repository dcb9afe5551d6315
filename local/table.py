"""The local table: the real bot, its real cogs and command tree, with no Discord.

::

    table = LocalTable(make_bot, "games.db", out_dir="out")
    await table.start()
    for sent in await table.command("alice", "/game new game:wayfinders"):
        print(sent.text(table.name_of))
    await table.press("bob", 1, channel="wayfinders-1")
    await table.close()

The seam is discord.py's own (pinned in requirements.txt):

* the bot's ``HTTPClient`` becomes a :class:`LocalHTTPClient` (channel and
  thread posts, thread creation, fetches, command sync);
* ``discord.webhook.async_.async_context`` holds a :class:`LocalWebhookAdapter`
  (interaction responses, followups, ``@original`` edits);
* the connection state gets the bot user, application id and the fake guilds
  (servers, from the registry; more join on first use) without logging in,
  then ``setup_hook`` runs;
* each action is an interaction payload handed to the connection state's
  ``parse_interaction_create``, which builds the ``discord.Interaction`` and
  dispatches it through the real ``CommandTree`` or ``ViewStore``.

An action's messages are collected only after every task it started has
finished (see :meth:`LocalTable._settle`).
"""
from __future__ import annotations

import asyncio
import inspect
import logging
import traceback
from typing import Any, Callable, Iterable, Optional

import discord
from discord.webhook.async_ import async_context

from storage.partitions import Layout

from .faults import Faults
from .http import LocalHTTPClient
from .limits import Ledger, RateModel
from .messages import Completions, Pressable, Replies, Sent, pressables
from .parser import LocalError, ParseError
from .payloads import (
    BOT_PERMISSIONS, channel_payload, command_data, guild_payload, interaction_payload, member_permissions,
    read_command_line, top_level_commands,
)
from .registry import DEFAULT_GUILD, ChannelRow, GuildRow, Registry, UserRow
from .server import InteractionRecord, LocalDiscord
from .tasks import is_background, settle_bound
from .webhook import LocalWebhookAdapter

__all__ = ["LocalTable", "Sent", "Replies", "Completions", "LocalError", "ParseError"]

_log = logging.getLogger(__name__)

class _ErrorCapture(logging.Handler):
    """Collects ERROR records (discord.py logs 'Ignoring exception in command ...' this way)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def drain(self) -> tuple[list[str], list[str]]:
        records, self.records = self.records, []
        short, details = [], []
        for r in records:
            text = r.getMessage()
            if r.exc_info and r.exc_info[1] is not None:
                exc = r.exc_info[1]
                text += f" ({type(exc).__name__}: {exc})"
                details.append("".join(traceback.format_exception(*r.exc_info)))
            short.append(text)
        return short, details


class LocalTable:
    """Drive the real bot in-process through a fake Discord.

    Posted files are written under ``out_dir`` (default ``out``).
    ``managers`` are user names given Manage Server in every server (the first
    owns them); ``bot_permissions`` are the bot's permissions in every channel
    (lower them to see how the bot copes with missing permissions).
    ``closed_dms`` are users whose DMs are closed (the bot gets Discord's
    403 "Cannot send messages to this user").  ``clock`` (``() -> float``) is
    handed to ``make_bot(path, clock=clock)``: the time the bot lives by.
    ``faults`` (a ``--faults`` SPEC, local/faults.py) makes some of the bot's message writes fail as Discord's
    do now and then (5xx, 429s, a dropped connection).  ``settle_timeout`` bounds how long one action may run;
    the posts it leaves owed and made in tasks of their own (a finished game's chart and replay, tasks named
    ``owed-made-*``: cogs/notices.py `owe_made`) are collected with its replies too, bounded by ``owed_timeout``
    (a busy machine builds a replay slowly; cut short, they stay owed for the next start).  While a bot player's
    task (``bots-game-*``, cogs/bot_driver.py) is still playing, the bound is ``bot_timeout``: a hard bot searches
    up to 2 s of CPU per decision, many decisions a turn on a busy machine, and a bot cut off stays stuck until
    the next start.
    ``ack_deadline`` is Discord's 3 seconds to
    acknowledge an interaction (None turns the check off).

    The table has servers: ``guild=NAME`` on ``command``/``press``/``complete`` acts in the server called
    NAME (created on first use, with its own channels and threads; default ``local``), ``dm=True`` acts
    from the user's direct messages with the bot instead.  Each server keeps its own locale (Discord's
    preferred locale, the language of its thread posts; en-US until given): ``guild_locale`` is given to
    ``home`` (the server the run acts in, default ``local``) before the bot starts, and to each server the
    run creates; the others keep theirs.
    """

    settle_timeout: float = 30.0
    owed_timeout: float = 300.0
    bot_timeout: float = 900.0

    def __init__(self, make_bot: Callable[[str], discord.Client], db_path: str, out_dir: Optional[str] = None,
                 locale: str = "en-US", *, guild_locale: Optional[str] = None, home: Optional[str] = None,
                 managers: Iterable[str] = ("admin",),
                 bot_permissions: Optional[discord.Permissions] = None, closed_dms: Iterable[str] = (),
                 ack_deadline: Optional[float] = 3.0, clock: Optional[Callable[[], float]] = None,
                 rate_limit: bool = False, faults: str = ""):
        self.make_bot = make_bot
        self.db_path = str(db_path)
        self.out_dir = str(out_dir) if out_dir is not None else "out"
        self.locale = locale
        self.guild_locale = guild_locale
        self.home = home
        self.managers = {m.lower() for m in managers}
        self.bot_permissions = bot_permissions if bot_permissions is not None else BOT_PERMISSIONS
        self.closed_dms = {n.lower().lstrip("@") for n in closed_dms}
        self.ack_deadline = ack_deadline
        self.clock = clock  # passed to make_bot(path, clock=...) when given: the bot's time (tests, --now)
        self.rate_limit = rate_limit  # True: a post over a channel's pace is refused with 429 (else only counted)
        self.faults = Faults(faults)  # failures injected into the bot's message writes (local/faults.py)
        self.bot: Any = None
        self.registry: Optional[Registry] = None
        self.server: Optional[LocalDiscord] = None
        self._adapter: Optional[LocalWebhookAdapter] = None
        self._ctx_token: Any = None
        self._capture = _ErrorCapture()
        self._seen: dict[str, discord.Interaction] = {}
        self._lock = asyncio.Lock()
        self._started = False

    # -- life cycle -----------------------------------------------------------------

    async def start(self) -> None:
        """Build the bot, wire the fake transport, set up its state and run ``setup_hook``."""
        if self._started:
            return
        try:
            await self._start()
        except BaseException:
            await self.close()
            raise

    async def _start(self) -> None:
        # The fake Discord's servers and channels share the bot's file; a cluster layout keeps them beside it.
        self.registry = Registry(Layout.load(self.db_path).extra if Layout.is_layout(self.db_path) else self.db_path)
        self.registry.text_channel("local")
        if self.guild_locale is not None:  # the server the run acts in speaks it from now on, as the bot hears of it
            self.registry.set_guild_locale(self._guild_row(self.home).id, self.guild_locale)
        self.server = LocalDiscord(self.registry, self.out_dir, managers=self.managers,
                                   bot_permissions=self.bot_permissions,
                                   closed_dms=self.closed_dms, ack_deadline=self.ack_deadline, clock=self.clock,
                                   rate=RateModel(enforce=self.rate_limit))
        self.server.faults = self.faults
        self._adapter = LocalWebhookAdapter(self.server)
        self._ctx_token = async_context.set(self._adapter)
        logging.getLogger().addHandler(self._capture)

        bot = (self.make_bot(self.db_path, clock=self.clock) if self.clock is not None
               else self.make_bot(self.db_path))
        if inspect.isawaitable(bot):
            bot = await bot
        self.bot = bot
        LocalHTTPClient.install(bot.http, self.server)
        state = bot._connection
        self.server.state = state

        # What Client.login does, minus the network: async init, the bot user, the application.
        await bot._async_setup_hook()
        user_data = await bot.http.static_login("local-table")
        state.user = discord.ClientUser(state=state, data=user_data)
        bot._application = await bot.application_info()
        if state.application_id is None:
            state.application_id = bot._application.id
        if not state.application_flags:
            state.application_flags = bot._application.flags

        # What GUILD_CREATE would bring for each server: the guild, its channels, active threads, members.
        for guild in self.registry.guilds():
            self._join_guild(guild)

        if hasattr(bot, "add_listener"):
            bot.add_listener(self._on_interaction, "on_interaction")
        baseline = set(asyncio.all_tasks())
        await bot.setup_hook()
        # The gateway's READY: wait_until_ready() returns, on_ready runs.
        bot._ready.set()
        bot.dispatch("connect")
        bot.dispatch("ready")
        self._started = True
        problems = await self._settle(baseline)
        if problems:
            _log.error("local table: start-up did not settle: %s", "; ".join(problems))

    def inject(self, faults: str) -> None:
        """From now on, fail the bot's message writes as this ``--faults`` SPEC says (local/faults.py)."""
        self.faults = Faults(faults)
        if self.server is not None:
            self.server.faults = self.faults

    async def close(self) -> None:
        """Close the bot (unloading its cogs) and let go of the fake transport."""
        if self.bot is not None:
            if hasattr(self.bot, "remove_listener"):
                self.bot.remove_listener(self._on_interaction, "on_interaction")
            try:
                await asyncio.wait_for(self.bot.close(), timeout=self.settle_timeout)
            except Exception:
                _log.exception("local table: closing the bot failed")
            me = asyncio.current_task()
            timers = [t for t in asyncio.all_tasks() if t is not me and not t.done() and is_background(t)]
            for t in timers:
                t.cancel()
            if timers:
                await asyncio.wait(timers, timeout=1)
        logging.getLogger().removeHandler(self._capture)
        if self._ctx_token is not None:
            try:
                async_context.reset(self._ctx_token)
            except ValueError:  # closed from another context than start()
                pass
            self._ctx_token = None
        if self.registry is not None:
            self.registry.close()
            self.registry = None
        self.bot = None
        self._started = False

    async def __aenter__(self) -> "LocalTable":
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.close()

    async def _on_interaction(self, interaction: discord.Interaction) -> None:
        self._seen[interaction.token] = interaction

    # -- the three things a player does ----------------------------------------------------

    async def command(self, user: str, line: str, channel: str = "local", *, guild: Optional[str] = None,
                      dm: bool = False) -> Replies:
        """Run a slash command typed as on Discord (``/game new game:wayfinders``) as ``user``, in ``channel``
        of server ``guild`` (default: the default server), or from a direct message when ``dm``.

        Raises :class:`LocalError` when the line names no command of the tree
        or its options do not fit; the bot's own answers come back as
        :class:`Sent` messages.
        """
        self._need_started()
        assert self.registry is not None
        who = self._user(user)
        where = self._where(who, channel, guild, dm, create=True)
        gid = where.guild_id or self.registry.guild_id
        cl = read_command_line(self.bot.tree, gid, line)
        data = command_data(cl, self.registry, managers=self.managers, guild_id=gid)
        return await self._interact(2, data, who, where, label=cl.resolved.qualified)

    async def press(self, user: str, n: int, channel: str = "local", *, guild: Optional[str] = None,
                    dm: bool = False) -> Replies:
        """Click button or select option ``n`` (from 1) of the last bot message with components."""
        return await self.press_message(user, None, n, channel, guild=guild, dm=dm)

    async def press_message(self, user: str, message_id: Optional[int], n: int, channel: str = "local", *,
                            guild: Optional[str] = None, dm: bool = False) -> Replies:
        """Click item ``n`` of a given bot message (an older board, say); None means the latest one.

        A given message is clicked from where the player is (``channel`` of ``guild``, or a DM): a message of
        another server's channel is clicked from that other server, as a forged click would be."""
        self._need_started()
        assert self.registry is not None
        who = self._user(user)
        where = self._where(who, channel, guild, dm)
        row = (self.registry.last_with_components(where.id, who.id) if message_id is None
               else self.registry.message(message_id))
        if row is None:
            raise LocalError(f"nothing to press in {where.label}: no bot message there has buttons or menus")
        items = pressables(row.payload.get("components") or [])
        if not items:
            raise LocalError(f"the last message with components in {where.label} has nothing pressable")
        if not 1 <= n <= len(items):
            listing = ", ".join(f"{i}) {p.label}" for i, p in enumerate(items, 1))
            raise LocalError(f"there is no {n} to press; choose 1-{len(items)}: {listing}")
        item = items[n - 1]
        if item.disabled:
            raise LocalError(f"{n}) {item.label} is disabled")
        data: dict[str, Any] = {"custom_id": item.custom_id, "component_type": item.component_type}
        if item.component_type == 3:
            data["values"] = [item.value]
        return await self._interact(3, data, who, where, label=f"press {n} ({item.label})",
                                    message=row.payload, clicked=row.id, item=item)

    def pressable_message(self, user: str, channel: str = "local", *, guild: Optional[str] = None,
                          dm: bool = False) -> Optional[int]:
        """The id of the message ``press N`` clicks for ``user`` in ``channel`` now: the newest one with components
        they can see (a private reply included), or None."""
        self._need_started()
        assert self.registry is not None
        where = self._where(self._user(user), channel, guild, dm)
        row = self.registry.last_with_components(where.id, self._user(user).id)
        return None if row is None else row.id

    async def complete(self, user: str, line: str, channel: str = "local", *, guild: Optional[str] = None,
                       dm: bool = False) -> Completions:
        """Autocomplete choices ``(name, value)`` for the last option in ``line``."""
        self._need_started()
        assert self.registry is not None
        who = self._user(user)
        where = self._where(who, channel, guild, dm, create=True)
        gid = where.guild_id or self.registry.guild_id
        cl = read_command_line(self.bot.tree, gid, line, autocomplete=True)
        param = next(p for p in cl.resolved.command.parameters if p.display_name == cl.focused)
        typed = cl.raw.get(cl.focused or "", "")
        if not param.autocomplete:
            if param.choices:  # Discord's client filters fixed choices itself
                low = typed.lower()
                return Completions([(c.name, str(c.value)) for c in param.choices
                                    if low in c.name.lower() or low in str(c.value).lower()])
            raise LocalError(f"option {param.display_name} of {cl.resolved.qualified} has no suggestions")
        data = command_data(cl, self.registry, managers=self.managers, guild_id=gid)
        replies, rec = await self._interact(4, data, who, where, label=f"complete {cl.resolved.qualified}",
                                            want_record=True)
        choices = [(str(c.get("name")), str(c.get("value"))) for c in (rec.choices or [])]
        out = Completions(choices, errors=replies.errors)
        out.details = replies.details
        return out

    # -- helpers for front ends ------------------------------------------------------------

    def set_bot_permissions(self, perms: discord.Permissions) -> None:
        """Change the bot's permissions from now on (an admin revoking Send Messages in Threads mid-game, say)."""
        self.bot_permissions = perms
        if self.server is not None:
            self.server.bot_permissions = perms

    def lock_thread(self, name: str, guild: Optional[str] = None, *, archived: bool = True) -> None:
        """A moderator locks (and by default archives) a thread: the bot may no longer post or unarchive it
        unless it holds Manage Threads."""
        assert self.registry is not None and self.server is not None
        row = self._channel(name, guild_id=self.enter_guild(guild).id)
        self.registry.update_channel(row.id, locked=True, archived=archived)
        self.server._gateway("parse_thread_update", channel_payload(self.registry.channel_by_id(row.id), self.registry))

    def delete_thread(self, name: str, guild: Optional[str] = None) -> None:
        """Someone deletes a thread (Discord then answers 404 for it)."""
        assert self.registry is not None and self.server is not None
        row = self._channel(name, guild_id=self.enter_guild(guild).id)
        data = channel_payload(row, self.registry)
        self.registry.delete_channel(row.id)
        self.server._gateway("parse_thread_delete", {"id": data["id"], "guild_id": data["guild_id"],
                                                     "parent_id": data["parent_id"], "type": data["type"]})

    @property
    def ledger(self) -> Ledger:
        """What the fake Discord checked and refused: messages, limit violations, 429s, refused requests
        (local/limits.py)."""
        assert self.server is not None
        return self.server.ledger

    def name_of(self, kind: str, snowflake: int) -> Optional[str]:
        """Names for ``<@id>``/``<#id>`` mentions (``kind``: user, channel, role)."""
        return self.server.name_of(kind, snowflake) if self.server else None

    def render(self, sent: Sent) -> str:
        return sent.text(self.name_of)

    def has_channel(self, name: str, guild: Optional[str] = None) -> bool:
        """Whether server ``guild`` (default: the default one) has a channel or thread called ``name``."""
        if self.registry is None:
            return False
        known = {g.name.lower(): g.id for g in self.registry.guilds()}
        gid = known.get((guild or DEFAULT_GUILD).lower())
        return gid is not None and self.registry.find_channel(name, gid) is not None

    def channel_names(self, guild: Optional[str] = None) -> list[str]:
        """The open channels and threads of server ``guild`` (default: the default one)."""
        assert self.registry is not None
        gid = self.registry.guild(guild or DEFAULT_GUILD).id
        return [c.label for c in self.registry.channels(("text", "thread", "private_thread"), gid) if not c.archived]

    def guild_names(self) -> list[str]:
        assert self.registry is not None
        return [g.name for g in self.registry.guilds()]

    def commands_help(self) -> list[str]:
        """One line per slash command with its options, from the real tree."""
        assert self.registry is not None
        lines = []
        for root in top_level_commands(self.bot.tree, self.registry.guild_id):
            stack = [([root.name], root)]
            while stack:
                names, cmd = stack.pop(0)
                if isinstance(cmd, discord.app_commands.Group):
                    stack[0:0] = [([*names, c.name], c) for c in sorted(cmd.commands, key=lambda c: c.name)]
                    continue
                opts = " ".join(
                    (f"{p.display_name}:" if p.required else f"[{p.display_name}:]") for p in cmd.parameters)
                desc = str(cmd.description or "").strip()
                lines.append(f"/{' '.join(names)} {opts}".rstrip() + (f"  — {desc}" if desc and desc != "…" else ""))
        return lines

    # -- internals ---------------------------------------------------------------------------

    def _need_started(self) -> None:
        if not self._started:
            raise LocalError("the table is not started: await table.start() first")

    def _user(self, name: str) -> UserRow:
        assert self.registry is not None
        name = name.strip().lstrip("@")
        if not name:
            raise LocalError("who is acting? give a user name")
        user = self.registry.user(name)
        if user.id == self.registry.bot_id:
            raise LocalError(f"{name} is the bot")
        return user

    def _channel(self, name: str, create: bool = False, guild_id: Optional[int] = None) -> ChannelRow:
        assert self.registry is not None
        row = self.registry.find_channel(name, guild_id)
        if row is None:
            if not create or name.startswith("@") or name.strip().isdigit():
                raise LocalError(f"no channel or thread called {name!r}")
            row = self.registry.text_channel(name, guild_id)
            self.bot._connection.parse_channel_create(channel_payload(row, self.registry))
        if row.kind == "dm":
            raise LocalError("slash commands are used in a server's channel; act from a DM with dm=True (--dm)")
        return row

    def _join_guild(self, guild: GuildRow) -> None:
        """The bot is in every server of the table: give its state the GUILD_CREATE of one it does not know."""
        assert self.registry is not None
        state = self.bot._connection
        if state._get_guild(guild.id) is None:
            state._add_guild_from_data(guild_payload(
                self.registry, bot_permissions=self.bot_permissions, managers=self.managers, guild_id=guild.id))

    def _where(self, user: UserRow, channel: str, guild: Optional[str], dm: bool, create: bool = False
               ) -> ChannelRow:
        """Where an action happens: the user's DM with the bot, or ``channel`` of server ``guild``."""
        assert self.registry is not None
        if dm:
            return self.registry.dm_channel(user.id)
        row = self.enter_guild(guild)
        self.registry.add_member(row.id, user.id)  # acting in a server makes one its member
        found = self._channel(channel, create=create, guild_id=row.id)
        if self.server is not None and not self.server.sees(found, user.id):
            raise LocalError(f"#{found.name} is a private thread: only its members and moderators see it")
        return found

    def enter_guild(self, name: Optional[str] = None) -> GuildRow:
        """The server called ``name`` (default: the default one), created with its ``local`` channel on first
        use, the bot a member of it."""
        row = self._guild_row(name)
        self._join_guild(row)
        return row

    def _guild_row(self, name: Optional[str]) -> GuildRow:
        """The registry's server called ``name`` (default: the default one) with its ``local`` channel, both
        created on first use (a new server speaks the run's ``guild_locale``)."""
        assert self.registry is not None
        try:
            row = self.registry.guild(name or DEFAULT_GUILD, self.guild_locale)
        except ValueError as exc:
            raise LocalError(str(exc)) from None
        if self.registry.find_channel("local", row.id) is None:
            self.registry.text_channel("local", row.id)
        return row

    async def _settle(self, baseline: set[asyncio.Task]) -> list[str]:
        """Wait until every task started since ``baseline`` is done (timers aside).

        discord.py runs app commands and component callbacks in tasks it
        creates (``CommandTree-invoker``, ``discord-ui-view-dispatch-*``,
        ``discord-ui-dynamic-item-*``, event listeners) and those may start
        more.  Loop: wait for the new unfinished tasks, then look again,
        until a few event-loop turns pass with none.  Anything still running
        after ``settle_timeout`` seconds (``owed_timeout`` when only owed posts are still being made) is
        cancelled and reported.
        """
        loop = asyncio.get_running_loop()
        began = loop.time()
        me = asyncio.current_task()
        quiet = 0
        while quiet < 3:
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks()
                       if t is not me and t not in baseline and not t.done() and not is_background(t)]
            if not pending:
                quiet += 1
                continue
            quiet = 0
            bound = settle_bound(pending, self.settle_timeout, self.owed_timeout, self.bot_timeout)
            remaining = began + bound - loop.time()
            if remaining <= 0:
                names = ", ".join(sorted({t.get_name() for t in pending}))
                for t in pending:
                    t.cancel()
                await asyncio.wait(pending, timeout=1.0)
                return [f"still running after {bound:g} s and cancelled: {names}"]
            await asyncio.wait(pending, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
        return []

    async def command_nowait(self, user: str, line: str, channel: str = "local") -> InteractionRecord:
        """Dispatch a slash command and return at once: no turn of the table's lock, no waiting for the
        answer.  For races and load figures (tests, `bot.py bench odds-load`): its messages land in the
        outbox and come back with the next action's replies; `rec.response_type` and `rec.followups`
        tell how far it got."""
        self._need_started()
        assert self.registry is not None
        cl = read_command_line(self.bot.tree, self.registry.guild_id, line)
        data = command_data(cl, self.registry, managers=self.managers)
        return self._dispatch(2, data, self._user(user), self._channel(channel, create=True), label=cl.resolved.qualified)

    def _dispatch(self, kind: int, data: dict[str, Any], user: UserRow, channel: ChannelRow, *, label: str,
                  message: Optional[dict[str, Any]] = None, clicked: Optional[int] = None) -> InteractionRecord:
        """Hand one interaction to the bot (discord.py starts the tasks that answer it)."""
        assert self.registry is not None and self.server is not None
        payload = interaction_payload(
            kind=kind, data=data, registry=self.registry, user=user, channel=channel, managers=self.managers,
            bot_permissions=self.bot_permissions, locale=self.locale,
            message=message,
        )
        payload["channel"]["permissions"] = str(member_permissions(user, self.managers).value)
        rec = InteractionRecord(id=int(payload["id"]), token=payload["token"], kind=kind, user=user,
                                channel=channel, label=label, clicked_message_id=clicked)
        self.server.interactions[rec.token] = rec
        async_context.set(self._adapter)  # tasks created by the dispatch inherit this context
        self.bot._connection.parse_interaction_create(payload)
        return rec

    async def _interact(self, kind: int, data: dict[str, Any], user: UserRow, channel: ChannelRow, *, label: str,
                        message: Optional[dict[str, Any]] = None, clicked: Optional[int] = None,
                        item: Optional[Pressable] = None, want_record: bool = False) -> Any:
        assert self.registry is not None and self.server is not None
        async with self._lock:
            self.server.archive_idle_threads()
            baseline = set(asyncio.all_tasks())
            rec = self._dispatch(kind, data, user, channel, label=label, message=message, clicked=clicked)
            problems = await self._settle(baseline)
            interaction = self._seen.pop(rec.token, None)

            sent, self.server.outbox = self.server.outbox, []
            for each in sent:  # a private thread's posts show only to its members (and moderators)
                thread = self.registry.channel_by_id(each.private_thread) if each.private_thread else None
                each.hidden = thread is not None and not self.server.sees(thread, user.id)
            errors, details = self._capture.drain()
            if rec.expired:
                problems.append(f"the bot took more than {self.ack_deadline:g} s to acknowledge {label};"
                                " Discord had already dropped it (defer first when work may be slow)")
            elif kind in (2, 3):
                if rec.response_type is None:
                    what = f"custom id {data.get('custom_id')!r}" if kind == 3 else label
                    problems.append(f"the bot did not respond to {what}"
                                    " (on Discord: 'The application did not respond')")
                elif rec.response_type == 5 and not rec.original_shown:
                    problems.append(f"the bot deferred {label} but never sent its answer")
            elif kind == 4 and rec.choices is None and not problems:
                problems.append(f"the bot gave no suggestions for {label}")
            failed = interaction is not None and (
                interaction.command_failed or bool(interaction.extras.get("refused")))
            replies = Replies(sent, refused=bool(problems or errors or failed), errors=problems + errors,
                              details=details)
            # Only the latest interactions matter; keep the token map small.
            if len(self.server.interactions) > 200:
                for token in list(self.server.interactions)[:-100]:
                    del self.server.interactions[token]
            if want_record:
                return replies, rec
            return replies
