"""Every Discord call the bot makes goes through here.

One place to acknowledge interactions in time, post into threads, and turn
missing permissions, closed DMs and rate limits into a clear message instead
of a crash or a hang.
"""
from __future__ import annotations

import asyncio
import datetime
import logging
from typing import Any, Iterable, Optional

import aiohttp
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


# An interaction token lives 15 minutes on Discord; no follow-up is sent on one older than this (a minute's
# margin for the clocks and the request in flight).
TOKEN_LIFE = datetime.timedelta(minutes=14)


def token_fresh(interaction: discord.Interaction) -> bool:
    """Whether the interaction's token may still carry a follow-up (younger than TOKEN_LIFE)."""
    return discord.utils.utcnow() - interaction.created_at < TOKEN_LIFE


async def reply(interaction: discord.Interaction, content: str = "", *, ephemeral: bool = True,
                embed: Optional[discord.Embed] = None, file: Optional[discord.File] = None,
                view: Optional[discord.ui.View] = None) -> None:
    """Answer the interaction: first response if none yet, else a follow-up.  A follow-up due on a token
    older than TOKEN_LIFE is not sent on it: a public answer is posted in the channel instead, a private one
    goes to the user's DMs (its text), so nothing private is shown to others and nothing is lost."""
    kwargs = _message_kwargs(content, embed, file, view, NO_MENTIONS)
    kwargs["ephemeral"] = ephemeral
    try:
        if interaction.response.is_done():
            if not token_fresh(interaction):
                await _late_answer(interaction, content, ephemeral=ephemeral, embed=embed, file=file, view=view)
                return
            await interaction.followup.send(**kwargs)
        else:
            await interaction.response.send_message(**kwargs)
    except discord.HTTPException as exc:
        log.warning("could not reply to interaction: %s", exc)


async def edit_reply(interaction: discord.Interaction, content: str = "", *, embed: Optional[discord.Embed] = None,
                     file: Optional[discord.File] = None, view: Optional[discord.ui.View] = None) -> None:
    """Replace the message a click came from (acknowledged with `defer(thinking=False)`), within the interaction's
    15 minutes: its text, embed, image and buttons (None: none left)."""
    kwargs = _message_kwargs(content, embed, None, view, NO_MENTIONS)
    kwargs["embed"], kwargs["view"] = kwargs.get("embed"), view
    kwargs["attachments"] = [file] if file is not None else []
    try:
        await interaction.edit_original_response(**kwargs)
    except discord.HTTPException as exc:
        log.warning("could not edit the message of an interaction: %s", exc)


async def _late_answer(interaction: discord.Interaction, content: str, *, ephemeral: bool,
                       embed: Optional[discord.Embed], file: Optional[discord.File],
                       view: Optional[discord.ui.View]) -> None:
    """The answer of an interaction whose token has expired (or is about to): in the channel when public,
    in a DM when private."""
    log.info("interaction %s is older than %s: its answer goes %s", interaction.id, TOKEN_LIFE,
             "to the user's DMs" if ephemeral else "to the channel")
    if ephemeral:
        if content and await send_dm(interaction.client, interaction.user.id, content) != "sent":
            log.warning("a private answer to %s could not be delivered (token expired, DMs closed)", interaction.id)
        return
    try:
        await post(interaction.client, interaction.channel_id or 0, content=content, embed=embed, file=file,
                   view=view)
    except PostFailed as exc:
        log.warning("the late answer to interaction %s could not be posted: %s", interaction.id, exc.reason)


