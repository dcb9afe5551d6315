"""`/game me private-thread:on`: a private thread per player (only they, the bot and moderators see it), posted to
after each change of their private information, through the real bot on the local table (whose private threads
show only to their members and to moderators)."""
from __future__ import annotations

import asyncio

import discord
import pytest

from local import LocalError
from local.payloads import BOT_PERMISSIONS
from storage.private_threads import PrivateThreadStore

from .test_bot_players import read
from .test_commands import Session, texts
from .test_private_moves import THREAD, _three_humans

MINE = "flotilla-1-bob"


def posts(s: Session, name: str) -> list:
    """The messages of a thread, oldest first."""
    row = s.table.registry.find_channel(name)
    return list(reversed(list(s.table.registry.history(row.id))))


async def play_until(s: Session, user: str) -> list:
    """Whoever must decide plays their first legal move, until `user` must; what the bot sent meanwhile."""
    sent: list = []
    for _ in range(60):
        table = read(s.db)
        who = table.user_of(table.to_act[0])
        if who.name == user:
            return sent
        move = table.engine.legal_moves(table.state, who.seat)[0]
        out = await s.cmd(who.name, f"/play move:{move.id}", THREAD)
        assert not out.refused, texts(out)
        sent += [m for m in out if who.name != "bob"]
    raise AssertionError(f"{user} never came to decide")


def test_a_private_thread_follows_its_players_private_information(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "11")

    async def go():
        async with Session(tmp_path) as s:
            await _three_humans(s)
            table = read(s.db)
            assert table.user_of(table.to_act[0]).name == "alice"
            out = await s.cmd("bob", "/game me private-thread:on", THREAD)
            assert not out.refused, texts(out)
            reply = next(m for m in out if m.ephemeral)
            assert "Your private thread for Flotilla #1" in reply.content and "Manage Threads" in reply.content
            row = s.table.registry.find_channel(MINE)
            bob = s.table.registry.user("bob").id
            assert row.kind == "private_thread" and s.table.registry.thread_members(row.id) == [bob]
            first = posts(s, MINE)
            assert len(first) == 1 and first[0].payload["content"].startswith(f"<@{bob}> Flotilla #1 — your view")
            assert first[0].payload.get("attachments") and not first[0].payload.get("components")
            assert PrivateThreadStore(s.table.bot.service.store).get(table.game.id, bob).thread_id == row.id

            with pytest.raises(LocalError, match="private thread"):  # alice does not see bob's thread
                await s.cmd("alice", "/game status game:1", MINE)
            moderator = await s.cmd("admin", "/game status game:1", MINE)  # Manage Threads: moderators read it
            assert not moderator.refused
            here = await s.cmd("bob", "/game status", MINE)  # his private thread stands for its game
            assert not here.refused and "Flotilla #1" in texts(here)

            out = await s.cmd("alice", "/play move:play:captain", THREAD)  # bob's hand is unchanged
            assert not out.refused and len(posts(s, MINE)) == 1
            sent = await play_until(s, "bob")  # bob's private decision: his cards, as buttons, in his thread
            latest = posts(s, MINE)[-1]
            assert len(posts(s, MINE)) == 2
            assert [p["label"][:5] for r in latest.payload["components"] for p in r["components"]][:1] == ["Play "]
            hidden = [m for m in sent if m.channel == MINE]
            assert hidden and all(m.hidden for m in hidden)  # the others' own output never shows bob's thread
            assert "not shown" in hidden[0].text() and "Play" not in hidden[0].text()

            labels = [c["label"] for r in latest.payload["components"] for c in r["components"]]
            n = next(i for i, x in enumerate(labels, 1) if x.startswith("Play Speaker"))
            pressed = await s.press("bob", n, MINE)  # his thread's newest post plays
            assert not pressed.refused, texts(pressed)
            assert read(s.db).game.version > table.game.version
            assert len(posts(s, MINE)) == 3  # his hand changed: his view again
            steps = 0
            for _ in range(10):  # the rest of his turn, from his thread: the same post follows the game
                table = read(s.db)
                last = posts(s, MINE)[-1]
                ids = [c["custom_id"] for r in last.payload.get("components") or [] for c in r["components"]]
                if table.to_act != [table.seat_of(bob).seat]:
                    assert ids == []  # his turn is over: no dead buttons left behind
                    break
                assert ids and all(c.startswith(f"mv:{table.game.id}:{table.game.version}:") for c in ids), ids
                assert not (await s.press("bob", 1, MINE)).refused
                steps += 1
            else:
                raise AssertionError("bob's turn did not end")
            assert steps and len(posts(s, MINE)) - 3 < steps  # some steps edited the post instead of posting
            now = len(posts(s, MINE))

            off = await s.cmd("bob", "/game me private-thread:off", THREAD)
            assert "no longer update" in off[0].content
            await play_until(s, "alice")
            await play_until(s, "bob")
            assert len(posts(s, MINE)) == now
            again = await s.cmd("bob", "/game me private-thread:off", THREAD)
            assert "You have no private thread" in again[0].content

    asyncio.run(go())


def test_a_private_thread_survives_a_restart_and_speaks_its_players_language(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "11")

    async def go():
        async with Session(tmp_path, locale="es-ES") as s:
            await _three_humans(s)
            out = await s.cmd("bob", "/game me private-thread:on", THREAD)
            assert "Tu hilo privado de Flotilla #1" in texts(out)
            assert "tu vista" in posts(s, MINE)[0].payload["content"]
        async with Session(tmp_path) as s:  # a new bot process; bob's language is remembered
            await play_until(s, "bob")
            assert len(posts(s, MINE)) == 2 and "tu vista" in posts(s, MINE)[-1].payload["content"]
            again = await s.cmd("bob", "/game me private-thread:on", THREAD)  # asked again: posted anew there
            assert "already have a private thread" in again[-1].content and len(posts(s, MINE)) == 3

    asyncio.run(go())


def test_where_private_threads_are_not_allowed_the_player_is_told_privately(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "11")

    async def go():
        async with Session(tmp_path) as s:
            await _three_humans(s)
            s.table.set_bot_permissions(BOT_PERMISSIONS & ~discord.Permissions(create_private_threads=True))
            out = await s.cmd("bob", "/game me private-thread:on", THREAD)
            assert out.refused and all(m.ephemeral for m in out)
            assert "cannot open a private thread here" in texts(out)
            assert PrivateThreadStore(s.table.bot.service.store).for_game(read(s.db).game.id) == []
            spectator = await s.cmd("dave", "/game me private-thread:on game:1", THREAD)
            assert spectator.refused and "watching this game" in texts(spectator)

    asyncio.run(go())


def test_a_lobby_has_no_private_thread_yet(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:flotilla")
            out = await s.cmd("alice", "/game me private-thread:on", THREAD)
            assert out.refused and "has not started yet" in texts(out)
            assert s.table.registry.channels(("private_thread",)) == []

    asyncio.run(go())
