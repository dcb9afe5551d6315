"""W24: the `home_not_scored` option reaches the game from `/wayfinders new` and from
`/game new … options:` on the local table (the real command tree)."""
from __future__ import annotations

from .test_commands import Session, run


def test_w24_home_not_scored_from_the_shortcut_and_from_game_new(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/wayfinders new home_not_scored:true exploration:true")
            assert not out.refused, out.errors
            out = await s.cmd("bob", '/game new game:wayfinders options:"home_not_scored"')
            assert not out.refused, out.errors
            out = await s.cmd("carol", "/wayfinders new")
            assert not out.refused, out.errors
            service = s.table.bot.actions.service
            assert service.table(1).game.options == {"exploration": True, "home_not_scored": True}
            assert service.table(2).game.options == {"home_not_scored": True}
            assert service.table(3).game.options == {}
            for user, game in (("bob", 1), ("alice", 2)):
                assert not (await s.cmd(user, f"/game join game:{game}")).refused
            assert not (await s.cmd("alice", "/game start game:1", "wayfinders-1")).refused
            assert service.table(1).state.options.home_not_scored is True
    run(go())
