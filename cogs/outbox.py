"""The outbox: every post a game owes is delivered, however long Discord refuses it for a passing reason.

What a game owes is in the database, written in the same transaction as the change that makes it owed:
a running or just finished game whose `posted_version` is behind its `version` owes its board (with the
ping of whoever must act, or its final scores), since `owed_since` (storage/games.py); a game paused
with `STALLED` owes one notice about that pause.  A post leaves the outbox only when Discord accepted it
(`set_board_message` records the version it shows).

The sender is the board poster (cogs/board_posts.py).  When Discord refuses a board for a passing reason
(a 5xx, 503 included, which discord.py does not retry; a 429 of any scope, with or without `Via`; a
network error: `ops.PostFailed.transient`), the board is kept, merged with any later change of its game,
and tried again after `delay` (doubling from `BASE` up to `CAP` seconds, never sooner than Discord's
`retry_after`), before any other board of its channel, so a thread's posts keep their order.  The player
who made the change hears at once that the move is saved and the board will follow (`DELAYED`).  A retry
never posts twice: a new post carries a nonce made from the game's id, version and posted version
(`nonce_of`), so the same owed board always carries the same one, after a restart too, and Discord, which
enforces it, answers a repeated one with the message it already made.  After a restart `cogs/reconcile.py`
delivers what is still owed.

A board still undelivered OUTBOX_PAUSE_MINUTES (host/config.py) after its change pauses the game
(`STALLED`: deadlines stand still, bots wait; cogs/pause.py) while the sender keeps trying; the first
time the channel accepts a post again, the game's thread gets one notice that it was paused, then the
board, and the game goes on (the listeners hear "resume").  Nothing is dropped: only a refusal that lasts
(403, 404: cogs/pause.py) stops the retries, and that pauses the game until a player's command.

Other notices in a game's thread (a lobby text, a seat handed to a bot, an abandon, a finished game's replay)
are owed rows of their own, delivered the same way and after a restart too (cogs/notices.py).

`Figures` counts, for `bot.py bench sweep --faults`: boards owed, delivered, refused for now, retried,
merged into a later board while waiting, refused for good, the stall pauses and notices, and the other
notices refused for now and retried.
"""
from __future__ import annotations

import asyncio
import logging
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Optional

from host import offloop
from host.i18n import t
from host.tables import Refusal, Table

from . import ops, pacing
from .pacing import Now, Sleep

log = logging.getLogger("gamehost.outbox")

BASE = 1.0  # seconds before the first retry; doubled at every failure
CAP = 60.0  # seconds between retries at most (a long outage is probed once a minute)
STALLED = "outbox.stalled"  # the pause reason of a game whose board went undelivered too long
DELAYED = "outbox.delayed"  # what the player hears when the board waits for Discord
NONCE = 25  # characters Discord takes in a nonce

#: The outbox's clock (None: the pacer's, cogs/pacing.py); the sweep runs retries on a virtual one.
make_clock: Optional[Callable[[], tuple[Now, Sleep]]] = None


def clock() -> tuple[Now, Sleep]:
    return (make_clock or pacing.make_clock)()


def delay(attempt: int, retry_after: float = 0.0, base: Optional[float] = None) -> float:
    """Seconds to wait before try number `attempt + 1` (attempt 1 failed: `base`, BASE by default), at least
    Discord's ask."""
    return max(retry_after, min(CAP, (base or BASE) * 2 ** max(0, attempt - 1)))


def first_retry(client: Any) -> Optional[float]:
    """The first wait after a passing refusal as OUTBOX_FIRST_RETRY_MS sets it (host/config.py; None: BASE)."""
    ms = getattr(getattr(client, "config", None), "outbox_first_retry_ms", None)
    return ms / 1000 if isinstance(ms, int) and ms > 0 else None


def nonce_of(table: Table, kind: str = "b") -> str:
    """The nonce of the post a game owes now: the same for every try of one owed post, in any process,
    and new once a board of its version went out (a later repost is a new post)."""
    game = table.game
    posted = -1 if game.posted_version is None else game.posted_version
    return f"{kind}{game.id}.{game.version}.{posted}"[:NONCE]


