"""Board posts: one public post per change of who must decide, merged and paced per channel.

Every change to a running game (a start, a move, an undo) is handed to `BoardPoster.submit`. What the
thread then sees:

* **A new post, with a mention, only when someone begins to decide.**  A change after which nobody
  decides who was not deciding before (the sub-steps of one player's turn, a simultaneous decision
  that one player finished; a bot seat joining in does not count, it plays at once) edits the game's
  latest board post instead: new image, narration appended,
  new buttons; its content (the mentions it was posted with) stays, and an edit pings nobody.  The
  buttons carry the game's version, so the edited board has new custom ids and a click on the old ones
  is refused as stale.  A new post mentions only the players who begin to decide (not one who keeps
  acting).
* **Bots play at once, post once.**  While a bot seat plays (cogs/bot_players.py holds the game), and
  when a change leaves a bot seat to decide, the board waits; when the bots are done it goes out
  as one post with a short summary of what the bots did ("🤖 Bot 1 explored 0,-3. Bot 2 passed."), in
  the server's language.  A turn played for an absent player when its deadline ran out
  (cogs/deadline_posts.py) and a seat handed to a bot (`Actions.leave_running`) hold the board the
  same way; it goes out once every holder released it.
* **Never faster than the channel accepts.**  Boards wait in a queue per channel; each post or edit
  takes a slot of the channel's pacer (cogs/pacing.py, about 5 per 5 s).  A game whose board is
  still waiting when it changes again is merged: only the newest board goes out, narrations joined.

`submit` returns when its board went out (or at once while the game is held), raising
`ops.PostFailed` like a direct post.  A board Discord refuses for a passing reason (5xx, 429, the network)
is not dropped: it stays queued and is tried again with backoff, first in its channel (cogs/outbox.py);
its waiters hear `outbox.DELAYED` at once.  What the latest board shows is kept in memory (message id,
version, narration) and in the games table (`board_message_id`, `posted_version`), so a restarted
bot still edits the board it posted before (its narration is read back from the message).
"""
from __future__ import annotations

import asyncio
import logging
import re
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Optional

import discord

from host import offloop
from host.boards import event_lines
from host.clocks import bank_of
from host.deadlines import board_clocks
from host.i18n import t, tm
from host.limits import clip
from host.names import shown_names
from host.notes import notes_digest
from host.tables import Refusal, Table, TableService
from rules import Move
from rules.text import Msg

from . import ops, outbox
from .pacing import Pacer
from .pause import Pauses
from .posts import make_turn_post

log = logging.getLogger("gamehost.boards")

MAX_LINES = 12  # narration lines above a board (the newest kept)
LINE = 300  # characters per narration line
SUMMARY = 240  # characters of bot moves told in one summary line, then "(and N more)"
REMEMBERED = 2048  # games whose latest board is kept in memory


@dataclass
class Step:
    """One change merged into a board: who moved (None: a start, an undo, a repost) and what it said."""

    events: list[Msg]
    seat: Optional[str] = None
    move: Optional[Move] = None
    bot: bool = False
    private: bool = False  # the move's label would reveal what only its seat may know (Engine.is_private)


@dataclass
class Shown:
    """The game's latest board post: its message, the version it shows, its narration."""

    message_id: int
    version: int
    lines: list[str]
    notes: bool = True  # whether it shows the public notes (not known for a post of an earlier process: True)
    digest: Optional[str] = None  # the public notes it was made with (None: as the games table knows it)


@dataclass
class Pending:
    """A board waiting to go out: the newest table and every change merged into it."""

    table: Table
    locale: str
    steps: list[Step]
    since: Optional[int]  # the version the latest board showed before the first change (None: post anew)
    kept: set[str]  # seats deciding before the first change and after every one since
    gained: bool  # some seat began to decide during the merged changes
    waiters: list[asyncio.Future] = field(default_factory=list)
    told: list[Callable[[str], Awaitable[None]]] = field(default_factory=list)  # players who left before it went out
    attempts: int = 0  # tries Discord refused for a passing reason (cogs/outbox.py)

    def merge(self, table: Table, locale: str, step: Step, before: Optional[Table], quiet: set[str]) -> None:
        contiguous = before is not None and before.game.version == self.table.game.version
        now = set(table.to_act)
        self.gained = self.gained or not contiguous or bool(now - set(self.table.to_act) - quiet)
        self.kept &= now
        if not contiguous:
            self.kept = set()
        self.table, self.locale = table, locale
        self.steps.append(step)


