"""Telling users which permission the bot lacks, instead of failing silently."""
from __future__ import annotations

from typing import Any, Optional

import discord

from host.i18n import t

# Exactly the permissions the README asks the bot to be invited with ("Running it on Discord"), by their names in
# Discord's client and discord.py's flag (Create Private Threads only serves `/game me private-thread:on`, and a
# server may leave it out). The invite link (cogs/invite.py) asks for these; the local table and the protocol
# test's fake Discord grant the bot these and no more, so anything the bot does that needs another permission
# (Manage Threads, Manage Messages, Add Reactions...) is refused there as on Discord.
NEEDED: dict[str, str] = {
    "View Channels": "view_channel",
    "Send Messages": "send_messages",
    "Send Messages in Threads": "send_messages_in_threads",
    "Create Public Threads": "create_public_threads",
    "Create Private Threads": "create_private_threads",
    "Attach Files": "attach_files",
    "Embed Links": "embed_links",
    "Read Message History": "read_message_history",
}
BOT_NEEDS = discord.Permissions(**{flag: True for flag in NEEDED.values()})


def thread_note(interaction: Any, thread: Optional[discord.Thread], locale: str) -> str:
    """Why a new game has no thread when the reason is a missing Create Public Threads ('' otherwise)."""
    if thread is not None or not isinstance(getattr(interaction, "channel", None), discord.TextChannel):
        return ""
    perms = getattr(interaction, "app_permissions", None)
    if perms is not None and not perms.create_public_threads:
        return t("perm.no_threads", locale)
    return ""


def post_failure(reason: str, interaction: Any) -> str:
    """A refused post's catalog key, made precise with the bot's permissions where the user acted:
    when it may send but not attach files, say Attach Files rather than "send or attach"."""
    perms = getattr(interaction, "app_permissions", None)
    if reason == "host.error.no_permission_send" and perms is not None:
        if perms.send_messages and perms.send_messages_in_threads and not perms.attach_files:
            return "perm.no_attach"
    return reason


__all__ = ["BOT_NEEDS", "NEEDED", "thread_note", "post_failure"]
