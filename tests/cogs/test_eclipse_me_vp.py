"""`/game me` in an Eclipse game on the local table: a private embed with the player's victory points if
the game ended now and their sources (E75), and the tie-break value (E76), in the player's language."""
from __future__ import annotations

import asyncio

import pytest

from local.limits import problems
from rules.eclipse.board import score_parts, storage_total

from .test_commands import Session, texts
from .test_eclipse_cog_private import THREAD

HEADING = {"en-US": "Your victory points if the game ended now: {n} VP",
           "es-ES": "Tus puntos de victoria si la partida acabara ahora: {n} PV"}
STORAGE = {"en-US": "Tie-break: {n} resources in storage", "es-ES": "Desempate: {n} recursos almacenados"}


@pytest.mark.parametrize("locale", ["en-US", "es-ES"])
def test_e75_game_me_gives_the_points_by_source(tmp_path, monkeypatch, locale):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path, locale=locale) as s:
            await s.cmd("alice", "/eclipse new")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start", THREAD)
            service = s.table.bot.actions.service
            table = service.table(1)
            while table.state.phase == "species":  # E11: each picks the first species offered
                seat = table.to_act[0]
                move = table.engine.legal_moves(table.state, seat)[0].id
                out = await s.cmd(table.user_of(seat).name, f"/play move:{move}", THREAD)
                assert not out.refused, texts(out)
                table = service.table(1)
            seat = next(x.seat for x in table.seats if x.name == "alice")
            me = await s.cmd("alice", "/game me", THREAD)
            assert not me.refused and all(m.ephemeral for m in me), texts(me)
            embeds = [e for m in me for e in m.embeds]
            assert problems({"embeds": embeds}) == []
            fields = {f["name"]: f["value"] for e in embeds for f in e.get("fields", [])}
            total = sum(score_parts(table.state, seat).values())
            value = fields[HEADING[locale].format(n=total)]
            assert STORAGE[locale].format(n=storage_total(table.state.players[seat])) in value
            assert total > 0 and value.count("\n") >= 1  # a starting hex is worth VP (E75): a source line
    asyncio.run(go())
