"""`python bot.py bench posts`: public posts per change of who must decide, for every game.

Each game is played to its end through the real bot on the local table (local/table.py): humans click
the buttons of the latest board (or use `/play` when the move is only in a private list), bot seats play
by themselves.  For every game it prints:

* the public posts the game's thread got from the start on (new messages; edits of the latest board
  counted apart), the mentions in them, and the changes of who must decide (a seat begins to decide:
  the start, and every move after which someone decides who did not before; bot seats count too);
* posts ÷ changes (the goal is at most 1.2) and mentions ÷ changes of a human decider;
* the most messages written into one channel in any 5 seconds (Discord accepts about 5).

Posts are paced on virtual time (cogs/pacing.py): the figure is what the bot sends, not how long it took.
"""
from __future__ import annotations

import argparse
import asyncio
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from cogs import pacing
from cogs.game_bot import make_bot
from cogs.pacing import pacer_of
from host.tables import TableService
from local import LocalTable
from local.components import pressables
from rules import GAMES
from rules.bots import choose
from rules.replay import replay
from storage import open_store

MENTION = re.compile(r"<@!?(\d+)>")
HUMANS = ("alice", "bob", "carol", "dave")


@dataclass
class GameFigures:
    game: str
    humans: int
    bots: int
    finished: bool = False
    moves: int = 0
    changes: int = 0  # a seat begins to decide (the start counts)
    human_changes: int = 0  # ... and that seat is a human's
    posts: int = 0  # new public messages in the game's thread, from the start on
    edits: int = 0
    mentions: int = 0
    writes: list[tuple[float, int]] = field(default_factory=list)  # (pacer time, channel id) of posts and edits

    @property
    def ratio(self) -> float:
        return self.posts / self.changes if self.changes else 0.0

    def busiest(self, window: float = 5.0) -> int:
        """The most writes into one channel in any `window` seconds."""
        best = 0
        by_channel: dict[int, list[float]] = {}
        for at, channel in self.writes:
            by_channel.setdefault(channel, []).append(at)
        for times in by_channel.values():
            times.sort()
            lo = 0
            for hi, at in enumerate(times):
                while times[lo] <= at - window:
                    lo += 1
                best = max(best, hi - lo + 1)
        return best


def decider_changes(table: Any, moves: list[tuple[str, str]]) -> tuple[int, int]:
    """(changes, changes to a human): every state where a seat begins to decide, from the setup on."""
    engine = table.engine
    humans = {s.seat for s in table.seats if not s.is_bot}
    before: set[str] = set()
    changes = human = 0

    def count(now: set[str]) -> None:
        nonlocal changes, human
        gained = now - before
        if gained:
            changes += 1
            human += bool(gained & humans)

    steps = list(replay(engine, [s.seat for s in table.seats], table.game.seed, table.game.options, moves))
    first = steps[0].before if steps else None
    if first is not None:
        count(set(engine.to_act(first)))
        before = set(engine.to_act(first))
    for step in steps:
        now = set(engine.to_act(step.after))
        count(now)
        before = now
    return changes, human


def watch_writes(local: Any) -> list[tuple[float, int]]:
    """Every message post and edit the bot makes from now on, as (its pacer's time, channel id): a counter at
    the transport, installed once per table."""

    server = local.server
    writes = getattr(server, "bench_writes", None)
    if writes is not None:
        return writes
    writes = server.bench_writes = []
    handle = server.handle_http

    async def counted(route: Any, **kwargs: Any) -> Any:
        if (route.method, route.path) in (("POST", "/channels/{channel_id}/messages"),
                                          ("PATCH", "/channels/{channel_id}/messages/{message_id}")):
            writes.append((pacer_of(local.bot).now(), int(route.channel_id)))
        return await handle(route, **kwargs)

    server.handle_http = counted
    return writes


async def _click_or_play(local: Any, service: Any, table: Any, who: str, move_id: str, channel: str) -> Any:
    """Click the move on the game's latest board when it is there, else `/play` it."""
    board = local.registry.message(table.game.board_message_id) if table.game.board_message_id else None
    if board is not None:
        for n, item in enumerate(pressables(board.payload.get("components") or []), 1):
            if (item.value or item.custom_id.rsplit(":", 1)[-1]) == move_id and item.custom_id.startswith(("mv:", "ms:")):
                if f":{table.game.version}:" in item.custom_id:
                    return await local.press_message(who, board.id, n, channel)
    return await local.command(who, f"/play move:{move_id}", channel)


