"""Turn deadlines: settings, reminders and what happens when time runs out.

Settings live in `games.settings`: `deadline` (one of DEADLINES, default 48h)
and `expire` (`bot`, the default, or `abandon`).  After every change a flow
reports (`Actions.listeners`) the game's deadline timers are replaced:

* `deadline.remind` at half the deadline and one hour before it, payload
  `{"version", "mark": "half"|"hour", "deadline", "seats"}`; a reminder whose
  time has passed is not scheduled, and one already sent for this turn is never
  sent again (the expire timer remembers it in `reminded`).
* `deadline.expire` at the deadline, payload `{"version", "seats", "deadline",
  "start", "since", "reminded"}`: a greedy bot (the hard level when the creator opened the game
  with `level:hard`, setting `expire_level`) plays for each seat (and keeps going while
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

Each seat's turn expires once its deadline and then its time bank (setting `bank`,
host/clocks.py) are spent, not counting the time its player is away (`/game away`,
host/away.py); the expire timer keeps each seat's clock start in `begun`, and a
seat whose turn ended pays its overrun from its bank (`charge_banks`).
"""
from __future__ import annotations

import logging
from typing import Any, Callable, Optional

from rules import Move
from storage import TimerRow
from storage import TimerStore
from storage.routed import RoutedTimers, away_of, banks_of, game_transaction, timers_of

from .away import until_text
from .clocks import DAY, Period, SeatClock, bank_key, bank_of, clock_text, overrun, seat_clock, span
from .i18n import t
from .scheduler import Scheduler
from .names import shown
from .tables import Table, TableService, game_title

log = logging.getLogger("gamehost.deadlines")

HOUR = 3600.0
DEADLINES: dict[str, Optional[float]] = {
    "none": None, "12h": 12 * HOUR, "24h": 24 * HOUR, "48h": 48 * HOUR, "72h": 72 * HOUR, "7d": 168 * HOUR,
    "1d": DAY, "2d": 2 * DAY, "3d": 3 * DAY,  # the same deadlines, written as days
}
DEFAULT_DEADLINE = "48h"
POLICIES = ("bot", "abandon")
DEFAULT_POLICY = "bot"
REMIND = "deadline.remind"
EXPIRE = "deadline.expire"
KINDS = [REMIND, EXPIRE]
MAX_CHAIN = 25  # bot moves for one seat on one expiry (a solo game keeps the same seat to act)
MAX_STALE = 5  # races lost to bot seats moving at the same time before an expiry gives up
BOT_LEVEL = "greedy"  # the expiry bot's level unless the game's setting `expire_level` says "hard"
EXPIRY_LEVELS = ("greedy", "hard")


def deadline_of(settings: dict[str, Any]) -> str:
    value = str(settings.get("deadline", DEFAULT_DEADLINE))
    return value if value in DEADLINES else DEFAULT_DEADLINE


def expiry_level(settings: dict[str, Any]) -> str:
    """The level of the bot that plays an expired turn: greedy unless the creator picked hard."""
    value = str(settings.get("expire_level", BOT_LEVEL))
    return value if value in EXPIRY_LEVELS else BOT_LEVEL


def policy_of(settings: dict[str, Any]) -> str:
    value = str(settings.get("expire", DEFAULT_POLICY))
    return value if value in POLICIES else DEFAULT_POLICY


def deadline_label(key: str, locale: str) -> str:
    return t("deadline.none", locale) if key == "none" else key


def rules_default(table: Table, seat: str) -> Optional[Move]:
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
    settings = table.game.settings
    deadline = deadline_label(deadline_of(settings), locale)
    if bank_of(settings) and DEADLINES[deadline_of(settings)] is not None:
        return t("bank.settings.show", locale, title=game_title(table.game), deadline=deadline,
                 bank=bank_key(settings), policy=policy_text(table, locale))
    return t("deadline.settings.show", locale, title=game_title(table.game), deadline=deadline,
             policy=policy_text(table, locale))


def waiting_seats(table: Table) -> list[str]:
    """The seats a deadline applies to: humans who must decide now (bot seats play themselves)."""
    out = []
    for seat in table.to_act:
        row = table.user_of(seat)
        if row is not None and row.user_id and not row.is_bot:
            out.append(seat)
    return out


def away_periods(service: TableService, table: Table, seat: str, after: float) -> list[Period]:
    """The away periods (host/away.py) of the seat's player in the game's server that end after `after`."""
    row = table.user_of(seat)
    if row is None or not row.user_id or row.is_bot or table.game.guild_id is None:
        return []
    return [(p.start_at, p.until_at)
            for p in away_of(service.store).periods(table.game.guild_id, row.user_id, ending_after=after)]


