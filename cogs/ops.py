"""Every Discord call the bot makes goes through here.

One place to acknowledge interactions in time, post into threads, and turn
missing permissions, closed DMs and rate limits into a clear message instead
of a crash or a hang.
"""
from __future__ import annotations

import logging
from typing import Any, Iterable, Optional

import discord

from host.limits import OPTION_TEXT, fit_content, label

from .limits import fit_embed
from .pacing import pacer_of

log = logging.getLogger("gamehost.ops")


def mentions_for(user_ids: Iterable[Optional[int]]) -> discord.AllowedMentions:
    """Only the named players can be pinged: never @everyone, @here or roles."""
    users = [discord.Object(id=u) for u in user_ids if u]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


NO_MENTIONS = discord.AllowedMentions.none()


def _message_kwargs(content: str, embed: Optional[discord.Embed], file: Optional[discord.File],
                    view: Optional[discord.ui.View], allowed_mentions: discord.AllowedMentions) -> dict[str, Any]:
    """Every message and reply is built here: its content and embed are cut to Discord's limits (cogs/limits.py)."""
    kwargs: dict[str, Any] = {"content": fit_content(content) or None, "allowed_mentions": allowed_mentions}
    for key, value in (("embed", fit_embed(embed)), ("file", file), ("view", view)):
        if value is not None:
            kwargs[key] = value
    return kwargs


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True, thinking: bool = True) -> None:
    if not interaction.response.is_done():
        try:
            await interaction.response.defer(ephemeral=ephemeral, thinking=thinking)
        except discord.HTTPException as exc:  # expired or already answered
            log.warning("could not defer interaction: %s", exc)


async def reply(interaction: discord.Interaction, content: str = "", *, ephemeral: bool = True,
                embed: Optional[discord.Embed] = None, file: Optional[discord.File] = None,
                view: Optional[discord.ui.View] = None) -> None:
    """Answer the interaction: first response if none yet, else a follow-up."""
    kwargs = _message_kwargs(content, embed, file, view, NO_MENTIONS)
    kwargs["ephemeral"] = ephemeral
    try:
        if interaction.response.is_done():
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)
    except discord.HTTPException as exc:
        log.warning("could not reply to interaction: %s", exc)


async def resolve_channel(client: discord.Client, channel_id: int) -> Optional[discord.abc.Messageable]:
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None
        except discord.HTTPException as exc:
            log.warning("could not fetch channel %s: %s", channel_id, exc)
            return None
    return channel  # type: ignore[return-value]


class PostFailed(Exception):
    """The bot could not post: `reason` is a host catalog key for the user."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


async def post(client: discord.Client, channel_id: int, *, content: str = "",
               embed: Optional[discord.Embed] = None, file: Optional[discord.File] = None,
               view: Optional[discord.ui.View] = None,
               mention_ids: Iterable[Optional[int]] = ()) -> discord.Message:
    """A new message from the bot in a game's thread or channel."""
    channel = await resolve_channel(client, channel_id)
    if channel is None:
        raise PostFailed("host.error.channel_gone")
    if isinstance(channel, discord.Thread) and channel.archived:
        try:
            await channel.edit(archived=False)
        except (discord.Forbidden, discord.NotFound):  # locked, or gone: a post would be refused too
            raise PostFailed("host.error.thread_locked") from None
        except discord.HTTPException:
            log.info("thread %s stays archived; posting anyway", channel_id)
    kwargs = _message_kwargs(content, embed, file, view, mentions_for(mention_ids))
    await pacer_of(client).take(channel_id)  # never faster than the channel accepts (cogs/pacing.py)
    try:
        return await channel.send(**kwargs)
    except discord.HTTPException as exc:
        raise _post_failed(channel_id, exc) from None


def _post_failed(channel_id: int, exc: discord.HTTPException) -> PostFailed:
    if isinstance(exc, discord.Forbidden):
        return PostFailed("host.error.no_permission_send")
    if isinstance(exc, discord.NotFound):  # deleted since the cache saw it
        return PostFailed("host.error.channel_gone")
    if exc.status == 429:
        return PostFailed("host.error.rate_limited")
    if getattr(exc, "code", 0) == 50083:  # archived and locked
        return PostFailed("host.error.thread_locked")
    if exc.status == 413 or getattr(exc, "code", 0) == 40005:
        return PostFailed("host.error.too_large")
    log.warning("post to %s failed: %s", channel_id, exc)
    return PostFailed("host.error.post_failed")


async def edit_post(client: discord.Client, channel_id: int, message_id: int, *,
                    embed: Optional[discord.Embed] = None, file: Optional[discord.File] = None,
                    view: Optional[discord.ui.View] = None) -> Optional[discord.Message]:
    """Edit one of the bot's posts with the bot token (never an interaction token, which expires):
    a new embed, image (it replaces the old attachments) and components; the content (the post's
    mentions) stays as it was, and an edit pings nobody.  None when the message or its channel is gone,
    or its thread is archived (the caller posts anew)."""
    channel = await resolve_channel(client, channel_id)
    if channel is None or not hasattr(channel, "get_partial_message"):
        return None
    if isinstance(channel, discord.Thread) and channel.archived:
        return None  # an archived thread's messages cannot be edited: a new post unarchives it
    kwargs = _message_kwargs("", embed, None, view, NO_MENTIONS)
    del kwargs["content"]  # unchanged
    kwargs["view"] = view  # None removes the buttons (a board that needs none)
    kwargs["attachments"] = [file] if file is not None else []
    await pacer_of(client).take(channel_id)
    try:
        return await channel.get_partial_message(message_id).edit(**kwargs)  # type: ignore[union-attr]
    except discord.NotFound:
        return None
    except discord.HTTPException as exc:
        raise _post_failed(channel_id, exc) from None


async def fetch_post(client: discord.Client, channel_id: int, message_id: int) -> Optional[discord.Message]:
    """One of the bot's posts as it is now (None when it is gone or unreadable)."""
    channel = await resolve_channel(client, channel_id)
    if channel is None or not hasattr(channel, "fetch_message"):
        return None
    try:
        return await channel.fetch_message(message_id)  # type: ignore[union-attr]
    except discord.HTTPException:
        return None


def home_channel(channel: Any) -> Any:
    """Where a game opened from `channel` lives: a thread's parent channel (a thread holds no threads and a
    game's thread holds only that game), else `channel` itself."""
    if isinstance(channel, discord.Thread) and channel.parent is not None:
        return channel.parent
    return channel


async def open_thread(channel: Any, name: str) -> Optional[discord.Thread]:
    """A public thread for a game, or None where threads are not possible here."""
    if not isinstance(channel, (discord.TextChannel,)):
        return None
    try:
        return await channel.create_thread(name=label(name, OPTION_TEXT), type=discord.ChannelType.public_thread,
                                           auto_archive_duration=10080)
    except discord.HTTPException as exc:
        log.info("no thread in channel %s (%s); the game lives in the channel", getattr(channel, "id", "?"), exc)
        return None


async def send_dm(client: discord.Client, user_id: int, content: str) -> str:
    """A direct message: "sent", "closed" (Discord's 50007: DMs closed or no shared server) or "failed"."""
    try:
        user = client.get_user(user_id) or await client.fetch_user(user_id)
        await user.send(content=fit_content(content), allowed_mentions=NO_MENTIONS)
        return "sent"
    except discord.HTTPException as exc:
        if getattr(exc, "code", 0) == 50007:
            return "closed"
        log.warning("DM to %s failed: %s", user_id, exc)
        return "failed"
