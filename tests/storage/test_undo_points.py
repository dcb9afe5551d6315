"""Storage of `/game undo`'s starting point (migration 3) and the log read a page at a time."""
from __future__ import annotations

import json

import pytest

from storage import GameStore, StaleVersion, open_store

from .test_games import new_game


@pytest.fixture
def games(tmp_path):
    s = open_store(tmp_path / "games.db")
    yield GameStore(s)
    s.close()


def move(games, game, n, *, seat="p1", undo_point=False, status="active"):
    return games.record_move(game.id, game.version, seat=seat, user_id=None, move_id=f"m{n}",
                             state=json.dumps({"n": n}), to_act=["p1"], status=status, summary=[], now=4.0 + n,
                             undo_point=undo_point)


def test_a_move_no_undo_takes_back_saves_the_state_before_it(games):
    g = new_game(games)
    assert games.undo_point(g.id) is None
    g = move(games, g, 1)
    assert games.undo_point(g.id) is None
    g = move(games, g, 2, undo_point=True)
    assert games.undo_point(g.id) == (2, json.dumps({"n": 1}))  # the state stored before move 2
    g = move(games, g, 3)
    assert games.undo_point(g.id) == (2, json.dumps({"n": 1}))
    g = move(games, g, 4, undo_point=True)
    assert games.undo_point(g.id) == (4, json.dumps({"n": 3}))
    g = games.undo_moves(g.id, g.version, seqs=[], state=g.state, to_act=["p1"], now=9.0)
    assert games.undo_point(g.id) == (4, json.dumps({"n": 3}))  # an undo leaves it


def test_a_stale_move_leaves_the_undo_point_as_it_was(games):
    g = new_game(games)
    g = move(games, g, 1, undo_point=True)
    stale = g
    g = move(games, g, 2)
    with pytest.raises(StaleVersion):
        move(games, stale, 3, undo_point=True)
    assert games.undo_point(g.id) == (1, json.dumps({"n": 0}))
    assert [m.seq for m in games.moves(g.id)] == [1, 2]


def test_the_end_of_a_game_drops_its_undo_point(games):
    g = new_game(games)
    g = move(games, g, 1, undo_point=True)
    g = move(games, g, 2, status="finished")
    assert games.undo_point(g.id) is None
    h = new_game(games)
    h = move(games, h, 1, undo_point=True)
    games.end(h.id, h.version, status="abandoned", state=h.state, now=9.0)
    assert games.undo_point(h.id) is None


def test_log_pages_read_by_seq_and_live_moves_by_seat(games):
    g = new_game(games)
    assert games.last_seq(g.id) == 0 and games.moves(g.id, limit=5) == []
    for n in range(1, 13):
        g = move(games, g, n, seat="p2" if n == 5 else "p1")
    assert games.last_seq(g.id) == 12
    assert [m.seq for m in games.moves(g.id, limit=5)] == [1, 2, 3, 4, 5]
    assert [m.seq for m in games.moves(g.id, after_seq=10, limit=5)] == [11, 12]
    assert games.has_moved(g.id, "p2") and not games.has_moved(g.id, "p3")
    g = games.undo_moves(g.id, g.version, seqs=[5], state=g.state, to_act=["p1"], now=20.0)
    assert not games.has_moved(g.id, "p2")  # taken back
    assert [m.undone for m in games.moves(g.id, after_seq=4, limit=2)] == [True, False]


def test_the_latest_standing_move_time_skips_moves_taken_back(games):
    """A solo game's deadline counts from its latest move that stands (host/deadlines.py solo_start)."""
    g = new_game(games)
    assert games.last_standing_move_at(g.id) is None
    for n in (1, 2, 3):
        g = move(games, g, n)
    assert games.last_standing_move_at(g.id) == 7.0  # move 3, made at 4 + 3
    g = games.undo_moves(g.id, g.version, seqs=[3, 2], state=g.state, to_act=["p1"], now=9.0)
    assert games.last_standing_move_at(g.id) == 5.0
    g = games.undo_moves(g.id, g.version, seqs=[1], state=g.state, to_act=["p1"], now=9.5)
    assert games.last_standing_move_at(g.id) is None
