"""The bot's invite link: the two scopes and exactly the permissions the bot needs (README, "Running it on
Discord"), as Discord's permission integer computed from discord.py's flags."""
from __future__ import annotations

import re

import discord

from .perms import BOT_NEEDS, NEEDED

SCOPES = ("bot", "applications.commands")

_CLIENT_ID = re.compile(r"[0-9]{15,20}")  # a snowflake: never int() of text without a length bound


def needed_permissions() -> discord.Permissions:
    """The permissions the bot asks for when invited (and no more)."""
    return BOT_NEEDS


def is_client_id(text: str) -> bool:
    return bool(_CLIENT_ID.fullmatch(text or ""))


def invite_url(client_id: str) -> str:
    """The OAuth2 URL that adds the bot with its scopes and permissions; ValueError for a malformed id."""
    text = (client_id or "").strip()
    if not is_client_id(text):
        raise ValueError(f"a client id is the application's id: 15 to 20 digits 0-9, not {text[:40]!r}")
    return (f"https://discord.com/oauth2/authorize?client_id={text}&scope={'+'.join(SCOPES)}"
            f"&permissions={needed_permissions().value}")


__all__ = ["NEEDED", "SCOPES", "invite_url", "is_client_id", "needed_permissions"]
