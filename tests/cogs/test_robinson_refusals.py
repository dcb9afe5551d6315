"""A refused Robinson shortcut says why, in the player's language (Engine.explain through host/move_refusal.py),
on the local table: `/robinson plan action:gather target:2` on a space nobody explored (R61)."""
from __future__ import annotations

import asyncio

from .test_board_posts import SEED, started
from .test_commands import Session, texts


def test_r61_a_refused_plan_shortcut_gives_the_engines_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", SEED)

    async def go():
        async with Session(tmp_path) as s:
            await started(s, "robinson", "bob")
            service = s.table.bot.actions.service
            table = service.table(1)
            if table.state.phase == "wood":
                fp = table.state.seats[table.state.fp]
                await s.cmd(table.user_of(fp).name, "/play move:wood:0", "robinson-1")
                table = service.table(1)
            space = next(sp for sp in (2, 3, 4, 5, 6) if sp not in table.state.island)
            who = table.user_of(table.to_act[0]).name
            out = await s.cmd(who, f"/robinson plan action:gather target:{space}", "robinson-1")
            assert out.refused and not [m for m in out if not m.ephemeral]  # private: nothing posted
            assert f"space {space} is not explored yet: explore it before gathering there" in texts(out), texts(out)
            assert service.table(1).game.version == table.game.version  # nothing changed
    asyncio.run(go())