async def play_game(local: Any, key: str, humans: int, bots: int, *, guild: Optional[str] = None,
                    max_moves: int = 3000, seed: int = 0) -> GameFigures:
    """Open, start and play one game to its end on a started LocalTable; the figures of its thread."""

    figures = GameFigures(key, humans, bots)
    writes = watch_writes(local)
    names = HUMANS[:humans]
    opened = await local.command(names[0], f"/game new game:{key}" + (f" bots:{bots}" if bots else ""), guild=guild)
    if opened.refused:
        raise RuntimeError(f"could not open {key}: {opened.errors} {[s.content for s in opened]}")
    service = TableService(open_store(local.db_path))
    try:
        game_id = max(service.games.all_ids())
        table = service.table(game_id)
        thread = local.registry.channel_by_id(table.game.post_channel_id).name
        for name in names[1:]:
            await local.command(name, f"/game join game:{table.game.number}", thread, guild=guild)
        first_write = len(writes)
        replies = [await local.command(names[0], "/game start", thread, guild=guild)]
        for i in range(max_moves):
            table = service.table(game_id)
            if table.game.status != "active":
                break
            humans_to_act = [s for s in table.to_act if not table.user_of(s).is_bot]  # type: ignore[union-attr]
            if not humans_to_act:
                raise RuntimeError(f"{key} game {game_id}: no human to act after a command ({table.to_act})")
            seat = humans_to_act[0]
            who = table.user_of(seat).name  # type: ignore[union-attr]
            move = choose(table.engine, table.state, seat, "greedy", seed=seed * 7919 + i)
            out = await _click_or_play(local, service, table, who, move.id, thread)
            if out.refused:
                raise RuntimeError(f"{key}: {who} {move.id} refused: {out.errors} {[s.content for s in out]}")
            replies.append(out)
        table = service.table(game_id)
        figures.finished = table.game.status == "finished"
        log = [(m.seat, m.move_id) for m in service.games.moves(game_id) if not m.undone]
        figures.moves = len(log)
        figures.changes, figures.human_changes = decider_changes(table, log)
    finally:
        service.store.close()
    figures.writes = writes[first_write:]
    for out in replies:
        for sent in out:
            if sent.ephemeral or sent.channel != thread:
                continue
            if sent.edited:
                figures.edits += 1
            else:
                figures.posts += 1
                figures.mentions += len(MENTION.findall(sent.content or ""))
    return figures


def setups(key: str) -> list[tuple[int, int]]:
    """(humans, bots) per game: humans alone, one human with bots, humans with a bot."""
    engine = GAMES[key]
    low, high = max(2, engine.min_players), engine.max_players
    out = [(low, 0), (1, max(low - 1, min(2, high - 1))), (2, max(1, low - 2))]
    return [(h, b) for h, b in out if low <= h + b <= high and h <= len(HUMANS)]


async def run(keys: list[str], db_dir: str, max_moves: int, games: int) -> list[GameFigures]:

    pacing.make_clock = pacing.virtual_clock  # figures, not waiting: the pacer's time is virtual
    results = []
    local = LocalTable(lambda path: make_bot(path), str(Path(db_dir) / "posts.db"), out_dir=str(Path(db_dir) / "out"))
    await local.start()
    try:
        for key in keys:
            for humans, bots in setups(key):
                for k in range(games):
                    figures = await play_game(local, key, humans, bots, max_moves=max_moves, seed=k)
                    results.append(figures)
                    print(line(figures), flush=True)
    finally:
        await local.close()
    return results


def line(f: GameFigures) -> str:
    state = "finished" if f.finished else "unfinished"
    mentions = f.mentions / f.human_changes if f.human_changes else 0.0
    return (f"{GAMES[f.game].title:<32} {f.humans} human(s) + {f.bots} bot(s): {f.moves:4d} moves ({state}), "
            f"{f.changes:3d} decider changes ({f.human_changes} to a human), {f.posts:3d} posts + {f.edits:3d} edits, "
            f"{f.mentions:3d} mentions; posts/changes {f.ratio:.2f}, mentions/human changes {mentions:.2f}; "
            f"busiest channel {f.busiest()} writes in 5 s")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench posts", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="only these games (repeatable)")
    parser.add_argument("--games", type=int, default=1, help="games per game and seating (default 1)")
    parser.add_argument("--max-moves", type=int, default=3000, help="human moves at most per game")
    args = parser.parse_args(argv)
    keys = args.game or sorted(GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        results = asyncio.run(run(keys, tmp, args.max_moves, args.games))
    print()
    for key in keys:
        mine = [f for f in results if f.game == key]
        posts, changes = sum(f.posts for f in mine), sum(f.changes for f in mine)
        worst = max(f.ratio for f in mine)
        print(f"{GAMES[key].title:<32} posts/changes over {len(mine)} games: {posts / max(1, changes):.2f} "
              f"(worst game {worst:.2f}); mentions {sum(f.mentions for f in mine)}, "
              f"busiest channel {max(f.busiest() for f in mine)} writes in 5 s")
    return 0


__all__ = ["GameFigures", "decider_changes", "main", "play_game", "watch_writes"]