@dataclass
class Figures:
    owed: int = 0  # boards that went into the queue (changes merged while waiting count once)
    delivered: int = 0  # boards Discord accepted
    failed: int = 0  # tries Discord refused for a passing reason (each one is tried again)
    retried: int = 0  # tries after a passing refusal
    merged: int = 0  # boards merged into a later board of their game while they waited for a retry
    refused: int = 0  # boards refused for good (403, 404, too large: the game pauses or the player hears)
    stalls: int = 0  # games paused because a board waited longer than OUTBOX_PAUSE_MINUTES
    notices: int = 0  # pause notices posted
    notes_owed: int = 0  # other notices (lobby texts, seats handed to bots…) owed (cogs/notices.py)
    notes_delivered: int = 0  # those Discord accepted
    notes_failed: int = 0  # their tries refused for now
    notes_retried: int = 0  # their tries again

    def line(self) -> str:
        return (f"posts owed {self.owed}, delivered {self.delivered}, refused for now {self.failed}, retried"
                f" {self.retried}, merged while"
                f" waiting {self.merged}, refused for good {self.refused}, stall pauses {self.stalls},"
                f" pause notices {self.notices}; other notices owed {self.notes_owed}, delivered"
                f" {self.notes_delivered}, refused for now {self.notes_failed}, retried {self.notes_retried}")


def kept_with(failed: Any, newer: Optional[Any]) -> Any:
    """A board (cogs/board_posts.py `Pending`) that failed for a passing reason, with the changes queued for
    its game since (`newer`, made while it was being sent): one board again, the failed changes first."""
    if newer is None:
        return failed
    contiguous = newer.since is not None and newer.since == failed.table.game.version
    failed.gained = failed.gained or newer.gained or not contiguous
    failed.kept = failed.kept & newer.kept if contiguous else set()
    failed.table, failed.locale = newer.table, newer.locale
    failed.steps += newer.steps
    failed.waiters += newer.waiters
    failed.told += newer.told
    return failed


async def keep(poster: Any, channel_id: int, game_id: int, pending: Any, failure: ops.PostFailed) -> None:
    """A board Discord refused for a passing reason: back at the head of its channel's queue (merged with its
    game's later changes), tried again after the backoff; its waiters hear at once that it is delayed."""
    poster.figures.failed += 1
    newer = poster.pending.pop(game_id, None)
    if newer is not None:
        poster.figures.merged += 1
    pending = kept_with(pending, newer)
    pending.attempts += 1
    poster.pending[game_id] = pending
    queue = poster.queues.setdefault(channel_id, deque())
    if game_id in queue:
        queue.remove(game_id)
    queue.appendleft(game_id)
    wait = delay(pending.attempts, failure.retry_after, first_retry(poster.client))
    log.warning("game %s: board refused for now (%s, try %d); trying again in %.1f s", game_id, failure.reason,
                pending.attempts, wait)
    # "background:": the local table's actions do not wait for it (local/table.py)
    poster.backoff[channel_id] = asyncio.get_running_loop().create_task(
        _retry(poster, channel_id, wait), name=f"background:outbox-retry-{channel_id}")
    await tell_delayed(pending)
    await stalled(poster, pending.table)


async def tell_delayed(pending: Any) -> None:
    """A board that waits (for its retry, or behind its thread's owed notices): whoever waits for it hears at
    once that the move is saved and the board will follow."""
    delayed = ops.PostFailed(DELAYED, transient=True)
    for waiter in pending.waiters:
        if not waiter.done():
            waiter.set_exception(delayed)
    pending.waiters = []
    told, pending.told = pending.told, []
    for tell_one in told:  # players whose change waited for the bots hear it too (privately)
        try:
            await tell_one(DELAYED)
        except Exception:  # their interaction expired: the log has it
            log.info("game %s: a player could not be told that the board waits", pending.table.game.id)


async def _retry(poster: Any, channel_id: int, wait: float) -> None:
    try:
        await poster.sleep(wait)
    finally:
        if poster.backoff.get(channel_id) is asyncio.current_task():
            del poster.backoff[channel_id]
    if not poster.queues.get(channel_id):
        return
    poster.figures.retried += 1
    poster.start_worker(channel_id)


def pause_minutes(client: Any) -> float:
    config = getattr(client, "config", None)
    return float(getattr(config, "outbox_pause_minutes", 0) or 0)


