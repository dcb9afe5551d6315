"""`/game undo`: take back the acting player's own latest moves of their current turn.

Rules (every game, nothing game-specific):
* only a seated player, only while it is their decision;
* only their own moves, newest first, inside their current turn;
* never a move after which someone else acted ("another player acted since");
* never across a barrier move (`Move.barrier`: a roll, a draw, revealed information):
  the barrier itself and everything before it stay.

The log stays append-only in spirit: the taken-back rows are flagged
`moves.undone = 1` and the state is rebuilt by replaying every move not undone
(rules/replay.py), all saved in one version-guarded transaction
(`GameStore.undo_moves`).  Everything that replays a game must skip undone
moves (see `live_moves`).

The replay does not start from the seed: each move that no undo can ever take
back (a barrier, or a move after which its seat is no longer to act) saves the
state before it as the game's undo point (`GameStore.undo_point`, written with
the move by `record_move`).  Any undo stops at or after that move, so replaying
from there the moves recorded since gives the same states as a replay from the
seed, in a time that does not grow with the game's length.  A game without an
undo point (nothing permanent yet, or begun before the table existed) replays
from the seed.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from rules import Engine, GameState, IllegalMove, Move
from rules.replay import ReplayError
from rules.replay import replay as replay_moves
from rules.text import SEAT_KEY, Msg, join, msg
from storage import MoveRow, StaleVersion
from storage.routed import game_transaction

from .names import shown, shown_names
from .tables import Actor, Refusal, Table, TableService, game_title



def live_moves(rows: list[MoveRow]) -> list[MoveRow]:
    """The moves that count: the log without the ones taken back."""
    return [r for r in rows if not r.undone]


def replay(engine: Engine[Any], table: Table, rows: list[MoveRow],
           start: Optional[GameState] = None) -> list[tuple[MoveRow, Move, GameState, GameState]]:
    """(row, move, state before, state after) for every live move of `rows`, replayed from `start`
    (default: the setup from the seed).  IllegalMove if one does not replay."""
    live = live_moves(rows)
    seats = [s.seat for s in table.seats]
    try:
        return [(row, step.move, step.before, step.after)  # type: ignore[misc]
                for row, step in zip(live, replay_moves(engine, seats, table.game.seed, table.game.options,
                                                        [(r.seat, r.move_id) for r in live], start=start,
                                                        with_moves=True))]
    except ReplayError as exc:
        if isinstance(exc.cause, IllegalMove):
            raise exc.cause from None
        raise


@dataclass
class UndoWindow:
    """What an undo replays: the rows from the undo point on, and the state before the first of them."""

    rows: list[MoveRow]
    start: Optional[str]  # the stored state before rows[0]; None: rows is the whole log, replayed from the seed
    moved: bool  # the seat has a live move in the log (perhaps before the window)


def undo_window(service: TableService, table: Table, seat: str) -> UndoWindow:
    """The log an undo needs: from the game's undo point on (a few rows, whatever the game's length)."""
    games = service.games
    point = games.undo_point(table.game.id)
    moved = games.has_moved(table.game.id, seat)
    if point is None:
        return UndoWindow(rows=games.moves(table.game.id), start=None, moved=moved)
    seq, state = point
    return UndoWindow(rows=games.moves(table.game.id, after_seq=seq - 1), start=state, moved=moved)


@dataclass
class UndoPlan:
    seat: str
    seqs: list[int]  # the rows to flag, newest first
    moves: list[Move]  # what is taken back, newest first
    state: GameState  # the state replayed without them
    private: list[bool] = field(default_factory=list)  # per move: a private decision (Engine.is_private)


def named(text: Msg | str, names: dict[str, str]) -> Msg | str:
    """`text` with every seat reference replaced by the player's name (a refusal is rendered without names)."""
    if isinstance(text, str):
        return text
    if text.key == SEAT_KEY:
        seat = str(text.args.get("id", "?"))
        return names.get(seat, seat)
    return text.model_copy(update={"args": {k: named(v, names) if isinstance(v, Msg) else v
                                            for k, v in text.args.items()}})


