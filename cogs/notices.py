"""Notices a game's thread is owed besides its board, delivered like the board: whatever Discord does for a while,
and after a restart.

A notice is a lobby text (opened, joined, left, expired), an invitation, a rematch, a seat handed to a bot or to a
substitute, an abandon, a deadline's reminder or expiry, a deadline setting changed, a holiday begun or ended,
the followers' ping, a finished game's chart and replay.  `tell` writes it as an owed row
(`owed_notices`, storage/notices.py) right after the change that owes it was saved and before the first try of
its post, and removes the row once Discord accepted the post.  Refused for a passing reason (a 5xx, a 429 of
any scope, the network: `ops.PostFailed.transient`), the notice and every later notice of its thread wait in
that thread's line, tried again with the outbox's backoff (cogs/outbox.py `delay`, never sooner than Discord's
`retry_after`), oldest first; the thread's boards wait behind them (cogs/board_posts.py), and notices told
while a board of their thread waits for its retry wait behind that board.  Every try of one
notice carries the nonce saved with it, so Discord answers a repeated try with the message it already made.
At start-up `redeliver` (called by cogs/reconcile.py before the boards) sends what is still owed, after looking
among the thread's newest messages for a notice Discord made although its answer was lost (known by its nonce):
that one is only marked delivered, never posted twice.

A notice slow to make (a finished game's chart and replay, built in the replay worker) is owed at once as one row
naming its maker (`owe_made`: `components=(maker, *args)`, a maker of `BoardPoster.makers`) and made in a task of
its own, never in the command that finished the game: that task waits until the game's boards went out, has the
maker build its posts, puts them in that row's place in one transaction (`NoticeStore.replace`) and posts them as
`tell_in_order` would.  Cut short (a stop, a crash), the row stays owed: `redeliver` makes it at the next start once
the game's final board is posted, and a finish reported again (cogs/reconcile.py) takes up that row, never a second.

A refusal that lasts (403, 404: cogs/pause.py pauses the game) forgets the notice (logged) and raises
`ops.PostFailed` to a caller waiting for the first try.  A notice's buttons are saved by name
(`components=("lobby", locale)`, rebuilt by `COMPONENTS`), its file as bytes, the users it pings as ids.
"""
from __future__ import annotations

import asyncio
import io
import logging
import secrets
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional

import discord

from host import offloop
from host.tables import Refusal, Table
from storage.routed import notices_of

from . import ops
from .outbox import NONCE, delay, first_retry
from .seat_views import invite_components
from .views import lobby_components

log = logging.getLogger("gamehost.notices")
BEHIND_POLL = 0.1  # seconds between looks at a thread's boards that notices wait behind

#: The buttons a notice may carry, by the name saved with it (`components=(name, *args)`): (game id, *args) -> view.
COMPONENTS: dict[str, Callable[..., discord.ui.View]] = {
    "lobby": lobby_components,  # ("lobby", locale)
    "invite": lambda game_id, user_id, locale: invite_components(game_id, int(user_id), locale),  # (…, user id, locale)
}


@dataclass
class Owed:
    row: Optional[int]  # its owed_notices row (None: the database was busy; owed in this process only)
    table: Table
    post: dict[str, Any]  # nonce, content, components, mention_ids, file_name, file_data


def rows_of(poster: Any) -> Any:
    """The poster's owed_notices repository (None when its service has no database: unit tests' fakes)."""
    rows = getattr(poster, "notice_rows", None)
    if rows is None:
        store = getattr(poster.service, "store", None)
        if store is None:
            return None
        rows = poster.notice_rows = notices_of(store)
    return rows


def kwargs_of(post: dict[str, Any], game_id: int) -> dict[str, Any]:
    """`ops.post`'s keywords for one try of a notice (a fresh file and view at every try)."""
    kwargs: dict[str, Any] = {"content": post.get("content") or "", "nonce": post["nonce"]}
    if post.get("components"):
        name, *args = post["components"]
        kwargs["view"] = COMPONENTS[name](game_id, *args)
    if post.get("mention_ids"):
        kwargs["mention_ids"] = list(post["mention_ids"])
    if post.get("file_data") is not None:
        kwargs["file"] = discord.File(io.BytesIO(post["file_data"]), filename=post.get("file_name") or "file")
    return kwargs


