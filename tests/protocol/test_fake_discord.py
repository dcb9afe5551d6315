"""The fake Discord answers as Discord does: 400 for a payload over a limit; 5xx, 503 and every kind of 429
when told to; 10062 for an interaction acknowledged after 3 s, 40060 for a second acknowledgement, 50027 for
a token older than 15 minutes; 403 for what the bot has no permission for; a RESUME replays the missed
events; 404 for a route it does not model (recorded, so the protocol test can name it)."""
from __future__ import annotations

import asyncio
import json

import aiohttp

from tools.protocol_fake.fake_discord import ACK_DEADLINE, CHANNELS, GUILDS, TOKEN_LIFETIME, FakeDiscord


async def failures(fake: FakeDiscord, http: aiohttp.ClientSession, url: str) -> None:
    fake.fail(429)  # Discord's own: Via, the bucket's headers, a JSON body with retry_after
    async with http.post(url, json={"content": "hello"}) as response:
        assert response.status == 429
        assert response.headers["Content-Type"] == "application/json"  # discord.py parses only this
        assert response.headers["Retry-After"] and response.headers["Via"]
        assert response.headers["X-RateLimit-Scope"] == "user" and response.headers["X-RateLimit-Remaining"] == "0"
        body = await response.json()
        assert body["retry_after"] > 0 and body["global"] is False
    fake.fail(429, scope="global")
    async with http.post(url, json={"content": "hello"}) as response:
        assert response.headers["X-RateLimit-Global"] == "true" and (await response.json())["global"] is True
    fake.fail(429, scope="shared")
    async with http.post(url, json={"content": "hello"}) as response:
        assert response.headers["X-RateLimit-Scope"] == "shared"
    fake.fail(429, via=False)  # a Cloudflare block: no Via, an HTML page (discord.py raises it at once)
    async with http.post(url, json={"content": "hello"}) as response:
        assert response.status == 429 and "Via" not in response.headers
        assert response.content_type == "text/html"
    fake.fail(503, times=2)
    for _ in range(2):
        async with http.post(url, json={"content": "hello"}) as response:
            assert response.status == 503 and response.content_type == "text/plain"
    fake.fail(500)
    async with http.post(url, json={"content": "hello"}) as response:
        assert response.status == 500
    async with http.post(url, json={"content": "hello"}) as response:  # the faults are used up
        assert response.status == 200 and (await response.json())["content"] == "hello"
    assert [status for _, status in fake.injected] == [429, 429, 429, 429, 503, 503, 500]


async def interactions(fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    def callback(payload):
        return f"{fake.base}/interactions/{payload['id']}/{payload['token']}/callback"

    late = await fake.send_interaction(fake.interaction(2, {"name": "game"}, who="alice"), "/game")
    fake.interactions[late["token"]].created -= ACK_DEADLINE + 0.1
    async with http.post(callback(late), json={"type": 5}) as response:
        assert response.status == 404 and (await response.json())["code"] == 10062
    assert fake.interactions[late["token"]].late

    ok = await fake.send_interaction(fake.interaction(2, {"name": "game"}, who="alice"), "/game")
    async with http.post(callback(ok), json={"type": 5}) as response:
        assert response.status == 200
    async with http.post(callback(ok), json={"type": 4, "data": {"content": "again"}}) as response:
        assert response.status == 400 and (await response.json())["code"] == 40060
    followup = f"{fake.base}/webhooks/1/{ok['token']}"
    async with http.post(followup, json={"content": "in time"}) as response:
        assert response.status == 200
    fake.age_tokens(TOKEN_LIFETIME)
    async with http.post(followup, json={"content": "too late"}) as response:
        assert response.status == 401 and (await response.json())["code"] == 50027
    async with http.patch(followup + "/messages/@original", json={"content": "too late"}) as response:
        assert response.status == 401
    assert [c.code for c in fake.refusals(10062, 40060, 50027)] == [10062, 40060, 50027, 50027]


async def permissions(fake: FakeDiscord, http: aiohttp.ClientSession, url: str) -> None:
    async with http.post(f"{fake.base}/channels/{CHANNELS[GUILDS[0]]}/threads",
                         json={"name": "game", "type": 11}) as response:
        thread = await response.json()
    async with http.patch(f"{fake.base}/channels/{thread['id']}", json={"archived": True}) as response:
        assert response.status == 200  # its creator may archive it
    async with http.patch(f"{fake.base}/channels/{thread['id']}", json={"locked": True}) as response:
        assert response.status == 403 and (await response.json())["code"] == 50013  # no Manage Threads
    async with http.post(url, json={"content": "pin me"}) as response:
        message = await response.json()
    for method, path in (("PUT", f"/messages/pins/{message['id']}"), ("POST", "/messages/bulk-delete"),
                         ("PUT", f"/messages/{message['id']}/reactions/x/@me")):
        async with http.request(method, url.removesuffix("/messages") + path, json={}) as response:
            assert response.status == 403, (method, path)
    form = aiohttp.FormData()
    form.add_field("payload_json", json.dumps({"embeds": [{"image": {"url": "attachment://board.png"}}]}))
    form.add_field("files[0]", b"png", filename="other.png")
    async with http.post(url, data=form) as response:
        assert response.status == 200  # Discord posts it, the image loose below an empty embed
    assert fake.problems == ["embeds.0.image: attachment://board.png names no file of the message (other.png)"]
    fake.problems.clear()


async def resume(fake: FakeDiscord, http: aiohttp.ClientSession) -> None:
    async def frames(ws, n):
        return [json.loads((await ws.receive()).data) for _ in range(n)]

    async with http.ws_connect(f"ws://127.0.0.1:{fake.port}/gateway") as ws:
        assert (await frames(ws, 1))[0]["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": "t"}})
        seen = await frames(ws, 1 + len(GUILDS))  # READY and each server
        assert [f["t"] for f in seen] == ["READY"] + ["GUILD_CREATE"] * len(GUILDS)
    await fake.wait_for("the close", lambda: fake.ws is None, 10)
    await fake.event("THREAD_UPDATE", {"id": "1"})  # while the bot is away
    await fake.event("THREAD_DELETE", {"id": "1"})
    async with http.ws_connect(f"ws://127.0.0.1:{fake.port}/gateway") as ws:
        await frames(ws, 1)
        await ws.send_json({"op": 6, "d": {"token": "t", "session_id": fake.session_id, "seq": seen[-1]["s"]}})
        again = await frames(ws, 3)
        assert [(f["t"], f["s"]) for f in again] == [("THREAD_UPDATE", 4), ("THREAD_DELETE", 5), ("RESUMED", 6)]
    assert fake.replayed == 2


async def exchange() -> None:
    fake = FakeDiscord()
    await fake.start()
    url = f"{fake.base}/channels/{CHANNELS[GUILDS[0]]}/messages"
    try:
        async with aiohttp.ClientSession() as http:
            async with http.post(url, json={"content": "x" * 2001}) as response:
                assert response.status == 400 and (await response.json())["code"] == 50035
            assert fake.problems == ["content: must be 2000 or fewer in length (2001)"]
            fake.problems.clear()
            await failures(fake, http, url)
            await interactions(fake, http)
            await permissions(fake, http, url)
            await resume(fake, http)
            async with http.get(f"{fake.base}/guilds/{GUILDS[0]}/audit-logs") as response:
                assert response.status == 404
            assert fake.unknown == [f"GET /guilds/{GUILDS[0]}/audit-logs"]
    finally:
        await fake.stop()


def test_fake_discord_answers_as_discord_does():
    asyncio.run(exchange())
