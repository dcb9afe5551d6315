"""Turn deadlines: settings, reminders and what happens when time runs out.

Settings live in `games.settings`: `deadline` (one of DEADLINES, default 48h)
and `expire` (`bot`, the default, or `abandon`).  After every change a flow
reports (`Actions.listeners`) the game's deadline timers are replaced:

* `deadline.remind` at half the deadline and one hour before it, payload
  `{"version", "mark": "half"|"hour", "deadline", "seats"}`; a reminder whose
  time has passed is not scheduled, and one already sent for this turn is never
  sent again (the expire timer remembers it in `reminded`).
* `deadline.expire` at the deadline, payload `{"version", "seats", "deadline",
  "start", "since", "reminded"}`: a greedy bot plays for each seat (and keeps going while
  that seat still has to decide, up to MAX_CHAIN moves) and the game becomes
  unrated, or the game is abandoned.  A game whose own rules answer an expired
  decision (the engine hook `timeout_move(state, seat) -> Move | None`, e.g.
  Robinson's options `plan_timeout`/`prompt_timeout`, R30/R97) takes that answer
  instead, whatever the policy; where the hook gives None the policy applies.

A timer whose `version` is not the game's version any more is stale and does
nothing.  The deadline counts from when the seat's turn began: the change
after which it became that seat's decision (someone else acted, or the game
started).  The expire timer keeps each waiting seat's start in `since`, so the
seat's own intermediate steps, `/game undo` and settings changes re-plan the
timers from the same start; reminders follow it (`start`, `reminded`).  With
several seats waiting from different starts, the earliest turn expires first
(`seats`), then the others'.  A deadline switched on mid-turn counts from the
game's latest change.
"""
from __future__ import annotations

import asyncio
import logging
from typing import Any, Optional

import discord

from rules.bots import choose
from rules.text import locale_of
from storage import TimerRow
from storage.prefs import PrefsStore

from . import offloop, ops
from .actions import Actions
from .i18n import t
from .names import shown
from .scheduler import Scheduler
from .service import Refusal, Table, game_title

log = logging.getLogger("gamehost.deadlines")

HOUR = 3600.0
DEADLINES: dict[str, Optional[float]] = {
    "none": None, "12h": 12 * HOUR, "24h": 24 * HOUR, "48h": 48 * HOUR, "72h": 72 * HOUR, "7d": 168 * HOUR,
}
DEFAULT_DEADLINE = "48h"
POLICIES = ("bot", "abandon")
DEFAULT_POLICY = "bot"
REMIND = "deadline.remind"
EXPIRE = "deadline.expire"
KINDS = [REMIND, EXPIRE]
MAX_CHAIN = 25  # bot moves for one seat on one expiry (a solo game keeps the same seat to act)
MAX_STALE = 5  # races lost to bot seats moving at the same time before an expiry gives up
BOT_LEVEL = "greedy"


def deadline_of(settings: dict[str, Any]) -> str:
    value = str(settings.get("deadline", DEFAULT_DEADLINE))
    return value if value in DEADLINES else DEFAULT_DEADLINE


def policy_of(settings: dict[str, Any]) -> str:
    value = str(settings.get("expire", DEFAULT_POLICY))
    return value if value in POLICIES else DEFAULT_POLICY


def span(seconds: float, locale: str) -> str:
    """A rough duration for people: '2d 3h', '5h', '45 min'."""
    minutes = max(0, int(round(seconds / 60)))
    days, rest = divmod(minutes, 24 * 60)
    hours, mins = divmod(rest, 60)
    if days:
        return t("deadline.span.dh", locale, d=days, h=hours) if hours else t("deadline.span.d", locale, d=days)
    if hours:
        return t("deadline.span.h", locale, h=hours)
    return t("deadline.span.m", locale, m=mins)


def deadline_label(key: str, locale: str) -> str:
    return t("deadline.none", locale) if key == "none" else key


def rules_default(table: Table, seat: str):
    """The game's own answer for `seat`'s expired decision (engine hook `timeout_move`, switched on by
    the game's options), or None: the host's expiry policy applies."""
    if table.state is None or seat not in table.to_act:
        return None
    return table.engine.timeout_move(table.state, seat)


def policy_text(table: Table, locale: str) -> str:
    """What happens on expiry; "stops counting for ratings" only while the game still counts."""
    if table.game.status == "active" and any(rules_default(table, s) is not None for s in table.to_act):
        return t("deadline.policy.rules", locale)
    policy = policy_of(table.game.settings)
    return t(f"deadline.policy.{policy}" + ("_unrated" if policy == "bot" and not table.game.rated else ""), locale)


def settings_text(table: Table, locale: str) -> str:
    return t("deadline.settings.show", locale, title=game_title(table.game),
             deadline=deadline_label(deadline_of(table.game.settings), locale), policy=policy_text(table, locale))


def deadline_lines(table: Table, locale: str, now: float) -> list[str]:
    """For /game status: how long the current turn has left."""
    if table.game.status != "active" or not table.game.deadline:
        return []
    return [t("deadline.status", locale, left=span(max(0.0, table.game.deadline - now), locale))]


