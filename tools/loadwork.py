"""What the bot does for one command of the load test, on the bot's own path.

Every storage call runs on the bot's storage thread (host/offloop.py), as `Actions.db` runs it; the board
is drawn and encoded in the bot's board pool (host/boards.py `draw_board`, host/drawing.py), as a turn
post draws it; the next player's legal moves (the buttons of that post) are listed on the event loop, as
`cogs/posts.py` lists them.  Bot seats play as `cogs/bot_players.py` has them play: the bot's choice in a
worker thread, then `TableService.play_seat`, each move with its board.  Results are plain dicts.
"""
from __future__ import annotations

import asyncio
import time
import traceback
from typing import Any, Optional

from host import offloop
from host.boards import draw_board
from host.bot_seats import add_bots, bot_level, bots_to_act
from host.tables import Actor, Refusal, Table, TableService
from rules.bots import choose
from rules.text import tr


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


def _refused(exc: Refusal) -> dict[str, Any]:
    return {"ok": False, "refusal": exc.text.key, "text": tr(exc.text)}


def _failed() -> dict[str, Any]:
    return {"ok": False, "error": traceback.format_exc(limit=8)}


async def _posted(service: TableService, table: Table, events: list[Any]) -> int:
    """The turn post's board drawn, then recorded as posted (as `Actions.announce` records it)."""
    png = await draw_board(table, "en", events)
    await offloop.call(service.games.set_posted, table.game.id, table.game.version)
    return len(png)


def _opened(service: TableService, key: str, users: list[tuple[int, str]], guild_id: int, channel_id: int,
            bots: int, level: str) -> Table:
    first = Actor(user_id=users[0][0], name=users[0][1])
    table = service.new_game(first, key, guild_id=guild_id, channel_id=channel_id)
    for uid, name in users[1:]:
        table = service.join(Actor(user_id=uid, name=name), table)
    if bots:
        table = add_bots(service, table, bots, level)
    return service.start(first, table)


async def open_game(service: TableService, key: str, users: list[tuple[int, str]], guild_id: int, channel_id: int,
                    bots: int = 0, level: str = "random") -> dict[str, Any]:
    """/game new, /game join for the others, /game addbot `bots` times, /game start: as the cogs do."""
    try:
        table = await offloop.call(_opened, service, key, users, guild_id, channel_id, bots, level)
        await _posted(service, table, list(table.state.events) if table.state else [])
        return {"ok": True, **snapshot(table)}
    except Refusal as exc:
        return _refused(exc)
    except Exception:  # noqa: BLE001 - counted and reported by the driver
        return _failed()


async def look(service: TableService, game_id: int) -> dict[str, Any]:
    """Re-read a game (after a lost race, or a restart)."""
    try:
        return {"ok": True, **snapshot(await offloop.call(service.table, game_id))}
    except Exception:  # noqa: BLE001
        return _failed()


def _play(service: TableService, game_id: int, actor: Actor, move: str, version: Optional[int]):
    table = service.table(game_id)  # the internal id, as a button's custom id carries it
    return service.commit_move(actor, table, move, version)


async def play(service: TableService, game_id: int, user_id: int, name: str, move: str,
               version: Optional[int]) -> dict[str, Any]:
    """`/play move:` (version None) or a button click (version of the board): the whole pipeline."""
    t0 = time.perf_counter()
    try:
        played = await offloop.call(_play, service, game_id, Actor(user_id=user_id, name=name), move, version)
        t1 = time.perf_counter()
        size = await _posted(service, played.table, played.events)
        snap = snapshot(played.table)
        t2 = time.perf_counter()
        return {"ok": True, "seat": played.seat, "move": played.move.id, "seq": snap["moves_made"], "png": size,
                "t_service": t1 - t0, "t_render": t2 - t1, **snap}
    except Refusal as exc:
        return _refused(exc)
    except Exception:  # noqa: BLE001
        return _failed()


async def bots_play(service: TableService, game_id: int, max_moves: int = 50) -> dict[str, Any]:
    """The bot seats to act move, one after the other, until a human must act (or the game ends).

    Returns the moves made (`played`: seq, seat, move) and the snapshot after them; a race lost to
    another move is not an error: the game is read again."""
    played_moves: list[tuple[int, str, str]] = []
    try:
        table = await offloop.call(service.table, game_id)
        for _ in range(max_moves):
            seats = bots_to_act(table)
            if not seats:
                break
            seat = seats[0]
            assert table.state is not None
            move = await asyncio.to_thread(choose, table.engine, table.state, seat, bot_level(table.user_of(seat)),
                                           table.game.seed)
            try:
                played = await offloop.call(service.play_seat, table, seat, move.id)
            except Refusal:
                table = await offloop.call(service.table, game_id)
                continue
            await _posted(service, played.table, played.events)
            table = played.table
            played_moves.append((table.state.moves_made if table.state else 0, seat, move.id))
        return {"ok": True, "played": played_moves, **snapshot(table)}
    except Exception:  # noqa: BLE001
        return {**_failed(), "played": played_moves}


__all__ = ["bots_play", "look", "open_game", "play", "snapshot"]
