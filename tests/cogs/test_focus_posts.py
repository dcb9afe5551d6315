"""A running board's image is the decision in view (render/focus.py: 600 px wide, its options as the buttons
name them); the whole board is the "Full board" button's private answer, and the final post keeps the whole
board."""
from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from cogs.posts import build_turn_post
from host import drawing
from host.boards import board_png, draw_post_image, focus_inputs
from host.tables import Actor, TableService
from render.focus import WIDTH
from rules.playout import play_random
from storage import open_store

from .test_commands import Session, texts


@pytest.fixture
def service(tmp_path):
    service = TableService(open_store(str(tmp_path / "g.db")))
    drawing.configure(0)  # boards in threads of the test's process
    yield service
    drawing.shutdown()
    service.store.close()


def started(service: TableService, game: str, n: int):
    actors = [Actor(user_id=100 + i, name=f"player{i}", guild_id=1) for i in range(n)]
    table = service.new_game(actors[0], game, guild_id=1, channel_id=5)
    for a in actors[1:]:
        table = service.join(a, table)
    return service.start(actors[0], table)


def width(png: bytes) -> int:
    return Image.open(io.BytesIO(png)).width


@pytest.mark.parametrize("game, players", [("wayfinders", 2), ("eclipse", 2), ("flotilla", 3), ("robinson", 2)])
def test_running_post_shows_the_decision_the_final_post_the_whole_board(service, game, players):
    table = started(service, game, players)
    png = asyncio.run(draw_post_image(table, "en", []))
    assert width(png) == WIDTH < width(board_png(table, "en", []))
    _, _, focus = focus_inputs(table, "en", [])
    post = build_turn_post(table, "en", [], png)
    buttons = [item.item.label for item in post.view.children if getattr(item, "custom_id", "").startswith("mv:")]  # type: ignore[union-attr]
    from host.limits import label

    assert [label(o) for o in focus.options] == buttons  # the image's options are the buttons, whole where a button is cut
    if table.engine.is_private(table.state, table.to_act[0]):  # Flotilla's card choice (F17): "My view" only
        assert not buttons and "Your options are private: press “My view”." in focus.after
    else:
        assert buttons
    assert focus.seat == table.to_act[0]
    table.state, _ = play_random(table.engine, [s.seat for s in table.seats], 5)
    table.game.status = "finished"
    png = asyncio.run(draw_post_image(table, "en", []))
    assert width(png) == width(board_png(table, "en", [])) > WIDTH


def test_full_board_button_answers_privately_with_the_whole_board(tmp_path):
    async def go():
        async with Session(tmp_path) as s:
            await s.cmd("alice", "/game new game:wayfinders")
            await s.cmd("bob", "/game join game:1")
            out = await s.cmd("alice", "/game start", "wayfinders-1")
            board = next(m for m in reversed(out) if m.channel == "wayfinders-1" and m.pressables)
            labels = [p.label for p in board.pressables]
            assert labels[-2:] == ["My view", "Full board"]
            assert width(open(board.files[0], "rb").read()) == WIDTH
            for who in ("bob", "dave"):  # a player or a spectator: the public board, privately
                shown = await s.press(who, len(labels), "wayfinders-1")
                assert not shown.refused and all(m.ephemeral and m.to_user == who for m in shown), texts(shown)
                assert "The whole board of" in texts(shown)
                [path] = [f for m in shown for f in m.files]
                assert width(open(path, "rb").read()) > WIDTH

    asyncio.run(go())
