"""`python bot.py check`: replay every stored game and compare it with what is stored.

Shared by the `check` command, the load test and the crash test.  For every
game: the seed, options and seats rebuild the start (`engine.setup`), the move
log (skipping moves taken back with undo) is applied move by move, and the
result must equal the stored state (the `events` of the latest move are
display only and not compared).  Besides that: SQLite's own
`PRAGMA integrity_check`, foreign keys, orphans (seats, moves, timers or
results of a game that does not exist), gaps or duplicates in a move
sequence, unreadable rows (bad JSON, an unknown game), and games stuck
half-way (running with nobody to act, or a seat to act with no legal move).

Read-only: it never writes to the database.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

from rules import GAMES, IllegalMove
from rules.replay import ReplayError, replay, start_state
from rules.wording import plural_form
from storage import StoreError
from storage.audit import Audit
from storage.partitions import Layout, partition_of

@dataclass
class Problem:
    game_id: Optional[int]
    kind: str  # sqlite, orphan, gap, unreadable, mismatch, stuck
    detail: str

    def __str__(self) -> str:
        where = f"game #{self.game_id}" if self.game_id is not None else "database"
        return f"{self.kind}: {where}: {self.detail}"


@dataclass
class Report:
    games: int = 0
    moves: int = 0
    replayed: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def add(self, game_id: Optional[int], kind: str, detail: str) -> None:
        self.problems.append(Problem(game_id, kind, detail))

    def summary(self) -> str:
        verdict = "clean" if self.ok else _count(len(self.problems), "problem", "problems")
        return (f"checked {_count(self.games, 'game', 'games')}, {_count(self.moves, 'move', 'moves')} "
                f"({_count(self.replayed, 'game', 'games')} replayed): {verdict}")


def _count(n: int, one: str, other: str) -> str:
    """"1 game", "3 games": the operator's report says counts as the catalogs do (rules.wording)."""
    return f"{n} {plural_form(n, [one, other], 'en')}"


