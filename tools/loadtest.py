"""`python bot.py loadtest`: many games of every registered game, many users, at once.

Simulated users (one asyncio task per game, users thinking between moves)
send moves concurrently: half as `/play move:<id>`, half as button clicks
carrying the board's version.  Each command takes the real bot's path
(tools/loadwork.py): the bot's table service on its storage thread, the
board drawn and encoded in the bot's board pool (`--workers` processes, one
per core by default; 0 draws in threads of the one process, as the bot did
before boards were drawn in worker processes), all in this one bot process.  Some moves are
races: two clicks on the same board at the same instant (a double click, or
two players of a simultaneous decision); exactly one must win and the other
must get a clear "the game moved on" reply.  A share of the games (`--bots`)
has a bot seat, which moves as soon as it must (as `cogs/bot_players.py` has
it), its moves going through the same pipeline and the same log.

Printed: moves per second (overall and the slowest 10-second window),
p50/p99 latency of the whole pipeline as the user waits for it (queueing,
load, validate, apply, save, render, encode), the CPU per move of the bot
process and of its board workers (counted from when the users begin to play,
the games already open) and the cores used, errors, races, then a
comparison of every acknowledged move with the move log (lost, duplicated)
and the integrity check of the whole database.

`--ack` prints `ACK <game> <seq> <seat> <move>` for every accepted move once
the service call has returned (the crash test reads these), `--resume`
continues the games already in the database (after a crash).  `--compare`
runs the same load twice, boards in threads (`--workers 0`) and then in the
pool, with users offering more than either can take, and prints both
sustained figures and their ratio.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from host import drawing, offloop
from host.tables import Limits, TableService
from rules import GAMES
from storage import open_store
from storage.audit import Audit

from . import loadwork
from .integrity import check_database, verify_acks

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DB = ROOT / "data" / "loadtest.db"
GUILD = 424242  # the load test's games live in their own guild
CHANNEL = 424243
USER_BASE = 7_000_000
WINDOW = 10.0
SATURATE = 1000.0  # moves/s offered in --compare: more than the machine takes, so the figure is capacity
CLEAR_LOSS = {"host.refuse.moved_on", "host.refuse.stale_board"}


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


@dataclass
class Figures:
    started: float = 0.0
    elapsed: float = 0.0
    accepted: int = 0
    bot_moves: int = 0
    cpu: float = 0.0  # the bot process's CPU seconds while the users play (games already opened)
    worker_cpu: dict[int, float] = field(default_factory=dict)  # board worker pid -> its CPU seconds, last seen
    worker_cpu0: dict[int, float] = field(default_factory=dict)  # ... when the users began to play
    by_game: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # game key -> accepted moves
    render_by: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    latencies: list[float] = field(default_factory=list)  # seconds, accepted moves
    service: list[float] = field(default_factory=list)
    render: list[float] = field(default_factory=list)
    windows: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    errors: list[str] = field(default_factory=list)
    refusals: dict[str, int] = field(default_factory=lambda: defaultdict(int))  # outside races
    races: int = 0
    race_ok: int = 0
    race_bad: list[str] = field(default_factory=list)
    acks: list[tuple[int, int, str, str]] = field(default_factory=list)
    games_opened: int = 0
    games_finished: int = 0


class LoadTest:
    def __init__(self, args: argparse.Namespace):
        self.args = args
        self.rng = random.Random(args.seed)
        self.fig = Figures()
        self.service: Optional[TableService] = None
        self.deadline = 0.0
        self.think = 1.0
        self.ack = args.ack

    async def call(self, fn: Any, *a: Any) -> dict[str, Any]:
        """One of the bot's flows (tools/loadwork.py) on the bot's own table service."""
        assert self.service is not None
        return await fn(self.service, *a)

    # ---- setting up -------------------------------------------------------------------
    def plan(self) -> list[tuple[str, list[tuple[int, str]], int]]:
        """`games` games over every registered game, `players` human seats in all (distinct users), and
        one bot seat more in a share `--bots` of the games (where the game has room for it)."""
        keys = sorted(GAMES)
        g, p = self.args.games, self.args.players
        plan, uid = [], USER_BASE
        for i in range(g):
            engine = GAMES[keys[i % len(keys)]]
            want = p // g + (1 if i < p % g else 0)
            n = max(engine.min_players, min(engine.max_players, want))
            users = [(uid + k, f"user{uid + k - USER_BASE}") for k in range(n)]
            uid += n
            bots = int(n < engine.max_players and int(i * self.args.bots) != int((i + 1) * self.args.bots))
            plan.append((engine.key, users, bots))
        return plan

    def existing_games(self) -> list[int]:
        if not Path(self.args.db).exists():
            return []
        with Audit(self.args.db) as audit:
            return [g["id"] for g in audit.games() if g["guild_id"] == GUILD and g["status"] == "active"]

    async def open_all(self) -> list[dict[str, Any]]:
        plan = self.plan()
        snaps: list[dict[str, Any]] = []
        if self.args.resume:
            found = await asyncio.gather(*(self.call(loadwork.look, gid) for gid in self.existing_games()))
            snaps = [s for s in found if s.get("ok") and s["status"] == "active"]
            for s in found:
                if not s.get("ok"):
                    self.fig.errors.append(f"resume: {s.get('error') or s.get('text')}")
        used = {t[0] for s in snaps for t in s["turns"]}  # roughly: users already seated
        todo = [(k, u, b) for k, u, b in plan if u[0][0] not in used][: max(0, len(plan) - len(snaps))]
        made = await asyncio.gather(*(self.call(loadwork.open_game, k, u, GUILD, CHANNEL, b) for k, u, b in todo))
        for s in made:
            if s.get("ok"):
                snaps.append(s)
                self.fig.games_opened += 1
            else:
                self.fig.errors.append(f"open: {s.get('error') or s.get('text')}")
        return snaps

    # ---- playing ----------------------------------------------------------------------
    def accepted(self, res: dict[str, Any], latency: float) -> None:
        self.fig.latencies.append(latency)
        self.fig.service.append(res["t_service"])
        self.fig.render.append(res["t_render"])
        self.fig.render_by[res["key"]].append(res["t_render"])
        self.logged(res["game"], res["seq"], res["seat"], res["move"], res["key"])

    def logged(self, game: int, seq: int, seat: str, move: str, key: str) -> None:
        """A move the service call returned as saved: a user's (acknowledged to them) or a bot seat's."""
        self.fig.accepted += 1
        self.fig.by_game[key] += 1
        self.fig.windows[int((time.monotonic() - self.fig.started) // WINDOW)] += 1
        self.fig.acks.append((game, seq, seat, move))
        if self.ack:
            print(f"ACK {game} {seq} {seat} {move}", flush=True)

    async def bots_move(self, snap: dict[str, Any]) -> dict[str, Any]:
        res = await self.call(loadwork.bots_play, snap["game"])
        for seq, seat, move in res["played"]:
            self.fig.bot_moves += 1
            self.logged(snap["game"], seq, seat, move, snap["key"])
        if not res.get("ok"):
            self.fig.errors.append(f"bots: {res.get('error')}")
        return res

    async def timed_play(self, snap: dict[str, Any], turn: tuple, move: str, version: Optional[int]):
        uid, name = turn[0], turn[1]
        t0 = time.monotonic()
        res = await self.call(loadwork.play, snap["game"], uid, name, move, version)
        return res, time.monotonic() - t0

    async def one_move(self, snap: dict[str, Any]) -> dict[str, Any]:
        turns = snap["turns"]
        race = self.rng.random() < self.args.race
        turn = self.rng.choice(turns)
        move = self.rng.choice(turn[3])
        if not race:
            version = snap["version"] if self.rng.random() < 0.5 else None
            res, latency = await self.timed_play(snap, turn, move, version)
            if res.get("ok"):
                self.accepted(res, latency)
                return res
            if res.get("error"):
                self.fig.errors.append(res["error"])
            else:
                self.fig.refusals[res["refusal"]] += 1
            return await self.call(loadwork.look, snap["game"])
        # A race: two clicks on the same board at once.
        other = self.rng.choice([t for t in turns if t is not turn] or [turn])
        other_move = self.rng.choice([m for m in other[3] if m != move] or other[3])
        self.fig.races += 1
        a, b = await asyncio.gather(self.timed_play(snap, turn, move, snap["version"]),
                                    self.timed_play(snap, other, other_move, snap["version"]))
        winners = [(r, lat) for r, lat in (a, b) if r.get("ok")]
        losers = [r for r, _ in (a, b) if not r.get("ok")]
        if len(winners) == 1 and len(losers) == 1 and losers[0].get("refusal") in CLEAR_LOSS:
            self.fig.race_ok += 1
        else:
            self.fig.race_bad.append(f"game {snap['game']}: {[r.get('refusal') or r.get('error') or 'ok' for r, _ in (a, b)]}")
        for r in losers:
            if r.get("error"):
                self.fig.errors.append(r["error"])
        for r, lat in winners:
            self.accepted(r, lat)
        if len(winners) == 1:
            return winners[0][0]
        return await self.call(loadwork.look, snap["game"])

    async def drive(self, snap: dict[str, Any], key: str, users: list[tuple[int, str]], bots: int) -> None:
        # Each game is a Poisson process from the start (exponential first wait too): no start-up burst.
        await asyncio.sleep(min(self.rng.expovariate(1.0 / self.think), max(0.0, self.deadline - time.monotonic())))
        while time.monotonic() < self.deadline:
            if snap.get("status") == "active" and snap.get("bots"):
                snap = await self.bots_move(snap)  # a bot seat must act (also: picked up after a restart)
                if not snap.get("ok"):
                    return
                continue
            if snap.get("status") != "active" or not snap.get("turns"):
                if snap.get("status") == "finished":
                    self.fig.games_finished += 1
                snap = await self.call(loadwork.open_game, key, users, GUILD, CHANNEL, bots)
                if not snap.get("ok"):
                    self.fig.errors.append(f"open: {snap.get('error') or snap.get('text')}")
                    return
                self.fig.games_opened += 1
                continue
            snap = await self.one_move(snap)
            if not snap.get("ok", True):
                self.fig.errors.append(f"look: {snap.get('error')}")
                return
            await asyncio.sleep(min(self.rng.expovariate(1.0 / self.think), max(0.0, self.deadline - time.monotonic())))

    async def progress(self) -> None:
        last, last_n, last_u = time.monotonic(), 0, 0  # moves (users' and bots'), users' moves
        while time.monotonic() < self.deadline:
            await asyncio.sleep(min(self.args.progress, max(0.1, self.deadline - time.monotonic())))
            now, n, u = time.monotonic(), self.fig.accepted, len(self.fig.latencies)
            if not self.args.quiet:
                print(f"[{now - self.fig.started:6.0f} s] {n} moves, {(n - last_n) / (now - last):.1f}/s, "
                      f"p50 {pct(self.fig.latencies[last_u:u], .5) * 1000:.0f} ms, "
                      f"p99 {pct(self.fig.latencies[last_u:u], .99) * 1000:.0f} ms, "
                      f"(service p99 {pct(self.fig.service[last_u:u], .99) * 1000:.0f} ms, "
                      f"render p50 {pct(self.fig.render[last_u:u], .5) * 1000:.0f} ms), "
                      f"errors {len(self.fig.errors)}", flush=True)
            last, last_n, last_u = now, n, u

    def sample_workers(self) -> None:
        """The board workers' CPU so far (Linux /proc; a worker replaced after its boards keeps its last figure)."""
        tick = os.sysconf("SC_CLK_TCK")
        for pid in drawing.pool().worker_pids():
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            self.fig.worker_cpu[pid] = (int(fields[11]) + int(fields[12])) / tick

    async def watch_workers(self) -> None:
        while time.monotonic() < self.deadline:
            self.sample_workers()
            await asyncio.sleep(2.0)

    async def run(self) -> list[dict[str, Any]]:
        # The load test puts every game in one guild on purpose (one very big server): no per-server cap.
        self.service = TableService(open_store(self.args.db), limits=Limits(running_per_server=10**9))
        await drawing.configure(self.args.workers).ready()  # the workers warm before the clock starts, as in the bot
        try:
            t0 = time.monotonic()
            snaps = await self.open_all()
            if not self.args.quiet:
                print(f"{len(snaps)} games running ({self.fig.games_opened} opened in {time.monotonic() - t0:.1f} s)",
                      flush=True)
            print("READY", flush=True)
            self.think = max(0.01, len(snaps) / self.args.rate)
            self.sample_workers()
            self.fig.worker_cpu0 = dict(self.fig.worker_cpu)
            cpu0 = time.process_time()
            self.fig.started = time.monotonic()
            self.deadline = self.fig.started + self.args.minutes * 60
            info = self.game_info([s["game"] for s in snaps])
            tasks = [asyncio.create_task(self.drive(s, *info[s["game"]])) for s in snaps]
            tasks.append(asyncio.create_task(self.progress()))
            tasks.append(asyncio.create_task(self.watch_workers()))
            await asyncio.gather(*tasks)
            self.fig.elapsed = time.monotonic() - self.fig.started
            self.fig.cpu = time.process_time() - cpu0
            self.sample_workers()
            return snaps
        finally:
            drawing.shutdown()
            await offloop.call(self.service.store.close)

    def game_info(self, game_ids: list[int]) -> dict[int, tuple[str, list[tuple[int, str]], int]]:
        """Each game's key, seated users and bot seats (to open the next game for the same table)."""
        with Audit(self.args.db) as audit:
            keys = {g["id"]: g["game_key"] for g in audit.games()}
            info: dict[int, tuple[str, list[tuple[int, str]], int]] = {}
            for gid in game_ids:
                seats = audit.seats(gid)
                info[gid] = (keys[gid], [(r["user_id"], r["name"]) for r in seats if not r["is_bot"]],
                             sum(1 for r in seats if r["is_bot"]))
            return info


