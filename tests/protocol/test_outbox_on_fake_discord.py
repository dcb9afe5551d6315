"""The outbox through the unchanged `bot.py run` (its real drawing pool) against the fake Discord: nothing owed
is lost or posted twice, whatever Discord answers for a while, across a kill -9.

One run: a 429 without `Via` (a Cloudflare block, which discord.py raises at once) on a lobby notice; five 503s
in a row on the first board; a burst of five 5xx (503, 502, 503, 500, 503) on a move's board; then every post
refused while a move and a deadline setting are saved (a board and a notice owed), the bot killed with SIGKILL
and started again, which delivers both.  At the end: every interaction answered within 3 s, nothing owed in the
database, every board version and every nonce in exactly one message.  The first retry waits 0.1 s
(OUTBOX_FIRST_RETRY_MS) so the run stays short.
"""
from __future__ import annotations

import asyncio
import signal
from collections import Counter
from pathlib import Path
from typing import Any

from host.tables import TableService
from storage import open_store
from storage.notices import NoticeStore
from tools.protocol_fake.fake_discord import FakeDiscord
from tests.protocol.test_bot_on_fake_discord import (TIMEOUT, answered, buttons, mentioned, report_answers, start_bot,
                                                     thread_posts, wait_log)

FAST = {"OUTBOX_FIRST_RETRY_MS": "100"}


def said(fake: FakeDiscord, words: str) -> list[dict[str, Any]]:
    return [m for m in fake.messages.values() if words in (m.get("content") or "")]


def owed(tmp: Path) -> tuple[list[int], int, int]:
    """(games owing a board, notices owed, moves saved in game 1), read from the database."""
    store = open_store(tmp / "games.db")
    try:
        service = TableService(store)
        return service.games.unposted(), NoticeStore(store).count(), service.games.move_count(1)
    finally:
        store.close()


