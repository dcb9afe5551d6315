"""The unchanged `bot.py run` against a fake Discord on localhost: the wire protocol, end to end.

The bot process is the real one (discord.py's HTTP client, rate-limit handling, gateway, resume,
interaction parsing, views), drawing its boards in its real pool of worker processes; only two addresses
differ: a `sitecustomize.py` on the child's PYTHONPATH points `discord.http.Route.BASE` at the fake
server, and the fake's `GET /gateway/bot` names its own websocket.  No test here needs the internet.

The fake refuses what Discord refuses (tools/protocol_fake/fake_discord.py): an interaction acknowledged after
3 s, a second acknowledgement, an expired token, a permission the README does not ask for.  One run covers:
the command sync payload within Discord's limits (both locales); `/game new` answered through the
interaction callback route, its thread and lobby post; a join and a start by button clicks; the board
post answered with a 429 (and Discord's JSON body) and retried by discord.py; a move played by pressing
one of the board's buttons, its board post meeting a burst of 500s (retried); autocomplete; the gateway
cut, the bot resuming and the missed event replayed; the gateway gone silent, noticed within the bot's
heartbeat timeout and resumed; and SIGTERM stopping the bot cleanly (exit code 0, the database closed); then a kill -9 right after a move
is saved, its drawing workers ending with it, and the restarted bot posting that move's board.
Every interaction is answered within Discord's 3 seconds: the figures are printed.
"""
from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any, Optional

from host.tables import TableService
from storage import open_store
from cogs.gateway_watch import HEARTBEAT_TIMEOUT
from tools.protocol_fake.fake_discord import ACK_DEADLINE, APP_ID, CHANNELS, GUILDS, USERS, FakeDiscord

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 90.0  # seconds for any one step: generous, a loaded 2-core machine is slow to start a bot


def bot_env(tmp: Path, fake: FakeDiscord) -> dict[str, str]:
    custom = tmp / "custom"
    custom.mkdir(exist_ok=True)
    (custom / "sitecustomize.py").write_text(
        "import discord.http\n"
        f"discord.http.Route.BASE = {fake.base!r}  # the fake Discord of tests/protocol\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env.update(DISCORD_TOKEN="fake.token.value", DATABASE_PATH=str(tmp / "games.db"), BOARD_WORKERS="2",
               GAMEHOST_SEED="38", DEV_GUILD_ID="", LOG_LEVEL="INFO", PYTHONUNBUFFERED="1",
               PYTHONPATH=os.pathsep.join([str(custom), str(ROOT)]), NO_PROXY="127.0.0.1")
    return env


def buttons(message: dict[str, Any]) -> list[str]:
    return [c["custom_id"] for row in message.get("components") or [] for c in row.get("components") or []
            if "custom_id" in c]


def thread_posts(fake: FakeDiscord, prefix: str) -> list[dict[str, Any]]:
    """Messages the bot posted into a game thread that carry a button whose custom id starts with `prefix`."""
    return [m for m in fake.messages.values() if int(m["channel_id"]) in fake.threads
            and any(b.startswith(prefix) for b in buttons(m))]


def callbacks(fake: FakeDiscord, interaction: dict[str, Any]) -> list[Any]:
    path = f"/interactions/{interaction['id']}/{interaction['token']}/callback"
    return [c for c in fake.calls if c.path == path and c.status == 200]


def answered(fake: FakeDiscord, interaction: dict[str, Any]) -> bool:
    """The interaction got its callback, and a deferred one its follow-up or edited original."""
    done = callbacks(fake, interaction)
    if not done:
        return False
    if done[0].json.get("type") != 5:
        return True
    token = interaction["token"]
    return any(token in c.path and c.path.startswith("/webhooks/") and c.method in ("POST", "PATCH")
               and c.status == 200 for c in fake.calls)


