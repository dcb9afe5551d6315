"""A small Discord on localhost, for the protocol test: the REST routes the bot uses and a gateway.

It speaks the wire protocol discord.py speaks to discord.com (JSON over HTTP, JSON frames over a
websocket), so the bot under test runs unchanged: its HTTP client, rate-limit handling, gateway,
interaction parsing and views are all the real ones.  Everything it receives is recorded, and it refuses
what Discord refuses, as Discord answers:

* a message over a limit: 400 (50035), by the local table's own checks (`local/limits.py`); an embed
  naming an `attachment://` file the message does not carry is recorded as a problem (Discord posts it);
* an interaction acknowledged more than 3 s after it was created: 404 (10062 Unknown interaction), and a
  second acknowledgement: 400 (40060); follow-ups and edits on a token older than 15 minutes: 401 (50027);
* anything needing a permission the bot was not invited with (it has exactly the README's,
  `cogs/perms.py`): 403 (50013);
* failures injected with `fail` (`tools/protocol_fake/fake_faults.py`): 5xx bursts, 503, 429 with and without
  `Via`, for each `X-RateLimit-Scope`.

The gateway keeps the session's events: a RESUME replays those the bot missed (sent while it was cut off
or while the gateway was frozen), then RESUMED, as Discord does.  `freeze` leaves the connection open
and silent (no heartbeat ACK), as a dead route would.

The parts: the gateway (`fake_gateway.py`), the interactions and their rules (`fake_interactions.py`), the
injected failures (`fake_faults.py`), the world's payloads (`fake_payloads.py`); the REST routes are here.
"""
from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

import discord
from aiohttp import web

from local.limits import attachment_problems, command_problems, problems

from .fake_faults import Fault, take
from .fake_gateway import GatewaySide
from .fake_interactions import ACK_DEADLINE, TOKEN_LIFETIME, InteractionSide, Pending
from .fake_payloads import (APP_ID, BOT_ID, BOT_PERMISSIONS, BOT_USER, CHANNELS, GUILDS, USERS, error, iso, reply,
                            snowflake, text_channel, user)


@dataclass
class Call:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[tuple[str, bytes]]  # uploaded files (name, bytes)
    status: int = 0
    code: int = 0  # Discord's error code, for a refusal


