"""`/eclipse explore position:`, `/eclipse go hex:` and `/eclipse research tech:` suggest the asker's
legal choices (E33 explore positions, E43 moves, E39 techs with prices) on the local table."""
from __future__ import annotations

import asyncio

from rules.bots import bot_rng

from .test_commands import Session, texts

THREAD = "eclipse-1"


def test_shortcut_options_suggest_the_legal_choices(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", "3")

    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/eclipse new")
            await s.cmd("bob", "/game join game:1")
            await s.cmd("alice", "/game start", THREAD)
            service = s.table.bot.actions.service

            def now():
                table = service.table(1)
                seat = table.to_act[0]
                return table, seat, table.user_of(seat).name, [m.id for m in table.engine.legal_moves(table.state, seat)]

            table, seat, user, ids = now()
            while table.state.phase == "species":
                assert not (await s.cmd(user, f"/play move:{ids[0]}", THREAD)).refused
                table, seat, user, ids = now()
            got = await s.table.complete(user, "/eclipse research tech:plasma")
            assert [v for _, v in got] == ["plasma cannon", "plasma missile"]  # not researching: every name
            other = next(u for u in ("alice", "bob") if u != user)
            assert [v for _, v in await s.table.complete(other, "/eclipse go hex:")] == []  # not their decision

            async def finish_turn(who):  # the greedy bot completes the chain (E99) until the turn moves on
                table, seat, user, ids = now()
                while user == who and not any(i.startswith("act:") for i in ids):
                    move = table.engine.greedy_move(table.state, seat, bot_rng(3, table.state.moves_made, seat))
                    assert not (await s.cmd(user, f"/play move:{move.id}", THREAD)).refused
                    table, seat, user, ids = now()

            for _ in range(2):  # each player explores once: a hex next to home to move into (E33)
                out = await s.cmd(user, "/eclipse action action:explore", THREAD)
                assert not out.refused, texts(out)
                table, seat, user, ids = now()
                got = await s.table.complete(user, "/eclipse explore position:")
                assert sorted(v for _, v in got) == sorted(i[4:] for i in ids if i.startswith("exp:")) != []
                out = await s.cmd(user, f"/eclipse explore position:{got[0][1]}", THREAD)
                assert not out.refused, texts(out)
                await finish_turn(user)
                table, seat, user, ids = now()

            out = await s.cmd(user, "/eclipse action action:move", THREAD)
            assert not out.refused, texts(out)
            table, seat, user, ids = now()
            out = await s.cmd(user, f"/play move:{next(i for i in ids if i.startswith('ship:'))}", THREAD)
            assert not out.refused, texts(out)
            table, seat, user, ids = now()
            got = await s.table.complete(user, "/eclipse go hex:")
            assert sorted(v for _, v in got) == sorted(i[3:] for i in ids if i.startswith("go:")) != []
            out = await s.cmd(user, f"/eclipse go hex:{got[0][1]}", THREAD)
            assert not out.refused, texts(out)
    asyncio.run(go())
