"""A dead gateway noticed in seconds, not minutes.

discord.py closes and resumes a gateway connection that has been silent for `heartbeat_timeout` seconds
(60 by default).  Discord asks for a heartbeat only every 41.25 s, so an idle connection is legitimately
silent that long, and a dead one went unnoticed for over a minute: every interaction of that minute was
lost ("This interaction failed").  Here the bot sends an extra heartbeat every `BEAT_EVERY` seconds (the
gateway accepts heartbeats at any time and acknowledges each one), so a live connection is never silent for
long, and `HEARTBEAT_TIMEOUT` (the client's `heartbeat_timeout`) can be short: after it the connection is
closed and resumed, and the events missed meanwhile are replayed by Discord.

Six extra frames a minute are far below the gateway's 120 a minute.  The heartbeat is discord.py's own
(`send_heartbeat`, with the keep-alive's payload, the last sequence number); the keep-alive's send time is
moved with it so its latency figure stays right.
"""
from __future__ import annotations

import logging
import time
from typing import Any

from discord.ext import commands, tasks

log = logging.getLogger("gamehost.gateway")

HEARTBEAT_TIMEOUT = 20.0  # seconds of silence on the gateway after which it is closed and resumed
BEAT_EVERY = 8.0  # seconds between the extra heartbeats (each answered at once by a live gateway)


async def extra_heartbeat(bot: Any, shard_id: int) -> bool:
    """One heartbeat on the shard's gateway connection, now; False when it has none open."""
    try:
        ws = bot._get_websocket(shard_id=shard_id)  # the shard's DiscordWebSocket (discord.py keeps no public one)
    except (KeyError, AttributeError, TypeError):
        return False
    keep_alive = getattr(ws, "_keep_alive", None)
    socket = getattr(ws, "socket", None)
    if keep_alive is None or socket is None or socket.closed:
        return False
    # The keep-alive measures its latency from the last heartbeat sent: set before sending, as the ACK may be
    # read while the frame is still being written.
    keep_alive._last_send = time.perf_counter()
    try:
        await ws.send_heartbeat(keep_alive.get_payload())
    except Exception as exc:  # a closing connection: discord.py's own reconnect takes it from here
        log.debug("extra heartbeat on shard %s not sent: %s", shard_id, exc)
        return False
    return True


class GatewayWatch(commands.Cog):
    """Sends the extra heartbeats while the bot runs."""

    def __init__(self, bot: Any):
        self.bot = bot
        self.beat.start()

    async def cog_unload(self) -> None:
        self.beat.cancel()

    @tasks.loop(seconds=BEAT_EVERY)
    async def beat(self) -> None:
        for shard_id in list(getattr(self.bot, "shards", None) or {}):
            await extra_heartbeat(self.bot, shard_id)


__all__ = ["BEAT_EVERY", "GatewayWatch", "HEARTBEAT_TIMEOUT", "extra_heartbeat"]
