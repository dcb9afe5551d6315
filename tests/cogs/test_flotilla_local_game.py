"""Flotilla's acceptance game: a whole 4-player Flotilla game on the local table (in process).

One human (alice) and three greedy bot seats (`/game new game:flotilla bots:3`).
Alice's moves are chosen by the greedy policy (the test's stand-in for a
person; it only picks among the engine's legal moves) and sent the ways a
player would: `/play move:…`, pressing the board's buttons and selects, and the
`/flotilla play|market|influence|turn` shortcuts.  `/game me` is checked for
privacy along the way.  Asserted: a board PNG after every move (alice's and
the bots'), at least one player turned Skyside (F19) and built watercraft
(F41), and the game reached final scoring (F62-F65) with its results stored.

The seed is chosen so the game is short; alice uses the bots' own choice
(`choose(..., seed=game seed)`), so the game is the same as four greedy bots
in `rules.bot_match.play_match` on that seed.
"""
from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

from PIL import Image

from host.tables import TableService
from rules.bots import choose
from storage import open_store

from .test_commands import Session, texts
from .test_bot_players import read

SEED = 11
THREAD = "flotilla-1"
SHORTCUT = ("play:", "tx:buy:", "tx:sell:", "inf:", "turn:")


def shortcut(move_id: str) -> str:
    """The `/flotilla …` line that composes `move_id`."""
    parts = move_id.split(":")
    if parts[0] == "play":
        return f"/flotilla play card:{move_id}"
    if parts[0] == "tx":
        return f"/flotilla market action:{parts[1]} colour:{parts[2]}"
    if parts[0] == "inf":
        return f"/flotilla influence guild:{parts[1][0]}" + (" arc:true" if move_id.endswith(":arc") else "")
    return f"/flotilla turn skyside:{'true' if parts[1] == 'yes' else 'false'}"


def press_index(board, move_id: str) -> int | None:
    """Which item of the board (from 1) plays `move_id`: a button's custom id or a select option's value."""
    for n, item in enumerate(board.pressables, 1):
        if item.component_type == 3 and item.value == move_id:
            return n
        if item.component_type == 2 and item.custom_id.split(":", 3)[-1] == move_id:
            return n
    return None


def boards(replies) -> list[Path]:
    return [Path(f) for m in replies if m.channel == THREAD and not m.ephemeral for f in m.files
            if f.endswith(".png") and "chart" not in Path(f).name]


def image_height(path: Path) -> int:
    with Image.open(io.BytesIO(path.read_bytes())) as im:
        return im.size[1]


def sky_builders(state) -> set[str]:
    """Seats that turned Skyside and own a watercraft tile on the map (face sky, not the start tile)."""
    return {e[2] for e in state.board.values()
            if e[5] == "sky" and e[0] != "start" and state.players[e[2]].side == "sky"}


def test_one_human_and_three_bots_play_flotilla_to_final_scoring(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEHOST_SEED", str(SEED))

    async def go():
        async with Session(tmp_path) as s:
            out = await s.cmd("alice", "/game new game:flotilla bots:3")
            assert not out.refused, texts(out)
            out = await s.cmd("alice", "/game start", THREAD)
            assert not out.refused, texts(out)
            table = read(s.db)
            assert table.game.seed == SEED and [x.is_bot for x in table.seats] == [False, True, True, True]
            assert len(boards(out)) == 1 and _moves(s.db)  # the bots' first moves join the start board (cogs/board_posts.py)
            made = 0
            ways = {"play": 0, "press": 0, "shortcut": 0}
            last_board = next(m for m in reversed(out) if m.channel == THREAD and m.pressables)
            public_height = image_height(boards(out)[-1])
            for turn in range(2000):
                table = read(s.db)
                moves_before = _moves(s.db)
                if table.game.status != "active":
                    break
                assert table.to_act == ["p1"], table.to_act  # the bots answered by themselves
                if turn % 40 == 5:
                    me = await s.cmd("alice", "/game me", THREAD)
                    assert not me.refused and me and all(m.ephemeral for m in me), texts(me)
                    mine = Path(me[0].files[0])
                    assert image_height(mine) > public_height  # the hand band is drawn only for its owner (F17)
                move = choose(table.engine, table.state, "p1", "greedy", seed=table.game.seed)
                n = press_index(last_board, move.id)
                if move.id.startswith(SHORTCUT) and turn % 2 == 0:
                    out, way = await s.cmd("alice", shortcut(move.id), THREAD), "shortcut"
                elif n is not None and turn % 3:
                    out, way = await s.press("alice", n, THREAD), "press"
                else:
                    out, way = await s.cmd("alice", f"/play move:{move.id}", THREAD), "play"
                assert not out.refused, (move.id, way, texts(out))
                ways[way] += 1
                made += 1
                played = _moves(s.db) - moves_before
                # one board per command, whatever the bots played after it: a new post, or an edit of the latest
                # board while alice goes on deciding (cogs/board_posts.py)
                assert played >= 1 and len(boards(out)) == 1, (move.id, played, len(boards(out)))
                with_items = [m for m in out if m.channel == THREAD and m.pressables]
                last_board = with_items[-1] if with_items else last_board
            else:
                raise AssertionError("the game did not end")
            spectator = await s.cmd("dave", "/game me", THREAD)
            assert spectator.refused and "watching this game" in texts(spectator)
            return table, made, ways

    started = time.perf_counter()
    table, made, ways = asyncio.run(go())
    print(f"flotilla local game: {made} human moves, ways {ways}, {time.perf_counter() - started:.1f} s")
    assert table.game.status == "finished"
    state = table.state
    assert state.over and state.supply == 0 and state.round < 61  # the VP supply ran out (F62)
    assert sky_builders(state), "nobody turned Skyside and built watercraft"
    assert all(ways.values()), ways
    outcome = table.engine.outcome(state)
    assert outcome is not None and len(outcome.scores) == 4
    service = TableService(open_store(str(tmp_path / "games.db")))
    try:
        results = service.games.results(1)
        moves = service.games.moves(1)
    finally:
        service.store.close()
    assert sorted((r.seat, r.is_bot) for r in results) == [("p1", False), ("p2", True), ("p3", True), ("p4", True)]
    assert sum(1 for m in moves if m.seat == "p1") == made


def _moves(db: str) -> int:
    service = TableService(open_store(db))
    try:
        return service.games.move_count(1)
    finally:
        service.store.close()