def begin(table: Table, locale: str, step: Step, before: Optional[Table], quiet: set[str]) -> Pending:
    """The first change of a board; `quiet`: seats that never need a post to decide (bot seats, which the
    bots' driver plays at once)."""
    if before is None:  # nothing to continue from: a new post that mentions everyone to act
        return Pending(table, locale, [step], None, set(), True)
    prior, now = set(before.to_act), set(table.to_act)
    return Pending(table, locale, [step], before.game.version, prior & now, bool(now - prior - quiet))


def _trim(lines: list[str]) -> list[str]:
    lines = folded([clip(line, LINE) for line in lines if line])
    return lines if len(lines) <= MAX_LINES else ["…"] + lines[-(MAX_LINES - 1):]


_TIMES = re.compile(r"^(.*) \(×(\d+)\)$", re.S)


def _counted(line: str) -> tuple[str, int]:
    found = _TIMES.match(line)
    return (found.group(1), int(found.group(2))) if found else (line, 1)


def folded(lines: list[str]) -> list[str]:
    """A line said again right after itself (two moves that each said it: a second pawn to Rest, a second
    Rest healing) is told once with a count ("… (×2)"), also across the edits of one board:
    the board never shows one line twice in a row."""
    out: list[str] = []
    for line in lines:
        base, n = _counted(line)
        if out and out[-1] != "…":
            before, m = _counted(out[-1])
            if before == base:
                out[-1] = f"{base} (×{m + n})"
                continue
        out.append(line)
    return out


def _bot_phrase(step: Step, locale: str, names: dict[str, str]) -> str:
    """What one bot move did, in a few words: its first event, else its label (never a private one's)."""
    if step.events:
        return tm(step.events[0], locale, names)
    who = names.get(step.seat or "", step.seat or "?")
    if step.private or step.move is None:
        return t("host.log.private", locale, who=who)
    return t("boards.bot_move", locale, who=who, move=tm(step.move.text, locale, names))


def narration(pending: Pending) -> list[str]:
    """The merged changes as text: each human change's events; each run of bot moves as one short line
    ("🤖 Bot 1 explored 0,-3. Bot 2 passed.")."""
    table, locale = pending.table, pending.locale
    names = shown_names(table.names)
    lines: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if not run:
            return
        told = [clip(run[0], SUMMARY)]
        for phrase in run[1:]:
            if sum(len(p) + 1 for p in told) + len(phrase) > SUMMARY:
                break
            told.append(phrase)
        said = " ".join(told)
        if len(run) > len(told):
            said = t("boards.and_more", locale, moves=said, n=len(run) - len(told))
        lines.append(t("boards.bots_did", locale, moves=said))
        run.clear()

    for step in pending.steps:
        if step.bot:
            run.append(_bot_phrase(step, locale, names))
            continue
        flush()
        lines.extend(event_lines(table, step.events, locale, limit=10 ** 6))
    flush()
    return lines


async def _tell(pending: Pending, reason: str) -> None:
    """The players whose change waited for the bots hear that its board was refused (privately)."""
    for tell in pending.told:
        try:
            await tell(reason)
        except Exception:  # their interaction expired, or Discord is down: the log has it
            log.info("game %s: a player could not be told that the board was refused (%s)",
                     pending.table.game.id, reason)


