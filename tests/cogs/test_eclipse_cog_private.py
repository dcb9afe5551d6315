"""`/eclipse tech` and `/eclipse board` on the local table: private images, and clear refusals
(never an unanswered interaction) before the game starts or before a species is chosen (E11)."""
from __future__ import annotations

import asyncio

from .test_commands import Session, texts

THREAD = "eclipse-1"


def two_player_lobby(tmp_path, monkeypatch, body) -> None:
    """Run `body(session)` after alice opened an Eclipse game (seed 3) and bob joined."""
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/eclipse new")
            await s.cmd("bob", "/game join game:1")
            await body(s)
    asyncio.run(go())


def test_tech_and_board_refuse_clearly_in_the_lobby_and_before_the_species_pick(tmp_path, monkeypatch):
    async def body(s):
        for line in ("/eclipse tech", "/eclipse board"):
            out = await s.cmd("alice", line, THREAD)
            assert out.refused and all(m.ephemeral for m in out), (line, texts(out))
            assert "has not started yet" in texts(out), (line, texts(out), out.errors)
            assert not any("never sent" in e or "exception" in e for e in out.errors), out.errors
        await s.cmd("alice", "/game start", THREAD)
        table = s.table.bot.actions.service.table(1)
        first = table.user_of(table.to_act[0]).name
        other = "bob" if first == "alice" else "alice"
        out = await s.cmd(first, f"/eclipse board player:@{other}", THREAD)
        assert out.refused and "has not chosen a species yet" in texts(out), (texts(out), out.errors)
        assert not any("never sent" in e or "still running" in e for e in out.errors), out.errors
        out = await s.cmd(other, "/eclipse tech", THREAD)  # the supply exists from set-up (E5)
        assert not out.refused and [m.ephemeral for m in out if m.files] == [True], texts(out)
    two_player_lobby(tmp_path, monkeypatch, body)