def replies(fake: FakeDiscord, interaction: dict[str, Any]) -> list[dict[str, Any]]:
    """The message payloads that answered the interaction: its callback's and its follow-ups or edits."""
    token = interaction["token"]
    found = [c.json.get("data") or {} for c in callbacks(fake, interaction) if c.json.get("type") in (4, 7)]
    return found + [c.json or {} for c in fake.calls if c.path.startswith(f"/webhooks/{APP_ID}/{token}")
                    and c.method in ("POST", "PATCH") and c.status == 200]


async def wait_log(log: Path, pattern: str, proc: asyncio.subprocess.Process) -> re.Match[str]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while loop.time() < deadline:
        found = re.search(pattern, log.read_text(encoding="utf-8", errors="replace"))
        if found:
            return found
        assert proc.returncode is None, f"the bot exited ({proc.returncode}):\n{log.read_text()[-3000:]}"
        await asyncio.sleep(0.2)
    raise AssertionError(f"no {pattern!r} in the bot's log:\n{log.read_text()[-3000:]}")


def mentioned(message: dict[str, Any]) -> Optional[str]:
    """The player the post asks to decide (its first mention)."""
    ids = {str(v): k for k, v in USERS.items()}
    for uid in re.findall(r"<@!?(\d+)>", message.get("content") or ""):
        if uid in ids:
            return ids[uid]
    return None


async def scenario(tmp: Path) -> None:
    fake = FakeDiscord()
    await fake.start()
    log = tmp / "bot.log"
    with open(log, "wb") as out:
        proc = await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), "run", cwd=tmp,
                                                    env=bot_env(tmp, fake), stdout=out, stderr=out)
    try:
        await steps(fake, proc, log, tmp)
    except AssertionError as exc:  # the bot's own log says why
        raise AssertionError(f"{exc}\n--- the bot's log (end) ---\n{log.read_text(errors='replace')[-4000:]}") from None
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await fake.stop()


