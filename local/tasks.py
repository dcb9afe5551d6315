"""What the local table's tasks are, for how long an action waits on them (local/table.py `_settle`).

An action waits for the tasks it started, except discord.py's timers and the bot's own long sleepers
(`is_background`).  A task making owed posts (a finished game's history, cogs/notices.py `owe_made`) may outlast the
action's bound when nothing else is left; a task playing a game's bot seats (cogs/bot_driver.py) always may: a hard
bot's turn is many searched decisions, and a bot cut off stays stuck until the next start (`settle_bound`).
"""
from __future__ import annotations

import asyncio
import os
from typing import Sequence

import discord

_DISCORD_DIR = os.path.dirname(discord.__file__)
#: Coroutines of discord.py that wait on a timer by design (view timeouts,
#: ``delete_after``, typing, ``tasks.loop``); an action does not wait for them.
_TIMER_COROUTINES = frozenset({
    "__timeout_task_impl", "inner_call", "delete", "do_typing", "_loop", "_delay_ready", "_delay_shard_ready",
})


def is_background(task: asyncio.Task) -> bool:
    """Whether a task is one of discord.py's timers that an action should not wait for."""
    if task.get_name().startswith("background:"):  # the bot's own long sleepers (the timer scheduler)
        return True
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None)
    if code is None:
        return False
    return code.co_name in _TIMER_COROUTINES and code.co_filename.startswith(_DISCORD_DIR)


def is_bot_player(task: asyncio.Task) -> bool:
    """Whether a task plays a game's bot seats (cogs/bot_driver.py)."""
    return task.get_name().startswith("bots-game-")


def is_owed(task: asyncio.Task) -> bool:
    """Whether a task makes posts owed after the action (a finished game's history)."""
    return task.get_name().startswith("owed-made-")


def settle_bound(pending: Sequence[asyncio.Task], settle: float, owed: float, bot: float) -> float:
    """Seconds an action may run while `pending` are still running: `settle`, never less than `owed` when only owed
    posts are left, nor than `bot` while a bot seat plays."""
    bound = settle
    if all(is_owed(t) for t in pending):
        bound = max(bound, owed)
    if any(is_bot_player(t) for t in pending):
        bound = max(bound, bot)
    return bound


__all__ = ["is_background", "is_bot_player", "is_owed", "settle_bound"]
