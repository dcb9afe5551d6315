"""The public post that says a game was opened (`/game new` and the games' `/<game> new`).

`/game new` is answered first with a private "thinking" (cogs/actions.py `Actions.new_game`), so a refusal found
while the game is made (the open-games limits, options the game refuses, a busy database) stays private.  That
private answer is then filled in with the opener's own note, and the channel hears of the game in a second, public
follow-up carrying the lobby's buttons, as the command's answer did before.  A follow-up Discord does not take (a
5xx, a 429, the network, a token too old to carry it) is not lost: the same post goes into the channel with the
bot's token, tried again with the outbox's backoff (cogs/outbox.py `delay`) under one nonce, so Discord makes it
once.  The game's lobby text in its thread is an owed notice (cogs/notices.py), delivered after a restart too.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Callable

import discord

from . import ops
from .board_posts import BoardPoster
from .outbox import NONCE, delay, first_retry

log = logging.getLogger("gamehost.opened")


async def post_opened(poster: BoardPoster, interaction: discord.Interaction, content: str,
                      view: Callable[[], discord.ui.View]) -> None:
    """`content` with the buttons `view()` makes, public: a follow-up of `interaction`, or, when Discord does not
    take it, a post in the interaction's channel tried again in a task of the board poster's (`poster.later`,
    waited for and cancelled with the poster's own)."""
    if ops.token_fresh(interaction):
        try:
            await interaction.followup.send(content=content, view=view(), ephemeral=False,
                                            allowed_mentions=ops.NO_MENTIONS)
            return
        except (discord.HTTPException, discord.RateLimited, *ops.NETWORK_ERRORS) as exc:
            log.warning("the public follow-up of interaction %s was refused (%s); it is posted in the channel",
                        interaction.id, exc)
    task = asyncio.get_running_loop().create_task(
        _post_until_taken(poster, interaction.client, interaction.channel_id or 0, content, view),
        name=f"background:opened-{interaction.id}")
    poster.later.add(task)
    task.add_done_callback(poster.later.discard)


async def _post_until_taken(poster: BoardPoster, client: discord.Client, channel_id: int, content: str,
                            view: Callable[[], discord.ui.View]) -> None:
    nonce = ("o" + secrets.token_hex(12))[:NONCE]
    attempt = 0
    while True:
        try:
            await ops.post(client, channel_id, content=content, view=view(), nonce=nonce)
            return
        except ops.PostFailed as exc:
            if not exc.transient:  # no permission here, the channel gone: the thread's lobby text still stands
                log.warning("the post that a game was opened in channel %s was refused: %s", channel_id, exc.reason)
                return
            attempt += 1
            await poster.sleep(delay(attempt, exc.retry_after, first_retry(client)))


__all__ = ["post_opened"]