async def tell(poster: Any, table: Table, *, content: str = "", components: Optional[tuple[str, ...]] = None,
               mention_ids: Iterable[int] = ()) -> None:
    """One notice into a game's thread (see the module's text), pinging `mention_ids`; a refusal that lasts
    raises PostFailed."""
    await tell_in_order(poster, table, [{"content": content, "components": components,
                                         "mention_ids": [int(u) for u in mention_ids if u]}])


async def tell_in_order(poster: Any, table: Table, posts: list[dict[str, Any]]) -> None:
    """Several notices (a finished game's chart, then its replay) as `tell`, in this order."""
    for post in posts:
        post.setdefault("nonce", ("t" + secrets.token_hex(12))[:NONCE])
    owed = await _owe(poster, table, posts)
    channel = table.game.post_channel_id
    line = poster.owed_notes.get(channel)
    if line is not None:  # an earlier notice of this thread waits for its retry: these go out after it
        line.extend(owed)
        return
    if boards_first(poster, channel):  # a board of this thread waits for its retry: these go out after it
        _start_line(poster, channel, Line(owed, behind=True), None)
        return
    await _send(poster, owed)


async def owe_made(poster: Any, table: Table, maker: str, *args: str) -> None:
    """Notices that `poster.makers[maker](table, *args)` builds, owed now and made in a task of their own after the
    game's boards (see the module's text): the caller never waits for them."""
    game_id = table.game.id
    rows = rows_of(poster)
    mark = ":".join((maker, *args))
    kept = None
    if rows is not None:  # a finish reported again (a restart's healing): the row owed before stands for it
        try:
            kept = next((r for r in await offloop.call(rows.owed, game_id) if r.components == mark), None)
        except Refusal:
            kept = None
    if kept is not None:
        note = Owed(kept.id, table, {"nonce": kept.nonce, "components": (maker, *args)})
    else:
        [note] = await _owe(poster, table, [{"nonce": ("m" + secrets.token_hex(12))[:NONCE],
                                             "components": (maker, *args)}], count=False)  # its posts count
    _start_making(poster, note)


def _start_making(poster: Any, note: Owed) -> None:
    key = (note.table.game.id, note.post["components"][0])
    running = poster.making.get(key)
    if running is not None and not running.done():
        return  # already being made
    task = asyncio.get_running_loop().create_task(_make(poster, note), name=f"owed-made-{key[0]}-{key[1]}")
    poster.making[key] = task
    poster.later.add(task)
    task.add_done_callback(poster.later.discard)
    task.add_done_callback(lambda done: poster.making.pop(key, None) if poster.making.get(key) is done else None)


def board_owed(poster: Any, game_id: int) -> bool:
    """Whether a board of the game is still to go out: held, queued, or being sent now."""
    return poster.waiting(game_id) or any(p.table.game.id == game_id for p in poster.sending.values())


async def _make(poster: Any, note: Owed) -> None:
    table = note.table
    game_id, channel = table.game.id, table.game.post_channel_id
    name, *args = note.post["components"]
    try:
        while board_owed(poster, game_id) or boards_first(poster, channel):  # the final board goes first
            await asyncio.sleep(BEHIND_POLL)
        posts = await poster.makers[name](table, *args)
        for post in posts:
            post.setdefault("nonce", ("t" + secrets.token_hex(12))[:NONCE])
        owed = await _owe(poster, table, posts, instead_of=note.row, maker=tuple(note.post["components"]))
        if owed is None:
            return  # its row was made and delivered meanwhile (another process, an earlier task)
        line = poster.owed_notes.get(channel)
        if line is not None:  # an earlier notice of this thread waits for its retry: these go out after it
            line.extend(owed)
            return
        await _send(poster, owed)
        if table.game.status in ("finished", "abandoned") and poster.after_final is not None \
                and channel not in poster.owed_notes:
            await poster.after_final(table)  # the thread is archived after its last post
    except asyncio.CancelledError:
        raise  # the bot closes: the row stays owed, made at the next start
    except ops.PostFailed as exc:
        log.warning("game %s: a notice was refused for good: %s", game_id, exc.reason)
    except Exception:  # a defect: the log has it (a task's exception is otherwise never seen); the row stays owed
        log.exception("game %s: the owed %s notice could not be made", game_id, name)