def turn_begun(timers: TimerStore | RoutedTimers, game_id: int) -> dict[str, float]:
    """When each waiting seat's turn clock began, as the game's expire timer keeps it."""
    timer = next((x for x in timers.for_game(game_id) if x.kind == EXPIRE), None)
    if timer is None:
        return {}
    return {str(k): float(v) for k, v in (timer.payload.get("begun") or timer.payload.get("since") or {}).items()}


def seat_clocks(service: TableService, table: Table, now: float) -> dict[str, SeatClock]:
    """The clocks of the seats the game waits for (none without a deadline)."""
    seconds = DEADLINES[deadline_of(table.game.settings)]
    if table.game.status != "active" or seconds is None:
        return {}
    begun = turn_begun(timers_of(service.store), table.game.id)
    waiting = waiting_seats(table)
    return seat_clocks_at(service, table, {s: v for s, v in begun.items() if s in waiting}, seconds, now)


def deadline_lines(service: TableService, table: Table, locale: str, now: float) -> list[str]:
    """For /game status: each player's clock and bank ("alice: 1d 4h left + 2d bank"), or, with no bank, how
    long the current turn has left."""
    if table.game.status != "active":
        return []
    away = away_lines(service, table, locale, now)
    if not table.game.deadline:
        return away
    bank = bank_of(table.game.settings)
    if not bank:
        return [t("deadline.status", locale, left=span(max(0.0, table.game.deadline - now), locale))] + away
    clocks = seat_clocks(service, table, now)
    used = banks_of(service.store).used(table.game.id)
    lines = []
    for row in table.seats:
        if row.is_bot or not row.user_id:
            continue
        if row.seat in clocks:
            said = clock_text(clocks[row.seat], True, locale)
        elif bank - used.get(row.seat, 0.0) >= 60:
            said = t("clock.bank_only", locale, bank=span(bank - used.get(row.seat, 0.0), locale))
        else:
            said = t("clock.bank_spent", locale)
        lines.append(t("clock.line", locale, who=shown(row.name), clock=said))
    return lines + away


def board_clocks(service: TableService, table: Table, locale: str, now: float) -> Optional[str]:
    """Under a board of a game with a time bank: the clocks of the players to decide
    ("⏳ bob: 1d 4h left + 2d bank").  Read before the change's deadlines are re-planned, so a player whose
    turn begins with this change counts from it; None without a bank."""
    seconds = DEADLINES[deadline_of(table.game.settings)]
    if table.game.status != "active" or seconds is None or not bank_of(table.game.settings):
        return None
    begun = turn_begun(timers_of(service.store), table.game.id)
    start = min(table.game.updated_at, now)
    clocks = seat_clocks_at(service, table, {s: begun.get(s, start) for s in waiting_seats(table)}, seconds, now)
    return " · ".join(t("clock.line", locale, who=shown(table.names.get(seat, seat)), clock=clock_text(c, True, locale))
                      for seat, c in clocks.items()) or None


def away_lines(service: TableService, table: Table, locale: str, now: float) -> list[str]:
    """"alice is away until Monday 3 Feb." for each player of the game away now (host/away.py)."""
    if table.game.guild_id is None:
        return []
    store, lines = away_of(service.store), []
    for row in table.seats:
        if row.user_id and not row.is_bot:
            period = store.current(table.game.guild_id, row.user_id, now)
            if period is not None:
                lines.append(t("away.status", locale, who=shown(row.name), until=until_text(period.until_at, locale)))
    return lines


def clear_deadline(service: TableService, game_id: int) -> None:
    """No deadline for the game until its next change (a paused game: cogs/pause.py); timers and the game's
    deadline together, in one transaction."""
    with game_transaction(service.store, game_id):
        timers_of(service.store).clear_game(game_id, KINDS)
        service.games.set_deadline(game_id, None)


def change_settings(service: TableService, game_id: int, changes: dict[str, Any]) -> Table:
    """`/game settings`: merge `changes` into the game's settings and, in the same transaction, re-plan an active
    game's deadline timers for them (`TableService.after_change`, as a move does), so no kill between the two leaves
    the new settings with the old deadline.  The table returned carries the new deadline (`game.deadline`)."""
    with game_transaction(service.store, game_id):
        service.games.merge_settings(game_id, changes)
        table = service.table(game_id)
        if table.game.status == "active" and service.after_change is not None:
            service.after_change(table)
    return service.table(game_id)


