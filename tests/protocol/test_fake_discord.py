"""The fake Discord answers as Discord does: 400 for a payload over a limit, 429 with Discord's headers and
JSON body, 404 for a route it does not model (recorded, so the protocol test can name it)."""
from __future__ import annotations

import asyncio

import aiohttp

from tests.protocol.fake_discord import CHANNELS, GUILDS, FakeDiscord


async def exchange() -> None:
    fake = FakeDiscord()
    await fake.start()
    url = f"{fake.base}/channels/{CHANNELS[GUILDS[0]]}/messages"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.post(url, json={"content": "x" * 2001}) as response:
                assert response.status == 400 and (await response.json())["code"] == 50035
            assert fake.problems == ["content: must be 2000 or fewer in length (2001)"]

            fake.rate_limit_next_post = True
            async with http.post(url, json={"content": "hello"}) as response:
                assert response.status == 429
                assert response.headers["Content-Type"] == "application/json"  # discord.py parses only this
                assert response.headers["Retry-After"] and response.headers["Via"]
                body = await response.json()
                assert body["retry_after"] > 0 and body["global"] is False
            async with http.post(url, json={"content": "hello"}) as response:
                assert response.status == 200 and (await response.json())["content"] == "hello"

            async with http.get(f"{fake.base}/guilds/{GUILDS[0]}/audit-logs") as response:
                assert response.status == 404
            assert fake.unknown == [f"GET /guilds/{GUILDS[0]}/audit-logs"]
    finally:
        await fake.stop()


def test_fake_discord_answers_as_discord_does():
    asyncio.run(exchange())
