"""`bot.py check`: a clean database passes; every kind of damage is reported and exits non-zero."""
from __future__ import annotations

import json
import sqlite3

import bot
from host.tables import Actor, Refusal, TableService
from host.undo import undo
from rules.playout import random_move
from rules.rng import Rng
from storage import open_store
from tools.integrity import check_database, verify_acks

from .helpers import ALICE, played_db


def raw(path):
    conn = sqlite3.connect(path, isolation_level=None)  # no foreign keys: damage as a bad tool would do it
    return conn


def kinds(path):
    return sorted({p.kind for p in check_database(path).problems})


def test_clean_database_passes_and_cli_exits_zero(tmp_path, capsys):
    db = tmp_path / "g.db"
    played_db(db)
    service = TableService(open_store(db))
    service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=1)  # a lobby too
    service.store.close()
    report = check_database(db)
    assert report.ok, report.problems
    assert report.games == 3 and report.moves == 12 and report.replayed == 2
    assert bot.main(["check", "--db", str(db)]) == 0
    assert "clean" in capsys.readouterr().out


def test_an_abandoned_lobby_is_not_a_problem(tmp_path):
    db = tmp_path / "g.db"
    service = TableService(open_store(db))
    lobby = service.new_game(ALICE, "wayfinders", guild_id=1, channel_id=1)
    assert service.abandon(ALICE, lobby).game.status == "abandoned"
    service.store.close()
    report = check_database(db)
    assert report.ok, report.problems
    raw(db).execute("INSERT INTO moves (game_id, seq, seat, move_id, undone, at, summary) VALUES (?, 1, 'p1', 'end', 0, 0, '[]')",
                    (lobby.game.id,))
    assert "mismatch" in kinds(db)  # moves logged without a state still are


def test_gap_in_the_move_log_is_reported(tmp_path, capsys):
    db = tmp_path / "g.db"
    gid = played_db(db)[0]
    raw(db).execute("DELETE FROM moves WHERE game_id = ? AND seq = 3", (gid,))
    assert "gap" in kinds(db)
    assert bot.main(["check", "--db", str(db)]) == 1
    assert f"gap: game #{gid}" in capsys.readouterr().out


def test_a_changed_move_or_state_is_a_mismatch(tmp_path):
    db = tmp_path / "g.db"
    a, b = played_db(db)
    conn = raw(db)
    conn.execute("UPDATE moves SET move_id = 'nonsense' WHERE game_id = ? AND seq = 2", (a,))
    state = conn.execute("SELECT state FROM games WHERE id = ?", (b,)).fetchone()[0]
    conn.execute("UPDATE games SET state = ? WHERE id = ?", (state.replace('"moves_made":6', '"moves_made":7'), b))
    problems = check_database(db).problems
    assert {(p.game_id, p.kind) for p in problems} == {(a, "mismatch"), (b, "mismatch")}


def test_orphans_and_unreadable_rows_are_reported(tmp_path):
    db = tmp_path / "g.db"
    a, b = played_db(db)
    conn = raw(db)
    conn.execute("INSERT INTO moves (game_id, seq, seat, move_id, at) VALUES (999, 1, 'p1', 'x', 0)")
    conn.execute("UPDATE games SET state = '{not json' WHERE id = ?", (a,))
    conn.execute("UPDATE games SET game_key = 'chess' WHERE id = ?", (b,))
    problems = check_database(db).problems
    assert ("orphan", 999) in {(p.kind, p.game_id) for p in problems}
    assert {(p.game_id, p.kind) for p in problems if p.kind == "unreadable"} == {(a, "unreadable"), (b, "unreadable")}


def test_undone_moves_are_skipped_on_replay(tmp_path):
    db = tmp_path / "g.db"
    gid = played_db(db, games=1, moves=6)[0]
    # take the last move back the way undo does: flag it and store the state before it
    service = TableService(open_store(db))
    table = service.table(gid)
    moves = service.games.moves(gid)
    state = table.engine.setup([s.seat for s in table.seats], table.game.seed,
                               table.engine.parse_options(table.game.options))
    for m in moves[:-1]:
        state = table.engine.apply(state, m.seat, m.move_id)
    service.store.close()
    conn = raw(db)
    conn.execute("UPDATE moves SET undone = 1 WHERE game_id = ? AND seq = 6", (gid,))
    conn.execute("UPDATE games SET state = ?, to_act = ? WHERE id = ?",
                 (table.engine.dump(state), json.dumps(table.engine.to_act(state)), gid))
    # random moves: the 6th may have been one no undo takes back (its undo point); undo never flags those
    point = conn.execute("SELECT seq FROM undo_points WHERE game_id = ?", (gid,)).fetchone()
    if point is not None and point[0] == 6:
        assert [p.detail for p in check_database(db).problems] == ["undo point at move 6, which is not a live move"]
        conn.execute("DELETE FROM undo_points WHERE game_id = ?", (gid,))
    assert check_database(db).ok, check_database(db).problems


def test_moves_taken_back_with_undo_replay_clean_and_stay_in_the_log(tmp_path):
    """/game undo through the real flow (host/undo.py): the undone move is flagged, not deleted; the check
    replays without it and is clean, and an acknowledged move taken back is still in the log exactly once."""
    db = tmp_path / "g.db"
    gid = played_db(db, games=1, moves=2)[0]
    service = TableService(open_store(db))
    rng, acks, undone = Rng.from_seed(9), [], []
    try:
        for _ in range(60):
            table = service.table(gid)
            row = table.user_of(table.to_act[0])
            actor = Actor(user_id=row.user_id, name=row.name)
            try:
                table, plan = undo(service, actor, table)
                undone += plan.seqs
                if len(undone) >= 3:
                    break
            except Refusal:
                pass
            move = random_move(table.engine, table.state, table.to_act[0], rng).id
            service.commit_move(actor, table, move)
            acks.append((gid, service.games.move_count(gid), table.to_act[0], move))
        assert len(undone) >= 3, "no undo was possible"
        flagged = [m.seq for m in service.games.moves(gid) if m.undone]
        assert sorted(undone) == flagged
        assert service.table(gid).state.moves_made == service.games.move_count(gid) - len(flagged)
    finally:
        service.store.close()
    report = check_database(db)
    assert report.ok, report.problems
    assert verify_acks(str(db), acks, exact=False)[:2] == (0, 0)


def test_missing_database_exits_2(tmp_path, capsys):
    assert bot.main(["check", "--db", str(tmp_path / "none.db")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_a_file_that_is_not_a_database_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not sqlite" * 100)
    assert bot.main(["check", "--db", str(bad)]) == 2


def test_the_summary_says_its_counts_in_the_right_number():
    from tools.integrity import Report
    assert Report(games=1, moves=1, replayed=1).summary() == "checked 1 game, 1 move (1 game replayed): clean"
    assert Report(games=2, moves=0, replayed=2).summary() == "checked 2 games, 0 moves (2 games replayed): clean"