class DeadlinePlanner:
    """Plans a game's deadline timers for its current step (cogs/deadline_posts.py fires them on Discord)."""

    def __init__(self, service: TableService, scheduler: Scheduler,
                 paused: Callable[[int], bool] = lambda game_id: False):
        self.service = service
        self.scheduler = scheduler
        self.timers = scheduler.timers
        self.paused = paused  # a game whose posts are refused (cogs/pause.py): its deadlines stand still

    @property
    def clock(self) -> Callable[[], float]:
        return self.service.clock

    # ---- scheduling ------------------------------------------------------------------
    def waiting(self, table: Table) -> list[str]:
        """The seats a deadline applies to: humans who must decide now (bot seats play themselves)."""
        return waiting_seats(table)

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

    def charge_banks(self, table: Table, previous: Optional[TimerRow], begun: dict[str, float],
                     seconds: float) -> None:
        """Seats whose turn ended since the previous step pay their overrun from their bank."""
        bank = bank_of(table.game.settings)
        if previous is None or not bank:
            return
        before = {str(k): float(v) for k, v in (previous.payload.get("begun") or previous.payload.get("since")
                                                or {}).items()}
        ended = min(table.game.updated_at, self.clock())
        used = banks_of(self.service.store).used(table.game.id)
        spent = {}
        for seat, since in before.items():
            if begun.get(seat) == since:
                continue  # still the same turn
            took = overrun(since, ended, seconds, bank - used.get(seat, 0.0),
                           away_periods(self.service, table, seat, since))
            if took > 0:
                spent[seat] = took
        banks_of(self.service.store).spend(table.game.id, spent)

    def plan_with_change(self, table: Table) -> None:
        """`TableService.after_change`: the new step's timers are saved in the transaction of the move (or the start)
        that led to it, so no kill leaves a saved change with the timers of the step before, or none.  A failure here
        undoes only the timers (the listener plans them again once the change is posted; start-up repairs a game left
        without), never the change."""
        try:
            with game_transaction(self.service.store, table.game.id):
                self.schedule(table)
        except Exception:
            log.exception("planning the deadline of game %s with its change failed", table.game.id)

    def schedule(self, table: Table) -> Optional[float]:
        """Replace the game's deadline timers for its current step; returns the deadline (None: none).
        Each waiting seat's turn expires when its turn deadline and its bank are spent, away periods not
        counted (host/clocks.py); the earliest expires first (`seats`), then the others'.

        One transaction (a savepoint of the move's, when planned with it): the listener that plans again after a
        board is posted, the start-up repair and an expiry's re-plan first delete the old timers, and a kill
        between that delete and the new timers' commit left a running game with no deadline at all, which
        start-up then planned afresh from its restart (a turn whose deadline fell due while the process was down
        never expired)."""
        with game_transaction(self.service.store, table.game.id):
            return self._schedule(table)

    def _schedule(self, table: Table) -> Optional[float]:
        game = table.game
        seconds = DEADLINES[deadline_of(game.settings)]
        seats = self.waiting(table)
        if game.status != "active" or seconds is None or not seats or self.paused(game.id):
            self.clear(game.id)
            return None
        previous = next((t for t in self.timers.for_game(game.id) if t.kind == EXPIRE), None)
        since = self.turn_starts(table, seats, previous)
        begun = dict(since)
        if len(table.seats) == 1:
            begun = {seat: self.solo_start(table, start) for seat, start in since.items()}
        self.charge_banks(table, previous, begun, seconds)
        now = self.clock()
        clocks = seat_clocks_at(self.service, table, begun, seconds, now)
        deadline = min(c.expiry for c in clocks.values())
        due = [s for s in seats if clocks[s].expiry <= deadline]  # the others' (later) deadlines follow
        start = min(begun[s] for s in due)
        reminded: list[str] = []
        if previous is not None and previous.payload.get("start") == start:
            reminded = list(previous.payload.get("reminded") or [])  # the same turn: never remind twice
        away = [p for s in due for p in away_periods(self.service, table, s, start)]
        self.timers.clear_game(game.id, KINDS)
        self.scheduler.add(EXPIRE, deadline, game_id=game.id,
                           payload={"version": game.version, "seats": due, "deadline": deadline, "start": start,
                                    "since": since, "begun": begun, "reminded": reminded})
        for mark, at in (("half", start + seconds / 2), ("hour", deadline - HOUR)):
            if mark in reminded or at <= now or at <= start or any(a <= at < b for a, b in away):
                continue  # already sent for this turn, its time is past, or the player is away then
            self.scheduler.add(REMIND, at, game_id=game.id,
                               payload={"version": game.version, "mark": mark, "deadline": deadline, "seats": due})
        self.service.games.set_deadline(game.id, deadline)
        return deadline


def seat_clocks_at(service: TableService, table: Table, begun: dict[str, float], seconds: float,
                   now: float) -> dict[str, SeatClock]:
    bank, used = bank_of(table.game.settings), banks_of(service.store).used(table.game.id)
    return {seat: seat_clock(seat, start, seconds, max(0.0, bank - used.get(seat, 0.0)),
                             away_periods(service, table, seat, start), now) for seat, start in begun.items()}