async def redeliver(poster: Any) -> int:
    """At start-up: the notices a refusal left owed before the stop, oldest game first (see the module's text).
    Returns how many were owed."""
    rows = rows_of(poster)
    if rows is None:
        return 0
    total = 0
    for game_id in await offloop.call(rows.games_owing):
        owed_rows = await offloop.call(rows.owed, game_id)
        total += len(owed_rows)
        try:
            table = await offloop.call(poster.service.table, game_id)
        except Refusal:  # the game is gone: nothing can be posted for it
            await offloop.call(rows.delivered, game_id, [r.id for r in owed_rows])
            continue
        making = [r for r in owed_rows if r.components and r.components.split(":")[0] not in COMPONENTS]
        for r in making:  # made once the game's final board is out (a board still owed: cogs/reconcile.py reports
            if r.components.split(":")[0] not in poster.makers:  # the finish again, which takes this row up)
                log.warning("game %s: no maker for the owed notice %s; it stays owed", game_id, r.components)
            elif table.game.posted_version == table.game.version:
                _start_making(poster, Owed(r.id, table, {"nonce": r.nonce,
                                                         "components": tuple(r.components.split(":"))}))
        owed_rows = [r for r in owed_rows if r not in making]
        if not owed_rows:
            continue
        made = await _nonces_made(poster, table)
        found = [r.id for r in owed_rows if r.nonce in made]
        if found:  # made before the stop (its answer lost, or the row not yet removed): not posted twice
            log.info("game %s: %d owed notice(s) found posted already", game_id, len(found))
            await offloop.call(rows.delivered, game_id, found)
        owed = [Owed(r.id, table, {"nonce": r.nonce, "content": r.content, "file_name": r.file_name,
                                   "file_data": r.file_data, "mention_ids": [int(u) for u in r.mention_ids.split()],
                                   "components": tuple(r.components.split(":")) if r.components else None})
                for r in owed_rows if r.id not in found]
        poster.figures.notes_owed += len(owed)
        line = poster.owed_notes.get(table.game.post_channel_id)
        if line is not None:
            line.extend(owed)
            continue
        try:
            await _send(poster, owed)
        except ops.PostFailed as exc:
            log.warning("game %s: an owed notice was refused for good: %s", game_id, exc.reason)
            continue
        if owed and table.game.status in ("finished", "abandoned") and poster.after_final is not None \
                and table.game.post_channel_id not in poster.owed_notes:
            await poster.after_final(table)  # the post opened its archived thread: archived again
    return total


async def _owe(poster: Any, table: Table, posts: list[dict[str, Any]], *, instead_of: Optional[int] = None,
               maker: tuple[str, ...] = (), count: bool = True) -> Any:
    """The posts owed as rows (`instead_of`: in the place of that row, owed as `maker` (`owe_made`), in one
    transaction; None if that row is gone)."""
    game = table.game
    rows, ids = rows_of(poster), [None] * len(posts)
    if rows is not None:
        saved = [dict(post, components=":".join(post["components"]) if post.get("components") else None)
                 for post in posts]
        try:
            if instead_of is not None:
                ids = await offloop.call(rows.replace, game.id, instead_of, ":".join(maker), saved,
                                         poster.service.clock())
                if not ids and posts:
                    return None
            else:
                ids = await offloop.call(rows.owe, game.id, game.post_channel_id, saved, poster.service.clock())
        except Refusal:  # busy: the notice is still tried, and retried while this process runs
            log.warning("game %s: the database was busy; %d notice(s) owed in memory only", game.id, len(posts))
    if count:
        poster.figures.notes_owed += len(posts)
    return [Owed(row, table, post) for row, post in zip(ids, posts)]


async def _done(poster: Any, owed: list[Owed]) -> None:
    rows, ids = rows_of(poster), [o.row for o in owed if o.row is not None]
    if rows is None or not ids:
        return
    try:
        await offloop.call(rows.delivered, owed[0].table.game.id, ids)
    except Refusal:  # busy: at the next start its nonce is found among the thread's messages
        log.warning("game %s: notice posted, but the database was busy recording it", owed[0].table.game.id)


