"""Discord API payloads for the local table's fake guild.

Everything here produces plain dicts shaped like what Discord sends: users,
members, roles, channels, threads, the guild, messages, and the three
interaction kinds the table sends (APPLICATION_COMMAND 2, MESSAGE_COMPONENT 3,
APPLICATION_COMMAND_AUTOCOMPLETE 4).  Slash-command options are typed from
the command's real parameters found in the bot's ``CommandTree``.
"""
from __future__ import annotations

import datetime
import re
import secrets
from dataclasses import dataclass
from typing import Any, Optional, Union

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from cogs.perms import BOT_NEEDS

from .parser import BARE, ParseError, parse_options, split_slash
from .registry import ChannelRow, Registry, UserRow, snowflake_now

__all__ = [
    "MEMBER_PERMISSIONS", "BOT_PERMISSIONS", "ADMIN_PERMISSIONS", "iso", "user_payload", "member_payload",
    "roles_payload", "channel_payload", "guild_payload", "message_payload", "interaction_payload",
    "ResolvedCommand", "resolve_command", "command_data", "CommandLine", "read_command_line",
]

#: What an ordinary member may do in the local guild.
MEMBER_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, send_messages_in_threads=True, create_public_threads=True,
    embed_links=True, attach_files=True, read_message_history=True, add_reactions=True,
    use_application_commands=True, use_external_emojis=True,
)
#: What the bot may do: exactly what the README asks for (cogs/perms.py); overridable per table to simulate
#: missing permissions.
BOT_PERMISSIONS = BOT_NEEDS
#: Users listed as managers of the table get this (includes Manage Server).
ADMIN_PERMISSIONS = discord.Permissions(administrator=True, manage_guild=True) | MEMBER_PERMISSIONS

ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
_CHANNEL_TYPES = {"text": 0, "dm": 1, "thread": 11, "private_thread": 12}


def iso(ts: Optional[float] = None) -> str:
    when = datetime.datetime.now(datetime.timezone.utc) if ts is None else datetime.datetime.fromtimestamp(
        ts, datetime.timezone.utc)
    return when.isoformat()


def snowflake_iso(snowflake: int) -> str:
    return discord.utils.snowflake_time(int(snowflake)).isoformat()


# -- people -------------------------------------------------------------------

def user_payload(user: UserRow) -> dict[str, Any]:
    return {
        "id": str(user.id), "username": user.name.lower(), "global_name": user.name, "discriminator": "0",
        "avatar": None, "bot": user.bot, "public_flags": 0, "flags": 0, "banner": None, "accent_color": None,
    }


def member_payload(user: UserRow, roles: list[int], *, with_user: bool = True,
                   permissions: Optional[discord.Permissions] = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "roles": [str(r) for r in roles], "nick": None, "avatar": None, "joined_at": snowflake_iso(user.id),
        "premium_since": None, "deaf": False, "mute": False, "pending": False, "flags": 0,
        "communication_disabled_until": None,
    }
    if with_user:
        data["user"] = user_payload(user)
    if permissions is not None:
        data["permissions"] = str(permissions.value)
    return data


@dataclass
class Roles:
    everyone: int
    bot: int
    admin: int


def role_ids(registry: Registry, guild_id: Optional[int] = None) -> Roles:
    """The roles of a server (default: the default one): @everyone has the server's id."""
    gid = guild_id or registry.guild_id
    suffix = "" if gid == registry.guild_id else f":{gid}"
    return Roles(everyone=gid, bot=registry._meta_id("role:bot" + suffix),
                 admin=registry._meta_id("role:admin" + suffix))


def roles_payload(registry: Registry, bot_permissions: discord.Permissions,
                  guild_id: Optional[int] = None) -> list[dict[str, Any]]:
    ids = role_ids(registry, guild_id)

    def role(rid: int, name: str, perms: discord.Permissions, position: int, managed: bool = False) -> dict:
        return {
            "id": str(rid), "name": name, "color": 0, "colors": {"primary_color": 0}, "hoist": False,
            "icon": None, "unicode_emoji": None, "position": position, "permissions": str(perms.value),
            "managed": managed, "mentionable": False, "flags": 0,
        }

    return [
        role(ids.everyone, "@everyone", MEMBER_PERMISSIONS, 0),
        role(ids.bot, "Table bot", bot_permissions, 1, managed=True),
        role(ids.admin, "Table admin", ADMIN_PERMISSIONS, 2),
    ]


# -- channels -------------------------------------------------------------------

