"""The CPU side of the load test: what one bot process does for one command.

Runs in worker processes (one per core) so that engine, SQLite and Pillow
work proceed in parallel.  Each call goes through the table service exactly
as `cogs/actions.py` does it (locate, validate, apply, save in one
version-guarded transaction), then renders and encodes the board image the
turn post would carry, and lists the next player's legal moves (the buttons
of that post).  Bot seats play as `cogs/bot_players.py` has them play (the
bot's choice, then `TableService.play_seat`), each move posted with its board
too.  Results are plain dicts so they cross process boundaries; `cpu` is the
worker's CPU time for the call (the machine's other load does not count).
"""
from __future__ import annotations

import time
import traceback
from typing import Any, Optional

from rules.bots import choose
from rules.text import tr
from storage import open_store

from host.bot_seats import add_bots, bot_level, bots_to_act
from host.boards import board_png
from host.tables import Actor, Limits, Refusal, Table, TableService

_SERVICE: Optional[TableService] = None


def init_worker(db_path: str) -> None:
    global _SERVICE
    # The load test puts every game in one guild on purpose (one very big server): no per-server cap.
    _SERVICE = TableService(open_store(db_path), limits=Limits(running_per_server=10**9))


def _service() -> TableService:
    assert _SERVICE is not None, "init_worker was not called"
    return _SERVICE


def snapshot(table: Table) -> dict[str, Any]:
    """What a user sees of a game: its version and, for each seat to act, the user and the legal moves."""
    turns = []
    if table.game.status == "active" and table.state is not None:
        for seat in table.to_act:
            row = table.user_of(seat)
            if row is None or row.user_id is None:
                continue
            moves = [m.id for m in table.engine.legal_moves(table.state, seat)]
            turns.append((row.user_id, row.name, seat, moves))
    return {"game": table.game.id, "key": table.game.game_key, "version": table.game.version,
            "status": table.game.status, "moves_made": table.state.moves_made if table.state is not None else 0,
            "turns": turns, "bots": bots_to_act(table)}


def open_game(key: str, users: list[tuple[int, str]], guild_id: int, channel_id: int, bots: int = 0,
              level: str = "random") -> dict[str, Any]:
    """/game new, /game join for the others, /game addbot `bots` times, /game start: as the cogs do."""
    service = _service()
    try:
        first = Actor(user_id=users[0][0], name=users[0][1])
        table = service.new_game(first, key, guild_id=guild_id, channel_id=channel_id)
        for uid, name in users[1:]:
            table = service.join(Actor(user_id=uid, name=name), table)
        if bots:
            table = add_bots(service, table, bots, level)
        table = service.start(first, table)
        board_png(table, "en", list(table.state.events) if table.state else [])
        service.games.set_posted(table.game.id, table.game.version)  # as the bot records its board post
        return {"ok": True, **snapshot(table)}
    except Refusal as exc:
        return {"ok": False, "refusal": exc.text.key, "text": tr(exc.text)}
    except Exception:  # noqa: BLE001 - counted and reported by the driver
        return {"ok": False, "error": traceback.format_exc(limit=8)}


def look(game_id: int) -> dict[str, Any]:
    """Re-read a game (after a restart)."""
    try:
        return {"ok": True, **snapshot(_service().table(game_id))}
    except Exception:  # noqa: BLE001
        return {"ok": False, "error": traceback.format_exc(limit=8)}


def play(game_id: int, channel_id: int, user_id: int, name: str, move: str,
         version: Optional[int]) -> dict[str, Any]:
    """`/play move:` (version None) or a button click (version of the board): the whole pipeline."""
    service = _service()
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        actor = Actor(user_id=user_id, name=name)
        table = service.table(game_id)  # the internal id, as a button's custom id carries it
        played = service.play(actor, table, move, version)
        t1 = time.perf_counter()
        png = board_png(played.table, "en", played.events)
        service.games.set_posted(played.table.game.id, played.table.game.version)
        snap = snapshot(played.table)
        t2 = time.perf_counter()
        return {"ok": True, "seat": played.seat, "move": played.move.id, "seq": snap["moves_made"],
                "png": len(png), "t_service": t1 - t0, "t_render": t2 - t1, "cpu": time.process_time() - c0, **snap}
    except Refusal as exc:
        return {"ok": False, "refusal": exc.text.key, "text": tr(exc.text)}
    except Exception:  # noqa: BLE001
        return {"ok": False, "error": traceback.format_exc(limit=8)}


def bots_play(game_id: int, max_moves: int = 50) -> dict[str, Any]:
    """The bot seats to act move, one after the other, until a human must act (or the game ends).

    Returns the moves made (`played`: seq, seat, move, cpu seconds) and the snapshot after them;
    a race lost to another move is not an error: the caller reads the game again."""
    service = _service()
    played_moves: list[tuple[int, str, str, float]] = []
    try:
        table = service.table(game_id)
        for _ in range(max_moves):
            seats = bots_to_act(table)
            if not seats:
                break
            c0 = time.process_time()
            seat = seats[0]
            assert table.state is not None
            move = choose(table.engine, table.state, seat, bot_level(table.user_of(seat)), table.game.seed)
            try:
                played = service.play_seat(table, seat, move.id)
            except Refusal:
                table = service.table(game_id)
                continue
            board_png(played.table, "en", played.events)
            service.games.set_posted(played.table.game.id, played.table.game.version)
            table = played.table
            played_moves.append((table.state.moves_made if table.state else 0, seat, move.id,
                                 time.process_time() - c0))
        return {"ok": True, "played": played_moves, **snapshot(table)}
    except Exception:  # noqa: BLE001
        return {"ok": False, "played": played_moves, "error": traceback.format_exc(limit=8)}


__all__ = ["bots_play", "init_worker", "look", "open_game", "play", "snapshot"]