async def _post(poster: Any, note: Owed) -> None:
    await poster.pauses.post(note.table, **kwargs_of(note.post, note.table.game.id))
    poster.figures.notes_delivered += 1
    await _done(poster, [note])


async def _send(poster: Any, owed: list[Owed]) -> None:
    """Try these notices now, in order; from the first refused for now on they wait in their thread's line."""
    for i, note in enumerate(owed):
        try:
            await _post(poster, note)
        except ops.PostFailed as exc:
            if not exc.transient:
                await _done(poster, owed[i:])  # the game pauses (cogs/pause.py): the log has them
                raise
            poster.figures.notes_failed += 1
            _start_line(poster, note.table.game.post_channel_id, Line(owed[i:]), exc)
            return


class Line(deque[Owed]):
    """A thread's notices waiting for a retry, in order.  `behind`: they wait for the thread's boards (one was
    refused for now first); until then the boards do not wait for them (`BoardPoster.notes_block`)."""

    def __init__(self, owed: list[Owed], behind: bool = False):
        super().__init__(owed)
        self.behind = behind


def boards_first(poster: Any, channel: int) -> bool:
    """Whether a board of this thread refused for now is still owed (waiting for its retry, or being tried
    again): notices told meanwhile go out after it."""
    if channel in poster.backoff or getattr(poster.sending.get(channel), "attempts", 0):
        return True
    return any(getattr(poster.pending.get(g), "attempts", 0) for g in poster.queues.get(channel) or ())


def _start_line(poster: Any, channel: int, line: Line, failure: Optional[ops.PostFailed]) -> None:
    poster.owed_notes[channel] = line
    task = asyncio.get_running_loop().create_task(_line(poster, channel, line, failure),
                                                  name=f"background:outbox-notice-{channel}")
    poster.later.add(task)
    task.add_done_callback(poster.later.discard)


async def _line(poster: Any, channel: int, line: Line, failure: Optional[ops.PostFailed]) -> None:
    closing = False
    try:
        if line.behind:
            while boards_first(poster, channel):  # the boards owed before them first
                await asyncio.sleep(BEHIND_POLL)
            line.behind = False
        await _line_on(poster, line, failure)
    except asyncio.CancelledError:
        closing = True  # the bot closes: the notices stay owed rows, and the boards behind them stay owed too
        raise
    except Exception:  # a defect: the log has it (a background task's exception is otherwise never seen)
        log.exception("channel %s: owed notices could not be tried again", channel)
    finally:
        if poster.owed_notes.get(channel) is line:
            del poster.owed_notes[channel]
            if poster.queues.get(channel) and not closing:  # boards that waited behind these notices
                poster.start_worker(channel)


async def _line_on(poster: Any, line: Line, failure: Optional[ops.PostFailed]) -> None:
    attempt = 1 if failure else 0  # a head that just failed waits; the ones after it go at once while Discord takes them
    while line:
        if attempt:
            retry_after = failure.retry_after if failure else 0.0
            await poster.sleep(delay(attempt, retry_after, first_retry(poster.client)))
            poster.figures.notes_retried += 1
        note = line[0]
        try:
            await _post(poster, note)
        except ops.PostFailed as exc:
            if exc.transient:
                poster.figures.notes_failed += 1
                failure, attempt = exc, attempt + 1
                continue
            log.warning("game %s: a notice was refused for good: %s", note.table.game.id, exc.reason)
            await _done(poster, [note])
        line.popleft()
        attempt = 0
        game = note.table.game
        if game.status in ("finished", "abandoned") and poster.after_final is not None \
                and not any(o.table.game.id == game.id for o in line):
            await poster.after_final(note.table)  # its thread was archived meanwhile, and the post opened it


async def _nonces_made(poster: Any, table: Table) -> set[str]:
    me = getattr(getattr(poster.client, "user", None), "id", None)
    return {str(m.nonce) for m in await ops.latest_posts(poster.client, table.game.post_channel_id, limit=10)
            if m.nonce is not None and (me is None or m.author.id == me)}


__all__ = ["BEHIND_POLL", "COMPONENTS", "Line", "Owed", "board_owed", "kwargs_of", "owe_made", "redeliver", "rows_of",
           "tell", "tell_in_order"]
