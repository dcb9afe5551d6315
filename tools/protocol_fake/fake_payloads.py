"""What the protocol test's fake Discord says about its world: ids, users, members, the two servers and
their channel, as Discord's JSON payloads (tools/protocol_fake/fake_discord.py serves them)."""
from __future__ import annotations

import itertools
import json
import time
from typing import Any, Optional

import discord
from aiohttp import web

from cogs.perms import BOT_NEEDS

APP_ID = 700000000000000001
BOT_ID = APP_ID  # a bot user's id is its application's id
GUILDS = (710000000000000001, 720000000000000001)
CHANNELS = {GUILDS[0]: 711000000000000001, GUILDS[1]: 721000000000000001}
USERS = {"alice": 730000000000000001, "bob": 730000000000000002}
BOT_ROLE = 740000000000000001

MEMBER_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, send_messages_in_threads=True,
                                         read_message_history=True, use_application_commands=True,
                                         embed_links=True, attach_files=True, add_reactions=True)
# @everyone grants nothing the bot was not invited with (a server that keeps @everyone plain), and the bot's
# own role holds exactly the README's permissions: the bot can do what it asked for and nothing more.
EVERYONE_PERMISSIONS = (MEMBER_PERMISSIONS & BOT_NEEDS) | discord.Permissions(use_application_commands=True)
BOT_PERMISSIONS = BOT_NEEDS

_ids = itertools.count(1)


def next_id() -> int:
    return next(_ids)


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


def guild_create(guild_id: int, bot_permissions: discord.Permissions = BOT_PERMISSIONS) -> dict[str, Any]:
    everyone = {"id": str(guild_id), "name": "@everyone", "permissions": str(EVERYONE_PERMISSIONS.value),
                "position": 0, "color": 0, "hoist": False, "managed": False, "mentionable": False, "flags": 0}
    bot_role = {**everyone, "id": str(BOT_ROLE + guild_id % 1000), "name": "gamehost",
                "permissions": str(bot_permissions.value), "position": 1, "managed": True,
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


def error(status: int, code: int, message: str) -> web.Response:
    """Discord's JSON error body."""
    return reply({"message": message, "code": code}, status=status)


__all__ = ["APP_ID", "BOT_ID", "BOT_PERMISSIONS", "BOT_USER", "CHANNELS", "EVERYONE_PERMISSIONS", "GUILDS",
           "MEMBER_PERMISSIONS", "USERS", "error", "guild_create", "iso", "member", "next_id", "reply", "snowflake",
           "text_channel", "user"]