async def until(what: str, predicate: Any, proc: asyncio.subprocess.Process) -> None:
    """Poll `predicate` (it reads the database, which the fake does not see change) until it holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while not predicate():
        assert proc.returncode is None, f"the bot exited ({proc.returncode}) while waiting for {what}"
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


async def play(fake: FakeDiscord, proc: asyncio.subprocess.Process) -> dict[str, Any]:
    """The player the latest board mentions presses its first move; returns the click."""
    board = thread_posts(fake, "mv:")[-1]
    player = mentioned(board)
    assert player, f"the board mentions nobody: {board['content']!r}"
    return await fake.click(player, board, next(b for b in buttons(board) if b.startswith("mv:")))


async def scenario(tmp: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    procs = [await start_bot(fake, tmp, tmp / "bot.log", **FAST)]
    try:
        await steps(fake, procs, tmp)
    except AssertionError as exc:
        logs = "\n".join(f"--- {p.name} ---\n{p.read_text(errors='replace')[-3000:]}"
                         for p in sorted(tmp.glob("*.log")))
        raise AssertionError(f"{exc}\n{logs}") from None
    finally:
        for proc in procs:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
        await fake.stop()


async def steps(fake: FakeDiscord, procs: list[asyncio.subprocess.Process], tmp: Path) -> None:
    proc, log = procs[0], tmp / "bot.log"
    clock = asyncio.get_running_loop().time
    began = clock()

    def phase(what: str) -> None:  # printed, never asserted: how long each part of the run took
        print(f"{clock() - began:6.1f} s: {what}; failures injected so far {len(fake.injected)}")

    await wait_log(log, r"logged in as \S+ in 2 servers", proc)
    await wait_log(log, r"board pool ready: 2 worker processes", proc)
    phase("the bot is ready")
    new = await fake.slash("alice", "game", "new", game="wayfinders")
    await fake.wait_for("the lobby post", lambda: thread_posts(fake, "lb:join") and answered(fake, new), TIMEOUT, proc)
    lobby = thread_posts(fake, "lb:join")[-1]
    game_id = int(next(b for b in buttons(lobby) if b.startswith("lb:join")).split(":")[2])

    # (c) a 429 without Via on the lobby notice of bob's join: tried again after Retry-After
    fake.fail(429, via=False)
    join = await fake.click("bob", lobby, f"lb:join:{game_id}")
    await fake.wait_for("the lobby notice after the join", lambda: answered(fake, join) and said(fake, "players (2"),
                        TIMEOUT, proc)

    phase("(c) a 429 without Via on a notice: delivered")
    # (a) five 503s in a row on the first board
    fake.fail(503, times=5)
    start = await fake.click("alice", lobby, f"lb:start:{game_id}")
    await fake.wait_for("the first board after five 503s", lambda: thread_posts(fake, "mv:") and answered(fake, start),
                        TIMEOUT, proc)

    phase("(a) five 503s on the first board: delivered")
    # (b) a burst of five 5xx on the board after a move
    for status in (503, 502, 503, 500, 503):
        fake.fail(status)
    before = len(thread_posts(fake, "mv:"))
    click = await play(fake, proc)
    await until("the board after a burst of 5xx", lambda: answered(fake, click) and owed(tmp)[2] == 1
                and len(thread_posts(fake, "mv:")) > before, proc)
    await until("nothing owed after the bursts", lambda: owed(tmp)[:2] == ([], 0), proc)
    assert [s for _, s in fake.injected][:1] == [429] and Counter(s for _, s in fake.injected)[503] >= 8, fake.injected

    phase("(b) a burst of five 5xx on a move's board: delivered")
    # (d) every post refused: a move and a deadline setting saved, their board and notice owed; kill -9, restart
    blocked = fake.fail(503, times=100_000)
    click = await play(fake, proc)
    settings = await fake.slash("alice", "game", "settings", deadline="24h", game=1)
    await until("a board and a notice owed", lambda: answered(fake, click) and answered(fake, settings)
                and owed(tmp) == ([game_id], 1, 2), proc)
    boards = len(thread_posts(fake, "mv:"))
    proc.kill()  # SIGKILL: no clean stop
    assert await asyncio.wait_for(proc.wait(), TIMEOUT) == -signal.SIGKILL
    blocked.times = 0  # Discord takes posts again
    log = tmp / "restarted.log"
    procs.append(proc := await start_bot(fake, tmp, log, **FAST))
    await until("the owed board and notice delivered by the restarted bot",
                lambda: owed(tmp)[:2] == ([], 0) and len(thread_posts(fake, "mv:")) > boards, proc)
    phase("(d) killed with a board and a notice owed, restarted: both delivered")
    await wait_log(log, r"start-up: .*1 notices owed from before", proc)
    notice = said(fake, "deadline")
    assert len([m for m in notice if m.get("nonce")]) == 1, notice

    # nothing lost, nothing twice, every interaction in time
    versions = Counter(next(b for b in buttons(m) if b.startswith("mv:")).split(":")[2]
                       for m in thread_posts(fake, "mv:"))
    assert all(n == 1 for n in versions.values()), f"a board posted twice: {versions}"
    nonces = Counter(m["nonce"] for m in fake.messages.values() if m.get("nonce"))
    assert nonces and all(n == 1 for n in nonces.values()), f"a nonce in two messages: {nonces}"
    assert len(said(fake, "players (2")) == 1
    proc.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(proc.wait(), TIMEOUT) == 0
    report_answers(fake)
    refused = [(c.method, c.path, c.status, c.code) for c in fake.refusals(10062, 40060, 50027, 50013, 10015)]
    assert refused == [], f"Discord would have refused: {refused}"
    assert fake.problems == [] and fake.unknown == [], (fake.problems, fake.unknown)
    print(f"outbox on the fake Discord: {len(fake.injected)} failures injected, {len(nonces)} posts made once each")


def test_owed_posts_survive_5xx_429_and_a_kill_on_a_fake_discord(tmp_path):
    asyncio.run(scenario(tmp_path))
