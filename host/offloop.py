"""Storage calls off the event loop: one worker thread runs every call the bot makes into the
TableService and the stores, so a locked database never freezes the bot.

One thread keeps the single SQLite connection (storage/db.py) used by one thread at a time and the
bot's writes serialised, as they were on the loop.  A write that finds the database locked by another
process gives up after `storage.BUSY_TIMEOUT` seconds; `call` turns that into the "database is busy"
Refusal (a private reply; the transaction was rolled back, nothing changed).  A command or button
waits for such a call through cogs/deferred.py, which acknowledges the interaction if the call is slow.

Reads that must answer at once whatever the writer is doing (autocomplete, which cannot be deferred and has
Discord's 3 seconds) go through `read` instead: a thread of their own with their own read-only connection
(`storage.open_reader`; in WAL mode a reader never waits for the write lock), so a write waiting for a lock
on the storage thread never delays them.
"""
from __future__ import annotations

import asyncio
import functools
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, TypeVar

from storage import is_busy

from .refusal import Refusal

T = TypeVar("T")

_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="storage")
_READER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="storage-read")  # the read connection's thread

BUSY_KEY = "host.error.busy"


def busy_refusal() -> Refusal:
    return Refusal(BUSY_KEY)


async def call(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` on the storage thread; a locked database raises the busy Refusal."""
    return await _on(_WORKER, fn, *args, **kwargs)


async def read(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` on the read thread: `fn` must use only the read-only connection (a TableService
    on `storage.open_reader`), which no other thread touches."""
    return await _on(_READER, fn, *args, **kwargs)


async def _on(worker: ThreadPoolExecutor, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(worker, functools.partial(fn, *args, **kwargs))
    except Exception as exc:
        if is_busy(exc):
            raise busy_refusal() from None
        raise
