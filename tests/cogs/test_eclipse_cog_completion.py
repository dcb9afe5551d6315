"""`/eclipse explore position:`, `/eclipse go hex:` and `/eclipse research tech:` suggest the asker's
legal choices (E33 explore positions, E43 moves, E39 techs with prices) on the local table."""
from __future__ import annotations

from rules.bots import bot_rng

from .test_commands import texts
from .test_eclipse_cog_private import THREAD, two_player_lobby


def test_shortcut_options_suggest_the_legal_choices(tmp_path, monkeypatch):
    async def body(s):
        service = s.table.bot.actions.service

        def now():
            table = service.table(1)
            seat = table.to_act[0]
            return table, seat, table.user_of(seat).name, [m.id for m in table.engine.legal_moves(table.state, seat)]

        async def send(user, line):
            out = await s.cmd(user, line, THREAD)
            assert not out.refused, (line, texts(out))
            return now()

        async def suggested(user, line, prefix):
            """The suggestions for `line` are exactly the legal moves with `prefix`; play the first."""
            got = await s.table.complete(user, line)
            ids = now()[3]
            assert sorted(v for _, v in got) == sorted(i[len(prefix):] for i in ids if i.startswith(prefix)) != []
            return await send(user, line + got[0][1])

        await s.cmd("alice", "/game start", THREAD)
        table, seat, user, ids = now()
        while table.state.phase == "species":
            table, seat, user, ids = await send(user, f"/play move:{ids[0]}")
        got = await s.table.complete(user, "/eclipse research tech:plasma")
        assert [v for _, v in got] == ["plasma cannon", "plasma missile"]  # not researching: every name
        other = next(u for u in ("alice", "bob") if u != user)
        assert [v for _, v in await s.table.complete(other, "/eclipse go hex:")] == []  # not their decision

        for _ in range(2):  # each player explores once: a hex next to home to move into (E33)
            await send(user, "/eclipse action action:explore")
            table, seat, who, ids = await suggested(user, "/eclipse explore position:", "exp:")
            while who == user and not any(i.startswith("act:") for i in ids):  # greedy ends the chain (E99)
                move = table.engine.greedy_move(table.state, seat, bot_rng(3, table.state.moves_made, seat))
                table, seat, who, ids = await send(who, f"/play move:{move.id}")
            user = who

        table, seat, user, ids = await send(user, "/eclipse action action:move")
        for ship in [i for i in ids if i.startswith("ship:")]:  # a ship with more than one way on (E108)
            after = table.engine.apply(table.state, seat, ship)
            if sum(i.startswith("go:") for i in [m.id for m in table.engine.legal_moves(after, seat)]) > 1:
                await send(user, f"/play move:{ship}")
                await suggested(user, "/eclipse go hex:", "go:")
                break
        else:  # each ship has one way on: E99 takes it without asking, so there is no step to complete
            assert all(i.startswith("ship:") or not i.startswith("go:") for i in ids)
    two_player_lobby(tmp_path, monkeypatch, body)