def _comparable(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out.pop("events", None)
    return out


def _same_state(replayed: str, stored: str) -> bool:
    try:
        return _comparable(json.loads(replayed)) == _comparable(json.loads(stored))
    except (ValueError, TypeError, AttributeError):  # not JSON, or not an object
        return False


def check_game(audit: Audit, row: dict[str, Any], report: Report) -> None:
    gid = int(row["id"])
    key = row["game_key"]
    engine = GAMES.get(key)
    if engine is None:
        report.add(gid, "unreadable", f"unknown game {key!r}")
        return
    if "number" in row and not (row["number"] or 0) >= 1:  # schema 3: what players call the game
        report.add(gid, "gap", f"no per-server game number (got {row['number']!r})")
    try:
        options = json.loads(row["options"] or "{}")
        to_act_stored = json.loads(row["to_act"] or "[]")
        parsed = engine.parse_options(options)
    except Exception as exc:  # noqa: BLE001 - any failure here means the row cannot be read
        report.add(gid, "unreadable", f"options or to_act: {type(exc).__name__}: {str(exc)[:200]}")
        return
    seats = [f"p{position}" for position in audit.seat_positions(gid)]
    if seats != [f"p{i}" for i in range(1, len(seats) + 1)]:
        report.add(gid, "gap", f"seat positions are not 1..n: {seats}")
        return
    moves = audit.moves(gid)
    report.moves += len(moves)
    seqs = [int(m["seq"]) for m in moves]
    if seqs != list(range(1, len(seqs) + 1)):
        missing = sorted(set(range(1, (max(seqs) if seqs else 0) + 1)) - set(seqs))
        report.add(gid, "gap", f"move sequence is not 1..{len(seqs)} (missing {missing[:10]})")
    status = row["status"]
    if status == "lobby":
        if moves:
            report.add(gid, "mismatch", f"a lobby with {len(moves)} logged moves")
        if row["state"]:
            report.add(gid, "mismatch", "a lobby with a stored state")
        return
    if not row["state"]:
        if status == "abandoned" and not moves:
            return  # a lobby abandoned before it started: nothing to replay, nothing wrong
        report.add(gid, "mismatch", f"status {status} but no stored state")
        return
    try:
        stored = engine.load(row["state"])
    except Exception as exc:  # noqa: BLE001
        report.add(gid, "unreadable", f"stored state does not load: {type(exc).__name__}: {str(exc)[:200]}")
        return
    # Replay from the seed (never from undo's snapshot: checking the whole log is the point).
    try:
        state = start_state(engine, seats, int(row["seed"]), parsed)
    except Exception as exc:  # noqa: BLE001
        report.add(gid, "mismatch", f"setup failed: {type(exc).__name__}: {str(exc)[:200]}")
        return
    live = [m for m in moves if not m["undone"]]
    point = audit.undo_point(gid)
    if point is not None and status != "active":
        report.add(gid, "mismatch", f"an undo point kept for a game that is {status}")
        point = None
    try:
        for step in replay(engine, seats, int(row["seed"]), parsed, [(m["seat"], m["move_id"]) for m in live],
                           start=state):
            if point is not None and live[step.index]["seq"] == point[0]:
                if not _same_state(engine.dump(step.before), point[1]):
                    report.add(gid, "mismatch", f"undo point before move {point[0]} is not the replayed state")
                point = None
            state = step.after
    except ReplayError as fail:
        m, exc = live[fail.index], fail.cause
        if isinstance(exc, IllegalMove):
            report.add(gid, "mismatch", f"logged move {m['seq']} ({m['seat']} {m['move_id']!r}) is illegal on "
                                        f"replay: {exc}")
        else:
            report.add(gid, "mismatch", f"logged move {m['seq']} ({m['seat']} {m['move_id']!r}) fails on replay: "
                                        f"{type(exc).__name__}: {str(exc)[:200]}")
        return
    if point is not None:
        report.add(gid, "mismatch", f"undo point at move {point[0]}, which is not a live move")
    if status == "abandoned":
        state = engine.abandon(state)
    report.replayed += 1
    replayed, kept = _comparable(json.loads(engine.dump(state))), _comparable(json.loads(engine.dump(stored)))
    if replayed != kept:
        diff = sorted(k for k in set(replayed) | set(kept) if replayed.get(k) != kept.get(k))
        report.add(gid, "mismatch", f"replayed state differs from the stored state in {diff[:10]}")
        return
    outcome = engine.outcome(state)
    if status == "finished" and outcome is None and not state.abandoned:
        report.add(gid, "mismatch", "stored as finished but the replayed game is still running")
    if status == "active":
        if outcome is not None:
            report.add(gid, "mismatch", "stored as active but the replayed game is over")
            return
        to_act = engine.to_act(state)
        if list(to_act) != list(to_act_stored):
            report.add(gid, "mismatch", f"stored to_act {to_act_stored} but the replay says {list(to_act)}")
        if not to_act:
            report.add(gid, "stuck", "running but nobody is to act")
        for seat in to_act:
            if not engine.legal_moves(state, seat):
                report.add(gid, "stuck", f"{seat} must act but has no legal move")
    if status in ("finished",):
        n_results = audit.result_count(gid)
        if n_results != len(seats):
            report.add(gid, "mismatch", f"finished with {n_results} result rows for {len(seats)} seats")


def check_audit(audit: Audit, game_ids: Optional[Iterable[int]] = None) -> Report:
    report = Report()
    for line in audit.integrity_problems():
        report.add(None, "sqlite", f"integrity_check: {line}")
    for fk in audit.foreign_key_problems():
        report.add(None, "sqlite", f"foreign_key_check: {fk}")
    for table, gid in audit.orphans():
        report.add(gid, "orphan", f"{table} rows for a game that does not exist")
    wanted = set(game_ids) if game_ids is not None else None
    for row in audit.games():
        if wanted is not None and row["id"] not in wanted:
            continue
        report.games += 1
        try:
            check_game(audit, row, report)
        except Exception as exc:  # noqa: BLE001 - a check never crashes half-way
            report.add(int(row["id"]), "unreadable", f"{type(exc).__name__}: {str(exc)[:200]}")
    return report


def check_database(path: str | Path, game_ids: Optional[Iterable[int]] = None) -> Report:
    """Check the database at `path` in one read-only snapshot (raises StoreError when it cannot be read)."""
    with Audit(path) as audit:
        return check_audit(audit, game_ids)


def check_layout(folder: str | Path, game_ids: Optional[Iterable[int]] = None) -> Report:
    """Check every partition of a cluster layout, and that each game sits in its server's partition with an id
    no other partition holds (raises StoreError when the layout or a partition cannot be read)."""
    layout = Layout.load(folder)
    total, seen = Report(), {}
    for index, path in enumerate(layout.paths()):
        if not path.is_file():
            total.add(None, "layout", f"partition file {path.name} is missing")
            continue
        with Audit(path) as audit:
            part = check_audit(audit, game_ids)
            for row in audit.games():
                gid, home = int(row["id"]), partition_of(row["guild_id"], layout.partitions)
                if home != index:
                    part.add(gid, "layout", f"in {path.name}, but its server's partition is {home}")
                if gid in seen:
                    part.add(gid, "layout", f"the id is in both {layout.path(seen[gid]).name} and {path.name}")
                seen[gid] = index
        total.games += part.games
        total.moves += part.moves
        total.replayed += part.replayed
        total.problems += [Problem(p.game_id, p.kind, f"{path.name}: {p.detail}") for p in part.problems]
    return total


def verify_acks(db: str, acks: list[tuple[int, int, str, str]], exact: bool) -> tuple[int, int, list[str]]:
    """Every acknowledged move is in the log exactly once; with `exact`, nothing unacknowledged is either.

    Returns (lost, duplicated, details)."""
    with Audit(db) as audit:
        lost, dup, details = 0, 0, []
        by_game: dict[int, dict[int, tuple[str, str]]] = defaultdict(dict)
        for game, seq, seat, move in acks:
            if seq in by_game[game] and by_game[game][seq] != (seat, move):
                dup += 1
                details.append(f"game {game} seq {seq} acknowledged twice: {by_game[game][seq]} and {(seat, move)}")
            by_game[game][seq] = (seat, move)
        for game, wanted in by_game.items():
            rows = {m["seq"]: (m["seat"], m["move_id"]) for m in audit.moves(game)}  # undone moves stay in the log
            for seq, sm in wanted.items():
                if rows.get(seq) != sm:
                    lost += 1
                    details.append(f"game {game} seq {seq}: acknowledged {sm}, log has {rows.get(seq)}")
            if exact:
                extra = sorted(set(rows) - set(wanted))
                if extra:
                    dup += len(extra)
                    details.append(f"game {game}: moves {extra[:10]} in the log were never acknowledged")
        return lost, dup, details


def main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    parser = argparse.ArgumentParser(prog="bot.py check", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=default_db,
                        help=f"database file, or a cluster layout folder (default: {default_db})")
    parser.add_argument("--game", type=int, action="append", help="only this game id (repeatable)")
    parser.add_argument("--max-problems", type=int, default=200, help="how many problems to print")
    args = parser.parse_args(argv)
    try:
        if Layout.is_layout(args.db):
            report = check_layout(args.db, args.game)
        else:
            report = check_database(args.db, args.game)
    except StoreError as exc:
        print(f"check: {exc}", file=sys.stderr)  # one line, no traceback
        return 2
    for problem in report.problems[: args.max_problems]:
        print(problem)
    if len(report.problems) > args.max_problems:
        print(f"... and {len(report.problems) - args.max_problems} more")
    print(report.summary())
    return 0 if report.ok else 1


__all__ = ["Problem", "Report", "check_audit", "check_database", "check_layout", "main", "verify_acks"]