async def steps(fake: FakeDiscord, proc: asyncio.subprocess.Process, log: Path, tmp: Path) -> None:
    # ---- start-up: log in, sync the commands, connect, READY with two servers --------------------------
    await fake.wait_for("the command sync (PUT …/commands)", lambda: fake.commands or fake.problems, TIMEOUT, proc)
    assert fake.problems == [], "the command sync breaks Discord's limits:\n" + "\n".join(fake.problems)
    sync = next(c for c in fake.calls if c.method == "PUT" and c.path.endswith("/commands"))
    names = {c["name"] for c in sync.json}
    assert {"game", "stats"} <= names, names
    game = next(c for c in sync.json if c["name"] == "game")
    assert {"new", "join", "start", "status"} <= {o["name"] for o in game["options"]}
    assert any("es-ES" in (c.get("description_localizations") or {}) for c in sync.json), \
        "the Spanish command descriptions are not in the sync payload"

    await fake.wait_for("IDENTIFY", lambda: any(f.get("op") == 2 for f in fake.frames), TIMEOUT, proc)
    # discord.py asks for JSON, compressed as one zlib stream per connection: the fake answers so
    assert fake.connects[0] == {"v": "10", "encoding": "json", "compress": "zlib-stream"}, fake.connects
    identify = next(f for f in fake.frames if f.get("op") == 2)["d"]
    assert identify["token"] == "fake.token.value" and identify["intents"] & 1  # guilds intent
    await wait_log(log, r"logged in as \S+ in 2 servers", proc)
    await wait_log(log, r"board pool ready: 2 worker processes", proc)  # started before the gateway connected

    # ---- /game new: the interaction callback, a thread, the lobby post ---------------------------------
    new = await fake.slash("alice", "game", "new", game="wayfinders")
    await fake.wait_for("the lobby post", lambda: thread_posts(fake, "lb:join") and answered(fake, new), TIMEOUT, proc)
    lobby = thread_posts(fake, "lb:join")[-1]
    thread = fake.threads[int(lobby["channel_id"])]
    assert thread["parent_id"] == str(CHANNELS[GUILDS[0]]) and thread["guild_id"] == str(GUILDS[0])
    game_id = int(next(b for b in buttons(lobby) if b.startswith("lb:join")).split(":")[2])

    # ---- bob joins, alice starts, by buttons; the board post meets a 429 and is retried ----------------
    join = await fake.click("bob", lobby, f"lb:join:{game_id}")
    await fake.wait_for("bob's join answered", lambda: answered(fake, join), TIMEOUT, proc)
    service = TableService(open_store(tmp / "games.db"))
    assert sorted(s.user_id for s in service.table(game_id).seats) == sorted(USERS.values())

    fake.fail(429)  # Discord's own 429 (Via, the bucket's headers): discord.py waits and retries
    start = await fake.click("alice", lobby, f"lb:start:{game_id}")
    # Meanwhile, users of the other server keep asking: while the first board is drawn (the moment the board
    # pool used to start on the event loop and stall the bot for seconds) each must still be answered in time.
    asking = []
    for _ in range(40):
        asking.append(await fake.slash("bob", "game", "status", guild=GUILDS[1], game=game_id))
        if thread_posts(fake, "mv:") and len(asking) >= 4:
            break
        await asyncio.sleep(0.25)
    await fake.wait_for("the first board", lambda: thread_posts(fake, "mv:") and answered(fake, start), TIMEOUT, proc)
    await fake.wait_for("the other server's questions answered", lambda: all(answered(fake, a) for a in asking),
                        TIMEOUT, proc)
    assert fake.rate_limited, "no post was answered with a 429"
    limited = fake.rate_limited[0]
    posts = [c for c in fake.calls if c.method == "POST" and c.path == limited]
    first = next(i for i, c in enumerate(posts) if c.status == 429)
    retry = posts[first + 1] if first + 1 < len(posts) else None
    assert retry is not None and retry.status == 200 and (retry.json, retry.files) == (posts[first].json,
                                                                                      posts[first].files), \
        f"the rate-limited post was not retried: {[c.status for c in posts]}"
    await wait_log(log, r"We are being rate limited\. POST \S+/messages responded with 429", proc)

    # ---- a move by pressing one of the board's buttons --------------------------------------------------
    board = thread_posts(fake, "mv:")[-1]
    player = mentioned(board)
    assert player, f"the board mentions nobody: {board['content']!r}"
    move = next(b for b in buttons(board) if b.startswith("mv:"))
    before = len(thread_posts(fake, "mv:"))
    fake.fail(500, times=2)  # a burst of 500s on the next post: discord.py retries them
    click = await fake.click(player, board, move)
    await fake.wait_for("the board after the move",
                        lambda: len(thread_posts(fake, "mv:")) > before and answered(fake, click), TIMEOUT, proc)
    assert service.games.move_count(game_id) == 1
    assert service.table(game_id).game.version > int(move.split(":")[2])
    assert [status for _, status in fake.injected] == [429, 500, 500], fake.injected

    # ---- autocomplete: the mover's suggestions, in time ----------------------------------------------------
    board = thread_posts(fake, "mv:")[-1]
    player = mentioned(board)
    typed = await fake.complete(player, "play", "move", channel=fake.threads[int(board["channel_id"])], move="")
    await fake.wait_for("the suggestions", lambda: callbacks(fake, typed), TIMEOUT, proc)
    choices = callbacks(fake, typed)[0].json
    assert choices["type"] == 8 and choices["data"]["choices"], choices

    # ---- the second server does not see the first one's game: a private refusal, nothing posted ----------
    posted = len(fake.messages)
    other = await fake.slash("bob", "game", "status", guild=GUILDS[1], game=game_id)
    await fake.wait_for("the second server's /game status answered", lambda: answered(fake, other), TIMEOUT, proc)
    answers = replies(fake, other)
    assert answers and all(a.get("flags", 0) & 64 for a in answers if "content" in a or "embeds" in a), answers
    new_messages = list(fake.messages.values())[posted:]
    assert new_messages and all(m["flags"] & 64 for m in new_messages), new_messages  # only private replies
    assert service.games.move_count(game_id) == 1

    # ---- the gateway drops; the bot resumes and answers again -------------------------------------------
    connections, sent = len(fake.connects), len(fake.frames)
    await fake.drop_gateway()
    await fake.event("THREAD_UPDATE", thread)  # while the bot is cut off: a RESUME replays it
    await fake.wait_for("a RESUME or IDENTIFY on a new connection",
                        lambda: len(fake.connects) > connections and fake.ws is not None
                        and any(f.get("op") in (2, 6) for f in fake.frames[sent:]), TIMEOUT, proc)
    again = next(f for f in fake.frames[sent:] if f.get("op") in (2, 6))
    assert again["op"] == 6, again  # discord.py resumes the session it had
    assert again["d"]["session_id"] == fake.session_id and again["d"]["seq"] >= 1
    assert again["d"]["token"] == "fake.token.value"
    await fake.wait_for("the missed event replayed", lambda: fake.replayed >= 1 and fake.live, TIMEOUT, proc)
    await heard_everything(fake, proc)
    board = thread_posts(fake, "mv:")[-1]
    player = mentioned(board)
    assert player, f"the board mentions nobody: {board['content']!r}"
    move = next(b for b in buttons(board) if b.startswith("mv:"))
    before = len(thread_posts(fake, "mv:"))
    click = await fake.click(player, board, move)
    await fake.wait_for("a move answered after the resume",
                        lambda: len(thread_posts(fake, "mv:")) > before and answered(fake, click), TIMEOUT, proc)
    assert service.games.move_count(game_id) == 2

    # ---- the gateway goes silent (a dead route): noticed within the heartbeat timeout, resumed ------------
    connections, sent = len(fake.connects), len(fake.frames)
    fake.freeze()
    frozen, replayed = asyncio.get_running_loop().time(), fake.replayed
    await fake.event("THREAD_UPDATE", thread)  # not delivered on the dead route: the RESUME replays it
    await fake.wait_for("a RESUME on a new connection after the silence",
                        lambda: len(fake.connects) > connections and any(f.get("op") == 6 for f in fake.frames[sent:]),
                        HEARTBEAT_TIMEOUT + 30, proc)
    noticed = asyncio.get_running_loop().time() - frozen
    print(f"a silent gateway was noticed and resumed after {noticed:.1f} s (heartbeat timeout {HEARTBEAT_TIMEOUT:g} s)")
    assert fake.closes[-1] == 4000, fake.closes  # the bot closed the dead connection itself
    await fake.wait_for("the resumed connection", lambda: fake.live and fake.replayed > replayed, TIMEOUT, proc)
    await heard_everything(fake, proc)
    board = thread_posts(fake, "mv:")[-1]
    player = mentioned(board)
    move = next(b for b in buttons(board) if b.startswith("mv:"))
    before = len(thread_posts(fake, "mv:"))
    click = await fake.click(player, board, move)
    await fake.wait_for("a move answered after the silence",
                        lambda: len(thread_posts(fake, "mv:")) > before and answered(fake, click), TIMEOUT, proc)

    # ---- SIGTERM: a clean stop ----------------------------------------------------------------------------
    proc.send_signal(signal.SIGTERM)
    code = await asyncio.wait_for(proc.wait(), TIMEOUT)
    text = log.read_text(encoding="utf-8", errors="replace")
    assert code == 0, text[-3000:]
    assert "Traceback" not in text, text[-3000:]
    assert "stop signal: no new commands" in text, text[-3000:]
    await fake.wait_for("the gateway closed", lambda: len(fake.closes) == len(fake.connects), TIMEOUT)
    assert fake.closes[-1] == 1000, f"the bot did not close the gateway normally: {fake.closes}"
    service.store.close()
    assert not (tmp / "games.db-wal").exists() or (tmp / "games.db-wal").stat().st_size == 0

    await killed_and_restarted(fake, tmp, game_id)
    assert fake.problems == [], "payloads over Discord's limits:\n" + "\n".join(fake.problems)
    assert fake.unknown == [], f"the bot called routes this fake does not model: {fake.unknown}"
    report_answers(fake)
    refused = [(c.method, c.path, c.status, c.code) for c in fake.refusals(10062, 40060, 50027, 50013, 10015)]
    assert refused == [], f"Discord would have refused: {refused}"


