"""A dead gateway is noticed in seconds: the bot's heartbeat timeout is 20 s and it sends an extra heartbeat
every 8 s, so a live connection is never silent that long (the protocol test shows a silent gateway resumed
after ~20 s).  Here: the extra heartbeat itself, and the client's setting."""
from __future__ import annotations

import asyncio
from types import SimpleNamespace

from bot import make_bot
from cogs.gateway_watch import BEAT_EVERY, HEARTBEAT_TIMEOUT, extra_heartbeat


class Socket:
    def __init__(self, closed: bool = False):
        self.closed = closed


def shard(closed: bool = False):
    sent = []

    async def send_heartbeat(data):
        sent.append(data)

    keep_alive = SimpleNamespace(get_payload=lambda: {"op": 1, "d": 41}, _last_send=0.0)
    ws = SimpleNamespace(_keep_alive=keep_alive, socket=Socket(closed), send_heartbeat=send_heartbeat)
    return SimpleNamespace(_get_websocket=lambda shard_id: ws), ws, sent


def test_an_extra_heartbeat_carries_the_last_sequence_and_moves_the_send_time():
    bot, ws, sent = shard()
    assert asyncio.run(extra_heartbeat(bot, 0)) is True
    assert sent == [{"op": 1, "d": 41}] and ws._keep_alive._last_send > 0


def test_no_heartbeat_on_a_closed_or_missing_connection():
    bot, _, sent = shard(closed=True)
    assert asyncio.run(extra_heartbeat(bot, 0)) is False and sent == []

    def missing(shard_id):
        raise KeyError(shard_id)

    assert asyncio.run(extra_heartbeat(SimpleNamespace(_get_websocket=missing), 0)) is False


def test_the_bot_resumes_a_gateway_silent_for_20_seconds(tmp_path):
    bot = make_bot(str(tmp_path / "g.db"))
    try:
        assert bot._connection.heartbeat_timeout == HEARTBEAT_TIMEOUT == 20.0
        assert BEAT_EVERY * 2 < HEARTBEAT_TIMEOUT  # a lost ACK alone never looks like a dead connection
    finally:
        bot.store.close()
        bot.reads.store.close()