async def resolve_channel(client: discord.Client, channel_id: int, *,
                          strict: bool = False) -> Optional[discord.abc.Messageable]:
    """The channel or thread (None when it is gone or hidden from the bot).  `strict`: a fetch that failed for
    a passing reason (a 5xx, a 429, the network) raises the transient PostFailed instead of answering None, so
    a post is tried again later rather than given up as if the channel were gone."""
    channel = client.get_channel(channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None
        except (discord.HTTPException, discord.RateLimited, *NETWORK_ERRORS) as exc:
            log.warning("could not fetch channel %s: %s", channel_id, exc)
            if strict:
                raise _post_failed(channel_id, exc) from None
            return None
    return channel  # type: ignore[return-value]


class PostFailed(Exception):
    """The bot could not post: `reason` is a host catalog key for the user.

    `transient`: Discord may well accept the same post later (a 5xx, a 429 of any scope, with or without
    `Via`, a network error): the board poster keeps it and tries again (cogs/outbox.py); `retry_after`: the
    seconds Discord asked to wait (0: it did not say)."""

    def __init__(self, reason: str, *, transient: bool = False, retry_after: float = 0.0):
        self.reason = reason
        self.transient = transient
        self.retry_after = retry_after
        super().__init__(reason)


#: What a request that never got an answer raises: the connection dropped, timed out or was refused.
NETWORK_ERRORS = (aiohttp.ClientError, asyncio.TimeoutError, OSError)


def _retry_after(exc: BaseException) -> float:
    """The wait Discord asked for (a 429's Retry-After header, discord.py's RateLimited), in seconds."""
    if isinstance(exc, discord.RateLimited):
        return float(exc.retry_after)
    headers = getattr(getattr(exc, "response", None), "headers", None) or {}
    try:
        return max(0.0, float(headers.get("Retry-After") or 0))
    except (TypeError, ValueError):
        return 0.0


async def post(client: discord.Client, channel_id: int, *, content: str = "",
               embed: Optional[discord.Embed] = None, file: Optional[discord.File] = None,
               view: Optional[discord.ui.View] = None,
               mention_ids: Iterable[Optional[int]] = (), nonce: Optional[str] = None) -> discord.Message:
    """A new message from the bot in a game's thread or channel.  `nonce` (at most 25 characters): the same
    post tried again carries the same one, and Discord (which enforces it) then answers with the message it
    already made instead of a second one."""
    channel = await resolve_channel(client, channel_id, strict=True)
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
    if nonce is not None:
        kwargs["nonce"] = nonce  # discord.py sends it with enforce_nonce
    async with pacer_of(client).slot(channel_id):  # never faster than the channel accepts (cogs/pacing.py)
        try:
            return await channel.send(**kwargs)
        except (discord.HTTPException, discord.RateLimited, *NETWORK_ERRORS) as exc:
            raise _post_failed(channel_id, exc) from None


def _post_failed(channel_id: int, exc: BaseException) -> PostFailed:
    """A failed write as the user hears of it, and whether trying again later may succeed."""
    if isinstance(exc, discord.Forbidden):
        return PostFailed("host.error.no_permission_send")
    if isinstance(exc, discord.NotFound):  # deleted since the cache saw it
        return PostFailed("host.error.channel_gone")
    if isinstance(exc, discord.RateLimited) or getattr(exc, "status", 0) == 429:  # any scope, with or without Via
        log.warning("post to %s rate-limited: %s", channel_id, exc)
        return PostFailed("host.error.rate_limited", transient=True, retry_after=_retry_after(exc))
    if not isinstance(exc, discord.HTTPException):  # no answer at all: the network
        log.warning("post to %s got no answer: %s", channel_id, type(exc).__name__)
        return PostFailed("host.error.post_failed", transient=True)
    if getattr(exc, "code", 0) == 50083:  # archived and locked
        return PostFailed("host.error.thread_locked")
    if exc.status == 413 or getattr(exc, "code", 0) == 40005:
        return PostFailed("host.error.too_large")
    log.warning("post to %s failed: %s", channel_id, exc)
    return PostFailed("host.error.post_failed", transient=exc.status >= 500)


async def edit_post(client: discord.Client, channel_id: int, message_id: int, *,
                    embed: Optional[discord.Embed] = None, file: Optional[discord.File] = None,
                    view: Optional[discord.ui.View] = None,
                    content: Optional[str] = None) -> Optional[discord.Message]:
    """Edit one of the bot's posts with the bot token (never an interaction token, which expires):
    a new embed, image (it replaces the old attachments) and components; the content (the post's
    mentions) stays as it was unless `content` is given, and an edit pings nobody.  None when the message or its channel is gone,
    or its thread is archived (the caller posts anew)."""
    channel = await resolve_channel(client, channel_id, strict=True)
    if channel is None or not hasattr(channel, "get_partial_message"):
        return None
    if isinstance(channel, discord.Thread) and channel.archived:
        return None  # an archived thread's messages cannot be edited: a new post unarchives it
    kwargs = _message_kwargs("", embed, None, view, NO_MENTIONS)
    if content is None:
        del kwargs["content"]  # unchanged
    else:
        kwargs["content"] = fit_content(content)
    kwargs["view"] = view  # None removes the buttons (a board that needs none)
    kwargs["attachments"] = [file] if file is not None else []
    async with pacer_of(client).slot(channel_id):
        try:
            return await channel.get_partial_message(message_id).edit(**kwargs)  # type: ignore[union-attr]
        except discord.NotFound:
            return None
        except (discord.HTTPException, discord.RateLimited, *NETWORK_ERRORS) as exc:
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


async def latest_posts(client: discord.Client, channel_id: int, limit: int = 5) -> list[discord.Message]:
    """The newest messages of a channel, newest first ([] when they cannot be read)."""
    channel = await resolve_channel(client, channel_id)
    if channel is None or not hasattr(channel, "history"):
        return []
    try:
        return [message async for message in channel.history(limit=limit)]  # type: ignore[union-attr]
    except (discord.HTTPException, discord.RateLimited, *NETWORK_ERRORS) as exc:
        log.info("could not read the latest messages of %s: %s", channel_id, exc)
        return []


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


async def open_private_thread(channel: Any, name: str, user_id: int) -> Optional[discord.Thread]:
    """A private thread in `channel` that only the bot, `user_id` and moderators (Manage Threads) see; None where
    the server does not allow it (not a text channel, or the bot lacks Create Private Threads)."""
    if not isinstance(channel, discord.TextChannel):
        return None
    try:
        thread = await channel.create_thread(name=label(name, OPTION_TEXT), type=discord.ChannelType.private_thread,
                                             invitable=False, auto_archive_duration=10080)
    except discord.HTTPException as exc:
        log.info("no private thread in channel %s (%s)", channel.id, exc)
        return None
    try:
        await thread.add_user(discord.Object(id=user_id))
    except discord.HTTPException as exc:
        log.warning("could not add user %s to private thread %s: %s", user_id, thread.id, exc)
        try:
            await thread.delete()
        except discord.HTTPException:
            pass
        return None
    return thread


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
