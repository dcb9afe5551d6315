"""The Discord side of the local table: what Discord would do with each request.

:class:`LocalDiscord` answers the bot's HTTP requests (routed here by
:class:`local.http.LocalHTTPClient`) and its interaction responses and
followups (routed here by :class:`local.webhook.LocalWebhookAdapter`).
It keeps the registry up to date, writes attached files under ``out_dir``
and collects every message the bot sends as a :class:`Sent` in ``outbox``.
"""
from __future__ import annotations

import json
import logging
import mimetypes
import os
import re
import time
import urllib.parse
from pathlib import Path
from typing import Any, Awaitable, Callable, Optional

import discord

from .errors import FakeResponse, http_error
from .interactions import EPHEMERAL, LOADING, InteractionRecord, InteractionSide
from .threads import MAX_ACTIVE_THREADS, ThreadSide
from .limits import Ledger, RateModel, check_message, command_problems
from .messages import Sent
from .payloads import (
    BOT_PERMISSIONS, channel_payload, guild_payload, member_payload, message_payload,
    role_ids, roles_payload, user_payload, iso,
)
from .registry import ChannelRow, Registry, UserRow, snowflake_now

__all__ = ["LocalDiscord", "InteractionRecord", "FakeResponse", "http_error"]

_log = logging.getLogger(__name__)

NONCE_WINDOW = 300.0  # seconds Discord remembers an enforced nonce ("the past few minutes")


def _template_regex(template: str) -> re.Pattern[str]:
    parts = re.split(r"(\{[a-z_]+\})", template)
    rx = "".join(f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts)
    return re.compile(rx + r"$")


def route_params(template: str, url: str) -> dict[str, str]:
    """The path parameters of a discord.py ``Route`` (its template and formatted url)."""
    path = url.split("/api/v10", 1)[-1] if "/api/v10" in url else url
    m = _template_regex(template).search(path)
    if not m:
        return {}
    return {k: urllib.parse.unquote(v) for k, v in m.groupdict().items()}


def _split_body(kwargs: dict[str, Any], form: Optional[list[dict[str, Any]]], files: Any
                ) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """The JSON body and uploaded files of a request, however discord.py sent them."""
    body: Any = {}
    if "json" in kwargs and kwargs["json"] is not None:
        raw = kwargs["json"]
        body = list(raw) if isinstance(raw, list) else dict(raw)
    uploads: list[tuple[str, bytes]] = []
    for entry in form or []:
        if entry.get("name") == "payload_json":
            body = json.loads(entry["value"])
        elif str(entry.get("name", "")).startswith("files["):
            fp = entry["value"]
            if hasattr(fp, "seek"):
                try:
                    fp.seek(0)
                except Exception:
                    pass
            data = fp.read() if hasattr(fp, "read") else bytes(fp)
            uploads.append((entry.get("filename") or "file", data))
    return body, uploads


