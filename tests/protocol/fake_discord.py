"""A small Discord on localhost, for the protocol test: the REST routes the bot uses and a gateway.

It speaks the wire protocol discord.py speaks to discord.com (JSON over HTTP, JSON frames over a
websocket), so the bot under test runs unchanged: its HTTP client, rate-limit handling, gateway,
interaction parsing and views are all the real ones.  Everything it receives is recorded, and every
message payload is checked against Discord's limits (`local/limits.py`, the local table's own checks); a payload over a limit gets
Discord's 400 answer, as the real API would give.
"""
from __future__ import annotations

import asyncio
import itertools
import json
import time
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import discord
from aiohttp import WSMsgType, web

from local.limits import command_problems, problems

APP_ID = 700000000000000001
BOT_ID = APP_ID  # a bot user's id is its application's id
GUILDS = (710000000000000001, 720000000000000001)
CHANNELS = {GUILDS[0]: 711000000000000001, GUILDS[1]: 721000000000000001}
USERS = {"alice": 730000000000000001, "bob": 730000000000000002}
BOT_ROLE = 740000000000000001

MEMBER_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                         read_message_history=True, use_application_commands=True,
                                         embed_links=True, attach_files=True, add_reactions=True)
BOT_PERMISSIONS = MEMBER_PERMISSIONS | discord.Permissions(create_public_threads=True, manage_threads=True,
                                                           manage_messages=True, mention_everyone=False)

_ids = itertools.count(1)


def snowflake() -> int:
    return discord.utils.time_snowflake(discord.utils.utcnow()) + next(_ids)


def iso(ts: Optional[float] = None) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S.000000+00:00", time.gmtime(ts or time.time()))


def user(name: str, uid: int, bot: bool = False) -> dict[str, Any]:
    return {"id": str(uid), "username": name, "discriminator": "0", "global_name": name.title(), "avatar": None,
            "bot": bot, "public_flags": 0, "flags": 0}


BOT_USER = user("gamehost", BOT_ID, bot=True)


def member(name: str, uid: int, roles: list[int], permissions: Optional[discord.Permissions] = None,
           bot: bool = False) -> dict[str, Any]:
    data = {"user": user(name, uid, bot), "roles": [str(r) for r in roles], "joined_at": iso(), "deaf": False,
            "mute": False, "flags": 0, "pending": False, "nick": None, "avatar": None}
    if permissions is not None:
        data["permissions"] = str(permissions.value)
    return data


def text_channel(guild_id: int) -> dict[str, Any]:
    return {"id": str(CHANNELS[guild_id]), "type": 0, "guild_id": str(guild_id), "name": "board-games",
            "position": 0, "permission_overwrites": [], "parent_id": None, "nsfw": False, "topic": None,
            "rate_limit_per_user": 0, "last_message_id": None, "flags": 0}


def guild_create(guild_id: int) -> dict[str, Any]:
    everyone = {"id": str(guild_id), "name": "@everyone", "permissions": str(MEMBER_PERMISSIONS.value),
                "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
    bot_role = {**everyone, "id": str(BOT_ROLE + guild_id % 1000), "name": "gamehost",
                "permissions": str(BOT_PERMISSIONS.value), "position": 1, "managed": True,
                "tags": {"bot_id": str(BOT_ID)}}
    return {
        "id": str(guild_id), "name": f"Server {guild_id % 10}", "icon": None, "owner_id": str(USERS["alice"]),
        "afk_timeout": 300, "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0, "roles": [everyone, bot_role], "emojis": [], "stickers": [], "features": [],
        "mfa_level": 0, "system_channel_flags": 0, "premium_tier": 0, "preferred_locale": "en-US",
        "nsfw_level": 0, "premium_progress_bar_enabled": False, "member_count": 3, "large": False,
        "joined_at": iso(), "unavailable": False, "members": [member("gamehost", BOT_ID, [int(bot_role["id"])],
                                                                       bot=True)],
        "channels": [text_channel(guild_id)], "threads": [], "voice_states": [], "presences": [],
        "stage_instances": [], "guild_scheduled_events": [], "soundboard_sounds": [],
    }


def reply(data: Any, status: int = 200, headers: Optional[dict[str, str]] = None) -> web.Response:
    """A JSON answer as Discord sends it: `Content-Type: application/json` exactly (discord.py parses the
    body only then)."""
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": "application/json", **(headers or {})})


# ---- the server --------------------------------------------------------------------------------------
@dataclass
class Call:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]]  # uploaded files (name, bytes)
    status: int = 0


