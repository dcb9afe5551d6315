"""The interaction side of the fake Discord: callbacks, followups and `@original` edits.

Requests made with an interaction token (routed here by
:class:`local.webhook.LocalWebhookAdapter`) as opposed to the bot token
(:mod:`local.server`).  `InteractionSide` is a mixin of
:class:`local.server.LocalDiscord`, which provides the message store.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Optional

from .errors import http_error
from .limits import autocomplete_problems
from .messages import Sent
from .registry import ChannelRow, UserRow

EPHEMERAL = 64
LOADING = 128
TOKEN_LIFETIME = 15 * 60.0  # seconds an interaction token accepts follow-ups and edits after the interaction


@dataclass
class InteractionRecord:
    """What the fake Discord remembers about one interaction it sent."""

    id: int
    token: str
    kind: int                      # 2 command, 3 component, 4 autocomplete
    user: UserRow
    channel: ChannelRow
    label: str                     # '/demo echo' or 'press 2' for messages
    clicked_message_id: Optional[int] = None
    response_type: Optional[int] = None
    ephemeral: bool = False        # of the deferred/original response
    original_id: Optional[int] = None
    original_shown: bool = False   # a deferred response was filled in
    choices: Optional[list[dict[str, Any]]] = None
    followups: int = 0
    created: float = field(default_factory=time.monotonic)
    expired: bool = False          # acknowledged too late: Discord had already dropped it


class InteractionSide:
    """Interaction callbacks and webhook requests; needs LocalDiscord's message store."""

    # -- interaction callbacks and webhooks (interaction token) ------------------------------

    def record_for(self, token: str) -> InteractionRecord:
        rec = self.interactions.get(token)
        if rec is None:
            raise http_error(404, 10015, "Unknown Webhook")
        return rec

    async def interaction_callback(self, interaction_id: int, token: str, body: dict[str, Any],
                                   uploads: list[tuple[str, bytes]]) -> dict[str, Any]:
        rec = self.record_for(token)
        if rec.response_type is not None:
            raise http_error(400, 40060, "Interaction has already been acknowledged.")
        waited = time.monotonic() - rec.created
        if self.ack_deadline is not None and waited > self.ack_deadline:
            rec.expired = True
            self.ledger.late_acks += 1
            raise http_error(404, 10062, "Unknown interaction")
        self.ledger.acks.append(waited)
        rtype = int(body.get("type", 0))
        data = body.get("data") or {}
        if rtype in (4, 7):  # refused before anything counts as an answer
            self.check(data, uploads, editing=rec.clicked_message_id if rtype == 7 else None)
        rec.response_type = rtype
        message: Optional[dict[str, Any]] = None
        if rtype == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
            message = self.create_message(rec.channel, data, uploads, visible_to=rec.user, webhook=True,
                                          interaction=rec, checked=True)
            rec.original_id = int(message["id"])
            rec.ephemeral = bool(message["flags"] & EPHEMERAL)
        elif rtype == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking")
            flags = int(data.get("flags") or 0)
            rec.ephemeral = bool(flags & EPHEMERAL)
            message = self.create_message(rec.channel, {"content": "", "flags": (flags & EPHEMERAL) | LOADING},
                                          [], visible_to=rec.user, webhook=True, interaction=rec, record=False)
            rec.original_id = int(message["id"])
        elif rtype in (6, 7):  # DEFERRED_UPDATE_MESSAGE / UPDATE_MESSAGE
            if rec.clicked_message_id is None:
                raise http_error(400, 40004, "Interaction has no message to update")
            rec.original_id = rec.clicked_message_id
            rec.original_shown = True
            if rtype == 7:
                message = self.edit_message(rec.clicked_message_id, data, uploads, checked=True)
            else:
                found = self.registry.message(rec.clicked_message_id)
                message = found.payload if found else None
        elif rtype == 8:  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
            found = autocomplete_problems(list(data.get("choices") or []))
            if found:
                self.ledger.violation(found)
                raise http_error(400, 50035, "Invalid Form Body: " + "; ".join(found))
            rec.choices = list(data.get("choices") or [])
        elif rtype == 9:  # MODAL
            self.outbox.append(Sent(
                guild=self.guild_name(rec.channel), channel=rec.channel.name, ephemeral=True,
                content=str(data.get("title") or ""),
                components=list(data.get("components") or []), to_user=rec.user.name, kind="modal",
            ))
        else:
            raise http_error(400, 50035, f"Invalid interaction response type {rtype}")
        callback: dict[str, Any] = {
            "interaction": {
                "id": str(rec.id), "type": rec.kind, "response_message_loading": rtype == 5,
                "response_message_ephemeral": rec.ephemeral,
            },
            "resource": {"type": rtype},
        }
        if rec.original_id is not None:
            callback["interaction"]["response_message_id"] = str(rec.original_id)
        if message is not None:
            callback["resource"]["message"] = message
        return callback

    def _acked(self, rec: InteractionRecord) -> None:
        """A request on the interaction's token (follow-up, edit, delete): refused before the interaction was
        acknowledged, and once the token has expired (15 minutes after the interaction), as Discord does."""
        if rec.response_type is None:
            raise http_error(404, 10015, "Unknown Webhook")
        if time.monotonic() - rec.created > TOKEN_LIFETIME:
            raise http_error(401, 50027, "Invalid Webhook Token")

    async def webhook_followup(self, token: str, body: dict[str, Any], uploads: list[tuple[str, bytes]],
                               params: dict[str, Any]) -> Optional[dict[str, Any]]:
        rec = self.record_for(token)
        self._acked(rec)
        self.check(body, uploads)
        channel = rec.channel
        if params.get("thread_id"):
            channel = self._channel(params["thread_id"])
        if rec.response_type == 5 and not rec.original_shown:
            # The first followup after a "thinking" defer fills in the deferred message.
            rec.original_shown = True
            body = dict(body)
            body["flags"] = (int(body.get("flags") or 0) & ~EPHEMERAL) | (EPHEMERAL if rec.ephemeral else 0)
            message = self.create_message(channel, body, uploads, visible_to=rec.user, webhook=True,
                                          interaction=rec, message_id=rec.original_id, checked=True)
        else:
            message = self.create_message(channel, body, uploads, visible_to=rec.user, webhook=True,
                                          interaction=rec, checked=True)
        rec.followups += 1
        return message if params.get("wait", 1) else None

    def _message_id(self, rec: InteractionRecord, message_id: str) -> int:
        if message_id == "@original":
            if rec.original_id is None:
                raise http_error(404, 10008, "Unknown Message")
            return rec.original_id
        return int(message_id)

    async def webhook_get(self, token: str, message_id: str) -> dict[str, Any]:
        rec = self.record_for(token)
        self._acked(rec)
        mid = self._message_id(rec, message_id)
        row = self.registry.message(mid)
        if row is None:
            if message_id == "@original" and rec.response_type == 5 and not rec.original_shown:
                return self.create_message(rec.channel, {"content": "", "flags": LOADING}, [], webhook=True,
                                           interaction=rec, message_id=mid, record=False)
            raise http_error(404, 10008, "Unknown Message")
        return row.payload

    async def webhook_edit(self, token: str, message_id: str, body: dict[str, Any],
                           uploads: list[tuple[str, bytes]]) -> dict[str, Any]:
        rec = self.record_for(token)
        self._acked(rec)
        mid = self._message_id(rec, message_id)
        self.check(body, uploads, editing=mid)
        if mid == rec.original_id and rec.response_type == 5 and not rec.original_shown:
            rec.original_shown = True
            body = dict(body)
            body["flags"] = EPHEMERAL if rec.ephemeral else 0
            return self.create_message(rec.channel, body, uploads, visible_to=rec.user, webhook=True,
                                       interaction=rec, message_id=mid, checked=True)
        return self.edit_message(mid, body, uploads, checked=True)

    async def webhook_delete(self, token: str, message_id: str) -> None:
        rec = self.record_for(token)
        self._acked(rec)
        mid = self._message_id(rec, message_id)
        if self.registry.message(mid) is None and not (mid == rec.original_id and rec.response_type == 5):
            raise http_error(404, 10008, "Unknown Message")
        self.registry.delete_message(mid)
        rec.original_shown = True
        return None
