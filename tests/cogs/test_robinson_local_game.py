"""Scenario 1 (Castaways) on the local table, from `/robinson new` to a win or a loss, by 1, 2 and 4
players: the real cogs and command tree in process.  The greedy co-operative bot stands in for each
player's choice; the move is sent as a player would send it (a board button, a `/robinson` shortcut or
`/play move:`).  After every move the thread gets a board image, and every phase of the round (R16:
event, morale, production, planning, resolution, weather, night) shows up in the thread's posts."""
from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import make_bot
from local import LocalTable
from host.tables import TableService
from rules.bots import choose
from rules.text import msg, tr
from storage import open_store

USERS = ("alice", "bob", "carol", "dave")
PHASES = ("event", "morale", "production", "plan", "resolve", "weather", "night")
SEEDS = {1: 3, 2: 9, 4: 10}  # short games (the solo one is won in round 11), to keep the run modest


def shortcut(move: str) -> str | None:
    """The `/robinson` command a player types for this move id, if one composes exactly it."""
    head, _, rest = move.partition(":")
    if move in ("draw", "roll", "ok", "go", "stay"):
        return {"draw": "/robinson draw", "roll": "/robinson weather", "ok": "/robinson confirm",
                "go": "/robinson go", "stay": "/robinson camp"}[move]
    if head == "wood":
        return f"/robinson wood amount:{rest}"
    if head == "camp":
        return f"/robinson camp space:{rest}"
    if head == "adv":
        return f"/robinson choose option:{int(rest) + 1}"
    if move in ("go:d", "go:m"):
        return f"/robinson go choice:{ {'d': 'determination', 'm': 'morale'}[rest] }"
    if head == "u":
        return f"/robinson back stack:{int(rest) + 1}"
    return None


def button_ids(board) -> list[str]:
    return [p.custom_id.split(":", 3)[3] if p.custom_id.startswith("mv:") else "" for p in board.pressables]


async def play_to_the_end(tmp: Path, n: int) -> tuple[str, list[str], dict[str, int]]:
    db = str(tmp / "games.db")
    table = LocalTable(lambda path: make_bot(path), db, out_dir=str(tmp / "out"))
    await table.start()
    service = TableService(open_store(db))
    users = USERS[:n]
    try:
        assert not (await table.command("alice", "/robinson new")).refused
        for user in users[1:]:
            assert not (await table.command(user, "/game join game:1")).refused
        out = await table.command("alice", "/game start")
        boards = [m for m in out if m.files and not m.ephemeral]
        thread = boards[-1].channel
        board = boards[-1]
        texts = [board.content + str(board.embeds)]
        ways = {"button": 0, "shortcut": 0, "play": 0}
        for i in range(3000):
            game = service.table(1)
            if game.game.status != "active":
                break
            seat = game.to_act[-1]
            user = game.user_of(seat).name
            move = choose(game.engine, game.state, seat, "greedy", 5).id
            ids = button_ids(board)
            line = shortcut(move)
            if move in ids and i % 2 == 0:
                out = await table.press(user, ids.index(move) + 1, thread)
                ways["button"] += 1
            elif line and i % 3 != 2:
                out = await table.command(user, line, thread)
                ways["shortcut"] += 1
            else:
                out = await table.command(user, f"/play move:{move}", thread)
                ways["play"] += 1
            assert not out.refused, (move, [m.content for m in out])
            posts = [m for m in out if m.channel == thread and not m.ephemeral and m.files]
            assert posts, f"no board image after move {i + 1} ({move})"
            png = Path(posts[0].files[0])
            assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
            board = posts[0]
            texts += [m.content + str(m.embeds) for m in out if m.channel == thread and not m.ephemeral]
        game = service.table(1)
        assert game.game.status == "finished"
        first = board.embeds[0]["description"].split("\n")[0]  # the final board's first line
        assert first == tr(game.engine.outcome(game.state).summary, "en"), first
        return game.state.result, texts, ways
    finally:
        service.store.close()
        await table.close()


@pytest.mark.parametrize("n", [1, 2, 4])
def test_castaways_from_set_up_to_the_end_on_the_local_table(tmp_path, monkeypatch, n):
    """Robinson's "Done when": the whole scenario by n players; each phase (R16) visible in the thread; the final
    board says first how it ended (R96, S5)."""
    monkeypatch.setenv("GAMEHOST_SEED", str(SEEDS[n]))
    result, texts, ways = asyncio.run(play_to_the_end(tmp_path, n))
    assert result in ("won", "lost")
    thread = "\n".join(texts)
    for phase in PHASES:
        header = tr(msg("robinson.ev.phase", phase=msg(f"robinson.img.phase.{phase}")), "en")
        assert header in thread, f"the {phase} phase never shows in the thread"
    assert all(ways.values()), ways  # buttons, shortcuts and /play all played moves