async def start_bot(fake: FakeDiscord, tmp: Path, log: Path, **env: str) -> asyncio.subprocess.Process:
    with open(log, "wb") as out:
        return await asyncio.create_subprocess_exec(sys.executable, str(ROOT / "bot.py"), "run", cwd=tmp,
                                                    env={**bot_env(tmp, fake), **env}, stdout=out, stderr=out)


async def killed_and_restarted(fake: FakeDiscord, tmp: Path, game_id: int) -> None:
    """A kill -9 right after a move is saved (the crash test's hook): its drawing workers end with it, and the
    restarted bot posts the saved move's board (cogs/reconcile.py)."""
    log = tmp / "crashed.log"
    proc = await start_bot(fake, tmp, log, GAMEHOST_CRASH_AT="after-save")
    try:
        ready = await wait_log(log, r"board pool ready: 2 worker processes \(pids (\d+) (\d+)\)", proc)
        workers = [int(pid) for pid in ready.groups()]
        await wait_log(log, r"logged in as \S+ in 2 servers", proc)
        board = thread_posts(fake, "mv:")[-1]
        player = mentioned(board)
        move = next(b for b in buttons(board) if b.startswith("mv:"))
        before = len(thread_posts(fake, "mv:"))
        await fake.click(player, board, move)
        assert await asyncio.wait_for(proc.wait(), TIMEOUT) == 137  # died as a kill -9 would, the move saved
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
    for _ in range(100):  # the workers end with the bot; nothing is left running
        if not any(Path(f"/proc/{pid}").exists() and "Z" not in Path(f"/proc/{pid}/stat").read_text().split(")")[-1][:3]
                   for pid in workers):
            break
        await asyncio.sleep(0.1)
    else:
        raise AssertionError(f"the killed bot's drawing workers {workers} are still running")
    service = TableService(open_store(tmp / "games.db"))
    assert service.games.move_count(game_id) == 4 and len(thread_posts(fake, "mv:")) == before  # saved, unposted
    service.store.close()

    log = tmp / "restarted.log"
    proc = await start_bot(fake, tmp, log)
    try:
        await fake.wait_for("the saved move's board posted by the restarted bot",
                            lambda: len(thread_posts(fake, "mv:")) > before, TIMEOUT, proc)
        await wait_log(log, r"start-up: ", proc)
        assert mentioned(thread_posts(fake, "mv:")[-1]), "the board after the restart pings nobody"
        proc.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(proc.wait(), TIMEOUT) == 0
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def heard_everything(fake: FakeDiscord, proc: asyncio.subprocess.Process) -> None:
    """Ask the bot for a heartbeat: it carries the last sequence number it saw, which must be the session's."""
    sent = len(fake.frames)
    await fake.ask_heartbeat()
    beat = await fake.wait_for("the heartbeat asked for", lambda: next(
        (f for f in fake.frames[sent:] if f.get("op") == 1), None), TIMEOUT, proc)
    assert beat["d"] == fake.seq, f"the bot saw events up to {beat['d']}, the session is at {fake.seq}"


def report_answers(fake: FakeDiscord) -> None:
    """Every interaction answered, and within Discord's 3 seconds; the figures are printed."""
    pending = list(fake.interactions.values())
    times = fake.answer_times()
    late = [p.label for p in pending if p.late or (p.answer_time or 0) > ACK_DEADLINE]
    unanswered = [p.label for p in pending if p.acked is None and not p.late]
    print(f"interactions answered: {len(times)} of {len(pending)}; slowest answer {max(times):.2f} s; "
          f"answered after {ACK_DEADLINE:g} s: {len(late)}")
    assert late == [] and unanswered == [], f"late: {late}; never answered: {unanswered}"


def test_unchanged_bot_on_a_fake_discord(tmp_path):
    asyncio.run(scenario(tmp_path))
