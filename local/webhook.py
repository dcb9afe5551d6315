"""Interaction responses at the local table.

discord.py answers interactions through the webhook adapter held by the
context variable ``discord.webhook.async_.async_context``: the initial
response (``create_interaction_response``: message, defer, update,
autocomplete result, modal), followups (``execute_webhook``) and the
get/edit/delete of ``@original`` and followup messages.  Every one of them
ends in ``AsyncWebhookAdapter.request(route, session, ...)``, which this
adapter overrides to answer from :class:`LocalDiscord` instead of the network.
"""
from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any, Optional, Sequence

import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from .server import http_error, route_params

if TYPE_CHECKING:
    from .server import LocalDiscord

__all__ = ["LocalWebhookAdapter"]


class LocalWebhookAdapter(AsyncWebhookAdapter):
    """Captures interaction callbacks and webhook followups for the local table."""

    def __init__(self, server: "LocalDiscord"):
        super().__init__()
        self.server = server

    async def request(self, route: Route, session: Any = None, *, payload: Optional[dict[str, Any]] = None,
                      multipart: Optional[list[dict[str, Any]]] = None, proxy: Any = None, proxy_auth: Any = None,
                      files: Optional[Sequence[discord.File]] = None, reason: Optional[str] = None,
                      auth_token: Optional[str] = None, params: Optional[dict[str, Any]] = None) -> Any:
        await asyncio.sleep(0)
        body: dict[str, Any] = dict(payload) if payload else {}
        uploads: list[tuple[str, bytes]] = []
        for entry in multipart or []:
            if entry.get("name") == "payload_json":
                body = json.loads(entry["value"])
            elif str(entry.get("name", "")).startswith("files["):
                fp = entry["value"]
                try:
                    fp.seek(0)
                except Exception:
                    pass
                uploads.append((entry.get("filename") or "file", fp.read()))
        p = route_params(route.path, route.url)
        q = dict(params or {})
        key = (route.method, route.path)
        self.server.requests.append(key)
        if key == ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"):
            return await self.server.interaction_callback(int(p["webhook_id"]), p["webhook_token"], body, uploads)
        if key == ("POST", "/webhooks/{webhook_id}/{webhook_token}"):
            return await self.server.webhook_followup(p["webhook_token"], body, uploads, q)
        if route.path.startswith("/webhooks/{webhook_id}/{webhook_token}/messages/"):
            message_id = p.get("message_id", "@original")
            if route.method == "GET":
                return await self.server.webhook_get(p["webhook_token"], message_id)
            if route.method == "PATCH":
                return await self.server.webhook_edit(p["webhook_token"], message_id, body, uploads)
            if route.method == "DELETE":
                return await self.server.webhook_delete(p["webhook_token"], message_id)
        raise http_error(405, 0, f"the local table does not fake webhook {route.method} {route.path}")