class LocalDiscord(ThreadSide, InteractionSide):
    """A tiny Discord: its guilds (servers), their channels and threads, users and DMs, all from the registry."""

    def __init__(self, registry: Registry, out_dir: str, *, managers: set[str],
                 bot_permissions: discord.Permissions = BOT_PERMISSIONS,
                 closed_dms: set[str] = frozenset(), ack_deadline: Optional[float] = 3.0,
                 clock: Optional[Callable[[], float]] = None, rate: Optional[RateModel] = None):
        self.registry = registry
        self.clock = clock or time.time  # the time threads idle by (auto-archive); `--now` shifts it
        self.ledger = Ledger()  # messages checked, limit violations, 429s, refused requests (local/limits.py)
        self.rate = rate or RateModel()
        self.max_active_threads = MAX_ACTIVE_THREADS
        self.closed_dms = {n.lower() for n in closed_dms}
        self.ack_deadline = ack_deadline
        self.out_dir = out_dir
        self.managers = {m.lower() for m in managers}
        self.bot_permissions = bot_permissions
        self.outbox: list[Sent] = []
        self.interactions: dict[str, InteractionRecord] = {}
        self.commands: dict[Optional[int], list[dict[str, Any]]] = {}
        self.state: Any = None  # the bot's ConnectionState, for gateway-style events (threads)
        self.requests: list[tuple[str, str]] = []  # (method, path template) of every HTTP call
        self.nonce_repeats = 0  # posts answered with the message their nonce already made (no second message)

    # -- helpers --------------------------------------------------------------------

    @property
    def bot_user(self) -> UserRow:
        user = self.registry.user_by_id(self.registry.bot_id)
        assert user is not None
        return user

    def name_of(self, kind: str, snowflake: int) -> Optional[str]:
        """Names for mentions in readable output."""
        if kind == "user":
            user = self.registry.user_by_id(snowflake)
            return user.name if user else None
        if kind == "channel":
            row = self.registry.channel_by_id(snowflake)
            return row.name if row else None
        for guild in self.registry.guilds():
            ids = role_ids(self.registry, guild.id)
            name = {ids.everyone: "everyone", ids.bot: "Table bot", ids.admin: "Table admin"}.get(snowflake)
            if name is not None:
                return name
        return None

    def guild_name(self, channel: ChannelRow) -> Optional[str]:
        """The name of the server a channel belongs to (what ``--guild`` takes); None for a DM."""
        guild = self.registry.guild_by_id(channel.guild_id)
        return guild.name if guild else None

    def _channel(self, channel_id: Any) -> ChannelRow:
        row = self.registry.channel_by_id(int(channel_id))
        if row is None:
            raise http_error(404, 10003, "Unknown Channel")
        return row

    def _write_files(self, message_id: int, uploads: list[tuple[str, bytes]], body: dict[str, Any]
                     ) -> list[dict[str, Any]]:
        """Write uploads under out_dir; return their attachment payloads."""
        descriptions = {}
        for a in body.get("attachments") or []:
            if isinstance(a.get("id"), int) and a["id"] < len(uploads):
                descriptions[a["id"]] = a
        out = []
        if uploads:
            Path(self.out_dir).mkdir(parents=True, exist_ok=True)
        for index, (filename, data) in enumerate(uploads):
            safe = re.sub(r"[^A-Za-z0-9._-]", "_", os.path.basename(filename)) or "file"
            path = os.path.join(self.out_dir, f"{message_id}-{safe}")
            with open(path, "wb") as fh:
                fh.write(data)
            att = {
                "id": str(snowflake_now()), "filename": filename, "size": len(data),
                "url": Path(path).resolve().as_uri(), "proxy_url": Path(path).resolve().as_uri(),
                "content_type": mimetypes.guess_type(filename)[0] or "application/octet-stream",
                "local_path": path,
            }
            extra = descriptions.get(index, {})
            if extra.get("description"):
                att["description"] = extra["description"]
            out.append(att)
        return out

    @staticmethod
    def _paths(payload: dict[str, Any]) -> list[str]:
        return [a["local_path"] for a in payload.get("attachments") or [] if a.get("local_path")]

    def _record(self, payload: dict[str, Any], channel: ChannelRow, *, ephemeral: bool, to_user: Optional[UserRow],
                edited: bool = False) -> Sent:
        sent = Sent(
            guild=self.guild_name(channel), channel=channel.name, ephemeral=ephemeral,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []), files=self._paths(payload),
            components=list(payload.get("components") or []), message_id=int(payload["id"]), edited=edited,
            to_user=to_user.name if (ephemeral and to_user) else None,
            private_thread=channel.id if channel.kind == "private_thread" else None,
        )
        self.outbox.append(sent)
        return sent

    def _check(self, channel: ChannelRow, *, files: bool = False) -> None:
        """Refuse like Discord when the bot lacks a permission for a bot-token post, or the thread is locked."""
        perms = self.bot_permissions
        if channel.kind == "dm":
            user = self.registry.user_by_id(channel.recipient_id or 0)
            if user is None or user.name.lower() in self.closed_dms:
                raise http_error(403, 50007, "Cannot send messages to this user")
            return
        if not perms.view_channel:
            raise http_error(403, 50001, "Missing Access")
        needed = "send_messages_in_threads" if channel.is_thread else "send_messages"
        if not getattr(perms, needed) or (files and not perms.attach_files):
            raise http_error(403, 50013, "Missing Permissions")
        if channel.is_thread and channel.locked and not perms.manage_threads:
            raise http_error(403, 50013, "Missing Permissions")  # a locked thread: moderators only

    def check(self, body: dict[str, Any], uploads: list[tuple[str, bytes]] = (), *, count: bool = True,
              editing: Optional[int] = None) -> None:
        """Discord's 400 for a message over a limit; `count`: a message the sweep counts as checked; `editing`:
        the message an edit changes (the files it keeps may be named by its embeds)."""
        check_message(body, uploads, self.ledger if count else None, kept=self._kept_files(editing, body))

    def _kept_files(self, message_id: Optional[int], body: dict[str, Any]) -> list[str]:
        """The file names an edit of `message_id` keeps: the old attachments its `attachments` lists (all of
        them when it does not list any)."""
        row = self.registry.message(message_id) if message_id is not None else None
        if row is None:
            return []
        old = row.payload.get("attachments") or []
        if "attachments" not in body:
            return [str(a.get("filename")) for a in old]
        listed = {str(a.get("id")) for a in body.get("attachments") or []}
        return [str(a.get("filename")) for a in old if str(a.get("id")) in listed]

    # -- threads: idle ones archive themselves; a server holds at most 1,000 active ones -----------

    def create_message(self, channel: ChannelRow, body: dict[str, Any], uploads: list[tuple[str, bytes]], *,
                       visible_to: Optional[UserRow] = None, webhook: bool = False,
                       interaction: Optional[InteractionRecord] = None, message_id: Optional[int] = None,
                       record: bool = True, checked: bool = False) -> dict[str, Any]:
        if not checked:
            self.check(body, uploads, count=record)
        message_id = message_id or snowflake_now()
        if channel.is_thread and channel.archived and not channel.locked:
            self.registry.update_channel(channel.id, archived=False)
        meta = None
        if interaction is not None:
            meta = {"id": str(interaction.id), "type": interaction.kind, "user": user_payload(interaction.user),
                    "authorizing_integration_owners": {"0": str(channel.guild_id or 0)}}
        payload = message_payload(
            message_id=message_id, channel=channel, registry=self.registry, author=self.bot_user, body=body,
            attachments=self._write_files(message_id, uploads, body),
            webhook_id=self.registry.application_id if webhook else None, interaction=meta,
        )
        ephemeral = bool(payload["flags"] & EPHEMERAL)
        if record:
            self.registry.save_message(payload, visible_to.id if (ephemeral and visible_to) else None)
            self._record(payload, channel, ephemeral=ephemeral, to_user=visible_to)
        return payload

    def edit_message(self, message_id: int, body: dict[str, Any], uploads: list[tuple[str, bytes]], *,
                     as_new: bool = False, checked: bool = False) -> dict[str, Any]:
        if not checked:
            self.check(body, uploads, editing=message_id)
        row = self.registry.message(message_id)
        if row is None:
            raise http_error(404, 10008, "Unknown Message")
        payload = dict(row.payload)
        channel = self._channel(payload["channel_id"])
        for key in ("content", "embeds", "components"):
            if key in body:
                payload[key] = body[key] if body[key] is not None else ("" if key == "content" else [])
        if "flags" in body and body["flags"] is not None:
            keep = payload.get("flags", 0) & (EPHEMERAL)
            payload["flags"] = (int(body["flags"]) & ~LOADING) | keep
        else:
            payload["flags"] = payload.get("flags", 0) & ~LOADING
        new = self._write_files(message_id, uploads, body)
        if "attachments" in body:
            old = {str(a["id"]): a for a in payload.get("attachments") or []}
            kept = [old[str(a["id"])] for a in body["attachments"] or [] if str(a.get("id")) in old]
            payload["attachments"] = kept + new
        else:
            payload["attachments"] = list(payload.get("attachments") or []) + new
        if not as_new:
            payload["edited_timestamp"] = iso()
        self.registry.save_message(payload, row.visible_to)
        viewer = self.registry.user_by_id(row.visible_to) if row.visible_to else None
        self._record(payload, channel, ephemeral=bool(payload["flags"] & EPHEMERAL), to_user=viewer,
                     edited=not as_new)
        return payload

    # -- HTTP (bot token) --------------------------------------------------------------

    async def handle_http(self, route: discord.http.Route, *, files: Any = None,
                          form: Optional[list[dict[str, Any]]] = None, **kwargs: Any) -> Any:
        key = (route.method, route.path)
        self.requests.append(key)
        handler = _HTTP_ROUTES.get(key)
        if handler is None:
            _log.warning("local table: no fake for %s %s", route.method, route.path)
            raise http_error(405, 0, f"the local table does not fake {route.method} {route.path}")
        params = route_params(route.path, route.url)
        body, uploads = _split_body(kwargs, list(form) if form else None, files)
        self.archive_idle_threads()
        try:
            return await handler(self, params, body, uploads, kwargs.get("params") or {})
        except discord.HTTPException as exc:
            if "channel_id" in params:  # a refused request: Discord counts 401/403/429 towards a ban
                self.ledger.refused.append((int(params["channel_id"]), exc.status, f"{route.method} {route.path}"))
            raise

    # identity
    async def _me(self, p, body, uploads, q):
        return user_payload(self.bot_user)

    async def _get_user(self, p, body, uploads, q):
        user = self.registry.user_by_id(int(p["user_id"]))
        if user is None:
            raise http_error(404, 10013, "Unknown User")
        return user_payload(user)

    async def _app_info(self, p, body, uploads, q):
        bot = self.bot_user
        owner = self.registry.user(sorted(self.managers)[0]) if self.managers else bot
        return {
            "id": str(self.registry.application_id), "name": bot.name, "icon": None,
            "description": "A board-game table running locally", "rpc_origins": [], "bot_public": False,
            "bot_require_code_grant": False, "owner": user_payload(owner), "summary": "",
            "verify_key": "0" * 64, "team": None, "flags": 0, "bot": user_payload(bot),
            "interactions_endpoint_url": None, "redirect_uris": [],
            "approximate_guild_count": len(self.registry.guilds()),
        }

    async def _no_gateway(self, p, body, uploads, q):
        raise http_error(400, 0, "the local table has no gateway")

    # application commands (tree.sync and friends)
    def _command_payload(self, guild_id: Optional[int], data: dict[str, Any]) -> dict[str, Any]:
        out = dict(data)
        out["id"] = str(self.registry.command_id(data["name"]))
        out["application_id"] = str(self.registry.application_id)
        out["version"] = str(snowflake_now())
        out.setdefault("type", 1)
        out.setdefault("description", "")
        out.setdefault("default_member_permissions", None)
        out.setdefault("dm_permission", True)
        out.setdefault("nsfw", False)
        if guild_id is not None:
            out["guild_id"] = str(guild_id)
        return out

    def _check_commands(self, items: list[dict[str, Any]]) -> None:
        found = command_problems(items)
        if found:
            self.ledger.violation(found)
            raise http_error(400, 50035, "Invalid Form Body: " + "; ".join(found))

    async def _get_commands(self, p, body, uploads, q):
        return list(self.commands.get(int(p["guild_id"]) if "guild_id" in p else None, []))

    async def _put_commands(self, p, body, uploads, q):
        gid = int(p["guild_id"]) if "guild_id" in p else None
        # bulk upsert sends a JSON list; discord.py passes it as json=
        items = body if isinstance(body, list) else []
        self._check_commands(items)
        self.commands[gid] = [self._command_payload(gid, c) for c in items]
        return list(self.commands[gid])

    async def _post_command(self, p, body, uploads, q):
        gid = int(p["guild_id"]) if "guild_id" in p else None
        self._check_commands([body])
        cmd = self._command_payload(gid, body)
        current = [c for c in self.commands.get(gid, []) if c["name"] != cmd["name"]]
        self.commands[gid] = current + [cmd]
        return cmd

    async def _delete_command(self, p, body, uploads, q):
        return None

    # guild
    async def _get_guild(self, p, body, uploads, q):
        gid = self._guild_check(p)
        data = guild_payload(self.registry, bot_permissions=self.bot_permissions, managers=self.managers,
                             guild_id=gid)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        data["approximate_member_count"] = len(self.registry.users())
        return data

    def _guild_check(self, p: dict[str, str]) -> int:
        """The id of a server the table knows, else Discord's 404."""
        guild = self.registry.guild_by_id(int(p["guild_id"]))
        if guild is None:
            raise http_error(404, 10004, "Unknown Guild")
        return guild.id

    async def _guild_channels(self, p, body, uploads, q):
        gid = self._guild_check(p)
        return [channel_payload(c, self.registry) for c in self.registry.channels(("text",), gid)]

    async def _guild_roles(self, p, body, uploads, q):
        return roles_payload(self.registry, self.bot_permissions, self._guild_check(p))

    def _member(self, user: UserRow, guild_id: Optional[int] = None) -> dict[str, Any]:
        ids = role_ids(self.registry, guild_id)
        if user.id == self.registry.bot_id:
            roles = [ids.bot]
        else:
            roles = [ids.admin] if user.name.lower() in self.managers else []
        return member_payload(user, roles)

    async def _get_member(self, p, body, uploads, q):
        gid = self._guild_check(p)
        user = self.registry.user_by_id(int(p.get("member_id") or p.get("user_id")))
        if user is None:
            raise http_error(404, 10007, "Unknown Member")
        return self._member(user, gid)

    async def _list_members(self, p, body, uploads, q):
        gid = self._guild_check(p)
        after = int(q.get("after", 0) or 0)
        limit = int(q.get("limit", 1000) or 1000)
        return [self._member(u, gid) for u in self.registry.users() if u.id > after][:limit]

    # channels
    async def _get_channel(self, p, body, uploads, q):
        return channel_payload(self._channel(p["channel_id"]), self.registry)

    def _gateway(self, parser: str, data: dict[str, Any]) -> None:
        """Apply the gateway event Discord would send after this request (thread create/update/delete)."""
        if self.state is None:
            return
        try:
            getattr(self.state, parser)(data)
        except Exception:  # the cache is a convenience; never fail the request over it
            _log.exception("local table: applying %s failed", parser)

    async def _nothing(self, p, body, uploads, q):
        if "channel_id" in p:
            self._channel(p["channel_id"])
        return None

    async def _open_dm(self, p, body, uploads, q):
        user = self.registry.user_by_id(int(body.get("recipient_id") or p.get("user_id") or 0))
        if user is None:
            raise http_error(400, 50007, "Cannot send messages to this user")
        return channel_payload(self.registry.dm_channel(user.id), self.registry)

    # messages
    async def _post_message(self, p, body, uploads, q):
        channel = self._channel(p["channel_id"])
        self._check(channel, files=bool(uploads))
        if channel.is_thread and channel.archived and channel.locked and not self.bot_permissions.manage_threads:
            raise http_error(400, 50083, "Thread is archived")
        wait = self.rate.retry_after(channel.id)
        if wait is not None:  # faster than the channel accepts: Discord's 429
            self.ledger.rate_limited += 1
            self.ledger.rate_limited_by_channel[channel.id] += 1
            if self.rate.enforce:
                raise http_error(429, 20028, "You are being rate limited.", retry_after=wait)
        if not (body.get("content") or body.get("embeds") or uploads or body.get("components")
                or body.get("sticker_ids") or body.get("poll")):
            raise http_error(400, 50006, "Cannot send an empty message")
        nonce = str(body["nonce"]) if body.get("nonce") is not None else None
        if nonce is not None and body.get("enforce_nonce"):
            made = self._same_nonce(channel.id, nonce)
            if made is not None:  # Discord answers a repeated nonce with the message it made, not a second one
                self.nonce_repeats += 1
                return made
        payload = self.create_message(channel, body, uploads)
        if nonce is not None:
            payload.update(nonce=nonce, _nonce_at=self.clock())
            self.registry.save_message(payload)
        return payload

    def _same_nonce(self, channel_id: int, nonce: str) -> Optional[dict[str, Any]]:
        """The bot's message of the last NONCE_WINDOW seconds in this channel made with this nonce."""
        for row in self.registry.history(channel_id, limit=50):
            if row.payload.get("nonce") == nonce and self.clock() - float(row.payload.get("_nonce_at") or 0) \
                    <= NONCE_WINDOW:
                return row.payload
        return None

    async def _get_message(self, p, body, uploads, q):
        return self._public_message(p).payload

    async def _history(self, p, body, uploads, q):
        channel = self._channel(p["channel_id"])
        limit = int(q.get("limit", 50) or 50)
        rows = self.registry.history(channel.id, limit=limit, before=q.get("before"), after=q.get("after"))
        return [r.payload for r in rows]

    def _public_message(self, p: dict[str, str]) -> Any:
        """A message the bot token can reach (ephemeral ones only through their interaction)."""
        row = self.registry.message(int(p["message_id"]))
        if row is None or row.channel_id != int(p["channel_id"]) or row.visible_to is not None:
            raise http_error(404, 10008, "Unknown Message")
        return row

    async def _edit_message(self, p, body, uploads, q):
        row = self._public_message(p)
        return self.edit_message(row.id, body, uploads)

    def _needs(self, channel_id: Any, *names: str) -> None:
        """Discord's 403 when the bot lacks any of the named permissions (it has exactly what it was given)."""
        self._channel(channel_id)
        if not all(getattr(self.bot_permissions, name) for name in names):
            raise http_error(403, 50013, "Missing Permissions")

    async def _delete_message(self, p, body, uploads, q):
        row = self._public_message(p)
        if int(row.payload.get("author", {}).get("id") or 0) != self.registry.bot_id:
            self._needs(p["channel_id"], "manage_messages")  # someone else's message
        self.registry.delete_message(row.id)
        return None

    async def _bulk_delete(self, p, body, uploads, q):
        self._needs(p["channel_id"], "manage_messages")
        for mid in body.get("messages") or []:
            self.registry.delete_message(int(mid))
        return None

    async def _react(self, p, body, uploads, q):
        self._needs(p["channel_id"], "add_reactions", "read_message_history")
        return None

    async def _unreact_others(self, p, body, uploads, q):
        self._needs(p["channel_id"], "manage_messages")
        return None

    async def _pin(self, p, body, uploads, q):
        self._needs(p["channel_id"], "manage_messages")
        return None