def report(lt: LoadTest, args: argparse.Namespace) -> int:
    fig = lt.fig
    elapsed = fig.elapsed or 1e-9
    ms = [x * 1000 for x in fig.latencies]
    full = [fig.windows.get(i, 0) / WINDOW for i in range(int(min(elapsed, args.minutes * 60) // WINDOW))]
    rate = fig.accepted / elapsed
    boards = f"a pool of {args.workers} board processes" if args.workers > 1 else "boards drawn in threads"
    print(f"== load test: {args.games} games, {args.players} players, one bot process with {boards}, "
          f"{elapsed:.0f} s, offered ~{args.rate:g} moves/s")
    print(f"machine: {drawing.cores()} cores, load average now {os.getloadavg()[0]:.1f} "
          f"(other processes share these cores)")
    print(f"moves accepted: {fig.accepted} = {rate:.1f} moves/s"
          + (f" (slowest {WINDOW:.0f} s window {min(full):.1f}/s)" if full else "")
          + f", of which {fig.bot_moves} by bot seats; by game: "
          + ", ".join(f"{k} {n}" for k, n in sorted(fig.by_game.items())))
    if fig.accepted:
        workers = sum(cpu - fig.worker_cpu0.get(pid, 0.0) for pid, cpu in fig.worker_cpu.items())
        print(f"the bot process's own CPU: {fig.cpu * 1000 / fig.accepted:.0f} ms per move, its "
              f"{len(fig.worker_cpu)} board workers' {workers * 1000 / fig.accepted:.0f} ms, "
              f"{(fig.cpu + workers) * 1000 / fig.accepted:.0f} ms in all" if args.workers > 1 else
              f"the bot process's CPU: {fig.cpu * 1000 / fig.accepted:.0f} ms per move")
        print(f"cores used: {(fig.cpu + workers) / elapsed:.2f} of {drawing.cores()}")
    if ms:
        print(f"latency of the whole pipeline as the user waits: p50 {pct(ms, .5):.0f} ms, p99 {pct(ms, .99):.0f} ms, "
              f"max {max(ms):.0f} ms; service p50 {statistics.median(fig.service) * 1000:.0f} ms, "
              f"render+encode p50 {statistics.median(fig.render) * 1000:.0f} ms")
    print(f"games opened {fig.games_opened}, finished {fig.games_finished}")
    print(f"races: {fig.races}, resolved with exactly one winner and a clear reply: {fig.race_ok}")
    for bad in fig.race_bad[:5]:
        print(f"  race not resolved cleanly: {bad}")
    print(f"refusals outside races: {dict(fig.refusals) or 0}")
    print(f"errors: {len(fig.errors)}")
    for err in fig.errors[:3]:
        print("  " + err.strip().replace("\n", "\n  "))
    lost, dup, details = verify_acks(str(args.db), fig.acks, exact=not args.resume)
    print(f"acknowledged moves: {len(fig.acks)}; lost: {lost}; duplicated or unacknowledged in the log: {dup}")
    for d in details[:5]:
        print("  " + d)
    ok = not fig.errors and not fig.race_bad and not fig.refusals and lost == 0 and dup == 0
    if not args.no_check:
        t0 = time.monotonic()
        result = check_database(args.db)
        for p in result.problems[:10]:
            print(f"  {p}")
        print(f"integrity check: {result.summary()} in {time.monotonic() - t0:.1f} s")
        ok = ok and result.ok
    if ms:
        met = rate >= 40 and pct(ms, .99) < 1000
        print(f"target (>= 40 moves/s, p99 < 1 s): {'met' if met else 'NOT met'}")
    print("RESULT: " + ("PASS" if ok else "FAIL"))
    return 0 if ok else 1


def parse(argv: Optional[list[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py loadtest", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=str(DEFAULT_DB), help="database file (default: data/loadtest.db, recreated)")
    parser.add_argument("--minutes", type=float, default=5.0, help="how long moves keep arriving (default 5)")
    parser.add_argument("--games", type=int, default=500, help="games running at once (default 500)")
    parser.add_argument("--players", type=int, default=1500, help="seated players in all (default 1500)")
    parser.add_argument("--rate", type=float, default=45.0, help="moves per second the users offer (default 45)")
    parser.add_argument("--race", type=float, default=0.03, help="share of moves that are two racing clicks")
    parser.add_argument("--bots", type=float, default=0.2, help="share of games with a bot seat (default 0.2)")
    parser.add_argument("--workers", type=int, default=drawing.cores(),
                        help="board-drawing processes (default: one per core; 0 draws in threads, as before the drawing pool)")
    parser.add_argument("--compare", action="store_true",
                        help="run twice, boards in threads then in the pool, users offering more than either takes")
    parser.add_argument("--seed", type=int, default=1, help="seed of the simulated users")
    parser.add_argument("--progress", type=float, default=30.0, help="seconds between progress lines")
    parser.add_argument("--resume", action="store_true", help="keep the database and continue its games")
    parser.add_argument("--ack", action="store_true", help="print ACK lines for accepted moves (crash test)")
    parser.add_argument("--no-check", action="store_true", help="skip the integrity check at the end")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    return parser.parse_args(argv)


def run_once(args: argparse.Namespace) -> tuple[int, LoadTest]:
    db = Path(args.db)
    if not args.resume:
        for suffix in ("", "-wal", "-shm"):
            Path(str(db) + suffix).unlink(missing_ok=True)
    db.parent.mkdir(parents=True, exist_ok=True)
    open_store(db).close()  # migrated once, before the load starts
    lt = LoadTest(args)
    asyncio.run(lt.run())
    return report(lt, args), lt


def compare(args: argparse.Namespace) -> int:
    """The same load twice on a fresh database: boards in threads of the bot's process (as before the drawing pool),
    then in the board pool; the users offer more moves than either can take, so each figure is what the
    bot sustains."""
    pool = args.workers if args.workers > 1 else drawing.cores()
    rates, cpu, cores = {}, {}, {}
    codes = []
    for workers in (0, pool):
        one = argparse.Namespace(**{**vars(args), "workers": workers, "rate": max(args.rate, SATURATE),
                                    "resume": False})
        code, lt = run_once(one)
        codes.append(code)
        fig = lt.fig
        rates[workers] = fig.accepted / (fig.elapsed or 1e-9)
        spent = fig.cpu + sum(c - fig.worker_cpu0.get(pid, 0.0) for pid, c in fig.worker_cpu.items())
        cpu[workers] = spent * 1000 / max(1, fig.accepted)
        cores[workers] = spent / (fig.elapsed or 1e-9)
        print()
    single, pooled = rates[0], rates[pool]
    print(f"== sustained moves/s of the bot: boards in threads {single:.1f}, in a pool of {pool} processes "
          f"{pooled:.1f}: {pooled / single if single else float('nan'):.2f}x")
    print(f"   CPU per move (bot process and board workers): threads {cpu[0]:.0f} ms on {cores[0]:.2f} cores, "
          f"pool {cpu[pool]:.0f} ms on {cores[pool]:.2f} cores; load average now {os.getloadavg()[0]:.1f}")
    return max(codes)


def main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    """`default_db` (the bot's live database) is deliberately not used: a load test never touches it."""
    args = parse(argv)
    if args.compare:
        return compare(args)
    return run_once(args)[0]


if __name__ == "__main__":
    sys.exit(main())
