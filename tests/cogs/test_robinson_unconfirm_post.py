"""Robinson R30 on the local table: any change to the plan cancels the other players' confirmations, so they
decide again: the board goes out as a new post that mentions only them, with the line that tells them who
changed what (cogs/board_posts.py: one post per change of who must decide) and a button that confirms the
plan as it stands in one click (`Engine.shared_moves`)."""
from __future__ import annotations

import asyncio

from .test_board_posts import MENTION, SEED, public, started, user_ids
from .test_commands import Session, texts


def test_r30_ruling_the_unconfirmed_player_is_mentioned_with_the_line_that_tells_them(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", SEED)

    async def go():
        async with Session(tmp_path) as s:
            await started(s, "robinson", "bob", "carol")
            service = s.table.bot.actions.service
            table = service.table(1)
            if table.state.phase == "wood":  # the woodpile step before planning (S3)
                fp = table.state.seats[table.state.fp]
                await s.cmd(table.user_of(fp).name, "/play move:wood:0", "robinson-1")
                table = service.table(1)
            assert table.state.phase == "plan"
            a, b, c = table.state.seats
            name = {x: table.user_of(x).name for x in (a, b, c)}
            explore = next(m.id for m in table.engine.legal_moves(table.state, a)
                           if m.id.startswith("p:x.") and m.id.endswith(":c"))
            for seat, move in ((a, explore), (b, "s:0:c"), (b, "p:rest:c"), (a, "p:rest:c"), (c, "p:rest:c"),
                               (c, "p:rest:c"), (a, "ok"), (c, "ok")):
                out = await s.cmd(name[seat], f"/play move:{move}", "robinson-1")
                assert not out.refused, texts(out)
            assert service.table(1).to_act == [b]
            out = await s.cmd(name[b], "/play move:u:0", "robinson-1")  # b takes its pawn back from a's stack
            assert not out.refused, texts(out)
            after = service.table(1)
            assert after.to_act == [a, b, c]  # a's stack and c's Rest: every confirmation went
            posts = [m for m in public(out, "robinson-1") if not m.edited]
            assert len(posts) == 1, texts(out)
            assert set(MENTION.findall(posts[0].content)) == user_ids(s, [a, c], after)  # only the players asked again
            lines = posts[0].embeds[0]["description"].split("\n")
            told = [x for x in lines if "confirmations were cancelled" in x]
            assert told == [f"{name[b]} took the {after.state.seat_char[b]} back from Explore space "
                            f"{explore.split(':')[1][2:]}: {name[a]}, {name[c]}, your confirmations were "
                            "cancelled; check the plan and confirm again."], lines
            buttons = [c_ for row in posts[0].components for c_ in row["components"]]
            assert [x["custom_id"].rsplit(":", 1)[1] for x in buttons if x["custom_id"].startswith("mv:")] == ["ok"]
            assert buttons[0]["label"].lower() == "confirm the plan", buttons
            out = await s.press(name[c], 1, "robinson-1")  # c confirms again in one click
            assert not out.refused, texts(out)
            assert service.table(1).to_act == [a, b]
            assert service.table(1).state.confirmed == [c]
    asyncio.run(go())
