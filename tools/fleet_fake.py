"""The routing fake as `bot.py bench fleet` (tools/fleet_bench.py) uses it: the cluster fake with what the players
and the counters look up kept as it happens, so that a look-up costs the same at the 16,000th decision as at the
first.

The players wait on predicates that the fake re-checks on every request and frame; a predicate that scanned every
call or message made the fake's own event loop the bottleneck of a long run (with 40 games waiting, each check
walked tens of thousands of records), and a fake that answers late makes the bot look late: Discord's 3 s are
counted by the fake, when it gets round to reading the answer.  So the fake keeps, as it goes: the answers each
interaction got, each server's newest board per game, and the REST request times; uploaded images are counted,
not kept.  It also measures its own event loop's lag (how late a timer of `LAG_EVERY` seconds wakes), printed
beside the answer times, so a late answer can be told apart from a fake that was too busy to read it.
"""
from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from typing import Any, Optional

from aiohttp import web

from tools.protocol_fake.fake_cluster import FakeCluster
from tools.protocol_fake.fake_discord import Call

MV = re.compile(r"^mv:(\d+):(\d+):")
MS = re.compile(r"^ms:(\d+):(\d+):")  # a select menu of moves
CALLBACK = re.compile(r"^/interactions/(\d+)/([^/]+)/callback$")
WEBHOOK = re.compile(r"^/webhooks/\d+/([^/]+)")
LAG_EVERY = 0.1  # seconds between two wake-ups of the lag probe


def buttons(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message.get("components") or [] for c in row.get("components") or []
            if "custom_id" in c]


def board_of(message: dict[str, Any]) -> Optional[tuple[int, int]]:
    """(game id, version) of a board: its first move button or menu; None for any other message."""
    for custom in buttons(message):
        found = MV.match(custom) or MS.match(custom)
        if found:
            return int(found[1]), int(found[2])
    return None


def resolve(waiters: dict[str, "asyncio.Future[None]"], token: str) -> None:
    waiter = waiters.pop(token, None)
    if waiter is not None and not waiter.done():
        waiter.set_result(None)


async def _came(waiters: dict[str, "asyncio.Future[None]"], token: str, timeout: float) -> bool:
    """Wait up to `timeout` seconds for `resolve(waiters, token)`; whether it came.  (A future the fake resolves,
    not `wait_for` on a condition, which would wake every waiter at every request.)"""
    waiter = waiters.setdefault(token, asyncio.get_running_loop().create_future())
    try:
        await asyncio.wait_for(asyncio.shield(waiter), timeout)
        return True
    except asyncio.TimeoutError:
        return False


