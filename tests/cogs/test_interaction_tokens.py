"""An interaction token carries follow-ups for 15 minutes only: an answer due on a token older than 14
minutes (cogs/ops.py `TOKEN_LIFE`) is not sent on it.  A public answer is posted in the channel instead, a
private one goes to the user's DMs; a fresh token's follow-up goes out as before."""
from __future__ import annotations

import asyncio
import datetime
from types import SimpleNamespace

import discord

from cogs import ops
from cogs.pacing import Pacer


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict]] = []

    def sender(self, where: str):
        async def send(**kwargs):
            self.calls.append((where, kwargs))
        return send


def interaction(age: datetime.timedelta, calls: Recorder) -> SimpleNamespace:
    channel = SimpleNamespace(send=calls.sender("channel"))
    user = SimpleNamespace(send=calls.sender("dm"))
    client = SimpleNamespace(get_channel=lambda cid: channel if cid == 42 else None,
                             get_user=lambda uid: user if uid == 7 else None,
                             post_pacer=Pacer())  # the bot's pacer (cogs/game_bot.py builds it)
    return SimpleNamespace(id=1, created_at=discord.utils.utcnow() - age, channel_id=42, client=client,
                           user=SimpleNamespace(id=7), response=SimpleNamespace(is_done=lambda: True),
                           followup=SimpleNamespace(send=calls.sender("followup")))


def answer(age_minutes: float, *, ephemeral: bool) -> list[tuple[str, dict]]:
    calls = Recorder()
    asyncio.run(ops.reply(interaction(datetime.timedelta(minutes=age_minutes), calls), "the answer",  # type: ignore[arg-type]
                          ephemeral=ephemeral))
    return calls.calls


def test_a_fresh_token_carries_the_follow_up():
    (where, kwargs), = answer(13.9, ephemeral=True)
    assert where == "followup" and kwargs["content"] == "the answer" and kwargs["ephemeral"] is True


def test_an_old_tokens_public_answer_is_posted_in_the_channel():
    (where, kwargs), = answer(14.1, ephemeral=False)
    assert where == "channel" and kwargs["content"] == "the answer"


def test_an_old_tokens_private_answer_goes_to_the_users_dms_never_the_channel():
    (where, kwargs), = answer(20, ephemeral=True)
    assert where == "dm" and kwargs["content"] == "the answer"