def channel_payload(row: ChannelRow, registry: Registry, *, permissions: Optional[discord.Permissions] = None
                    ) -> dict[str, Any]:
    ctype = _CHANNEL_TYPES[row.kind]
    last = registry.last_message_id(row.id)
    data: dict[str, Any] = {"id": str(row.id), "type": ctype, "name": row.name, "flags": 0,
                            "last_message_id": None if last is None else str(last)}
    if row.kind == "dm":
        recipient = registry.user_by_id(row.recipient_id or 0)
        data["recipients"] = [user_payload(recipient)] if recipient else []
        del data["name"]
    else:
        data.update(guild_id=str(row.guild_id or registry.guild_id), rate_limit_per_user=0, nsfw=False,
                    permission_overwrites=[])
        if row.is_thread:
            count = registry.message_count(row.id)
            data.update(
                parent_id=str(row.parent_id), owner_id=str(row.owner_id or registry.bot_id),
                message_count=count, total_message_sent=count, member_count=1, applied_tags=[],
                thread_metadata={
                    "archived": row.archived, "auto_archive_duration": row.auto_archive,
                    "archive_timestamp": iso(row.created), "locked": row.locked,
                    "invitable": row.kind == "private_thread", "create_timestamp": iso(row.created),
                },
            )
        else:
            data.update(position=0, parent_id=None, topic=None, default_auto_archive_duration=10080)
    if permissions is not None:
        data["permissions"] = str(permissions.value)
    return data