@dataclass
class FakeDiscord(GatewaySide, InteractionSide):
    """Discord's REST API under /api/v10 and its gateway at /gateway, on 127.0.0.1 (a free port)."""
    calls: list[Call] = field(default_factory=list)
    frames: list[dict[str, Any]] = field(default_factory=list)  # what the bot sent on the gateway
    connects: list[dict[str, str]] = field(default_factory=list)  # query of each gateway connection
    connected_at: list[float] = field(default_factory=list)  # when each gateway connection opened
    closes: list[Optional[int]] = field(default_factory=list)  # how each gateway connection ended
    problems: list[str] = field(default_factory=list)  # payloads over Discord's limits (answered 400)
    unknown: list[str] = field(default_factory=list)  # routes this fake does not model (answered 404)
    faults: list[Fault] = field(default_factory=list)  # failures to answer with (`fail`)
    injected: list[tuple[str, int]] = field(default_factory=list)  # (path, status) of each failure answered
    commands: list[dict[str, Any]] = field(default_factory=list)
    messages: dict[int, dict[str, Any]] = field(default_factory=dict)
    threads: dict[int, dict[str, Any]] = field(default_factory=dict)
    interactions: dict[str, Pending] = field(default_factory=dict)  # token -> what became of it
    replayed: int = 0  # events a RESUME replayed
    bot_permissions: discord.Permissions = BOT_PERMISSIONS

    def __post_init__(self) -> None:
        self.port = 0
        self.seq = 0
        self.session_id = "fake-session-1"
        self.session: list[dict[str, Any]] = []  # the session's dispatched frames, for a RESUME to replay
        self.ws: Optional[web.WebSocketResponse] = None
        self.frozen = False  # the connection stays open and says nothing (`freeze`)
        self.transport: Optional[asyncio.BaseTransport] = None  # the gateway connection's TCP transport
        self.zlib: dict[web.WebSocketResponse, Any] = {}  # each connection's compression stream (zlib-stream)
        self.changed = asyncio.Condition()
        self.runner: Optional[web.AppRunner] = None
        self.originals: dict[str, int] = {}  # interaction token -> its original response's message id

    # -- failures and refusals -----------------------------------------------------------------------
    def fail(self, status: int, **how: Any) -> Fault:
        """Answer the next matching request(s) with a failure (`Fault`: 5xx, 503, 429 of any kind)."""
        fault = Fault(status, **how)
        self.faults.append(fault)
        return fault

    @property
    def rate_limited(self) -> list[str]:
        return [path for path, status in self.injected if status == 429]

    def refusals(self, *codes: int) -> list[Call]:
        """The calls refused with one of Discord's error `codes` (all refusals when none is given)."""
        return [c for c in self.calls if c.status >= 400 and (c.code in codes if codes else True)]

    def age_tokens(self, seconds: float) -> None:
        """Every interaction so far happened `seconds` earlier (a test cannot wait 15 minutes)."""
        for pending in self.interactions.values():
            pending.created -= seconds
            if pending.acked is not None:
                pending.acked -= seconds

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

    # -- REST ----------------------------------------------------------------------------------------
    async def rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["path"]
        body, files = await self._body(request)
        call = Call(request.method, path, dict(request.query), body, files)
        self.calls.append(call)
        try:
            fault = take(self.faults, request.method, path)
            if fault is not None:
                self.injected.append((path, fault.status))
                response: web.Response = fault.response()
            else:
                response = await self._route(request.method, path, call)
        finally:
            await self._notify()
        call.status = response.status
        if response.status >= 400 and response.content_type == "application/json" and response.body:
            call.code = int(json.loads(response.body).get("code") or 0)  # type: ignore[arg-type]
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

    @staticmethod
    def _attachments(files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
        return [{"id": str(snowflake()), "filename": name, "size": len(data), "url": f"https://cdn.invalid/{name}",
                 "proxy_url": f"https://cdn.invalid/{name}"} for name, data in files]

    def _message(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]],
                 flags: int = 0, interaction: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        mid = snowflake()
        message = {
            "id": str(mid), "channel_id": str(channel_id), "author": BOT_USER, "content": payload.get("content") or "",
            "timestamp": iso(), "edited_timestamp": None, "tts": False, "mention_everyone": False, "mentions": [],
            "mention_roles": [], "attachments": self._attachments(files),
            "embeds": payload.get("embeds") or [], "pinned": False, "type": 0 if interaction is None else 20,
            "components": payload.get("components") or [], "flags": flags | (payload.get("flags") or 0),
        }
        if channel_id in self.threads:
            message["guild_id"] = self.threads[channel_id]["guild_id"]
        if payload.get("nonce") is not None:  # Discord returns the nonce a post carried (not deduplicated here:
            message["nonce"] = payload["nonce"]  # a repeated nonce makes a second message, so a test can count them)
        self.messages[mid] = message
        return message

    def _edit(self, mid: int, body: dict[str, Any], files: list[tuple[str, bytes]]) -> dict[str, Any]:
        message = self.messages[mid]
        message.update({k: v for k, v in body.items() if k in ("content", "embeds", "components")})
        if "attachments" in body:  # the kept ones (by id), then the new files
            kept = {str(a.get("id")) for a in body.get("attachments") or []}
            message["attachments"] = [a for a in message["attachments"] if a["id"] in kept] + self._attachments(files)
        message["edited_timestamp"] = iso()
        return message

    def _checked(self, payload: Optional[dict[str, Any]], files: list[tuple[str, bytes]],
                 editing: Optional[int] = None) -> Optional[web.Response]:
        """Discord's 400 for a payload over a limit (None: it fits).  An `attachment://` name matching no file
        is recorded, not refused (Discord shows the embed without its image)."""
        kept = [a["filename"] for a in (self.messages.get(editing) or {}).get("attachments") or []] \
            if editing is not None else []
        self.problems.extend(attachment_problems(payload or {}, files, kept))
        found = problems(payload or {}, files)
        if found:
            self.problems.extend(found)
            return reply({"message": "Invalid Form Body", "code": 50035,
                          "errors": {"_errors": [{"code": "BASE_TYPE_BAD", "message": p} for p in found]}},
                         status=400)
        return None

    def _missing(self, *names: str) -> Optional[web.Response]:
        """Discord's 403 when the bot lacks one of the named permissions (None: it has them all)."""
        if all(getattr(self.bot_permissions, name) for name in names):
            return None
        return error(403, 50013, "Missing Permissions")

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
                return reply({"message": "Invalid Form Body", "code": 50035, "errors": found}, status=400)
            self.commands = [{**c, "id": str(snowflake()), "application_id": str(APP_ID), "version": "1",
                              "default_member_permissions": c.get("default_member_permissions")} for c in body]
            return reply(self.commands)
        if parts[:1] == ["interactions"] and parts[-1] == "callback" and method == "POST":
            return self._callback(parts[1], parts[2], body, call.files)
        if parts[:1] == ["webhooks"] and len(parts) >= 3:
            return self._webhook(method, parts, body, call.files)
        if parts[:1] == ["channels"]:
            return await self._channel(method, parts, body, call.files, call.query)
        self.unknown.append(f"{method} {path}")
        return reply({"message": "404: Not Found", "code": 0}, status=404)

    async def _edit_thread(self, cid: int, body: dict[str, Any]) -> web.Response:
        thread = self.threads[cid]
        meta = thread["thread_metadata"]
        owner = thread["owner_id"] == str(BOT_ID)
        if "locked" in body and body["locked"] != meta["locked"]:
            refused = self._missing("manage_threads")  # only moderators lock or unlock
        elif body.get("archived") is False and meta["archived"]:
            refused = self._missing("manage_threads") if meta["locked"] else self._missing("send_messages_in_threads")
        elif ("archived" in body or "name" in body or "auto_archive_duration" in body) and not owner:
            refused = self._missing("manage_threads")  # a thread's creator may; anyone else needs Manage Threads
        else:
            refused = None
        if refused:
            return refused
        for key in ("archived", "locked", "auto_archive_duration"):
            if key in body:
                meta[key] = body[key]
        if "name" in body:
            thread["name"] = body["name"]
        await self.event("THREAD_UPDATE", thread)
        return reply(thread)

    async def _post(self, cid: int, body: dict[str, Any], files: list[tuple[str, bytes]]) -> web.Response:
        thread = self.threads.get(cid)
        needs = ["view_channel", "send_messages_in_threads" if thread else "send_messages"]
        if files:
            needs.append("attach_files")
        refused = self._missing(*needs)
        if refused is None and thread and thread["thread_metadata"]["locked"]:
            refused = self._missing("manage_threads")
        if refused:
            return refused
        refused = self._checked(body, files)
        if refused:
            return refused
        if thread and thread["thread_metadata"]["archived"]:  # a post unarchives an unlocked thread
            thread["thread_metadata"]["archived"] = False
            await self.event("THREAD_UPDATE", thread)
        return reply(self._message(cid, body, files))

    async def _channel(self, method: str, parts: list[str], body: dict[str, Any],
                       files: list[tuple[str, bytes]], query: dict[str, str]) -> web.Response:
        cid = int(parts[1])
        guild = next((g for g, c in CHANNELS.items() if c == cid), None)
        rest = parts[2:]
        if not rest:
            if cid in self.threads:
                if method == "PATCH":
                    return await self._edit_thread(cid, body)
                return reply(self.threads[cid])
            if guild is not None and method == "GET":
                return reply(text_channel(guild))
        if rest == ["messages"] and method == "POST":
            return await self._post(cid, body, files)
        if rest == ["messages"] and method == "GET":  # a channel's history, newest first (1-100, default 50)
            refused = self._missing("view_channel", "read_message_history")
            if refused:
                return refused
            limit = max(1, min(100, int(str(query.get("limit") or 50)[:3])))
            found = sorted((m for m in self.messages.values() if m["channel_id"] == str(cid)),
                           key=lambda m: int(m["id"]), reverse=True)
            return reply(found[:limit])
        if rest[:1] == ["messages"] and len(rest) == 2 and method in ("PATCH", "GET", "DELETE"):
            mid = int(rest[1])
            if mid not in self.messages:
                return error(404, 10008, "Unknown Message")
            if method == "DELETE":
                if self.messages[mid]["author"]["id"] != str(BOT_ID):
                    return self._missing("manage_messages") or web.Response(status=204)
                return web.Response(status=204)
            return self._edited_or_read(mid, method, body, files)
        if rest[:2] == ["messages", "pins"] or rest == ["messages", "bulk-delete"]:
            return self._missing("manage_messages") or web.Response(status=204)
        if rest[:1] == ["messages"] and "reactions" in rest:
            return self._missing("add_reactions", "read_message_history") or web.Response(status=204)
        if rest == ["threads"] and method == "POST" or (rest[:1] == ["messages"] and rest[-1:] == ["threads"]):
            return await self._new_thread(cid, guild, body)
        if rest[:1] == ["thread-members"] and method in ("PUT", "DELETE"):
            return web.Response(status=204)
        if rest == ["typing"] and method == "POST":
            return web.Response(status=204)
        self.unknown.append(f"{method} /{'/'.join(parts)}")
        return reply({"message": "Unknown Channel", "code": 10003}, status=404)

    async def _new_thread(self, cid: int, guild: Optional[int], body: dict[str, Any]) -> web.Response:
        private = int(body.get("type") or 11) == 12
        refused = self._missing("view_channel", "create_private_threads" if private else "create_public_threads")
        if refused:
            return refused
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


__all__ = ["ACK_DEADLINE", "APP_ID", "BOT_ID", "CHANNELS", "Fault", "FakeDiscord", "GUILDS", "Pending",
           "TOKEN_LIFETIME",
           "USERS"]