_HTTP_ROUTES: dict[tuple[str, str], Callable[..., Awaitable[Any]]] = {
    ("GET", "/users/@me"): LocalDiscord._me,
    ("GET", "/users/{user_id}"): LocalDiscord._get_user,
    ("GET", "/oauth2/applications/@me"): LocalDiscord._app_info,
    ("GET", "/applications/@me"): LocalDiscord._app_info,
    ("GET", "/gateway"): LocalDiscord._no_gateway,
    ("GET", "/gateway/bot"): LocalDiscord._no_gateway,
    ("GET", "/applications/{application_id}/commands"): LocalDiscord._get_commands,
    ("PUT", "/applications/{application_id}/commands"): LocalDiscord._put_commands,
    ("POST", "/applications/{application_id}/commands"): LocalDiscord._post_command,
    ("DELETE", "/applications/{application_id}/commands/{command_id}"): LocalDiscord._delete_command,
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands"): LocalDiscord._get_commands,
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): LocalDiscord._put_commands,
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands"): LocalDiscord._post_command,
    ("DELETE", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"):
        LocalDiscord._delete_command,
    ("GET", "/guilds/{guild_id}"): LocalDiscord._get_guild,
    ("GET", "/guilds/{guild_id}/channels"): LocalDiscord._guild_channels,
    ("GET", "/guilds/{guild_id}/roles"): LocalDiscord._guild_roles,
    ("GET", "/guilds/{guild_id}/members/{member_id}"): LocalDiscord._get_member,
    ("GET", "/guilds/{guild_id}/members"): LocalDiscord._list_members,
    ("GET", "/guilds/{guild_id}/threads/active"): ThreadSide._active_threads,
    ("GET", "/channels/{channel_id}"): LocalDiscord._get_channel,
    ("PATCH", "/channels/{channel_id}"): ThreadSide._edit_channel,
    ("DELETE", "/channels/{channel_id}"): ThreadSide._delete_channel,
    ("POST", "/channels/{channel_id}/threads"): ThreadSide._start_thread,
    ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): ThreadSide._start_thread_on_message,
    ("GET", "/channels/{channel_id}/thread-members"): ThreadSide._thread_members,
    ("GET", "/channels/{channel_id}/thread-members/{user_id}"): ThreadSide._thread_member,
    ("PUT", "/channels/{channel_id}/thread-members/@me"): LocalDiscord._nothing,
    ("DELETE", "/channels/{channel_id}/thread-members/@me"): LocalDiscord._nothing,
    ("PUT", "/channels/{channel_id}/thread-members/{user_id}"): ThreadSide._add_thread_member,
    ("DELETE", "/channels/{channel_id}/thread-members/{user_id}"): LocalDiscord._nothing,
    ("POST", "/channels/{channel_id}/typing"): LocalDiscord._nothing,
    ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): LocalDiscord._react,
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): LocalDiscord._nothing,
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/{member_id}"):
        LocalDiscord._unreact_others,
    ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}"): LocalDiscord._unreact_others,
    ("PUT", "/channels/{channel_id}/messages/pins/{message_id}"): LocalDiscord._pin,
    ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}"): LocalDiscord._pin,
    ("POST", "/users/@me/channels"): LocalDiscord._open_dm,
    ("POST", "/channels/{channel_id}/messages"): LocalDiscord._post_message,
    ("GET", "/channels/{channel_id}/messages"): LocalDiscord._history,
    ("GET", "/channels/{channel_id}/messages/{message_id}"): LocalDiscord._get_message,
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"): LocalDiscord._edit_message,
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"): LocalDiscord._delete_message,
    ("POST", "/channels/{channel_id}/messages/bulk-delete"): LocalDiscord._bulk_delete,
}

#: The (method, path) pairs of discord.py ``Route`` objects the fake answers.
HTTP_ROUTES = tuple(sorted(_HTTP_ROUTES))
