"""Threads on the local table, as Discord keeps them: made on a text channel or a message, archived after
their inactivity period (by the table's clock), at most 1,000 active per server, locked or deleted by an
admin, archived and unarchived under the bot's permissions.  A private thread shows only to its members (the
bot that made it and the users it added) and to moderators (the table's managers, who hold Manage Threads).

:class:`ThreadSide` is the part of :class:`local.server.LocalDiscord` that answers thread and channel
requests; it uses the server's registry, clock, permissions and gateway.
"""
from __future__ import annotations

from typing import Any, Optional

from .errors import http_error
from .payloads import channel_payload, iso
from .registry import DISCORD_EPOCH, ChannelRow, snowflake_now

MAX_ACTIVE_THREADS = 1000  # per server; archived threads do not count


class ThreadSide:
    """Threads and channels: archive, unarchive, lock, delete, create, members (a mixin of LocalDiscord)."""

    def last_activity(self, row: ChannelRow) -> float:
        """When the thread last saw a message (or was made), in seconds since the epoch."""
        last = self.registry.last_message_id(row.id)
        at = ((last >> 22) + DISCORD_EPOCH) / 1000 if last else 0.0
        return max(float(row.created or 0.0), at)

    def archive_idle_threads(self) -> list[int]:
        """Archive every thread idle for longer than its auto-archive duration, as Discord does (the table's
        clock decides, so `--now +8d` shows a week-old game's thread archived)."""
        now, done = self.clock(), []
        for row in self.registry.channels(("thread", "private_thread")):
            if not row.archived and now - self.last_activity(row) > row.auto_archive * 60:
                self.registry.update_channel(row.id, archived=True)
                self._gateway("parse_thread_update", channel_payload(self._channel(row.id), self.registry))
                done.append(row.id)
        return done

    def active_threads(self, guild_id: Optional[int]) -> int:
        return sum(1 for c in self.registry.channels(("thread", "private_thread"), guild_id) if not c.archived)

    async def _active_threads(self, p, body, uploads, q):
        gid = self._guild_check(p)
        threads = [channel_payload(c, self.registry)
                   for c in self.registry.channels(("thread", "private_thread"), gid) if not c.archived]
        return {"threads": threads, "members": []}

    async def _edit_channel(self, p, body, uploads, q):
        row = self._channel(p["channel_id"])
        perms = self.bot_permissions
        if row.is_thread and body.get("archived") is False and row.archived:
            if (row.locked and not perms.manage_threads) or not perms.send_messages_in_threads:
                raise http_error(403, 50013, "Missing Permissions")  # unarchive refused
            if self.active_threads(row.guild_id) >= self.max_active_threads:
                raise http_error(400, 160006, "Maximum number of active threads reached")
        if row.is_thread and body.get("archived") and row.owner_id != self.registry.bot_id \
                and not perms.manage_threads:
            raise http_error(403, 50013, "Missing Permissions")
        if row.is_thread and "locked" in body and body["locked"] is not None and not perms.manage_threads:
            raise http_error(403, 50013, "Missing Permissions")  # only moderators lock or unlock a thread
        if not row.is_thread and not perms.manage_channels:
            raise http_error(403, 50013, "Missing Permissions")
        fields: dict[str, Any] = {}
        if "name" in body and body["name"]:
            fields["name"] = body["name"]
        if "archived" in body and body["archived"] is not None:
            fields["archived"] = bool(body["archived"])
        if "locked" in body and body["locked"] is not None:
            fields["locked"] = bool(body["locked"])
        if body.get("auto_archive_duration"):
            fields["auto_archive"] = int(body["auto_archive_duration"])
        self.registry.update_channel(row.id, **fields)
        data = channel_payload(self._channel(row.id), self.registry)
        if row.is_thread:
            self._gateway("parse_thread_update", data)
        return data

    async def _delete_channel(self, p, body, uploads, q):
        row = self._channel(p["channel_id"])
        data = channel_payload(row, self.registry)
        self.registry.delete_channel(row.id)
        if row.is_thread:
            self._gateway("parse_thread_delete", {"id": data["id"], "guild_id": data["guild_id"],
                                                  "parent_id": data["parent_id"], "type": data["type"]})
        return data

    def _new_thread(self, parent: ChannelRow, body: dict[str, Any], thread_id: Optional[int] = None
                    ) -> dict[str, Any]:
        if parent.kind != "text":
            raise http_error(400, 50024, "Cannot execute action on this channel type")
        private = int(body.get("type") or 11) == 12
        perms = self.bot_permissions
        if not perms.view_channel or not (perms.create_private_threads if private else perms.create_public_threads):
            raise http_error(403, 50013, "Missing Permissions")
        if self.active_threads(parent.guild_id) >= self.max_active_threads:
            raise http_error(400, 160006, "Maximum number of active threads reached")
        name = str(body.get("name") or "thread")[:100]
        row = self.registry.add_thread(thread_id or snowflake_now(), name, parent.id, self.registry.bot_id,
                                       private=private, auto_archive=int(body.get("auto_archive_duration") or 10080))
        data = channel_payload(row, self.registry)
        data["member"] = {"id": data["id"], "user_id": str(self.registry.bot_id), "join_timestamp": iso(),
                          "flags": 0}
        self._gateway("parse_thread_create", dict(data, newly_created=True))
        return data

    async def _start_thread(self, p, body, uploads, q):
        return self._new_thread(self._channel(p["channel_id"]), body)

    async def _start_thread_on_message(self, p, body, uploads, q):
        parent = self._channel(p["channel_id"])
        if self.registry.message(int(p["message_id"])) is None:
            raise http_error(404, 10008, "Unknown Message")
        return self._new_thread(parent, dict(body, type=11), thread_id=int(p["message_id"]))

    async def _thread_members(self, p, body, uploads, q):
        self._channel(p["channel_id"])
        return [{"id": p["channel_id"], "user_id": str(self.registry.bot_id), "join_timestamp": iso(), "flags": 0}]

    async def _add_thread_member(self, p, body, uploads, q):
        row = self._channel(p["channel_id"])
        user = self.registry.user_by_id(int(p["user_id"]))
        if user is None:
            raise http_error(404, 10013, "Unknown User")
        if row.kind == "private_thread":
            self.registry.add_thread_member(row.id, user.id)
        return None

    def sees(self, row: ChannelRow, user_id: int) -> bool:
        """Whether a user sees a channel: everyone sees a public one; a private thread only its members, its
        owner and moderators."""
        if row.kind != "private_thread" or user_id in (row.owner_id, self.registry.bot_id):
            return True
        user = self.registry.user_by_id(user_id)
        return user_id in self.registry.thread_members(row.id) or (user is not None
                                                                   and user.name.lower() in self.managers)

    async def _thread_member(self, p, body, uploads, q):
        self._channel(p["channel_id"])
        user = self.registry.user_by_id(int(p["user_id"]))
        if user is None:
            raise http_error(404, 10007, "Unknown Member")
        return {"id": p["channel_id"], "user_id": str(user.id), "join_timestamp": iso(), "flags": 0}
