"""Clean stops: SIGTERM and SIGINT stop taking commands, finish the work in flight, then close.

How systemd, Docker and most hosts stop a process is SIGTERM (then SIGKILL a
while later); Ctrl-C is SIGINT.  Either one:

1. closes the door: from then on a new command or button gets a short private
   "restarting, try again in a minute" reply (better than Discord's bare
   "This interaction failed") and nothing else happens;
2. waits (at most `GRACE` seconds) for the work in flight: commands and
   buttons being handled, bot seats choosing or posting a move, timers firing;
3. closes the gateway and the HTTP session, then the database, whose WAL is
   checkpointed into the file (`Store.close`): no `-wal` file remains.

Whatever a kill -9 still cuts short (a move saved but not posted) is
reconciled at the next start (`cogs/reconcile.py`).
"""
from __future__ import annotations

import asyncio
import logging
import os
import signal
from typing import Any, Iterable

import discord

from host.i18n import t, user_locale

log = logging.getLogger("gamehost.lifecycle")

GRACE = 20.0  # seconds the work in flight gets; systemd's default stop timeout is 90 s, Docker's 10 s
GATEWAY_END = 2.0  # seconds the gateway task gets to end after the close before a launch still running is cancelled
# Tasks that carry work for a user or a game (discord.py names its dispatch tasks; the bot names its own).
IN_FLIGHT = ("CommandTree-invoker", "discord-ui-", "discord.py: on_", "bots-game-", "timers-fire")


CRASH_AT = "GAMEHOST_CRASH_AT"  # the crash test's hook: die (as kill -9 would) at the named point


def crash_point(name: str) -> None:
    """Exit at once, as a kill -9 would, when the environment names this point (the crash test; never set
    otherwise).  "after-save": a move or a start is committed, nothing posted yet."""
    if os.environ.get(CRASH_AT) == name:
        os._exit(137)


def in_flight(tasks: Iterable[asyncio.Task]) -> list[asyncio.Task]:
    me = asyncio.current_task()
    return [task for task in tasks if task is not me and not task.done() and task.get_name().startswith(IN_FLIGHT)]


async def drain(grace: float = GRACE) -> list[str]:
    """Wait until no work is in flight (new work started meanwhile too), at most `grace` seconds;
    returns the names of the tasks still running then (they are left to the close)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + grace
    while True:
        pending = in_flight(asyncio.all_tasks())
        left = deadline - loop.time()
        if not pending or left <= 0:
            return sorted({task.get_name() for task in pending})
        await asyncio.wait(pending, timeout=left)


def close_the_door(bot: Any) -> None:
    """Route every incoming interaction through `bot.closing`: once set, a private "restarting" reply only.

    Wraps the connection's INTERACTION_CREATE parser (the gateway's, and the one the local table calls)."""
    state = bot._connection
    original = state.parse_interaction_create

    def parse_interaction_create(data: Any) -> None:
        if not getattr(bot, "closing", False):
            original(data)
            return
        interaction = discord.Interaction(data=data, state=state)
        if interaction.type in (discord.InteractionType.application_command, discord.InteractionType.component,
                                discord.InteractionType.modal_submit):
            asyncio.get_running_loop().create_task(_restarting(interaction), name="closing-reply")

    state.parse_interaction_create = parse_interaction_create
    state.parsers["INTERACTION_CREATE"] = parse_interaction_create


async def _restarting(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message(t("lifecycle.restarting", user_locale(interaction)), ephemeral=True)
    except Exception as exc:  # the gateway may already be closing: the user sees Discord's own failure note
        log.info("could not tell a user the bot is restarting: %s", exc)


def on_stop_signals(callback: Any) -> None:
    """Call `callback()` on the running loop at SIGTERM or SIGINT (the first one; a second one as well)."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, callback)


async def serve(bot: Any, token: str) -> None:
    """Run `bot` on Discord until the gateway ends or a stop signal arrives, then close it cleanly."""
    stop = asyncio.Event()
    on_stop_signals(stop.set)
    gateway = asyncio.create_task(bot.start(token), name="gateway")
    stopper = asyncio.create_task(stop.wait(), name="stop-signal")
    try:
        await asyncio.wait({gateway, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stop.is_set():
            log.info("stop signal: no new commands; finishing the work in flight, then closing")
    finally:
        stopper.cancel()
        if not bot.is_closed():
            await bot.close()
        await _gateway_ended(gateway)


async def _gateway_ended(gateway: asyncio.Task[Any]) -> None:
    """Wait for the gateway task after the close; raises what it raised (LoginFailure…).

    A close while shards are still launching does not end it: discord.py's `launch_shard` retries a shard that
    failed to connect every 5 s whether the client is closed or not (and a connect may wait up to its 180 s
    timeout), so a fleet stopped during its identifies would wait for the supervisor's SIGKILL and lose the
    clean close.  Everything is closed by then; the launch still running is cancelled."""
    done, _ = await asyncio.wait({gateway}, timeout=GATEWAY_END)
    if not done:
        log.info("closed while shards were still launching: their launch is cancelled")
        gateway.cancel()
        await asyncio.wait({gateway})
    if not gateway.cancelled():
        gateway.result()


__all__ = ["CRASH_AT", "crash_point", "GRACE", "close_the_door", "drain", "in_flight", "on_stop_signals", "serve"]
