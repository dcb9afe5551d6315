"""A fake Discord whose gateway serves several shard sessions, routed like Discord's (tools/protocol_fake/shard_sessions.py).

It extends `FakeDiscord` (tools/protocol_fake/fake_discord.py) without changing it: each gateway connection is a
session of the shard its IDENTIFY names; an invalid shard is closed with 4010 and a second IDENTIFY in one
`max_concurrency` bucket within 5 s with 4008; each session's READY lists the guilds of its shard, and each
event with a guild goes only to the session of that guild's shard (events without a guild to shard 0).
"""
from __future__ import annotations

import json
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Optional

from aiohttp import WSMsgType, web

from .fake_discord import FakeDiscord
from .fake_payloads import APP_ID, BOT_USER, CHANNELS, guild_create, text_channel
from .shard_sessions import ShardSessions, guilds_covering, shard_of


@dataclass
class FakeCluster(FakeDiscord):
    shard_count: int = 4
    max_concurrency: int = 4
    per_shard: int = 2
    delivered: list[tuple[Optional[int], str, Optional[int]]] = field(default_factory=list)  # (shard, event, guild)
    undelivered: list[tuple[str, Optional[int]]] = field(default_factory=list)
    astray: list[tuple[Optional[int], str, Optional[int]]] = field(default_factory=list)  # to a session not its shard's

    def __post_init__(self) -> None:
        super().__post_init__()
        self.shards = ShardSessions(self.shard_count, self.max_concurrency, clock=time.monotonic)
        self.cluster_guilds = guilds_covering(self.shard_count, self.per_shard)
        for guild in self.cluster_guilds:
            CHANNELS.setdefault(guild, guild + 1)  # each server's text channel (adds only new servers)
        self.seqs: dict[Any, int] = {}

    def reshard(self, shard_count: int, max_concurrency: int) -> None:
        """The bot restarts with another shard count (every session closed first, as a resharding bot stops
        all its shards): from now on IDENTIFYs must give the new count and each guild goes to its new shard."""
        if self.shards.sessions:
            raise RuntimeError(f"resharding with sessions still open: {sorted(self.shards.sessions)}")
        self.shard_count, self.max_concurrency = shard_count, max_concurrency
        self.shards = ShardSessions(shard_count, max_concurrency, clock=time.monotonic)

    async def send_event(self, ws: web.WebSocketResponse, event: str, data: dict[str, Any]) -> None:
        self.seqs[ws] = self.seqs.get(ws, 0) + 1
        await self.send(ws, {"op": 0, "t": event, "s": self.seqs[ws], "d": data})

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        raw = data.get("guild_id")
        guild = int(raw) if raw is not None else None
        ws = self.shards.route(guild)
        if ws is None or ws.closed:
            self.undelivered.append((event, guild))
            return
        got = self.shards.shard_of_connection(ws)  # the session that receives it
        self.delivered.append((got, event, guild))
        if got != shard_of(guild, self.shard_count):
            self.astray.append((got, event, guild))
        await self.send_event(ws, event, data)

    async def event(self, event: str, data: dict[str, Any]) -> None:
        await self.dispatch(event, data)

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=None, max_msg_size=0)
        await ws.prepare(request)
        self.connects.append(dict(request.query))
        if request.query.get("compress") == "zlib-stream":
            self.zlib[ws] = zlib.compressobj()
        await self.send(ws, {"op": 10, "d": {"heartbeat_interval": 41250}})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT and msg.type != WSMsgType.BINARY:
                break
            frame = json.loads(msg.data)
            self.frames.append(frame)
            op = frame.get("op")
            if op == 1:
                await self.send(ws, {"op": 11})
            elif op == 2:
                refused = self.shards.identify(ws, frame["d"])
                if refused is not None:
                    await ws.close(code=refused)
                    break
                await self._ready_session(ws)
            elif op == 6:
                await self.send(ws, {"op": 9, "d": False})  # no resume here: a fresh IDENTIFY
            await self._notify()
        self.closes.append(ws.close_code)
        self.zlib.pop(ws, None)
        self.shards.closed(ws)
        await self._notify()
        return ws

    async def _ready_session(self, ws: web.WebSocketResponse) -> None:
        shard = self.shards.shard_of_connection(ws)
        guilds = self.shards.guilds_of(ws, self.cluster_guilds)
        self.seqs[ws] = 0
        await self.send_event(ws, "READY", {
            "v": 10, "user": {**BOT_USER, "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds], "session_id": f"fake-session-s{shard}",
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway", "shard": [shard, self.shard_count],
            "application": {"id": str(APP_ID), "flags": 0}, "private_channels": [], "relationships": [],
            "user_settings": {}, "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": [],
        })
        for guild in guilds:
            await self.send_event(ws, "GUILD_CREATE", guild_create(guild))

    async def click(self, who: str, message: dict[str, Any], custom_id: str) -> dict[str, Any]:
        """The user presses a button of a message the bot posted, in that message's server."""
        channel = self.threads.get(int(message["channel_id"]))
        guild = int(channel["guild_id"]) if channel else next(g for g, c in CHANNELS.items()
                                                               if c == int(message["channel_id"]))
        payload = self.interaction(3, {"custom_id": custom_id, "component_type": 2}, who=who, guild=guild,
                                   channel=channel or text_channel(guild), message=message)
        return await self.send_interaction(payload, f"click {custom_id}")  # Discord's 3 seconds start now

    async def choose(self, who: str, message: dict[str, Any], custom_id: str, value: str) -> dict[str, Any]:
        """The user picks `value` in the select menu `custom_id` of a message the bot posted, in its server."""
        channel = self.threads.get(int(message["channel_id"]))
        guild = int(channel["guild_id"]) if channel else next(g for g, c in CHANNELS.items()
                                                               if c == int(message["channel_id"]))
        payload = self.interaction(3, {"custom_id": custom_id, "component_type": 3, "values": [value]}, who=who,
                                   guild=guild, channel=channel or text_channel(guild), message=message)
        return await self.send_interaction(payload, f"choose {custom_id} {value}")


__all__ = ["FakeCluster"]
