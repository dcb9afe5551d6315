"""`python bot.py crashtest`: kill -9 the loaded bot again and again; nothing acknowledged is lost.

Runs `bot.py loadtest --resume --ack` as a child (its own process group:
the driver and its worker processes), kills the whole group with SIGKILL at
a random moment, restarts it on the same database, `--kills` times.  Every
move acknowledged to a user (an `ACK` line, printed only after the service
call returned) is collected.  Afterwards:

* every acknowledged move is in the log exactly once, at its place;
* the integrity check passes (every game replays to its stored state, no
  gaps, nothing stuck half-way);
* the real bot starts cleanly on the crashed database (in-process on the
  local table, `local`): before the first kill it planted a board with
  persistent buttons, a deadline that falls due while the bot is down, and a
  game left waiting for a bot seat's move (as if killed between a human's
  move and the bot's answer).  After the crashes the deadline fires at
  start-up, every bot seat that must act (planted or left by a kill in the
  load test's bot games) is picked up, the old board's button still plays,
  no error is logged, and the check passes again;
* kills between saving and posting (`--save-kills`): the real bot (`bot.py local`, one process per
  command) dies right after committing a game's start and then its moves (GAMEHOST_CRASH_AT=after-save,
  cogs/lifecycle.py), each process healing the previous kill at its start-up; after the crashes the
  last saved change is posted at start-up and every running game with a player to act has its deadline
  timer for its current step (cogs/reconcile.py), and the board posted then still plays;
* a clean load-test run after that goes on playing every running game.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Optional

from cogs.game_bot import make_bot
from cogs.lifecycle import CRASH_AT
from host import drawing
from host.bot_seats import add_bots, bots_to_act
from host.deadlines import EXPIRE
from host.tables import Actor, TableService
from local import LocalTable
from rules.playout import random_move
from rules.rng import Rng
from storage import GameStore, TimerStore, open_store

from .integrity import check_database, verify_acks
from .loadtest import GUILD

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "data" / "crashtest.db"


class Child:
    """One run of the load test whose stdout is read line by line in a thread."""

    def __init__(self, cmd: list[str], env: dict[str, str]):
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                                     cwd=ROOT, start_new_session=True)
        self.acks: list[tuple[int, int, str, str]] = []
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("ACK "):
                _, game, seq, seat, move = line.split(maxsplit=4)
                self.acks.append((int(game), int(seq), seat, move.strip()))
            else:
                self.lines.append(line.rstrip("\n"))
                if line.startswith("READY"):
                    self.ready.set()

    def kill(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)  # the driver and its worker processes, all at once
        except ProcessLookupError:
            pass
        self.proc.wait()
        self.reader.join(timeout=10)

    def finish(self, timeout: float) -> int:
        try:
            rc = self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            return -9
        self.reader.join(timeout=10)
        return rc


def loadtest_cmd(args: argparse.Namespace, minutes: float, *, final: bool = False) -> list[str]:
    cmd = [sys.executable, str(ROOT / "bot.py"), "loadtest", "--db", str(args.db), "--resume", "--games",
           str(args.games), "--players", str(args.players), "--rate", str(args.rate), "--workers",
           str(args.workers), "--minutes", str(minutes), "--quiet"]
    if not final:
        cmd += ["--ack", "--no-check"]
    return cmd


def _local_table(db: Path, out: Path):
    return LocalTable(lambda path: make_bot(path), str(db), out_dir=str(out))


async def _plant(db: Path, out: Path) -> dict[str, int]:
    """Through the real bot: game `board` (a posted board with buttons) and game `deadline` (12 h deadline);
    through the service alone (the bot not running): game `bot` with a bot seat to act."""
    table = _local_table(db, out)
    await table.start()
    planted: dict[str, int] = {}
    try:
        for name, other, extra, start in (("board", "bob", [], True),
                                          ("deadline", "carol", ["/game settings deadline:12h"], True),
                                          ("unposted", "dave", [], False)):  # started by a killed process
            for user, line in [("alice", "/game new game:wayfinders"), (other, "/game join"), *[("alice", x) for x in extra],
                               *([("alice", "/game start")] if start else [])]:
                if name in planted:
                    line += f" game:{planted[name]}"
                replies = await table.command(user, line)
                if replies.refused:
                    raise RuntimeError(f"planting {name}: {line}: {[m.content for m in replies]} {replies.errors}")
                planted.setdefault(name, table.bot.service.games.latest_id())
        guild, channel = table.registry.guild_id, table.registry.text_channel("local").id
        carol = table.registry.user("carol").id
    finally:
        await table.close()
    service = TableService(open_store(db))
    try:
        t = service.new_game(Actor(user_id=carol, name="carol"), "wayfinders", guild_id=guild, channel_id=channel)
        t = service.start(Actor(user_id=carol, name="carol"), add_bots(service, t, 1, "random"))
        rng = Rng.from_seed(7)
        while not bots_to_act(t):  # carol plays until the bot must answer; the bot is not running
            seat = t.to_act[0]
            t = service.commit_move(Actor(user_id=carol, name="carol"), t, random_move(t.engine, t.state, seat, rng).id).table
        planted["bot"] = t.game.id
        # The deadline passes while the bot is down.
        TimerStore(service.store).move_due(planted["deadline"], EXPIRE, time.time())
    finally:
        service.store.close()
    return planted


def _kill_after_save(db: Path, out: Path, game_id: int, kills: int, env: dict[str, str]) -> list[str]:
    """The real bot, one process per command, dies right after saving: first the start of game `game_id`,
    then a move each time (each process posts the previous kill's change at its start-up, then dies)."""
    base = [sys.executable, str(ROOT / "bot.py"), "local", "--db", str(db), "--out", str(out)]
    dying = {**env, CRASH_AT: "after-save"}
    problems: list[str] = []
    for i in range(kills):
        if i == 0:
            cmd = base + ["--as", "alice", f"/game start game:{game_id}"]
        else:
            service = TableService(open_store(db))
            try:
                table = service.table(game_id)
                if table.game.status != "active":
                    break
                who = table.user_of(table.to_act[0]).name
                version = table.game.version
            finally:
                service.store.close()
            cmd = base + ["--as", who, "--channel", f"wayfinders-{game_id}", "press 1"]
        done = subprocess.run(cmd, env=dying, cwd=ROOT, capture_output=True, text=True, timeout=300)
        if done.returncode != 137:
            problems.append(f"kill after save {i + 1}: exit {done.returncode}, not 137: {done.stdout[-300:]}"
                            f" {done.stderr[-300:]}")
            break
        if i > 0:
            service = TableService(open_store(db))
            try:
                if service.games.get(game_id).version <= version:  # type: ignore[union-attr]
                    problems.append(f"kill after save {i + 1}: nothing was saved before the kill")
            finally:
                service.store.close()
    return problems


def _healed(service: TableService, planted: dict[str, int]) -> list[str]:
    """Every running game's latest change posted and every waiting player timed (after the start-up)."""
    problems = []
    game = service.games.get(planted["unposted"])
    if game is None or game.posted_version != game.version:
        problems.append(f"the change saved before the last kill in game {planted['unposted']} was not posted")
    # Load-test games live in a guild the local table does not have: their posts cannot go out here.
    others = [g for g in service.games.unposted() if service.games.get(g).guild_id != GUILD]  # type: ignore[union-attr]
    others = [g for g in others if not bots_to_act(service.table(g))]
    if others:
        problems.append(f"games with a change never posted after start-up: {others[:10]}")
    missing = []
    for game_id in TimerStore(service.store).games_missing(EXPIRE):
        table = service.table(game_id)
        if any((r := table.user_of(s)) and r.user_id and not r.is_bot for s in table.to_act) \
                and table.game.settings.get("deadline", "48h") != "none" \
                and not table.game.settings.get("paused"):  # its post was refused: its deadlines wait (cogs/pause.py)
            missing.append(game_id)
    if missing:
        problems.append(f"games whose players to act have no deadline timer after start-up: {missing[:10]}")
    return problems


async def _restart(db: Path, out: Path, planted: dict[str, int]) -> list[str]:
    """Start the real bot on the crashed database; what is not clean about its start-up."""
    before = TableService(open_store(db))
    try:
        waiting = [g.id for g in before.games.find(statuses=("active",), limit=100000)
                   if bots_to_act(before.table(g.id))]
    finally:
        before.store.close()
    print(f"games waiting for a bot seat before the restart: {len(waiting)} {waiting[:12]}", flush=True)
    table = _local_table(db, out)
    problems: list[str] = []
    await table.start()
    try:
        service, store = table.bot.service, table.bot.store
        errors, _ = table._capture.drain()
        problems += [f"error logged at start-up: {e}" for e in errors]
        problems += _healed(service, planted)
        healed = service.table(planted["unposted"])
        if healed.game.status == "active" and not bots_to_act(healed):
            before = service.games.move_count(planted["unposted"])
            pressed = await table.press(healed.user_of(healed.to_act[0]).name, 1, f"wayfinders-{planted['unposted']}")
            if pressed.refused or service.games.move_count(planted["unposted"]) != before + 1:
                problems.append(f"the board posted at start-up did not play: {[m.content for m in pressed]}")
        if service.games.move_count(planted["deadline"]) < 1:
            problems.append(f"the deadline of game {planted['deadline']} did not fire at start-up")
        overdue = [t.id for t in TimerStore(store).due(time.time() - 1)]
        if overdue:
            problems.append(f"timers still due after start-up: {overdue}")
        waiting = [g.id for g in service.games.find(statuses=("active",), limit=100000)
                   if bots_to_act(service.table(g.id)) and not g.settings.get("paused")]  # paused: bots wait
        if waiting:
            problems.append(f"games still waiting for a bot seat after start-up: {waiting[:10]}")
        board = service.table(planted["board"])
        first = board.user_of(board.to_act[0]).name
        pressed = await table.press(first, 1, f"wayfinders-{planted['board']}")
        if pressed.refused or service.games.move_count(planted["board"]) != 1:
            problems.append(f"the board's button did not play: {[m.content for m in pressed]} {pressed.errors}")
    finally:
        await table.close()
    return problems


def _load_moves(db: Path) -> int:
    """Moves in the log of the load test's games (the planted games aside)."""
    store = open_store(db)
    try:
        return GameStore(store).moves_in_guild(GUILD)
    finally:
        store.close()


def main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    """`default_db` (the bot's live database) is deliberately not used."""
    parser = argparse.ArgumentParser(prog="bot.py crashtest", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=str(DEFAULT_DB), help="database file (default: data/crashtest.db, recreated)")
    parser.add_argument("--kills", type=int, default=30, help="how many times to kill -9 (default 30)")
    parser.add_argument("--games", type=int, default=100, help="games running at once (default 100)")
    parser.add_argument("--players", type=int, default=300, help="seated players in all (default 300)")
    parser.add_argument("--rate", type=float, default=20.0, help="moves per second offered (default 20)")
    parser.add_argument("--workers", type=int, default=drawing.cores(),
                        help="board-drawing processes of the bot under load (default: one per core)")
    parser.add_argument("--min-wait", type=float, default=0.3, help="earliest kill after READY, seconds")
    parser.add_argument("--max-wait", type=float, default=3.0, help="latest kill after READY, seconds")
    parser.add_argument("--save-kills", type=int, default=4,
                        help="kills of the real bot right after a save, before its post (default 4)")
    parser.add_argument("--final-seconds", type=float, default=10.0, help="the clean run after the last crash")
    parser.add_argument("--seed", type=int, default=None, help="seed of the kill moments (default: random)")
    parser.add_argument("--keep-db", action="store_true", help="keep what is in the database (other games too)")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    rng = random.Random(seed)
    db = Path(args.db)
    for suffix in ("", "-wal", "-shm") if not args.keep_db else ():
        Path(str(db) + suffix).unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out_dir = db.parent / (db.stem + "-out")
    planted = asyncio.run(_plant(db, out_dir))
    print(f"planted before the crashes: {planted}", flush=True)
    save_problems = _kill_after_save(db, out_dir, planted["unposted"], args.save_kills, env)
    print(f"kills between save and post: {args.save_kills}" + (f": {'; '.join(save_problems)}" if save_problems
                                                              else " (each exited 137 with its change saved)"),
          flush=True)
    acks: list[tuple[int, int, str, str]] = []
    kills, during_startup, t_start = 0, 0, time.monotonic()
    print(f"== crash test: {args.kills} kill -9, {args.games} games, {args.players} players, seed {seed}", flush=True)
    for i in range(args.kills):
        child = Child(loadtest_cmd(args, 60.0), env)
        if i > 0 and rng.random() < 0.15:
            time.sleep(rng.uniform(0.05, 1.0))  # sometimes in the middle of start-up and resume
            during_startup += not child.ready.is_set()
        else:
            if not child.ready.wait(timeout=120):
                print("the load test did not become ready:\n" + "\n".join(child.lines[-20:]))
                child.kill()
                return 1
            time.sleep(rng.uniform(args.min_wait, args.max_wait))
        if child.proc.poll() is not None:
            print(f"run {i + 1} ended on its own (exit {child.proc.returncode}) before the kill:\n"
                  + "\n".join(child.lines[-20:]))
            return 1
        child.kill()
        kills += 1
        acks.extend(child.acks)
        print(f"kill {kills}: {len(child.acks)} moves acknowledged in this run, {len(acks)} in all", flush=True)
    lost, dup, details = verify_acks(str(db), acks, exact=False)
    result = check_database(db)
    print(f"kills: {kills} (of which {during_startup} during start-up) in {time.monotonic() - t_start:.0f} s")
    in_log = _load_moves(db)
    print(f"acknowledged moves: {len(acks)}; lost: {lost}; acknowledged twice: {dup}; "
          f"moves in the log: {in_log} (committed but killed before the acknowledgement: {in_log - len(acks)})")
    for d in details[:10]:
        print("  " + d)
    for p in result.problems[:10]:
        print(f"  {p}")
    print(f"integrity check after the crashes: {result.summary()}")
    problems = asyncio.run(_restart(db, out_dir, planted))
    after = check_database(db)
    print("start-up of the real bot after the last crash: " + ("; ".join(problems) or
          "clean (the change saved before the last kill was posted, every running game timed, the overdue "
          "deadline fired, every waiting bot seat moved, the old board's button played, no error logged)") + f"; then {after.summary()}")
    # A clean start after the last crash: every running game goes on.
    final = Child(loadtest_cmd(args, args.final_seconds / 60, final=True), env)
    rc = final.finish(timeout=args.final_seconds + 180)
    tail = [ln for ln in final.lines if ln.startswith(("moves accepted", "errors", "integrity", "RESULT", "races"))]
    print("clean restart after the last crash: " + ("; ".join(tail) or "\n".join(final.lines[-20:])))
    ok = (kills == args.kills and lost == 0 and dup == 0 and result.ok and rc == 0 and len(acks) > 0
          and not problems and not save_problems and after.ok)
    print("RESULT: " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
