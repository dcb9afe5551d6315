"""The fleet bench's fake keeps what its players look up as it happens (tools/fleet_fake.py), and its players'
gate lets the kill and the reshard wait for the clicks in flight (tools/fleet_play.py `Gate`).  A player waits on
a future the fake resolves: the newest board of each game, an interaction's first response, and its answer as a
message (a command's work done: the harness sent `/game start` on a "thinking" and the join had not happened)."""
from __future__ import annotations

import asyncio

from tools.fleet_fake import TimedFake
from tools.fleet_play import Gate
from tools.protocol_fake.fake_discord import Call
from tools.protocol_fake.fake_interactions import Pending

GUILD, THREAD = 4242, 777


def board(gid: int, version: int) -> dict:
    return {"content": "", "components": [{"type": 1, "components": [
        {"type": 2, "custom_id": f"mv:{gid}:{version}:fly:C1", "label": "fly"}]}]}


def fake_with_thread() -> TimedFake:
    fake = TimedFake()
    fake.threads[THREAD] = {"id": str(THREAD), "guild_id": str(GUILD),
                            "thread_metadata": {"archived": False, "locked": False}}
    return fake


def test_the_newest_board_of_each_game_is_kept_as_posted_and_edited():
    async def go() -> None:
        fake = fake_with_thread()
        first = fake._message(THREAD, board(5, 1), [])
        fake._message(THREAD, {"content": "a lobby, no moves"}, [])
        fake._message(THREAD, board(6, 3), [])
        assert {gid: version for gid, (version, _) in fake.boards(GUILD).items()} == {5: 1, 6: 3}
        waiting = asyncio.ensure_future(fake.board_after(GUILD, 5, 1, 10.0))
        await asyncio.sleep(0)
        assert not waiting.done()
        fake._edit(int(first["id"]), board(5, 2), [])  # the same post, edited to the next version
        assert await waiting and fake.boards(GUILD)[5][0] == 2
        assert not await fake.board_after(GUILD, 5, 2, 0.05)  # nothing newer came
        assert fake.boards(GUILD + 1) == {}
    asyncio.run(go())


def test_an_interaction_is_answered_at_its_callback_and_replied_at_its_message():
    async def go() -> None:
        fake = fake_with_thread()
        interaction = {"id": "1", "token": "tok-1"}
        fake.interactions["tok-1"] = Pending("1", "tok-1", 2, "/game join", asyncio.get_running_loop().time())
        answered = asyncio.ensure_future(fake.answered(interaction, 10.0))
        replied = asyncio.ensure_future(fake.reply(interaction, 10.0))
        await asyncio.sleep(0)
        path = "/interactions/1/tok-1/callback"
        await fake._route("POST", path, Call("POST", path, {}, {"type": 5}, []))  # "thinking"
        assert await answered and fake.answers(interaction) == 1
        await asyncio.sleep(0)
        assert not replied.done()  # the command's work is not done yet
        hook = "/webhooks/1/tok-1"
        await fake._route("POST", hook, Call("POST", hook, {}, {"content": "You joined."}, []))
        assert await replied
        again = await fake._route("POST", path, Call("POST", path, {}, {"type": 5}, []))
        assert again.status == 400 and fake.answers(interaction) == 1  # a second answer is refused, not counted
    asyncio.run(go())


def test_an_uploaded_image_is_checked_then_not_kept():
    async def go() -> None:
        fake = fake_with_thread()
        path = f"/channels/{THREAD}/messages"
        call = Call("POST", path, {}, board(5, 1), [("board.png", b"\x89PNG" + bytes(1000))])
        response = await fake._route("POST", path, call)
        assert response.status == 200 and call.files == [("board.png", b"")]
        (message,) = fake.messages.values()
        assert message["attachments"][0]["size"] == 1004  # as Discord reports it
    asyncio.run(go())


def test_the_gate_closes_after_the_clicks_in_flight_and_holds_new_ones_until_it_opens():
    async def go() -> None:
        gate, order = Gate(), []

        async def click(name: str, hold: asyncio.Event) -> None:
            async with gate.click():
                order.append(f"{name} in")
                await hold.wait()
            order.append(f"{name} out")

        first, second = asyncio.Event(), asyncio.Event()
        a = asyncio.ensure_future(click("a", first))
        await asyncio.sleep(0)
        closing = asyncio.ensure_future(gate.close())
        await asyncio.sleep(0)
        b = asyncio.ensure_future(click("b", second))
        await asyncio.sleep(0)
        assert not closing.done() and order == ["a in"]  # a is in flight; b waits for the gate
        first.set()
        await closing
        order.append("closed")
        await asyncio.sleep(0)
        assert order == ["a in", "a out", "closed"]  # b still held back
        await gate.open()
        second.set()
        await asyncio.gather(a, b)
        assert order == ["a in", "a out", "closed", "b in", "b out"]
    asyncio.run(go())
