"""No line twice in a row on a board: a move that says what the move before said (a second pawn sent
to Rest, a second Rest healing) is told once with a count, also when the board is edited (cogs/board_posts.py
`folded`); on the local table, over a Robinson game of two players."""
from __future__ import annotations

import asyncio

from cogs.board_posts import folded
from rules.bots import choose

from .test_board_posts import public, started
from .test_commands import Session, texts

NARRATED = "4243"  # a two-player game whose greedy play says some lines twice in a row (a second Rest, its healing)


def test_folded_counts_a_line_said_again_right_after_itself():
    assert folded(["a", "a", "b", "a"]) == ["a (×2)", "b", "a"]
    assert folded(["a (×2)", "a", "a"]) == ["a (×4)"]  # an edited board goes on counting
    assert folded(["…", "…", "x"]) == ["…", "…", "x"]


def test_a_robinson_board_never_shows_one_line_twice_in_a_row(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", NARRATED)

    async def go():
        async with Session(tmp_path) as s:
            await started(s, "robinson", "bob")
            service = s.table.bot.actions.service
            counted = 0
            for i in range(400):  # the whole game (this one is about 250 moves)
                table = service.table(1)
                if table.game.status != "active":
                    break
                seat = table.to_act[0]
                move = choose(table.engine, table.state, seat, "greedy", seed=i)
                out = await s.cmd(table.user_of(seat).name, f"/play move:{move.id}", "robinson-1")
                assert not out.refused, texts(out)
                for post in public(out, "robinson-1"):
                    for embed in post.embeds:
                        lines = (embed.get("description") or "").split("\n")
                        assert all(a != b for a, b in zip(lines, lines[1:])), lines
                        counted += any(line.endswith("(×2)") for line in lines)
            assert counted  # the game did say one thing twice in a row, and the board counted it
    asyncio.run(go())