@dataclass
class TimedFake(FakeCluster):
    """The cluster fake, noting when each REST request arrived, and keeping the players' look-ups up to date."""
    times: list[tuple[float, str]] = field(default_factory=list)
    acked: dict[str, int] = field(default_factory=dict)  # interaction token -> answers accepted (200)
    newest: dict[int, dict[int, tuple[int, dict[str, Any]]]] = field(default_factory=dict)  # guild -> game -> board
    lag: float = 0.0  # the fake's worst event-loop lag, seconds
    answering: dict[str, "asyncio.Future[None]"] = field(default_factory=dict)  # token -> its answer's waiter
    replied: set[str] = field(default_factory=set)  # tokens whose interaction got a message (not only "thinking")
    replying: dict[str, "asyncio.Future[None]"] = field(default_factory=dict)  # token -> its message's waiter
    boarding: dict[tuple[int, int], list[tuple[int, "asyncio.Future[None]"]]] = field(default_factory=dict)

    async def start(self) -> int:
        port = await super().start()
        self.prober = asyncio.ensure_future(self._probe())
        return port

    async def stop(self) -> None:
        self.prober.cancel()
        await super().stop()

    async def _probe(self) -> None:
        while True:
            asked = time.monotonic()
            await asyncio.sleep(LAG_EVERY)
            self.lag = max(self.lag, time.monotonic() - asked - LAG_EVERY)

    async def rest(self, request: web.Request) -> web.StreamResponse:
        self.times.append((time.monotonic(), "/" + request.match_info["path"]))
        return await super().rest(request)

    async def _route(self, method: str, path: str, call: Call) -> web.Response:
        response = await super()._route(method, path, call)
        call.files = [(name, b"") for name, _ in call.files]  # a board's image is checked, then not kept
        found = CALLBACK.match(path)
        if found and response.status == 200:
            self.acked[found[2]] = self.acked.get(found[2], 0) + 1
            resolve(self.answering, found[2])
            if (call.json or {}).get("type") in (4, 7):  # a message, or the clicked message edited
                self.replied.add(found[2])
                resolve(self.replying, found[2])
        hooked = WEBHOOK.match(path)
        if hooked and response.status == 200:  # a follow-up, or the deferred answer filled in
            self.replied.add(hooked[1])
            resolve(self.replying, hooked[1])
        return response

    def _index(self, message: dict[str, Any]) -> None:
        thread = self.threads.get(int(message["channel_id"]))
        board = board_of(message)
        if thread is None or board is None:
            return
        games = self.newest.setdefault(int(thread["guild_id"]), {})
        gid, version = board
        if gid not in games or games[gid][0] <= version:
            games[gid] = (version, message)
        waiting = self.boarding.get((int(thread["guild_id"]), gid))
        if waiting:
            for older, waiter in [w for w in waiting if w[0] < version]:
                if not waiter.done():
                    waiter.set_result(None)
            waiting[:] = [w for w in waiting if w[0] >= version]

    def _message(self, channel_id: int, payload: dict[str, Any], files: list[tuple[str, bytes]],
                 flags: int = 0, interaction: Optional[dict[str, Any]] = None) -> dict[str, Any]:
        message = super()._message(channel_id, payload, files, flags, interaction)
        self._index(message)
        return message

    def _edit(self, mid: int, body: dict[str, Any], files: list[tuple[str, bytes]]) -> dict[str, Any]:
        message = super()._edit(mid, body, files)
        self._index(message)
        return message

    def boards(self, guild: int) -> dict[int, tuple[int, dict[str, Any]]]:
        """Each game's newest board in server `guild`: game id -> (version, message)."""
        return self.newest.get(guild, {})

    async def answered(self, interaction: dict[str, Any], timeout: float) -> bool:
        """Wait up to `timeout` seconds for the interaction's first response; whether it came."""
        return bool(self.answers(interaction)) or await _came(self.answering, interaction["token"], timeout)

    async def reply(self, interaction: dict[str, Any], timeout: float) -> bool:
        """Wait up to `timeout` seconds for the interaction's answer as a message (a reply, a follow-up, the
        "thinking" filled in): the command's work is done; whether it came."""
        return interaction["token"] in self.replied or await _came(self.replying, interaction["token"], timeout)

    async def board_after(self, guild: int, gid: int, version: int, timeout: float) -> bool:
        """Wait up to `timeout` seconds for a board of game `gid` newer than `version`; whether one came."""
        if self.boards(guild).get(gid, (-1, None))[0] > version:
            return True
        waiter = asyncio.get_running_loop().create_future()
        self.boarding.setdefault((guild, gid), []).append((version, waiter))
        try:
            await asyncio.wait_for(asyncio.shield(waiter), timeout)
            return True
        except asyncio.TimeoutError:
            return False

    def answers(self, interaction: dict[str, Any]) -> int:
        """How many first responses the interaction got accepted (exactly one is right)."""
        return self.acked.get(interaction["token"], 0)

    def answer_spread(self) -> str:
        """The seconds from each interaction's creation to its first response: median, 99th percentile, worst,
        how many over 1 s, and the fake's own worst loop lag."""
        times = sorted(self.answer_times())
        if not times:
            return "no interaction answered"
        late = sum(1 for t in self.interactions.values() if t.late)
        pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]  # noqa: E731
        return (f"first responses after {pick(0.5):.2f} s (median), {pick(0.99):.2f} s (99%), {times[-1]:.2f} s "
                f"(worst), {sum(1 for t in times if t > 1.0)} over 1 s, {late} after 3 s; the fake's worst "
                f"event-loop lag {self.lag:.2f} s")


__all__ = ["LAG_EVERY", "MS", "MV", "TimedFake", "board_of", "buttons"]
