"""A game whose last human leaves is abandoned with a message, instead of being played out by
bots; bots stay as opponents while a human sits."""
from __future__ import annotations

import asyncio

import pytest

from host.tables import TableService
from storage import open_store

from .test_commands import Session, texts


def read(db: str, game_id: int = 1):
    service = TableService(open_store(db))
    try:
        table = service.table(game_id)
        return table, service.games.move_count(game_id), service.games.results(game_id)
    finally:
        service.store.close()


@pytest.mark.parametrize("locale,words", [("en-US", ("last player", "no player is left")),
                                          ("es-ES", ("último jugador", "no queda ningún jugador"))])
def test_the_last_human_leaving_a_running_game_with_bots_abandons_it(tmp_path, locale, words):
    async def go():
        async with Session(tmp_path, locale=locale, guild_locale=locale) as s:
            assert not (await s.cmd("alice", "/game new game:wayfinders bots:3")).refused
            assert not (await s.cmd("alice", "/game start", "wayfinders-1")).refused
            before = read(s.db)[1]
            out = await s.leave("alice", "/game leave", "wayfinders-1")
            assert not out.refused, texts(out)
            mine = [m for m in out if m.ephemeral]
            public = [m for m in out if not m.ephemeral]
            assert len(mine) == 1 and words[0] in mine[0].content, texts(out)
            assert len(public) == 1 and words[1] in public[0].content and public[0].channel == "wayfinders-1"
            await s.table.bot.get_cog("BotPlayersCog").driver.idle()
            table, moves, results = read(s.db)
            assert table.game.status == "abandoned" and moves == before and results == []  # not rated
            assert [x.is_bot for x in table.seats] == [False, True, True, True]  # alice's seat stays hers
            out = await s.leave("alice", "/game leave", "wayfinders-1")
            assert out.refused and all(m.ephemeral for m in out)
    asyncio.run(go())


def test_bots_stay_as_opponents_while_a_human_sits(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders bots:1")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start", "wayfinders-1")
            out = await s.leave("bob", "/game leave", "wayfinders-1")  # alice still sits: a bot takes bob's seat
            assert not out.refused and "no longer counts" in texts(out), texts(out)
            table, _, _ = read(s.db)
            assert table.game.status == "active" and [x.is_bot for x in table.seats] == [False, True, True]
            out = await s.leave("alice", "/game leave", "wayfinders-1")  # now the last human
            assert not out.refused and "last player" in texts(out), texts(out)
            await s.table.bot.get_cog("BotPlayersCog").driver.idle()
            table, _, results = read(s.db)
            assert table.game.status == "abandoned" and results == []
    asyncio.run(go())


def test_the_last_human_leaving_a_lobby_abandons_it(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders bots:2")  # 1: only bots would be left
            out = await s.leave("alice", "/game leave", "wayfinders-1")
            assert not out.refused and any("no player is left" in m.content for m in out if not m.ephemeral)
            assert read(s.db, 1)[0].game.status == "abandoned"
            await s.cmd("alice", "/game new game:wayfinders")  # 2: the creator leaves first, then bob
            await s.cmd("bob", "/game join game:2")
            assert not (await s.leave("alice", "/game leave game:2")).refused
            table = read(s.db, 2)[0]
            assert table.game.status == "lobby" and [x.name for x in table.seats] == ["bob"]
            out = await s.leave("bob", "/game leave game:2")
            assert not out.refused and read(s.db, 2)[0].game.status == "abandoned", texts(out)
    asyncio.run(go())