def plan_undo(table: Table, rows: list[MoveRow], seat: str, steps: int = 1,
              window: Optional[UndoWindow] = None) -> UndoPlan:
    """What `/game undo` would take back for `seat` (pure: reads nothing but its arguments).

    `rows` is the whole log, replayed from the seed; or give the `window` (rows from the undo point)."""
    start: Optional[GameState] = None
    if window is not None:
        rows = window.rows
    live = live_moves(rows)
    if not (window.moved if window is not None else any(r.seat == seat for r in live)):
        raise Refusal("undo.refuse.nothing")
    if not live:  # a window always holds its undo point's own move: the log changed under us
        raise Refusal("undo.refuse.replay")
    if live[-1].seat != seat:
        raise Refusal("undo.refuse.other_acted", who=shown(table.names.get(live[-1].seat, live[-1].seat)))
    engine = table.engine
    try:
        if window is not None and window.start is not None:
            start = engine.load(window.start)
        steps_done = replay(engine, table, rows, start)
    except (IllegalMove, ReplayError, ValueError):
        raise Refusal("undo.refuse.replay") from None
    if table.state is not None and engine.dump(steps_done[-1][3]) != engine.dump(table.state):
        raise Refusal("undo.refuse.replay")
    taken: list[tuple[MoveRow, Move, GameState]] = []
    for i in range(len(steps_done) - 1, -1, -1):
        row, move, before, after = steps_done[i]
        if row.seat != seat:
            break  # someone else acted before: their move and everything older stay
        if i < len(steps_done) - 1 and seat not in engine.to_act(after):
            break  # this move ended an earlier turn of the same seat
        if move.barrier:
            if not taken:
                raise Refusal("undo.refuse.barrier", move=named(move.text, shown_names(table.names)))
            break
        taken.append((row, move, before))
        if len(taken) >= steps:
            break
    return UndoPlan(seat=seat, seqs=[r.seq for r, _, _ in taken], moves=[m for _, m, _ in taken],
                    state=taken[-1][2], private=[engine.is_private(b, seat) for _, _, b in taken])


def check_undo(service: TableService, actor: Actor, table: Table) -> str:
    """The seat that may undo now, or a Refusal saying why not."""
    status = table.game.status
    if status == "lobby":
        raise Refusal("host.refuse.not_started", title=game_title(table.game))
    if status != "active":
        raise Refusal("host.refuse.already_over", title=game_title(table.game))
    row = table.seat_of(actor.user_id)
    if row is None:
        raise Refusal("host.refuse.not_player")
    if row.seat not in table.to_act:
        raise Refusal("undo.refuse.not_your_turn", who=", ".join(shown(table.names.get(s, s)) for s in table.to_act) or "-")
    return row.seat


def commit_undo(service: TableService, table: Table, plan: UndoPlan) -> Table:
    """Save the undo and, in its transaction, what `TableService.after_change` writes for the step it leads back
    to (the deadline timers), as a move does: no kill between the two leaves the undo with the timers of the step
    it took back."""
    engine = table.engine
    try:
        with game_transaction(service.store, table.game.id):
            game = service.games.undo_moves(table.game.id, table.game.version, seqs=plan.seqs,
                                            state=engine.dump(plan.state), to_act=engine.to_act(plan.state),
                                            now=service.clock())
            new_table = Table(game=game, seats=table.seats, engine=engine, state=plan.state)
            if service.after_change is not None:
                service.after_change(new_table)
    except StaleVersion:
        raise Refusal("host.refuse.moved_on") from None
    return new_table


def undo(service: TableService, actor: Actor, table: Table, steps: int = 1) -> tuple[Table, UndoPlan]:
    """Everything at once (tests, tools); the command runs the replay in a worker thread."""
    seat = check_undo(service, actor, table)
    window = undo_window(service, table, seat)
    plan = plan_undo(table, window.rows, seat, steps, window)
    return commit_undo(service, table, plan), plan


def taken_back(plan: UndoPlan, public: bool = False) -> Msg:
    """The moves taken back, oldest first; in `public` text a private decision is not named."""
    private = plan.private or [False] * len(plan.moves)
    return join([msg("undo.private_move") if public and p else m.text
                 for m, p in zip(reversed(plan.moves), reversed(private))], "; ")


__all__ = ["UndoPlan", "UndoWindow", "check_undo", "commit_undo", "live_moves", "plan_undo", "replay", "undo",
           "undo_window"]