class Deadlines:
    """Schedules and fires deadline timers; sends turn DMs.  Discord calls go through `ops`."""

    def __init__(self, client: discord.Client, actions: Actions, scheduler: Scheduler):
        self.client = client
        self.actions = actions
        self.service = actions.service
        self.scheduler = scheduler
        self.timers = scheduler.timers
        self.prefs = PrefsStore(self.service.store)
        scheduler.on(REMIND, self.fire_remind)
        scheduler.on(EXPIRE, self.fire_expire, durable=True)

    @property
    def clock(self):
        return self.service.clock

    # ---- locales ------------------------------------------------------------------
    def guild_locale(self, table: Table) -> str:
        guild = self.client.get_guild(table.game.guild_id) if table.game.guild_id else None
        return locale_of(str(getattr(guild, "preferred_locale", "") or "")) if guild else locale_of("")

    # ---- scheduling ------------------------------------------------------------------
    def waiting(self, table: Table) -> list[str]:
        """The seats a deadline applies to: humans who must decide now (bot seats play themselves)."""
        out = []
        for seat in table.to_act:
            row = table.user_of(seat)
            if row is not None and row.user_id and not row.is_bot:
                out.append(seat)
        return out

    def clear(self, game_id: int) -> None:
        self.timers.clear_game(game_id, KINDS)
        self.service.games.set_deadline(game_id, None)

    def turn_starts(self, table: Table, seats: list[str], previous: Optional[TimerRow]) -> dict[str, float]:
        """When each waiting seat's turn began.  A seat that was already waiting at the previous step
        keeps its start (its own intermediate steps and `/game undo` never restart its clock); a seat
        whose decision just began after someone else acted starts now (the game's latest change)."""
        since = dict(previous.payload.get("since") or {}) if previous is not None else {}
        now = min(table.game.updated_at, self.clock())
        return {seat: float(since.get(seat, now)) for seat in seats}

    def solo_start(self, table: Table, start: float) -> float:
        """Nobody else ever acts in a solo game: it counts from the latest move that stands (or its start),
        so steady play keeps it alive and undoing a move gives no extra time."""
        latest = self.service.games.last_standing_move_at(table.game.id)
        return start if latest is None else max(start, latest)

    def schedule(self, table: Table) -> Optional[float]:
        """Replace the game's deadline timers for its current step; returns the deadline (None: none)."""
        game = table.game
        seconds = DEADLINES[deadline_of(game.settings)]
        seats = self.waiting(table)
        if game.status != "active" or seconds is None or not seats:
            self.clear(game.id)
            return None
        previous = next((t for t in self.timers.for_game(game.id) if t.kind == EXPIRE), None)
        since = self.turn_starts(table, seats, previous)
        start = min(since.values())
        due = [s for s in seats if since[s] <= start]  # the others' (later) deadlines follow once these moved
        if len(table.seats) == 1:
            start = self.solo_start(table, start)
        reminded: list[str] = []
        if previous is not None and previous.payload.get("start") == start:
            reminded = list(previous.payload.get("reminded") or [])  # the same turn: never remind twice
        self.timers.clear_game(game.id, KINDS)
        now = self.clock()
        deadline = start + seconds
        self.scheduler.add(EXPIRE, deadline, game_id=game.id,
                           payload={"version": game.version, "seats": due, "deadline": deadline, "start": start,
                                    "since": since, "reminded": reminded})
        for mark, at in (("half", start + seconds / 2), ("hour", deadline - HOUR)):
            if mark in reminded or at <= now or at <= start:
                continue  # already sent for this turn, or its time is past
            self.scheduler.add(REMIND, at, game_id=game.id,
                               payload={"version": game.version, "mark": mark, "deadline": deadline, "seats": due})
        self.service.games.set_deadline(game.id, deadline)
        return deadline

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
        return table

    async def _post(self, table: Table, text: str, mention_ids: list[int]) -> None:
        try:
            await ops.post(self.client, table.game.post_channel_id, content=text, mention_ids=mention_ids)
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
        locale = self.guild_locale(table)
        names = ", ".join(shown(table.names.get(s, s)) for s in seats)
        label = deadline_label(deadline_of(table.game.settings), locale)
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
        await self._post(table, t(key, locale, who=names, deadline=label, title=game_title(table.game)), [])

        async def bot(table: Table, seat: str):
            # in a worker thread, as bot seats do: a slow bot never blocks the event loop
            return await asyncio.to_thread(choose, table.engine, table.state, seat, BOT_LEVEL, table.game.seed)
        await self._play_for(table, seats, locale, bot)

    async def _expire_rules(self, table: Table, seats: list[str], locale: str, names: str, label: str) -> None:
        """The game's rules answer (its timeout options): no bot, so the game keeps counting."""
        await self._post(table, t("deadline.expired.rules", locale, who=names, deadline=label), [])

        async def default(table: Table, seat: str):
            return rules_default(table, seat)
        await self._play_for(table, seats, locale, default)

    async def _play_for(self, table: Table, seats: list[str], locale: str, pick) -> None:
        """Plays `pick(table, seat)` for each seat while it still has to decide (up to MAX_CHAIN moves);
        a pick of None leaves the seat's decision to its next expiry."""
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
                    await self.actions.announce(played.table, locale, played.events)
                except ops.PostFailed as exc:
                    log.warning("board post for game %s failed: %s", table.game.id, exc.reason)
                finally:
                    await self.actions.changed(played.table, "finish" if played.finished else "move")
                table = await offloop.call(self.service.table, table.game.id)

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


__all__ = ["Deadlines", "DEADLINES", "POLICIES", "DEFAULT_DEADLINE", "DEFAULT_POLICY", "REMIND", "EXPIRE",
           "settings_text", "deadline_of", "policy_of", "rules_default", "span", "deadline_lines"]
