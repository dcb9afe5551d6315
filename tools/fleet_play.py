"""The players and counters of `bot.py bench fleet` (tools/fleet_bench.py), seen from the fake Discord's side.

`Server` plays one server's games by clicking a random move of each newest board, a button or an entry of its
select menus (random play ends every game); its games play at once, each in its own thread, as a server's
players would (one game after another was bound by Discord's per-channel limit of about 5 posts per 5 s, which
the bot keeps: tools/fleet_fake.py has the figures' reasons).  The counters read the fake's record
(tools/fleet_fake.py `TimedFake`): REST requests in the busiest second, boards posted twice, the partition files
a process holds open.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
from collections import Counter
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Optional

from host.move_menus import GROUP_MARK
from storage import GameStore, ReadStore
from tools.protocol_fake.fake_cluster import FakeCluster
from tools.protocol_fake.fake_payloads import APP_ID, USERS
from tools.protocol_fake.shard_sessions import shard_of

from .fleet_fake import MS, MV, TimedFake, board_of, buttons

GAME = "wayfinders"
STEP = 120.0  # seconds for any one step to happen on an idle machine (`patience` stretches it under load)
MOST = 5.0  # how far `patience` stretches a step at most
OVER_EVERY = 1.0  # seconds between two reads of whether a game is over while its player waits for a board


def patience(base: float = STEP) -> float:
    """`base` seconds stretched by the machine's load now (the 1-minute load average per core, between 1 and MOST
    times): a restart that catches up in seconds on an idle 2-core machine takes minutes while a whole test suite
    runs beside it, and a bound fixed for the idle machine failed there."""
    try:
        load = os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:
        load = 1.0
    return base * min(MOST, max(1.0, load))


async def polled(fake: FakeCluster, what: str, predicate: Callable[[], Any], timeout: float,
                 process: Optional[Any] = None, every: float = 0.5) -> Any:
    """`fake.wait_for` of a predicate on the database, re-checked every `every` seconds as well: the fake re-checks
    on Discord traffic only, and a move a bot saves with nothing else going on sends none until its post."""
    async def tick() -> None:
        while True:
            await asyncio.sleep(every)
            await fake._notify()
    ticker = asyncio.create_task(tick())
    try:
        return await fake.wait_for(what, predicate, timeout, process=process)
    finally:
        ticker.cancel()


@dataclass
class Figures:
    label: str
    moves: int = 0
    seconds: float = 0.0
    interactions: list[dict[str, Any]] = field(default_factory=list)


def decisions(message: dict[str, Any]) -> list[tuple[str, Optional[str]]]:
    """The moves a board offers: each move button (custom id, None) and each move of its select menus (custom id,
    the move id: a decision of more moves than buttons hold is a menu, cogs/views.py)."""
    out: list[tuple[str, Optional[str]]] = []
    for row in message.get("components") or []:
        for item in row.get("components") or []:
            custom = str(item.get("custom_id") or "")
            if MV.match(custom):
                out.append((custom, None))
            elif MS.match(custom):
                out.extend((custom, str(o["value"])) for o in item.get("options") or []
                           if not str(o["value"]).startswith(GROUP_MARK))
    return out


def answers(fake: TimedFake, interaction: dict[str, Any]) -> int:
    return fake.answers(interaction)


class Gate:
    """Clicks in flight, any number at once, and a closing that waits until none is in flight and holds new ones
    back until it opens again (the kill and the reshard stop processes with no click half-answered)."""

    def __init__(self) -> None:
        self.flying = 0
        self.shut = False
        self.changed = asyncio.Condition()

    @asynccontextmanager
    async def click(self) -> AsyncIterator[None]:
        async with self.changed:
            await self.changed.wait_for(lambda: not self.shut)
            self.flying += 1
        try:
            yield
        finally:
            async with self.changed:
                self.flying -= 1
                self.changed.notify_all()

    async def close(self) -> None:
        async with self.changed:
            await self.changed.wait_for(lambda: not self.shut)
            self.shut = True
            await self.changed.wait_for(lambda: self.flying == 0)

    async def open(self) -> None:
        async with self.changed:
            self.shut = False
            self.changed.notify_all()


def said(fake: FakeCluster, interaction: dict[str, Any]) -> list[str]:
    """What the bot answered to an interaction (its answer and follow-ups), as text."""
    token, out = interaction["token"], []
    for call in fake.calls:
        if token in call.path and isinstance(call.json, dict):
            data = call.json.get("data")
            body: dict[str, Any] = data if isinstance(data, dict) else call.json
            out.append(str(body.get("content") or [e.get("description") for e in body.get("embeds") or []]))
    return out


def mentioned(message: dict[str, Any]) -> list[str]:
    ids = {str(v): k for k, v in USERS.items()}
    first = [ids[u] for u in re.findall(r"<@!?(\d+)>", message.get("content") or "") if u in ids]
    return first + [u for u in ("alice", "bob") if u not in first]


class Server:
    """One server's player: its games started one after another and played at once, each decision a random move
    of its newest board."""

    def __init__(self, fake: TimedFake, guild: int, db_of_guild: Path, figures: Figures, cap: int):
        self.fake, self.guild, self.db, self.figures, self.cap = fake, guild, db_of_guild, figures, cap
        self.gate = Gate()  # the clicks in flight (the kill and the reshard wait for them)
        self.opening = asyncio.Lock()  # one game set up at a time: its number and its first board are its own
        self.started: set[int] = set()
        self.rngs: dict[int, random.Random] = {}  # each game's own choices (its games play at once)
        self.finished = 0
        self.stuck: list[str] = []  # each game left unfinished: its version, its buttons, what its last clicks got
        self.tried: dict[int, list[tuple[str, str, dict[str, Any]]]] = {}  # each game's last clicks
        self.reader: Optional[ReadStore] = None  # the server's partition, read-only (open while it plays)

    def boards(self) -> dict[int, tuple[int, dict[str, Any]]]:
        """Each game's newest board in this server: game id -> (version, message)."""
        return self.fake.boards(self.guild)

    def over(self, gid: int) -> bool:
        """Whether game `gid` has ended, read from its database."""
        if self.reader is None:
            self.reader = ReadStore(self.db)
        game = GameStore(self.reader).get(gid)
        return game is not None and game.status != "active"

    async def send(self, sending: Awaitable[dict[str, Any]]) -> dict[str, Any]:
        interaction = await sending
        self.figures.interactions.append(interaction)
        await self.fake.answered(interaction, patience())  # if not: counted among those not answered exactly once
        return interaction

    async def play(self, games: int) -> None:
        """Set up the games one after another (`/game new`, `join`, `start`), each played as soon as it started."""
        playing = []
        try:
            for number in range(1, games + 1):
                playing.append(asyncio.ensure_future(self.play_one(await self.open_game(number))))
            await asyncio.gather(*playing)
        finally:
            for task in playing:
                task.cancel()
            if self.reader is not None:
                self.reader.close()
                self.reader = None

    async def open_game(self, number: int) -> int:
        fake, guild = self.fake, self.guild
        async with self.opening:
            for who, sub, options in (("alice", "new", {"game": GAME}), ("bob", "join", {"game": number}),
                                      ("alice", "start", {"game": number})):
                async with self.gate.click():  # each command's answer is awaited (a player reads it first)
                    await fake.reply(await self.send(fake.slash(who, "game", sub, guild=guild, **options)),
                                     patience())
                    if sub == "start":  # a stop of the fleet (a reshard) waits for the board, never counts against it
                        await fake.wait_for("the first board", lambda: set(self.boards()) - self.started,
                                            patience())
            gid = max(set(self.boards()) - self.started)
            self.started.add(gid)
            self.rngs[gid] = random.Random(guild * 1000 + number)
            return gid

    async def play_one(self, gid: int) -> None:
        stalls = 0
        for _ in range(self.cap):
            step = await self.decide(gid)
            if step is True:
                self.finished += 1
                return
            stalls = stalls + 1 if step is None else 0
            if stalls >= 3:  # the board no longer moves: the game is left unfinished (the report says why)
                version, board = self.boards()[gid]
                self.stuck.append(f"game {gid} of server {self.guild} stuck at version {version}: buttons "
                                  f"{buttons(board)}, mentioned {mentioned(board)}; the last clicks got "
                                  f"{[(who, custom, said(self.fake, sent)) for who, custom, sent in self.tried[gid]]}")
                return

    async def next_board(self, gid: int, version: int, timeout: float) -> bool:
        """Whether a board of game `gid` newer than `version` came, or the game ended, within `timeout` seconds."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            if await self.fake.board_after(self.guild, gid, version, min(OVER_EVERY, max(0.0, end - loop.time()))):
                return True
            if self.over(gid):
                return True
        return False

    async def decide(self, gid: int) -> Optional[bool]:
        """One decision of game `gid` (True: the game is over; None: no player's click moved it on)."""
        async with self.gate.click():
            version, board = self.boards()[gid]
            if self.over(gid):
                return True
            custom, value = self.rngs[gid].choice(decisions(board))  # random play ends games
            tried = self.tried[gid] = []
            for who in mentioned(board):
                sending = (self.fake.click(who, board, custom) if value is None
                           else self.fake.choose(who, board, custom, value))
                tried.append((who, custom if value is None else f"{custom} {value}", await self.send(sending)))
                if not await self.next_board(gid, version, patience(20.0)):
                    continue  # not this player's decision: the other one
                self.figures.moves += 1
                return False
            return True if self.over(gid) else None


def peak_rate(fake: TimedFake) -> int:
    """REST requests in the busiest 1 s window, interaction answers left out (Discord does not count them)."""
    times = sorted(t for t, path in fake.times if not path.startswith(("/interactions/", f"/webhooks/{APP_ID}/")))
    best, start = 0, 0
    for end, now in enumerate(times):
        while times[start] <= now - 1.0:
            start += 1
        best = max(best, end - start + 1)
    return best


def duplicate_posts(fake: FakeCluster) -> int:
    """New messages repeating a board already posted: the same game version posted twice."""
    seen: Counter[tuple[int, int]] = Counter()
    for call in fake.calls:
        if call.method == "POST" and re.fullmatch(r"/channels/\d+/messages", call.path) and call.status == 200:
            board = board_of(call.json or {})
            if board is not None:
                seen[board] += 1
    return sum(n - 1 for n in seen.values() if n > 1)


def open_partitions(pid: int, folder: Path) -> list[int]:
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = Path(os.readlink(fd))
        except OSError:
            continue
        if target.parent == folder.resolve() and re.fullmatch(r"part-\d+\.db", target.name):
            found.add(int(target.name[5:-3]))
    return sorted(found)


def interleaved(guilds: list[int], shards: int, ranges: list[list[int]]) -> list[int]:
    """The servers in turn by process, then by shard (a server of process 0, one of process 1, ...), so a few
    games reach every process."""
    process = {s: (n, ids.index(s)) for n, ids in enumerate(ranges) for s in ids}
    seen: Counter[int] = Counter()
    keyed = []
    for guild in guilds:
        shard = shard_of(guild, shards)
        keyed.append((seen[shard], process[shard][1], process[shard][0], guild))
        seen[shard] += 1
    return [guild for *_, guild in sorted(keyed)]


def spread(games: int) -> list[int]:
    """N games over 8 servers: as even as can be."""
    return [games // 8 + (1 if k < games % 8 else 0) for k in range(8)]


__all__ = ["GAME", "MOST", "STEP", "Figures", "Gate", "Server", "TimedFake", "answers", "decisions", "duplicate_posts",
           "interleaved", "open_partitions", "patience", "peak_rate", "polled", "spread"]