def guild_payload(registry: Registry, *, bot_permissions: discord.Permissions, managers: set[str],
                  guild_id: Optional[int] = None) -> dict[str, Any]:
    """A GUILD_CREATE-shaped payload of one server (default: the default one): roles, text channels, active
    threads, members (every user of the table is listed here; a user option resolves as a member only in the default
    server or in a server the user acted in, local/registry.py `is_member`; managers manage every one)."""
    gid = guild_id or registry.guild_id
    guild = registry.guild_by_id(gid)
    name = registry.guild_name if gid == registry.guild_id or guild is None else guild.name
    ids = role_ids(registry, gid)
    bot = registry.user_by_id(registry.bot_id)
    assert bot is not None
    owner = registry.user(sorted(managers)[0]) if managers else bot
    members = []
    for user in registry.users():
        roles = [ids.bot] if user.id == registry.bot_id else ([ids.admin] if user.name.lower() in managers else [])
        members.append(member_payload(user, roles))
    channels = [channel_payload(c, registry) for c in registry.channels(("text",), gid)]
    threads = [channel_payload(c, registry) for c in registry.channels(("thread", "private_thread"), gid)
               if not c.archived]
    return {
        "id": str(gid), "name": name, "icon": None, "splash": None,
        "discovery_splash": None, "owner_id": str(owner.id), "afk_channel_id": None, "afk_timeout": 300,
        "verification_level": 0, "default_message_notifications": 1, "explicit_content_filter": 0,
        "roles": roles_payload(registry, bot_permissions, gid), "emojis": [], "stickers": [], "features": [],
        "mfa_level": 0, "application_id": None, "system_channel_id": None, "system_channel_flags": 0,
        "rules_channel_id": None, "vanity_url_code": None, "description": None, "banner": None,
        "premium_tier": 0, "premium_subscription_count": 0, "preferred_locale": registry.guild_locale(gid),
        "public_updates_channel_id": None, "nsfw_level": 0, "premium_progress_bar_enabled": False,
        "joined_at": snowflake_iso(registry.bot_id), "large": False, "unavailable": False,
        "member_count": len(members), "voice_states": [], "members": members, "channels": channels,
        "threads": threads, "presences": [], "stage_instances": [], "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def member_permissions(user: UserRow, managers: set[str]) -> discord.Permissions:
    if user.name.lower() in managers:
        return discord.Permissions.all()
    return MEMBER_PERMISSIONS


# -- messages -------------------------------------------------------------------

def message_payload(*, message_id: int, channel: ChannelRow, registry: Registry, author: UserRow,
                    body: dict[str, Any], attachments: list[dict[str, Any]],
                    webhook_id: Optional[int] = None, edited: Optional[str] = None,
                    interaction: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """A MESSAGE payload as Discord returns it for what the bot sent in ``body``."""
    content = body.get("content") or ""
    mentions = []
    for user in registry.users():
        if f"<@{user.id}>" in content or f"<@!{user.id}>" in content:
            mentions.append(user_payload(user))
    data: dict[str, Any] = {
        "id": str(message_id), "channel_id": str(channel.id), "author": user_payload(author),
        "content": content, "timestamp": snowflake_iso(message_id), "edited_timestamp": edited,
        "tts": bool(body.get("tts", False)), "mention_everyone": False, "mentions": mentions,
        "mention_roles": [], "attachments": attachments, "embeds": list(body.get("embeds") or []),
        "pinned": False, "type": 19 if body.get("message_reference") else (20 if interaction else 0),
        "flags": int(body.get("flags") or 0), "components": list(body.get("components") or []),
        "sticker_items": [],
    }
    if channel.kind != "dm":
        data["guild_id"] = str(channel.guild_id or registry.guild_id)
    if webhook_id is not None:
        data["webhook_id"] = str(webhook_id)
        data["application_id"] = str(webhook_id)
    if body.get("message_reference"):
        data["message_reference"] = body["message_reference"]
    if body.get("poll"):
        data["poll"] = body["poll"]
    if interaction is not None:
        data["interaction_metadata"] = interaction
    return data


# -- slash commands -------------------------------------------------------------

AnyCommand = Union[app_commands.Command, app_commands.Group]


@dataclass
class ResolvedCommand:
    """A chat-input command found in the tree, with the path that reached it."""

    root: AnyCommand
    names: list[str]            # root name, then subcommand (group) names, as Discord sends them
    command: app_commands.Command
    guild_id: Optional[int]     # set when the command is registered for the local guild

    @property
    def qualified(self) -> str:
        return "/" + " ".join(self.names)


def _names(cmd: AnyCommand) -> list[str]:
    return sorted(c.name for c in (cmd.commands if isinstance(cmd, app_commands.Group) else []))


def top_level_commands(tree: app_commands.CommandTree, guild_id: int) -> list[AnyCommand]:
    seen: dict[str, AnyCommand] = {}
    for cmd in tree.get_commands(guild=discord.Object(guild_id), type=discord.AppCommandType.chat_input):
        seen[cmd.name] = cmd  # type: ignore[assignment]
    for cmd in tree.get_commands(type=discord.AppCommandType.chat_input):
        seen.setdefault(cmd.name, cmd)  # type: ignore[arg-type]
    return [seen[k] for k in sorted(seen)]


def resolve_command(tree: app_commands.CommandTree, guild_id: int, words: list[str]
                    ) -> tuple[ResolvedCommand, list[str]]:
    """Walk ``words`` down the tree; returns the leaf command and the unused words."""
    if not words:
        raise ParseError("which command? try 'help'")
    first = words[0].lower()
    root = tree.get_command(first, guild=discord.Object(guild_id))
    guild_scoped: Optional[int] = guild_id if root is not None else None
    if root is None:
        root = tree.get_command(first)
    if root is None:
        known = ", ".join("/" + c.name for c in top_level_commands(tree, guild_id)) or "(none)"
        raise ParseError(f"unknown command /{words[0]}; commands are: {known}")
    names = [root.name]
    cmd: AnyCommand = root  # type: ignore[assignment]
    rest = list(words[1:])
    while isinstance(cmd, app_commands.Group):
        if not rest:
            raise ParseError(f"/{' '.join(names)} needs a subcommand: {', '.join(_names(cmd))}")
        sub = cmd.get_command(rest[0].lower())
        if sub is None:
            raise ParseError(
                f"unknown subcommand {rest[0]!r} of /{' '.join(names)}; choose one of: {', '.join(_names(cmd))}")
        names.append(sub.name)
        cmd = sub
        rest.pop(0)
    return ResolvedCommand(root=root, names=names, command=cmd, guild_id=guild_scoped), rest  # type: ignore[arg-type]


@dataclass
class CommandLine:
    resolved: ResolvedCommand
    raw: dict[str, str]       # Discord option name -> raw text
    focused: Optional[str]    # for autocomplete: the option being typed


def read_command_line(tree: app_commands.CommandTree, guild_id: int, text: str, *, autocomplete: bool = False
                      ) -> CommandLine:
    """Split a typed slash command against the real tree: command path, raw option texts."""
    words, rest = split_slash(text)
    resolved, surplus = resolve_command(tree, guild_id, words)
    params = resolved.command.parameters
    by_name: dict[str, str] = {}
    for p in params:
        by_name[p.display_name.lower()] = p.display_name
        by_name.setdefault(p.name.lower(), p.display_name)
    if surplus:
        rest = " ".join(surplus) + (" " + rest if rest else "")
    typed = parse_options(rest, by_name.keys())
    raw: dict[str, str] = {}
    bare = typed.pop(BARE, None)
    for key, value in typed.items():
        name = by_name[key]
        if name in raw:
            raise ParseError(f"option {name} is given twice")
        raw[name] = value
    if bare is not None:
        if not params:
            raise ParseError(f"{resolved.qualified} takes no options, but got {bare!r}")
        free = [p for p in params if p.display_name not in raw]
        target = next((p for p in free if p.required), free[0] if free else None)
        if target is None:
            raise ParseError(f"expected option:value, found {bare!r}")
        raw = {target.display_name: bare, **raw}
    focused: Optional[str] = None
    if autocomplete:
        if raw:
            focused = list(raw)[-1]
        else:
            first = next((p for p in params if p.autocomplete), params[0] if params else None)
            if first is None:
                raise ParseError(f"{resolved.qualified} has no options to complete")
            focused = first.display_name
            raw[focused] = ""
    return CommandLine(resolved=resolved, raw=raw, focused=focused)


_TRUE = {"true", "yes", "y", "on", "1", "si", "sí"}
_FALSE = {"false", "no", "n", "off", "0"}


_INTEGER = re.compile(r"-?[0-9]{1,16}")
_NUMBER = re.compile(r"-?[0-9]{1,16}(\.[0-9]{1,16})?")
_SNOWFLAKE = re.compile(r"[0-9]{1,20}")


def _choose(param: app_commands.Parameter, raw: str, value: Any) -> Any:
    choices = param.choices
    if not choices:
        return value
    for c in choices:
        if str(c.value).lower() == raw.lower():
            return c.value
    for c in choices:
        if c.name.lower() == raw.lower():
            return c.value
    listed = ", ".join(str(c.value) if str(c.value) == c.name else f"{c.value} ({c.name})" for c in choices)
    raise ParseError(f"option {param.display_name} must be one of: {listed}")


def _convert(param: app_commands.Parameter, raw: str, registry: Registry, guild_id: Optional[int],
             resolved: dict[str, dict[str, Any]], managers: set[str]) -> Any:
    t = param.type
    name = param.display_name
    if t is AppCommandOptionType.string:
        value = _choose(param, raw, raw)
        if isinstance(value, str):
            if param.min_value is not None and len(value) < param.min_value:
                raise ParseError(f"option {name} needs at least {param.min_value} characters")
            if param.max_value is not None and len(value) > param.max_value:
                raise ParseError(f"option {name} takes at most {param.max_value} characters")
        return value
    if t in (AppCommandOptionType.integer, AppCommandOptionType.number):
        if param.choices:
            return _choose(param, raw, raw)
        # Discord's client sends only ASCII digits ('٣', '１２', '1_000' are no numbers to it), within ±2**53.
        kind = "a whole number" if t is AppCommandOptionType.integer else "a number"
        pattern = _INTEGER if t is AppCommandOptionType.integer else _NUMBER
        if not pattern.fullmatch(raw.strip()):
            raise ParseError(f"option {name} takes {kind} in the digits 0-9, not {raw!r}")
        value = int(raw) if t is AppCommandOptionType.integer else float(raw)
        if abs(value) > 2**53:
            raise ParseError(f"option {name} takes {kind} between -2**53 and 2**53")
        if param.min_value is not None and value < param.min_value:
            raise ParseError(f"option {name} must be at least {param.min_value}")
        if param.max_value is not None and value > param.max_value:
            raise ParseError(f"option {name} must be at most {param.max_value}")
        return value
    if t is AppCommandOptionType.boolean:
        low = raw.strip().lower()
        if low in _TRUE:
            return True
        if low in _FALSE:
            return False
        raise ParseError(f"option {name} is true or false, not {raw!r}")
    if t in (AppCommandOptionType.user, AppCommandOptionType.mentionable):
        text = raw.strip()
        if text.startswith("<@") and text.endswith(">"):
            ident = text.strip("<@!>")
            if not _SNOWFLAKE.fullmatch(ident):
                raise ParseError(f"option {name} takes a mention such as <@123456789012345678>, not {raw[:40]!r}")
            user = registry.user_by_id(int(ident))
        else:
            text = text.lstrip("@")
            if not text:
                raise ParseError(f"option {name} takes a user name")
            user = registry.user(text)
        if user is None:
            raise ParseError(f"option {name}: unknown user {raw!r}")
        roles = [role_ids(registry, guild_id).admin] if user.name.lower() in managers else []
        if user.id == registry.bot_id:
            roles = [role_ids(registry, guild_id).bot]
        resolved.setdefault("users", {})[str(user.id)] = user_payload(user)
        if registry.is_member(guild_id, user.id):  # as Discord: member data only for a member of this server
            resolved.setdefault("members", {})[str(user.id)] = member_payload(
                user, roles, with_user=False, permissions=member_permissions(user, managers))
        return str(user.id)
    if t is AppCommandOptionType.channel:
        row = registry.find_channel(raw, guild_id)
        if row is None or row.kind == "dm":
            raise ParseError(f"option {name}: no channel called {raw!r}")
        resolved.setdefault("channels", {})[str(row.id)] = channel_payload(
            row, registry, permissions=MEMBER_PERMISSIONS)
        return str(row.id)
    raise ParseError(f"option {name} has type {t.name}, which the local table cannot type")


def command_data(line: CommandLine, registry: Registry, *, managers: set[str],
                 guild_id: Optional[int] = None) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND (or AUTOCOMPLETE) interaction typed in server ``guild_id``
    (default: the default one)."""
    cmd = line.resolved.command
    options: list[dict[str, Any]] = []
    resolved: dict[str, dict[str, Any]] = {}
    given = dict(line.raw)
    for param in cmd.parameters:
        name = param.display_name
        if name not in given:
            if param.required and line.focused is None:
                raise ParseError(f"{line.resolved.qualified} needs option {name}:"
                                 f" ({param.description or param.type.name})")
            continue
        raw = given.pop(name)
        if name == line.focused:
            options.append({"name": name, "type": param.type.value, "value": raw, "focused": True})
            continue
        if raw == "" and param.required:
            raise ParseError(f"option {name} needs a value")
        value = _convert(param, raw, registry, guild_id or registry.guild_id, resolved, managers)
        options.append({"name": name, "type": param.type.value, "value": value})
    if given:
        known = ", ".join(p.display_name for p in cmd.parameters) or "(none)"
        raise ParseError(f"unknown option {next(iter(given))!r} for {line.resolved.qualified}; options are: {known}")

    # Nest the options under the subcommand (type 1) and group (type 2) levels.
    names = line.resolved.names
    nested = options
    for depth in range(len(names) - 1, 0, -1):
        kind = 1 if depth == len(names) - 1 else 2
        nested = [{"name": names[depth], "type": kind, "options": nested}]
    data: dict[str, Any] = {
        "id": str(registry.command_id(names[0])), "name": names[0], "type": 1, "options": nested,
    }
    if resolved:
        data["resolved"] = resolved
    if line.resolved.guild_id is not None:
        data["guild_id"] = str(line.resolved.guild_id)
    return data


# -- the interaction envelope -----------------------------------------------------

def interaction_payload(*, kind: int, data: dict[str, Any], registry: Registry, user: UserRow,
                        channel: ChannelRow, managers: set[str], bot_permissions: discord.Permissions,
                        locale: str, message: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """An INTERACTION_CREATE payload from ``user`` (their client's ``locale``) in ``channel``: of the channel's
    server (its own locale, local/registry.py `guild_locale`), or from a direct message with the bot when
    ``channel`` is a DM (no guild, no member: ``user`` and context 1)."""
    payload: dict[str, Any] = {
        "id": str(snowflake_now()), "application_id": str(registry.application_id), "type": kind,
        "data": data, "token": "local." + secrets.token_urlsafe(24), "version": 1,
        "channel_id": str(channel.id), "channel": channel_payload(channel, registry),
        "app_permissions": str(bot_permissions.value), "locale": locale,
        "entitlements": [], "entitlement_sku_ids": [], "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel.kind == "dm":
        payload.update(user=user_payload(user), context=1, authorizing_integration_owners={"0": "0"})
    else:
        gid = channel.guild_id or registry.guild_id
        ids = role_ids(registry, gid)
        roles = [ids.admin] if user.name.lower() in managers else []
        guild_locale = registry.guild_locale(gid)
        payload.update(
            guild_id=str(gid), guild={"id": str(gid), "locale": guild_locale, "features": []},
            member=member_payload(user, roles, permissions=member_permissions(user, managers)),
            guild_locale=guild_locale, authorizing_integration_owners={"0": str(gid)}, context=0,
        )
    if message is not None:
        payload["message"] = message
    return payload