@dataclass
class FakeDiscord:
    """Discord's REST API under /api/v10 and its gateway at /gateway, on 127.0.0.1 (a free port)."""
    calls: list[Call] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)  # what the bot sent on the gateway
    connects: list[dict[str, str]] = field(default_factory=list)  # query of each gateway connection
    closes: list[Optional[int]] = field(default_factory=list)  # how each gateway connection ended
    problems: list[str] = field(default_factory=list)  # payloads over Discord's limits (answered 400)
    unknown: list[str] = field(default_factory=list)  # routes this fake does not model (answered 404)
    rate_limit_next_post: bool = False  # answer the next POST .../messages with a 429
    rate_limited: list[str] = field(default_factory=list)
    commands: list[dict[str, Any]] = field(default_factory=list)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    threads: dict[int, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.port = 0
        self.seq = 0
        self.session_id = "fake-session-1"
        self.ws: Optional[web.WebSocketResponse] = None
        self.transport: Optional[asyncio.BaseTransport] = None  # the gateway connection's TCP transport
        self.zlib: dict[web.WebSocketResponse, Any] = {}  # each connection's compression stream (zlib-stream)
        self.changed = asyncio.Condition()
        self.runner: Optional[web.AppRunner] = None
        self.originals: dict[str, int] = {}  # interaction token -> its original response's message id

    # -- waiting -------------------------------------------------------------------------------------
    async def _notify(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    async def wait_for(self, what: str, predicate: Callable[[], Any], timeout: float = 60.0,
                       process: Optional[asyncio.subprocess.Process] = None) -> Any:
        """Wait until `predicate()` is truthy (re-checked on every call and gateway frame); returns it.
        Fails at once if `process` (the bot) exits meanwhile."""
        async def until() -> Any:
            async with self.changed:
                while not (result := predicate()):
                    if process is not None and process.returncode is not None:
                        raise AssertionError(f"the bot exited ({process.returncode}) while waiting for {what}")
                    await self.changed.wait()
                return result
        watcher = asyncio.ensure_future(process.wait()) if process is not None else None
        if watcher is not None:
            watcher.add_done_callback(lambda _: asyncio.ensure_future(self._notify()))
        try:
            return await asyncio.wait_for(until(), timeout)
        except asyncio.TimeoutError:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}; calls: "
                                 f"{[(c.method, c.path, c.status) for c in self.calls][-15:]}") from None
        finally:
            if watcher is not None and not watcher.done():
                watcher.cancel()

    # -- lifecycle -----------------------------------------------------------------------------------
    async def start(self) -> int:
        app = web.Application(client_max_size=64 << 20)
        app.router.add_get("/gateway", self.gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self.rest)
        self.runner = web.AppRunner(app, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = self.runner.addresses[0][1]
        return self.port

    async def stop(self) -> None:
        if self.runner:
            await self.runner.cleanup()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    # -- gateway -------------------------------------------------------------------------------------
    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        assert self.ws is not None, "no gateway connection"
        self.seq += 1
        await self.send(self.ws, {"op": 0, "t": event, "s": self.seq, "d": data})

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
        """An event the server sends on its own (THREAD_CREATE…): skipped while the gateway is down."""
        if self.ws is not None and not self.ws.closed:
            await self.dispatch(event, data)

    async def drop_gateway(self) -> None:
        """Cut the gateway's TCP connection without a close frame, as a network failure would."""
        assert self.ws is not None and self.transport is not None, "no gateway connection"
        self.ws, transport, self.transport = None, self.transport, None
        transport.abort()

    async def gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=None, max_msg_size=0)
        await ws.prepare(request)
        self.connects.append(dict(request.query))
        self.ws, self.transport = ws, request.transport
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
                await self._ready()
            elif op == 6:
                if frame["d"].get("session_id") == self.session_id:
                    await self.dispatch("RESUMED", {})
                else:
                    await self.send(ws, {"op": 9, "d": False})
            await self._notify()
        self.closes.append(ws.close_code)
        self.zlib.pop(ws, None)
        if self.ws is ws:
            self.ws, self.transport = None, None
        await self._notify()
        return ws

    async def _ready(self) -> None:
        self.seq = 0
        await self.dispatch("READY", {
            "v": 10, "user": {**BOT_USER, "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": str(g), "unavailable": True} for g in GUILDS], "session_id": self.session_id,
            "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway", "shard": [0, 1],
            "application": {"id": str(APP_ID), "flags": 0}, "private_channels": [], "relationships": [],
            "user_settings": {}, "presences": [], "guild_join_requests": [], "geo_ordered_rtc_regions": [],
        })
        for guild in GUILDS:
            await self.dispatch("GUILD_CREATE", guild_create(guild))

    # -- interactions --------------------------------------------------------------------------------
    def interaction(self, kind: int, data: dict[str, Any], *, who: str, guild: int = GUILDS[0],
                    channel: Optional[dict[str, Any]] = None, message: Optional[dict[str, Any]] = None,
                    locale: str = "en-US") -> dict[str, Any]:
        channel = channel or text_channel(guild)
        payload = {
            "id": str(snowflake()), "application_id": str(APP_ID), "type": kind, "data": data,
            "guild_id": str(guild), "channel_id": channel["id"], "channel": channel,
            "member": member(who, USERS[who], [], MEMBER_PERMISSIONS), "token": f"itoken-{next(_ids)}",
            "version": 1, "locale": locale, "guild_locale": "en-US", "app_permissions": str(BOT_PERMISSIONS.value),
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild)}, "context": 0,
            "attachment_size_limit": 10 << 20,
        }
        if message is not None:
            payload["message"] = message
        return payload

    def command_id(self, name: str) -> str:
        return next(c["id"] for c in self.commands if c["name"] == name)

    async def slash(self, who: str, command: str, sub: str, guild: int = GUILDS[0], **options: Any) -> dict[str, Any]:
        """The user runs `/command sub option:value…` in a server's channel (the first server's by default)."""
        opts = [{"type": 3 if isinstance(v, str) else 4, "name": k, "value": v} for k, v in options.items()]
        data = {"id": self.command_id(command), "name": command, "type": 1,
                "options": [{"type": 1, "name": sub, "options": opts}]}
        payload = self.interaction(2, data, who=who, guild=guild)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    async def click(self, who: str, message: dict[str, Any], custom_id: str) -> dict[str, Any]:
        """The user presses the button `custom_id` of a message the bot posted."""
        channel = self.threads.get(int(message["channel_id"])) or text_channel(GUILDS[0])
        payload = self.interaction(3, {"custom_id": custom_id, "component_type": 2}, who=who,
                                   channel=channel, message=message)
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    # -- REST ----------------------------------------------------------------------------------------
    async def rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        body, files = await self._body(request)
        call = Call(request.method, path, dict(request.query), body, files)
        self.calls.append(call)
        try:
            response = await self._route(request.method, path, call)
        finally:
            await self._notify()
        call.status = response.status
        return response

    async def _body(self, request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
        if request.content_type == "multipart/form-data":
            body, files = None, []
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    body = json.loads(await part.text())
                else:
                    files.append((part.filename or part.name or "file", bytes(await part.read())))
            return body, files
        raw = await request.read()
        return (json.loads(raw) if raw else None), []

    def _message(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]],
                 flags: int = 0, interaction: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        mid = snowflake()
        message = {
            "id": str(mid), "channel_id": str(channel_id), "author": BOT_USER, "content": payload.get("content") or "",
            "timestamp": iso(), "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": [
                {"id": str(snowflake()), "filename": f"file{i}.png", "size": 1, "url": "https://cdn.invalid/x.png",
                 "proxy_url": "https://cdn.invalid/x.png"} for i in range(len(files))],
            "embeds": payload.get("embeds") or [], "pinned": False, "type": 0 if interaction is None else 20,
            "components": payload.get("components") or [], "flags": flags | (payload.get("flags") or 0),
        }
        if channel_id in self.threads:
            message["guild_id"] = self.threads[channel_id]["guild_id"]
        self.messages[mid] = message
        return message

    def _checked(self, payload: Optional[dict[str, Any]], files: list[tuple[str, bytes]]) -> Optional[web.Response]:
        found = problems(payload or {}, files)
        if found:
            self.problems.extend(found)
            return reply({"message": "Invalid Form Body", "code": 50035,
                          "errors": {"_errors": [{"code": "BASE_TYPE_BAD", "message": p} for p in found]}},
                         status=400)
        return None

    async def _route(self, method: str, path: str, call: Call) -> web.Response:
        parts = path.strip("/").split("/")
        body = call.json or {}
        if method == "GET" and path == "/users/@me":
            return reply({**BOT_USER, "verified": True, "mfa_enabled": False})
        if method == "GET" and path == "/oauth2/applications/@me":
            return reply({
                "id": str(APP_ID), "name": "gamehost", "icon": None, "description": "", "summary": "",
                "bot_public": True, "bot_require_code_grant": False, "owner": user("alice", USERS["alice"]),
                "verify_key": "0" * 64, "team": None, "flags": 0, "rpc_origins": [], "bot": BOT_USER,
                "interactions_endpoint_url": None, "redirect_uris": [], "tags": [], "approximate_guild_count": 2,
            })
        if method == "GET" and path == "/gateway/bot":
            return reply({"url": f"ws://127.0.0.1:{self.port}/gateway", "shards": 1,
                                      "session_start_limit": {"total": 1000, "remaining": 999,
                                                              "reset_after": 86400000, "max_concurrency": 1}})
        if method == "PUT" and parts[:1] == ["applications"] and parts[-1] == "commands":
            found = command_problems(body)
            self.problems.extend(found)
            if found:
                return reply({"message": "Invalid Form Body", "code": 50035, "errors": found},
                                         status=400)
            self.commands = [{**c, "id": str(snowflake()), "application_id": str(APP_ID), "version": "1",
                              "default_member_permissions": c.get("default_member_permissions")} for c in body]
            return reply(self.commands)
        if parts[:1] == ["interactions"] and parts[-1] == "callback" and method == "POST":
            return self._callback(parts[1], parts[2], body, call.files)
        if parts[:1] == ["webhooks"] and len(parts) >= 3:
            return self._webhook(method, parts, body, call.files)
        if parts[:1] == ["channels"]:
            return await self._channel(method, parts, body, call.files)
        self.unknown.append(f"{method} {path}")
        return reply({"message": "404: Not Found", "code": 0}, status=404)

    def _callback(self, interaction_id: str, token: str, body: dict[str, Any], files: list[tuple[str, bytes]]) -> web.Response:
        kind, data = body.get("type"), body.get("data") or {}
        answer: dict[str, Any] = {"interaction": {"id": interaction_id, "type": 2}}
        if kind in (4, 7):
            refused = self._checked(data, files)
            if refused:
                return refused
        if kind in (4, 5):  # a reply, or "thinking" (a deferred reply)
            message = self._message(0, data if kind == 4 else {}, files, flags=(data.get("flags") or 0) | (
                128 if kind == 5 else 0), interaction={})
            self.originals[token] = int(message["id"])
            answer["interaction"].update(response_message_id=message["id"], response_message_loading=kind == 5,
                                         response_message_ephemeral=bool((data.get("flags") or 0) & 64))
            answer["resource"] = {"type": kind, "message": message}
        else:
            answer["resource"] = {"type": kind}
        return reply(answer)

    def _webhook(self, method: str, parts: list[str], body: dict[str, Any], files: list[tuple[str, bytes]]) -> web.Response:
        token = parts[2]
        if method in ("POST", "PATCH"):
            refused = self._checked(body, files)
            if refused:
                return refused
        if method == "POST" and len(parts) == 3:  # a follow-up
            return reply(self._message(0, body, files, interaction={}))
        if len(parts) == 5 and parts[3] == "messages":
            mid = self.originals.get(token) if parts[4] == "@original" else int(parts[4])
            if mid is None or mid not in self.messages:
                return reply({"message": "Unknown Message", "code": 10008}, status=404)
            if method == "DELETE":
                return web.Response(status=204)
            if method == "PATCH":
                self.messages[mid].update({k: v for k, v in body.items() if k in ("content", "embeds", "components")})
                self.messages[mid]["edited_timestamp"] = iso()
            return reply(self.messages[mid])
        self.unknown.append(f"{method} /{'/'.join(parts)}")
        return reply({"message": "404: Not Found", "code": 0}, status=404)

    async def _channel(self, method: str, parts: list[str], body: dict[str, Any], files: list[tuple[str, bytes]]) -> web.Response:
        cid = int(parts[1])
        guild = next((g for g, c in CHANNELS.items() if c == cid), None)
        rest = parts[2:]
        if not rest:
            if cid in self.threads:
                if method == "PATCH":
                    meta = self.threads[cid]["thread_metadata"]
                    for key in ("archived", "locked", "auto_archive_duration"):
                        if key in body:
                            meta[key] = body[key]
                    if "name" in body:
                        self.threads[cid]["name"] = body["name"]
                    await self.event("THREAD_UPDATE", self.threads[cid])
                return reply(self.threads[cid])
            if guild is not None and method == "GET":
                return reply(text_channel(guild))
        if rest == ["messages"] and method == "POST":
            if self.rate_limit_next_post:
                self.rate_limit_next_post = False
                self.rate_limited.append(f"/channels/{cid}/messages")
                # What Discord answers to a burst: 429, the bucket's headers, and a JSON body with retry_after.
                return reply(
                    {"message": "You are being rate limited.", "retry_after": 0.75, "global": False},
                    status=429, headers={"Retry-After": "1", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                                         "X-RateLimit-Reset": f"{time.time() + 0.75:.3f}",
                                         "X-RateLimit-Reset-After": "0.750", "X-RateLimit-Bucket": "fakebucket",
                                         "X-RateLimit-Scope": "user", "Via": "1.1 google"})
            refused = self._checked(body, files)
            if refused:
                return refused
            return reply(self._message(cid, body, files))
        if rest[:1] == ["messages"] and len(rest) == 2 and method in ("PATCH", "GET", "DELETE"):
            mid = int(rest[1])
            if mid not in self.messages:
                return reply({"message": "Unknown Message", "code": 10008}, status=404)
            if method == "DELETE":
                return web.Response(status=204)
            if method == "PATCH":
                refused = self._checked(body, files)
                if refused:
                    return refused
                self.messages[mid].update({k: v for k, v in body.items() if k in ("content", "embeds", "components")})
            return reply(self.messages[mid])
        if rest == ["threads"] and method == "POST" or (rest[:1] == ["messages"] and rest[-1:] == ["threads"]):
            name = body.get("name") or ""
            if not 1 <= len(name) <= 100:
                self.problems.append(f"thread name has {len(name)} characters (1-100)")
                return reply({"message": "Invalid Form Body", "code": 50035}, status=400)
            tid = snowflake()
            thread = {"id": str(tid), "type": body.get("type") or 11, "guild_id": str(guild), "parent_id": str(cid),
                      "name": name, "owner_id": str(BOT_ID), "last_message_id": None, "rate_limit_per_user": 0,
                      "message_count": 0, "member_count": 1, "total_message_sent": 0, "flags": 0,
                      "thread_metadata": {"archived": False, "locked": False, "archive_timestamp": iso(),
                                          "auto_archive_duration": body.get("auto_archive_duration") or 4320},
                      "member": {"id": str(tid), "user_id": str(BOT_ID), "join_timestamp": iso(), "flags": 0}}
            self.threads[tid] = thread
            await self.event("THREAD_CREATE", {**thread, "newly_created": True})
            return reply(thread, status=201)
        if rest[:1] == ["thread-members"] and method in ("PUT", "DELETE"):
            return web.Response(status=204)
        if rest == ["typing"] and method == "POST":
            return web.Response(status=204)
        self.unknown.append(f"{method} /{'/'.join(parts)}")
        return reply({"message": "Unknown Channel", "code": 10003}, status=404)


__all__ = ["APP_ID", "BOT_ID", "CHANNELS", "FakeDiscord", "GUILDS", "USERS"]
