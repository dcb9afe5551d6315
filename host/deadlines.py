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

from typing import Any, Callable, Optional

from storage import TimerRow
from storage.routed import timers_of

from .i18n import t
from .scheduler import Scheduler
from .tables import Table, TableService, game_title

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


def clear_deadline(service: TableService, game_id: int) -> None:
    """No deadline for the game until its next change (a paused game: cogs/pause.py)."""
    timers_of(service.store).clear_game(game_id, KINDS)
    service.games.set_deadline(game_id, None)


class DeadlinePlanner:
    """Plans a game's deadline timers for its current step (cogs/deadline_posts.py fires them on Discord)."""

    def __init__(self, service: TableService, scheduler: Scheduler,
                 paused: Callable[[int], bool] = lambda game_id: False):
        self.service = service
        self.scheduler = scheduler
        self.timers = scheduler.timers
        self.paused = paused  # a game whose posts are refused (cogs/pause.py): its deadlines stand still

    @property
    def clock(self):
        return self.service.clock

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
        clear_deadline(self.service, game_id)

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
        if game.status != "active" or seconds is None or not seats or self.paused(game.id):
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
