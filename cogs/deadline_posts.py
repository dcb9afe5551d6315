"""Deadline timers on Discord: reminders and expiries fired into the game's thread, and turn DMs.
What the deadlines are and when they fall is host/deadlines.py."""
from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Optional

import discord

from host import offloop
from host.clocks import bank_of
from host.deadlines import (EXPIRE, MAX_CHAIN, MAX_STALE, REMIND, DeadlinePlanner, away_periods,
                            deadline_label, deadline_of, expiry_level, policy_of, policy_text, rules_default, span)
from host.i18n import t
from host.names import shown
from host.scheduler import Scheduler
from host.tables import Refusal, Table, game_title
from rules.bots import choose
from rules.text import Msg, locale_of, msg
from storage import TimerRow
from storage.routed import prefs_of

from . import ops
from .actions import Actions

if TYPE_CHECKING:
    from .bot_driver import BotDriver

log = logging.getLogger("gamehost.deadlines")


class Deadlines(DeadlinePlanner):
    """Schedules (host/deadlines.py) and fires deadline timers; sends turn DMs.  Discord calls go through `ops`."""

    def __init__(self, client: discord.Client, actions: Actions, scheduler: Scheduler,
                 driver: Optional["BotDriver"] = None):
        super().__init__(actions.service, scheduler, paused=actions.pauses.is_paused)
        self.client = client
        self.driver = driver  # the bot seats' driver: a timed-out turn at the hard level searches in its pool
        self.actions = actions
        self.prefs = prefs_of(self.service.store)
        scheduler.on(REMIND, self.fire_remind)
        scheduler.on(EXPIRE, self.fire_expire, durable=True)

    # ---- locales ------------------------------------------------------------------
    def guild_locale(self, table: Table) -> str:
        guild = self.client.get_guild(table.game.guild_id) if table.game.guild_id else None
        return locale_of(str(getattr(guild, "preferred_locale", "") or "")) if guild else locale_of("")

    async def on_change(self, table: Table, kind: str) -> None:
        """The `Actions.listeners` hook."""
        if table.game.status != "active":
            await offloop.call(self.clear, table.game.id)
            return
        await offloop.call(self.schedule, table)
        await self.notify_turn(table, kind)

    async def _current(self, timer: TimerRow) -> Optional[Table]:
        """The game a timer belongs to, if the timer is still about its current step."""
        if timer.game_id is None:
            return None
        try:
            table = await offloop.call(self.service.table, timer.game_id)
        except Refusal:
            return None
        if table.game.status != "active" or table.game.version != timer.payload.get("version"):
            return None
        return None if self.actions.pauses.is_paused(table.game.id) else table  # paused: deadlines stand still

    async def _post(self, table: Table, text: str, mention_ids: list[int]) -> None:
        try:
            await self.actions.tell_thread(table, text, mention_ids=mention_ids)  # owed until posted (cogs/notices.py)
        except ops.PostFailed as exc:
            log.warning("deadline post in game %s failed: %s", table.game.id, exc.reason)

    # ---- reminders ---------------------------------------------------------------------
    async def fire_remind(self, timer: TimerRow) -> None:
        table = await self._current(timer)
        if table is None:
            return
        deadline = float(timer.payload.get("deadline") or 0)
        now = self.clock()
        if now >= deadline:
            return  # the deadline itself is due: the expiry speaks, not a late reminder
        mark = str(timer.payload.get("mark"))
        for other in await offloop.call(self.timers.for_game, table.game.id):
            if other.kind == EXPIRE and other.payload.get("version") == table.game.version:
                if mark in (other.payload.get("reminded") or []):
                    return
                payload = dict(other.payload, reminded=[*(other.payload.get("reminded") or []), mark])
                await offloop.call(self.timers.update_payload, other.id, payload)
        waiting = self.waiting(table)
        seats = [s for s in timer.payload.get("seats") or waiting if s in waiting]
        if not seats:
            return
        locale = self.guild_locale(table)
        rows = [table.user_of(s) for s in seats]
        who = " ".join(f"<@{r.user_id}>" for r in rows if r and r.user_id)
        text = t("deadline.remind", locale, who=who, title=game_title(table.game), left=span(deadline - now, locale),
                 policy=policy_text(table, locale))
        await self._post(table, text, [r.user_id for r in rows if r and r.user_id])

    # ---- expiry ----------------------------------------------------------------------------
    async def fire_expire(self, timer: TimerRow) -> None:
        table = await self._current(timer)
        if table is None:
            return
        seats = [s for s in timer.payload.get("seats") or [] if s in self.waiting(table)]
        if not seats:
            return
        if await offloop.call(self._away_now, table, seats):
            await offloop.call(self.schedule, table)  # a player is away: their clock stands still
            return
        locale = self.guild_locale(table)
        names = ", ".join(shown(table.names.get(s, s)) for s in seats)
        label = deadline_label(deadline_of(table.game.settings), locale)
        if bank_of(table.game.settings):
            label = t("bank.within", locale, deadline=label)
        if rules_default(table, seats[0]) is not None:
            await self._expire_rules(table, seats, locale, names, label)
        elif policy_of(table.game.settings) == "abandon":
            await self._expire_abandon(table, locale, names, label)
        else:
            await self._expire_bot(table, seats, locale, names, label)

    async def _expire_abandon(self, table: Table, locale: str, names: str, label: str) -> None:
        assert table.state is not None
        state = table.engine.dump(table.engine.abandon(table.state))
        try:
            await offloop.call(self.service.games.end, table.game.id, table.game.version, status="abandoned",
                               state=state, now=self.clock())
        except Exception as exc:  # StaleVersion: somebody moved at the last second
            log.info("expiry of game %s skipped: %s", table.game.id, exc)
            return
        table = await offloop.call(self.service.table, table.game.id)
        await self._post(table, t("deadline.expired.abandon", locale, who=names, deadline=label,
                                  title=game_title(table.game)), [])
        await self.actions.changed(table, "abandon")

    async def _expire_bot(self, table: Table, seats: list[str], locale: str, names: str, label: str) -> None:
        key = "deadline.expired.bot" if table.game.rated else "deadline.expired.bot_unrated"  # say it on change only
        await offloop.call(self.service.games.mark_unrated, table.game.id)

        level = expiry_level(table.game.settings)

        async def bot(table: Table, seat: str):
            # as bot seats do (a thread, the search pool): a slow bot never blocks the event loop
            if level == "hard" and self.driver is not None:
                return await self.driver.choose(table, seat, level)  # the greedy move if the search fails
            return await asyncio.to_thread(choose, table.engine, table.state, seat, "greedy", table.game.seed)
        await self._play_for(table, seats, locale, bot,
                             msg(key, who=names, deadline=label, title=game_title(table.game)))

    async def _expire_rules(self, table: Table, seats: list[str], locale: str, names: str, label: str) -> None:
        """The game's rules answer (its timeout options): no bot, so the game keeps counting."""
        async def default(table: Table, seat: str):
            return rules_default(table, seat)
        await self._play_for(table, seats, locale, default, msg("deadline.expired.rules", who=names, deadline=label))

    async def _play_for(self, table: Table, seats: list[str], locale: str, pick, said: Msg) -> None:
        """Plays `pick(table, seat)` for each seat while it still has to decide (up to MAX_CHAIN moves);
        a pick of None leaves the seat's decision to its next expiry.  The board is held meanwhile
        (cogs/board_posts.py): `said` ("Time is up for …") and every move go out as one post with a summary,
        mentioning only whoever decides next, as bot seats' moves do."""
        boards = self.actions.boards
        boards.hold(table.game.id, "deadline")
        try:
            await boards.submit(table, locale, [said], before=table)  # held: the first line of that post
            await self._chain(table, seats, locale, pick)
        finally:
            try:
                await boards.release(table.game.id, "deadline")
            except ops.PostFailed as exc:
                log.warning("board post for game %s failed: %s", table.game.id, exc.reason)

    async def _chain(self, table: Table, seats: list[str], locale: str, pick) -> None:
        stale = 0
        for seat in seats:
            for _ in range(MAX_CHAIN + MAX_STALE):
                if table.game.status != "active" or seat not in table.to_act or table.state is None:
                    break
                try:
                    move = await pick(table, seat)
                    if move is None:
                        break
                    played = await offloop.call(self.service.play_seat, table, seat, move.id)
                except Refusal as exc:
                    # Lost a race: a bot seat moved meanwhile (read again, go on), or the player came back.
                    table = await offloop.call(self.service.table, table.game.id)
                    stale += 1
                    lost_race = exc.text.key == "host.refuse.moved_on" and stale <= MAX_STALE
                    if not lost_race or await offloop.call(self._came_back, table, seat):
                        log.info("bot move for %s in game %s stopped: %s", seat, table.game.id, exc.text.key)
                        return
                    continue
                except ValueError as exc:
                    log.info("bot move for %s in game %s stopped: %s", seat, table.game.id, exc)
                    return
                try:
                    await self.actions.boards.submit(played.table, locale, played.events, before=table, seat=seat,
                                                     move=move, bot=True,
                                                     private=table.engine.is_private(table.state, seat))
                finally:
                    await self.actions.changed(played.table, "finish" if played.finished else "move")
                table = await offloop.call(self.service.table, table.game.id)

    def _away_now(self, table: Table, seats: list[str]) -> bool:
        now = self.clock()
        return any(start <= now < end for seat in seats for start, end in away_periods(self.service, table, seat, now))

    def _last_move(self, table: Table):
        count = self.service.games.move_count(table.game.id)
        moves = self.service.games.moves(table.game.id, after_seq=count - 1) if count else []
        return moves[-1] if moves else None

    def _came_back(self, table: Table, seat: str) -> bool:
        """Whether the latest move is the seat's player's own (bots and expiries play with no user id)."""
        last = self._last_move(table)
        return last is not None and last.seat == seat and last.user_id is not None

    # ---- turn DMs ----------------------------------------------------------------------------
    async def notify_turn(self, table: Table, kind: str) -> None:
        """A DM to each player who opted in and whose turn just began (not each step of their chain)."""
        if kind not in ("start", "move"):
            return
        latest = await offloop.call(self._last_move, table)
        last = latest.seat if latest is not None else None
        for seat in self.waiting(table):
            row = table.user_of(seat)
            if row is None or not row.user_id or not row.notify or seat == last:
                continue
            if await offloop.call(self.prefs.dm_closed, row.user_id):
                continue  # the thread mention of the turn post reaches them
            locale = locale_of(await offloop.call(self.prefs.locale, row.user_id) or self.guild_locale(table))
            where = f"<#{table.game.post_channel_id}>"
            result = await ops.send_dm(self.client, row.user_id, t("notify.dm", locale, title=game_title(table.game),
                                                                    where=where))
            if result == "closed":
                await offloop.call(self.prefs.set_dm_closed, row.user_id, True, self.clock())
                glocale = self.guild_locale(table)
                await self._post(table, t("notify.dm_closed", glocale, who=f"<@{row.user_id}>"), [row.user_id])


__all__ = ["Deadlines"]