async def stalled(poster: Any, table: Table) -> None:
    """A board failed again: pause its game if it has waited longer than OUTBOX_PAUSE_MINUTES."""
    pauses, minutes = poster.pauses, pause_minutes(poster.client)
    game = table.game
    if pauses is None or minutes <= 0 or pauses.is_paused(game.id) or game.status != "active":
        return
    since = game.owed_since
    if since is None or poster.service.clock() - since < minutes * 60:
        return
    poster.figures.stalls += 1
    await pauses.pause(table, STALLED)


def is_stalled(poster: Any, game_id: int) -> bool:
    pauses = poster.pauses
    return pauses is not None and pauses.paused.get(game_id, ("",))[0] == STALLED


async def before_board(poster: Any, table: Table, locale: str) -> None:
    """A stalled game's board is about to be tried: its one pause notice first (it raises PostFailed like the
    board would, and is tried again with it).  Told once per pause (`games.settings["paused_told"]`)."""
    if not is_stalled(poster, table.game.id) or table.game.settings.get("paused_told"):
        return
    minutes = max(1, round(pause_minutes(poster.client)))
    await ops.post(poster.client, table.game.post_channel_id, content=t("outbox.paused_notice", locale, n=minutes),
                   nonce=nonce_of(table, "n"))
    poster.figures.notices += 1
    try:
        fresh = await offloop.call(poster.service.games.merge_settings, table.game.id, {"paused_told": True})
        table.game.settings = fresh.settings
    except Refusal:  # busy: the notice is out; the board follows all the same (a restart might tell it again)
        log.warning("game %s: pause notice posted, but the database was busy recording it", table.game.id)


async def after_board(poster: Any, table: Table) -> None:
    """A stalled game's board went out: the game goes on (unpaused, listeners hear "resume")."""
    if not is_stalled(poster, table.game.id):
        return
    try:
        await resume_stalled(poster, table.game.id)
    except Refusal:  # busy: the board is out; the next start lifts the pause (cogs/reconcile.py)
        log.warning("game %s: board posted after a stall, but the database was busy lifting the pause",
                    table.game.id)


async def resume_stalled(poster: Any, game_id: int) -> None:
    pauses = poster.pauses
    await offloop.call(poster.service.games.merge_settings, game_id, {"paused": None, "paused_told": None})
    pauses.paused.pop(game_id, None)
    log.info("game %s: its board went out after a stall; the game goes on", game_id)
    fresh = await offloop.call(poster.service.table, game_id)
    await pauses.listeners.changed(fresh, "resume")


async def already_posted(client: Any, table: Table, locale: str) -> Optional[int]:
    """The id of a board of the game's current version already among its channel's newest messages (a post
    Discord made although its answer was lost, or a process stopped before recording it), else None.  A
    board is known by its nonce, by its buttons' custom ids (they carry the game's id and version), or for a
    finished game by its footer (the final move count)."""
    game = table.game
    me = getattr(getattr(client, "user", None), "id", None)
    nonce, tag = nonce_of(table), [str(game.id), str(game.version)]
    footer = t("host.post.footer", locale, id=game.number, n=table.state.moves_made) if table.state else None
    for message in await ops.latest_posts(client, game.post_channel_id):
        if me is not None and message.author.id != me:
            continue
        if message.nonce is not None and str(message.nonce) == nonce:
            return message.id
        ids = [getattr(item, "custom_id", None) or "" for row in message.components
               for item in getattr(row, "children", [])]
        if any(cid.split(":")[1:3] == tag for cid in ids if cid.startswith(("mv:", "ms:", "pg:", "my:"))):
            return message.id
        if game.status == "finished" and not ids and message.embeds and footer \
                and message.embeds[0].footer.text == footer:
            return message.id
    return None


def blocked(poster: Any, game_id: int) -> Optional[str]:
    """The reason a game's posts make no request (a refusal that lasts), or None (a stall is retried)."""
    pauses = poster.pauses
    if pauses is None or game_id not in pauses.paused or is_stalled(poster, game_id):
        return None
    return pauses.paused[game_id][0]


__all__ = ["BASE", "CAP", "DELAYED", "Figures", "STALLED", "after_board", "already_posted", "before_board",
           "blocked", "clock", "keep", "kept_with",
           "delay", "first_retry", "is_stalled", "nonce_of", "pause_minutes", "resume_stalled", "stalled"]
