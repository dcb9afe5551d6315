"""The gateway side of the protocol test's fake Discord (a mixin of `FakeDiscord`): HELLO, IDENTIFY and
READY, heartbeats and their ACKs, the session's events kept for a RESUME to replay what the bot missed (cut
off, or on a frozen connection), then RESUMED, as Discord does.  `freeze` leaves the connection open and
silent (no heartbeat ACK), as a dead route would; `ask_heartbeat` is Discord's op 1."""
from __future__ import annotations

import json
import time
import zlib
from typing import Any

from aiohttp import WSMsgType, web

from .fake_payloads import APP_ID, BOT_USER, GUILDS, guild_create

HEARTBEAT_INTERVAL = 41.25  # seconds, as Discord asks


class GatewaySide:
    """Needs FakeDiscord's `frames`, `connects`, `connected_at`, `closes`, `replayed`, `bot_permissions`,
    `port` and `_notify`."""

    @property
    def live(self) -> bool:
        return self.ws is not None and not self.ws.closed and not self.frozen

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        """An event of the session: sent now if the bot is connected, else kept for its RESUME to replay."""
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.session.append(frame)
        if self.live:
            await self.send(self.ws, frame)  # type: ignore[arg-type]

    async def send(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        """One gateway frame: a binary piece of the connection's zlib stream when the client asked for
        `compress=zlib-stream` (as Discord does: each frame ends with a sync flush), else a JSON text frame."""
        text = json.dumps(frame)
        stream = self.zlib.get(ws)
        if stream is None:
            await ws.send_str(text)
        else:
            await ws.send_bytes(stream.compress(text.encode()) + stream.flush(zlib.Z_SYNC_FLUSH))

    async def event(self, event: str, data: dict[str, Any]) -> None:
        """An event the server sends on its own (THREAD_CREATE…)."""
        await self.dispatch(event, data)

    async def drop_gateway(self) -> None:
        """Cut the gateway's TCP connection without a close frame, as a network failure would."""
        assert self.ws is not None and self.transport is not None, "no gateway connection"
        self.ws, transport, self.transport = None, self.transport, None
        transport.abort()

    def freeze(self) -> None:
        """The connection stays open but nothing more comes through it: no events, no heartbeat ACKs (a dead
        route).  The bot must notice and reconnect; the next connection is served normally."""
        self.frozen = True

    async def ask_heartbeat(self) -> None:
        """Gateway op 1: the client must send a heartbeat (carrying the last sequence number it saw) at once."""
        assert self.live, "no live gateway connection"
        await self.send(self.ws, {"op": 1, "d": None})  # type: ignore[arg-type]

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=None, max_msg_size=0)
        await ws.prepare(request)
        self.connects.append(dict(request.query))
        self.connected_at.append(time.monotonic())
        self.ws, self.transport, self.frozen = ws, request.transport, False
        if request.query.get("compress") == "zlib-stream":
            self.zlib[ws] = zlib.compressobj()
        await self.send(ws, {"op": 10, "d": {"heartbeat_interval": int(HEARTBEAT_INTERVAL * 1000)}})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT and msg.type != WSMsgType.BINARY:
                break
            frame = json.loads(msg.data)
            self.frames.append(frame)
            if self.frozen and self.ws is ws:
                await self._notify()
                continue  # a dead route: nothing answers
            op = frame.get("op")
            if op == 1:
                await self.send(ws, {"op": 11})
            elif op == 2:
                await self._ready()
            elif op == 6:
                await self._resume(ws, frame["d"])
            await self._notify()
        self.closes.append(ws.close_code)
        self.zlib.pop(ws, None)
        if self.ws is ws:
            self.ws, self.transport = None, None
        await self._notify()
        return ws

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if data.get("session_id") != self.session_id:
            await self.send(ws, {"op": 9, "d": False})
            return
        missed = [f for f in self.session if f["s"] > int(data.get("seq") or 0)]
        for frame in missed:  # what the bot missed, in order, before RESUMED
            await self.send(ws, frame)
        self.replayed += len(missed)
        self.seq += 1
        frame = {"op": 0, "t": "RESUMED", "s": self.seq, "d": {}}
        self.session.append(frame)
        await self.send(ws, frame)

    async def _ready(self) -> None:
        self.seq = 0
        self.session = []
        await self.dispatch("READY", {
            "v": 10, "user": {**BOT_USER, "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g), "unavailable": True} for g in GUILDS], "session_id": self.session_id,
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway", "shard": [0, 1],
            "application": {"id": str(APP_ID), "flags": 0}, "private_channels": [], "relationships": [],
            "user_settings": {}, "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": [],
        })
        for guild in GUILDS:
            await self.dispatch("GUILD_CREATE", guild_create(guild, self.bot_permissions))


__all__ = ["GatewaySide", "HEARTBEAT_INTERVAL"]
