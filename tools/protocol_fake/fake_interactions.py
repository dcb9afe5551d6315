"""The interaction side of the protocol test's fake Discord (a mixin of `FakeDiscord`): the interactions a
user makes (a slash command, an autocomplete, a button press) and what Discord enforces on their answers:
the first response within 3 s of the interaction's creation, else 404 (10062 Unknown interaction); a second
acknowledgement refused, 400 (40060); follow-ups and edits on the token only after the acknowledgement
(else 404, 10015) and for 15 minutes (then 401, 50027).  Each interaction's answer time is kept for the
protocol test's figures."""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Optional

from aiohttp import web

from .fake_payloads import (APP_ID, GUILDS, MEMBER_PERMISSIONS, USERS, error, member, next_id, reply, snowflake,
                            text_channel)

ACK_DEADLINE = 3.0  # seconds Discord waits for an interaction's first response
TOKEN_LIFETIME = 15 * 60.0  # seconds an interaction token takes follow-ups and edits


@dataclass
class Pending:
    """An interaction the fake sent: when it was created (Discord's clock starts then), when it was answered."""
    id: str
    token: str
    kind: int
    label: str
    created: float
    acked: Optional[float] = None
    late: bool = False  # acknowledged after ACK_DEADLINE: refused with 10062

    @property
    def answer_time(self) -> Optional[float]:
        return None if self.acked is None else self.acked - self.created


class InteractionSide:
    """Needs FakeDiscord's `interactions`, `originals`, `messages`, `commands`, `threads`, `bot_permissions`,
    `dispatch`, `unknown`, `_checked`, `_message` and `_edit`; `_edited_or_read` serves both sides."""

    def interaction(self, kind: int, data: dict[str, Any], *, who: str, guild: int = GUILDS[0],
                    channel: Optional[dict[str, Any]] = None, message: Optional[dict[str, Any]] = None,
                    locale: str = "en-US") -> dict[str, Any]:
        channel = channel or text_channel(guild)
        payload = {
            "id": str(snowflake()), "application_id": str(APP_ID), "type": kind, "data": data,
            "guild_id": str(guild), "channel_id": channel["id"], "channel": channel,
            "member": member(who, USERS[who], [], MEMBER_PERMISSIONS), "token": f"itoken-{next_id()}",
            "version": 1, "locale": locale, "guild_locale": "en-US",
            "app_permissions": str(self.bot_permissions.value),
            "entitlements": [], "authorizing_integration_owners": {"0": str(guild)}, "context": 0,
            "attachment_size_limit": 10 << 20,
        }
        if message is not None:
            payload["message"] = message
        return payload

    async def send_interaction(self, payload: dict[str, Any], label: str) -> dict[str, Any]:
        """INTERACTION_CREATE: Discord's 3 seconds start now."""
        self.interactions[payload["token"]] = Pending(payload["id"], payload["token"], payload["type"], label,
                                                      time.monotonic())
        await self.dispatch("INTERACTION_CREATE", payload)
        return payload

    def command_id(self, name: str) -> str:
        return next(c["id"] for c in self.commands if c["name"] == name)

    @staticmethod
    def _options(options: dict[str, Any], focused: Optional[str] = None) -> list[dict[str, Any]]:
        out = [{"type": 3 if isinstance(v, str) else 4, "name": k, "value": v} for k, v in options.items()]
        for option in out:
            if option["name"] == focused:
                option["focused"] = True
        return out

    async def slash(self, who: str, command: str, sub: str, guild: int = GUILDS[0], **options: Any) -> dict[str, Any]:
        """The user runs `/command sub option:value…` in a server's channel (the first server's by default)."""
        data = {"id": self.command_id(command), "name": command, "type": 1,
                "options": [{"type": 1, "name": sub, "options": self._options(options)}]}
        return await self.send_interaction(self.interaction(2, data, who=who, guild=guild), f"/{command} {sub}")

    async def complete(self, who: str, command: str, focused: str, channel: Optional[dict[str, Any]] = None,
                       **options: Any) -> dict[str, Any]:
        """The user types in the option `focused` of a top-level `/command`: an autocomplete interaction."""
        data = {"id": self.command_id(command), "name": command, "type": 1,
                "options": self._options(options, focused)}
        payload = self.interaction(4, data, who=who, channel=channel)
        return await self.send_interaction(payload, f"complete /{command} {focused}")

    async def click(self, who: str, message: dict[str, Any], custom_id: str) -> dict[str, Any]:
        """The user presses the button `custom_id` of a message the bot posted."""
        channel = self.threads.get(int(message["channel_id"])) or text_channel(GUILDS[0])
        payload = self.interaction(3, {"custom_id": custom_id, "component_type": 2}, who=who,
                                   channel=channel, message=message)
        return await self.send_interaction(payload, f"press {custom_id}")

    def answer_times(self) -> list[float]:
        """Seconds from each interaction's creation to its first response (acknowledged ones)."""
        return [p.answer_time for p in self.interactions.values() if p.answer_time is not None]

    def _callback(self, interaction_id: str, token: str, body: dict[str, Any],
                  files: list[tuple[str, bytes]]) -> web.Response:
        pending = self.interactions.get(token)
        if pending is None or pending.id != interaction_id:
            return error(404, 10062, "Unknown interaction")
        if pending.acked is not None:
            return error(400, 40060, "Interaction has already been acknowledged.")
        now = time.monotonic()
        if now - pending.created > ACK_DEADLINE:
            pending.late = True  # the user saw "This interaction failed"
            return error(404, 10062, "Unknown interaction")
        kind, data = body.get("type"), body.get("data") or {}
        answer: dict[str, Any] = {"interaction": {"id": interaction_id, "type": pending.kind}}
        if kind in (4, 7):
            refused = self._checked(data, files)
            if refused:
                return refused
        pending.acked = now
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

    def _edited_or_read(self, mid: int, method: str, body: dict[str, Any],
                        files: list[tuple[str, bytes]]) -> web.Response:
        """An existing message: a PATCH checked and applied as Discord would (its limits), then the message as it
        now stands (a GET returns it unchanged)."""
        if method == "PATCH":
            refused = self._checked(body, files, editing=mid)
            if refused:
                return refused
            self._edit(mid, body, files)
        return reply(self.messages[mid])

    def _webhook(self, method: str, parts: list[str], body: dict[str, Any],
                 files: list[tuple[str, bytes]]) -> web.Response:
        token = parts[2]
        pending = self.interactions.get(token)
        if pending is None or pending.acked is None:
            return error(404, 10015, "Unknown Webhook")
        if time.monotonic() - pending.created > TOKEN_LIFETIME:
            return error(401, 50027, "Invalid Webhook Token")
        if method == "POST" and len(parts) == 3:  # a follow-up
            refused = self._checked(body, files)
            return refused or reply(self._message(0, body, files, interaction={}))
        if len(parts) == 5 and parts[3] == "messages":
            mid = self.originals.get(token) if parts[4] == "@original" else int(parts[4])
            if mid is None or mid not in self.messages:
                return error(404, 10008, "Unknown Message")
            if method == "DELETE":
                return web.Response(status=204)
            return self._edited_or_read(mid, method, body, files)
        self.unknown.append(f"{method} /{'/'.join(parts)}")
        return reply({"message": "404: Not Found", "code": 0}, status=404)


__all__ = ["ACK_DEADLINE", "InteractionSide", "Pending", "TOKEN_LIFETIME"]