class BoardPoster:
    """The queue between a game's changes and its thread (see the module's text)."""

    def __init__(self, client: discord.Client, service: TableService, pacer: Pacer):
        self.client = client
        self.service = service
        self.pacer = pacer  # the bot's, which cogs/ops.py's writes take their slots of
        self.pending: dict[int, Pending] = {}
        self.held: set[int] = set()  # games whose bots are playing: their board waits for them
        self.holders: dict[int, set[str]] = {}  # who holds each held game (`hold`): the board waits for them all
        self.queues: dict[int, deque[int]] = {}  # channel -> games whose board is ready, in order
        self.workers: dict[int, asyncio.Task] = {}
        self.shown: OrderedDict[int, Shown] = OrderedDict()
        self.bots_play = False  # cogs/bot_players.py is loaded: a change that leaves only bots to act waits
        self.pauses: Optional[Pauses] = None  # posts of a paused game make no request (set with the bot: game_bot.py)
        self.after_final: Optional[Callable[[Table], Awaitable[None]]] = None  # a finished game's last board
        self.backoff: dict[int, asyncio.Task] = {}  # channel -> the retry waiting for its turn (cogs/outbox.py)
        self.later: set[asyncio.Task] = set()  # notices tried again (cogs/notices.py)
        self.sending: dict[int, Pending] = {}  # channel -> the board its worker is trying now
        self.owed_notes: dict[int, deque[Any]] = {}  # channel -> notices waiting for a retry, in order (cogs/notices.py)
        self.notice_rows: Any = None  # their owed_notices repository (cogs/notices.py `rows_of`)
        # notices built after the final board, by name (a finished game's history: cogs/history_cog.py), and the
        # tasks making them now, by (game, name) (cogs/notices.py `owe_made`)
        self.makers: dict[str, Callable[..., Awaitable[list[dict[str, Any]]]]] = {}
        self.making: dict[tuple[int, str], asyncio.Task] = {}
        self.figures = outbox.Figures()
        _, self.sleep = outbox.clock()  # how a retry waits (virtual in tests and the sweep)

    # ---- what flows call -------------------------------------------------------------------
    async def submit(self, table: Table, locale: str, events: list[Msg], *, before: Optional[Table] = None,
                     seat: Optional[str] = None, move: Optional[Move] = None, bot: bool = False,
                     private: bool = False, told: Optional[Callable[[str], Awaitable[None]]] = None) -> None:
        """A change to post: `table` after it, `before` the table it was made on (None: post anew).
        `told`: how to tell the player who made the change, if the board waits for bots and is refused later
        (their click was answered long before: the reason reaches them privately, not only the log)."""
        step = Step(list(events), seat, move, bot, private)
        game_id = table.game.id
        quiet = self._quiet(table)
        pending = self.pending.get(game_id)
        if pending is None:
            self.pending[game_id] = pending = begin(table, locale, step, before, quiet)
            self.figures.owed += 1
        else:
            pending.merge(table, locale, step, before, quiet)
        if game_id in self.held or self._bots_next(table):
            self.held.add(game_id)  # the bots' driver releases it (cogs/bot_players.py)
            if told is not None:
                pending.told.append(told)
            return
        await self._ready(game_id)

    def hold(self, game_id: int, holder: str = "bots") -> None:
        """Bots play this game now (`holder`: the bot seats' driver, or an expired deadline playing for a
        player, cogs/deadline_posts.py): its board waits until every holder released it."""
        self.held.add(game_id)
        self.holders.setdefault(game_id, set()).add(holder)

    async def release(self, game_id: int, holder: str = "bots") -> None:
        """`holder` is done: once no one else holds the game, the waiting board goes out as one post (raises
        PostFailed if it could not)."""
        others = self.holders.get(game_id, set())
        others.discard(holder)
        if others:
            return  # someone else still plays this game: the board waits for them
        self.holders.pop(game_id, None)
        self.held.discard(game_id)
        if game_id in self.pending:
            await self._ready(game_id)

    async def idle(self) -> None:
        """Wait until every queued board went out, retries included (tests, bench)."""
        while self.workers or self.backoff or self.later:
            await asyncio.gather(*list(self.workers.values()), *list(self.backoff.values()), *list(self.later),
                                 return_exceptions=True)

    def close(self) -> None:
        """Stop waiting to retry (the bot closes): what is still owed is in the database for the next start."""
        for task in [*self.backoff.values(), *self.later]:
            task.cancel()

    # ---- the queue -----------------------------------------------------------------------
    def _quiet(self, table: Table) -> set[str]:
        """Seats whose turn needs no post: bot seats, while the bots' driver plays them."""
        return {s.seat for s in table.seats if s.is_bot} if self.bots_play else set()

    def _bots_next(self, table: Table) -> bool:
        """Whether a bot seat must act now: its driver plays it at once, and posts the board when done."""
        if table.game.status != "active":
            return False
        quiet = self._quiet(table)
        return any(s in quiet for s in table.to_act)

    async def _ready(self, game_id: int) -> None:
        pending = self.pending[game_id]
        channel_id = pending.table.game.post_channel_id
        queue = self.queues.setdefault(channel_id, deque())
        if game_id not in queue:
            queue.append(game_id)
        if self._blocked(channel_id):  # the channel waits to retry a board or a
            raise ops.PostFailed(outbox.DELAYED, transient=True)  # notice: this board goes out after it, in order
        waiter = asyncio.get_running_loop().create_future()
        pending.waiters.append(waiter)
        self.start_worker(channel_id)
        await waiter

    def _blocked(self, channel_id: int) -> bool:
        """Whether the channel's boards wait: for a board's retry, or behind its notices refused for now."""
        return channel_id in self.backoff or self.notes_block(channel_id)

    def notes_block(self, channel_id: int) -> bool:
        """Whether the channel's notices refused for now go first (cogs/notices.py `Line`): its boards wait."""
        line = self.owed_notes.get(channel_id)
        return line is not None and not getattr(line, "behind", False)

    def start_worker(self, channel_id: int) -> None:
        """The channel's queue is worked on (a worker started unless one runs)."""
        worker = self.workers.get(channel_id)
        if worker is None or worker.done():
            self.workers[channel_id] = asyncio.get_running_loop().create_task(
                self._work(channel_id), name=f"boards-channel-{channel_id}")

    async def _work(self, channel_id: int) -> None:
        queue = self.queues[channel_id]
        try:
            while queue and not self._blocked(channel_id):
                await self.pacer.ready(channel_id)  # changes arriving meanwhile merge
                if self._blocked(channel_id):  # a notice of the thread was refused meanwhile: it goes first
                    waiting = self.pending.get(queue[0]) if queue else None
                    if waiting is not None:
                        await outbox.tell_delayed(waiting)
                    break
                game_id = queue.popleft()
                if game_id in self.held:
                    continue  # bots took the game again: their release queues it
                pending = self.pending.pop(game_id, None)
                if pending is None:
                    continue
                self.sending[channel_id] = pending  # notices told meanwhile may wait for it (cogs/notices.py)
                try:
                    try:
                        await self._send(pending)
                    finally:
                        self.sending.pop(channel_id, None)
                except Exception as exc:  # PostFailed, a busy database, a defect: every waiter hears it
                    if not isinstance(exc, ops.PostFailed):
                        log.exception("game %s: the board could not be built or posted", game_id)
                    failure = exc if isinstance(exc, ops.PostFailed) else ops.PostFailed(
                        "host.error.post_failed", transient=isinstance(exc, Refusal))  # a busy database passes too
                    if failure.transient:  # kept, and tried again before the channel's other boards
                        await outbox.keep(self, channel_id, game_id, pending, failure)
                        continue
                    self.figures.refused += 1
                    for waiter in pending.waiters:
                        if not waiter.done():
                            waiter.set_exception(failure)
                    await _tell(pending, failure.reason)
                else:
                    self.figures.delivered += 1
                    for waiter in pending.waiters:
                        if not waiter.done():
                            waiter.set_result(None)
        finally:
            if self.workers.get(channel_id) is asyncio.current_task():
                del self.workers[channel_id]
            if not queue:
                self.queues.pop(channel_id, None)

    # ---- one board -------------------------------------------------------------------------
    async def _send(self, pending: Pending) -> None:
        table, game = pending.table, pending.table.game
        reason = outbox.blocked(self, game.id)
        if reason is not None:
            raise ops.PostFailed(reason)  # no request until a player resumes it
        await outbox.before_board(self, table, pending.locale)  # a stalled game's one notice
        lines = narration(pending)
        board = await self._board(table)
        clocks = await self._clocks(table, pending.locale)  # a game with a time bank: under the board
        editable = (pending.since is not None and not pending.gained and board is not None
                    and board.version == pending.since and game.status == "active")
        events = pending.steps[-1].events
        digest = notes_digest(table)  # the notes go out again only when they changed since the previous post
        before = board.digest if board is not None and board.digest is not None else game.notes_digest
        fresh = before is None or digest != before
        if editable:
            assert board is not None
            earlier = board.lines if board.lines else await self._lines_of(game.post_channel_id, board.message_id)
            lines = _trim(earlier + lines)
            shows = fresh or board.notes  # the same post, edited: what it showed, it keeps showing
            post = await make_turn_post(table, pending.locale, events, lines=lines, clocks=clocks, notes=shows)
            message = await ops.edit_post(self.client, game.post_channel_id, board.message_id,
                                          embed=post.embed, file=post.file(), view=post.view)
            if message is not None:
                await self._record(table, message.id, lines, digest if post.notes_shown or not fresh else before,
                                   post.notes_shown)
                await outbox.after_board(self, table)
                return await self._final(table)
            # the board post is gone (deleted, or its thread archived): post anew, mentioning everyone to act
            pending.kept = set()
        lines = _trim(lines)
        quiet = self._quiet(table)
        pinged = [s for s in table.to_act if s not in pending.kept and s not in quiet]
        post = await make_turn_post(table, pending.locale, events, lines=lines, pinged=pinged, clocks=clocks,
                                    notes=fresh)
        kwargs = dict(content=post.content, embed=post.embed, file=post.file(), view=post.view,
                      mention_ids=post.mention_ids, nonce=outbox.nonce_of(table))
        message = await (self.pauses.post(table, **kwargs) if self.pauses is not None
                         else ops.post(self.client, game.post_channel_id, **kwargs))
        # notes that gave way to a long narration are not counted as posted: the next post shows them
        await self._record(table, message.id, lines, digest if post.notes_shown or not fresh else before,
                           post.notes_shown)
        await outbox.after_board(self, table)
        await self._final(table)

    async def _clocks(self, table: Table, locale: str) -> Optional[str]:
        """The players' clocks and banks for the board's footer (host/deadlines.py); None without a bank."""
        if not bank_of(table.game.settings):
            return None  # most games: no trip to the storage thread
        try:
            return await offloop.call(board_clocks, self.service, table, locale, self.service.clock())
        except Refusal:  # the database is busy: the board goes out without them
            return None

    def waiting(self, game_id: int) -> bool:
        """Whether a board of this game is still to go out (held for its bots or queued)."""
        return game_id in self.held or game_id in self.pending

    def owing(self, game_id: int) -> bool:
        """Whether a post of this game is still to go out: a board, or notices being made after its final board
        (its history, cogs/notices.py `owe_made`: the thread is archived after them)."""
        return self.waiting(game_id) or any(key[0] == game_id for key in self.making)

    async def _final(self, table: Table) -> None:
        """After the last board of a finished or abandoned game: `after_final` (its thread is archived)."""
        if table.game.status in ("finished", "abandoned") and self.after_final is not None:
            await self.after_final(table)

    async def _board(self, table: Table) -> Optional[Shown]:
        """The game's latest board post: remembered here, else as the games table knows it."""
        known = self.shown.get(table.game.id)
        if known is not None:
            return known
        game = table.game
        if game.board_message_id is None or game.posted_version is None:
            return None
        return Shown(game.board_message_id, game.posted_version, [])

    async def _lines_of(self, channel_id: int, message_id: int) -> list[str]:
        """The narration of a board post this process did not make (read back from its embed)."""
        message = await ops.fetch_post(self.client, channel_id, message_id)
        if message is None or not message.embeds:
            return []
        return [line for line in (message.embeds[0].description or "").split("\n") if line]

    async def _record(self, table: Table, message_id: int, lines: list[str], digest: Optional[str] = None,
                      notes: bool = True) -> None:
        """The board post went out: remembered here and in the games table, with the notes it was made with."""
        game = table.game
        if game.status == "active":
            self.shown[game.id] = Shown(message_id, game.version, lines, notes, digest)
            self.shown.move_to_end(game.id)
            while len(self.shown) > REMEMBERED:
                self.shown.popitem(last=False)
        else:
            self.shown.pop(game.id, None)
        try:
            await offloop.call(self.service.games.set_board_message, game.id, message_id, game.version, digest)
        except Refusal:  # busy: the board is out; the next start may post it once more (cogs/reconcile.py)
            log.warning("game %s: board posted, but the database was busy recording it", game.id)


__all__ = ["BoardPoster", "Pending", "Shown", "Step", "begin", "folded", "narration"]
