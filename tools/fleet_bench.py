"""`bot.py bench fleet`: K real `bot.py run --cluster` processes against a fake Discord that routes like Discord's.

The fake (tools/protocol_fake/fake_cluster.py) serves one gateway session per shard and delivers each server's
interactions only to its shard's session.  N complete two-player games are played by clicking over 8 servers
spread across the shards (the servers play at once, each its games one after another).  Printed: every
interaction answered exactly once and only by its shard's session, the partition files each process holds
open, REST requests per second (peak over 1 s windows, interaction answers excluded as Discord excludes them)
and 429s, identifies used, and moves/s of the fleet against one `bot.py run` (one file, one process) playing
the same games in the same run.  In the middle of the fleet's run one process is killed with SIGKILL straight
after a click of its servers was answered; the deadlines of its servers' running games fall due while it is
dead; after its restart each fires once, and no board is posted twice (two new posts of one game version).
With `--reshard A:B` the fleet starts with A shards and, later in the run, is stopped and started again with B
shards, one process each, over the same partition files: every game's state digest must be the same before
and after, and the games play on (tools/fleet_procs.py runs the processes).  At the end a split/merge round
trip of the layout must keep its state digest.  A game whose board stops moving is reported with its buttons
and what its last clicks got.
"""
from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Optional

from host.deadlines import EXPIRE
from storage import GameStore, MoveRow, ReadStore, TimerStore, open_store
from storage.layout_convert import merge, split
from storage.partitions import Layout, check_shards, owned_partitions, partition_of
from tools.layout import process_ranges
from tools.protocol_fake.shard_sessions import shard_of

from .fleet_fake import TimedFake
from .fleet_play import (Figures, Server, answers, duplicate_posts, interleaved, open_partitions,
                         patience, peak_rate, polled, spread)
from .fleet_procs import Fleet, game_digests, kill_left, logged_in, spawn, stop_all


async def fleet(tmp: Path, args: argparse.Namespace, out: list[str]) -> Figures:
    open_store(tmp / "games.db").close()
    split(tmp / "games.db", tmp / "cluster", args.partitions)
    layout = Layout.load(tmp / "cluster")
    first = args.reshard[0] if args.reshard else args.shards
    fake = TimedFake(shard_count=first, max_concurrency=first, per_shard=8 // first)
    await fake.start()
    crew = Fleet(tmp, fake, layout, first, process_ranges(first, args.processes))
    figures = Figures("fleet")
    try:
        await crew.start()
        servers = {g: Server(fake, g, layout.path(partition_of(g, args.partitions)), figures, args.decisions)
                   for g in interleaved(fake.cluster_guilds, first, crew.ranges)}
        started = time.monotonic()
        players = [asyncio.create_task(s.play(games)) for s, games in zip(servers.values(), spread(args.games))]
        identifies = first
        for _, event in sorted(events(args)):  # the kill and the reshard in the order of their move counts
            if event == "kill":
                identifies += len(crew.ranges[args.victim])
                await kill_and_restart(crew, args, servers, figures, out)
            else:
                identifies += args.reshard[1]
                await reshard(crew, args, servers, figures, out)
        await asyncio.gather(*players)
        figures.seconds = time.monotonic() - started
        await asyncio.sleep(1.0)  # a second answer, if any process sent one, would have arrived
        once = sum(1 for i in figures.interactions if answers(fake, i) == 1)
        astray = [a for a in fake.astray if a[1] == "INTERACTION_CREATE"]
        out.append(f"fleet: {len(crew.ranges)} processes over {crew.shards} shards, {args.partitions} partitions, "
                   f"{len(servers)} servers, {args.games} games")
        out.append(f"  interactions answered exactly once: {once}/{len(figures.interactions)}; delivered to "
                   f"another shard's session: {len(astray)}; never delivered: {len(fake.undelivered)} "
                   "(sent to the dead process)")
        out.append(f"  {fake.answer_spread()}")
        for n, ids in enumerate(crew.ranges):
            held = open_partitions(crew.procs[str(n)].pid, layout.folder)
            mine = owned_partitions(args.partitions, crew.shards, ids)
            out.append(f"  process {n} (shards {ids}): holds open {len(held)} partition files, "
                       f"{'exactly its own' if held == mine else f'NOT its own {mine}: {held}'}")
        refused = sum(1 for c in fake.calls if c.status == 429)
        sent = sum(1 for f in fake.frames if f.get("op") == 2)
        out.append(f"  REST: {len(fake.times)} requests, peak {peak_rate(fake)}/s over 1 s windows "
                   f"(limit 50), {refused} answered 429; identifies: {sent} (expected {identifies}: {first} "
                   f"shards, again after the kill and the reshard), refused {len(fake.shards.refused)}")
        finished = sum(s.finished for s in servers.values())
        out.extend(f"  {line}" for s in servers.values() for line in s.stuck)
        out.append(f"  {finished}/{args.games} games finished; {figures.moves} moves in {figures.seconds:.1f} s: "
                   f"{figures.moves / figures.seconds:.1f} moves/s; duplicate board posts: {duplicate_posts(fake)}")
        await stop_all(crew.procs)
        roundtrip(tmp, layout, out)
        return figures
    finally:
        await kill_left(crew.procs)
        await fake.stop()


def events(args: argparse.Namespace) -> list[tuple[int, str]]:
    """The run's interruptions with the move count each waits for: the kill -9 and the reshard, when asked."""
    return ([(args.kill_after, "kill")] if args.kill else []) + \
        ([(args.reshard_after, "reshard")] if args.reshard else [])


class Paused:
    """Every click of the given servers waits (none is in flight) while the fleet is stopped or killed."""

    def __init__(self, servers: list[Server]):
        self.servers = servers

    async def __aenter__(self) -> None:
        for server in self.servers:
            await server.gate.close()

    async def __aexit__(self, *exc: Any) -> None:
        for server in self.servers:
            await server.gate.open()


async def kill_and_restart(crew: Fleet, args: argparse.Namespace, servers: dict[int, Server], figures: Figures,
                           out: list[str]) -> None:
    """SIGKILL one process straight after a click of its servers was answered, make their deadlines fall due while
    it is dead, restart it: each fires once (the bot plays the waiting seat's whole decision, one move or a chain)."""
    await crew.fake.wait_for("moves before the kill", lambda: figures.moves >= args.kill_after,
                              10 * patience())
    victim = args.victim
    theirs = [g for g in servers if shard_of(g, crew.shards) in crew.ranges[victim]]
    async with Paused([servers[g] for g in theirs]):  # killed right after the last board arrived: its listeners
        await crew.kill(victim)  # may not have run; its move's timer was saved with it (host/tables.py)
        overdue: dict[int, tuple[Path, int, list[str]]] = {}  # game -> its file, its last move, the seats waiting
        for guild in theirs:
            path = crew.layout.path(partition_of(guild, args.partitions))
            store = open_store(path)
            try:
                for game in GameStore(store).find(guild_id=guild, statuses=("active",)):
                    if not turn_back(TimerStore(store), game.id, time.time() - 60):
                        raise AssertionError(f"game {game.id} (version {game.version}) had no deadline timer when "
                                             "the process was killed: a saved step must always have its timers")
                    overdue[game.id] = (path, GameStore(store).last_seq(game.id), list(game.to_act))
            finally:
                store.close()
        await crew.start_one(victim)

        def played() -> dict[int, list[MoveRow]]:
            out = {}
            for gid, (path, last, _) in overdue.items():
                reader = ReadStore(path)
                try:
                    out[gid] = GameStore(reader).moves(gid, after_seq=last)
                finally:
                    reader.close()
            return out
        try:
            await polled(crew.fake, "the overdue deadlines", lambda: all(played().values()), patience(),
                         process=crew.procs[str(victim)])
        except AssertionError as exc:  # why: each game's timers against its version, and the restarted bot's log
            raise AssertionError(f"{exc}\n{overdue_report(overdue, crew.logs[str(victim)])}") from None
        await asyncio.sleep(2.0)  # a second firing, if any, would have happened
        moves = played()
        counts = [len(moves[gid]) for gid in overdue]
        once = all(m.user_id is None and m.seat in overdue[gid][2] for gid in overdue for m in moves[gid])
        figures.moves += sum(counts)
        out.append(f"  kill -9 of process {victim} after {args.kill_after} moves: {len(overdue)} deadlines fell due "
                   f"while it was dead; after its restart they played {counts} moves, "
                   f"{'each by the bot for the seat whose turn it was (fired once)' if once else 'NOT only the expired seats: fired again'}")


def overdue_report(overdue: dict[int, tuple[Path, int, list[str]]], log: Path) -> str:
    """For a restart whose overdue deadlines did not all play: each game's status, version, seats to act and
    timers (kind, due in how many seconds, the version each is for), then the restarted process's own log lines."""
    lines, now = [], time.time()
    for gid, (path, last, seats) in overdue.items():
        reader = ReadStore(path)
        try:
            game = GameStore(reader).get(gid)
            timers = [(t.kind, round(t.due_at - now), t.payload.get("version")) for t in TimerStore(reader).for_game(gid)]
            after = len(GameStore(reader).moves(gid, after_seq=last))
        finally:
            reader.close()
        if game is not None:
            lines.append(f"game {gid}: {game.status}, version {game.version}, to act {game.to_act} (waiting at the "
                         f"kill: {seats}), paused {game.settings.get('paused')}, {after} moves since; timers {timers}")
    own = [line for line in log.read_text(errors="replace").splitlines() if "aiohttp.access" not in line]
    return "\n".join(lines + ["--- the restarted process ---"] + own[-40:])


def turn_back(timers: TimerStore, game_id: int, due_at: float) -> bool:
    """The game's turn began long enough ago for its deadline to be `due_at`: the expire timer's due time and the
    turn starts it keeps move back together, so a start-up that plans the deadline again (a board recorded after
    the restart) finds the same overdue deadline (host/deadlines.py counts from the kept starts).  False: the game
    has no expire timer to turn back."""
    found = False
    for timer in timers.for_game(game_id):
        if timer.kind != EXPIRE:
            continue
        shift = timer.due_at - due_at
        payload = dict(timer.payload)
        for key in ("since", "begun"):
            payload[key] = {seat: float(at) - shift for seat, at in (payload.get(key) or {}).items()}
        for key in ("start", "deadline"):
            if payload.get(key) is not None:
                payload[key] = float(payload[key]) - shift
        timers.update_payload(timer.id, payload)
        timers.move_due(game_id, EXPIRE, due_at)
        found = True
    return found


async def reshard(crew: Fleet, args: argparse.Namespace, servers: dict[int, Server], figures: Figures,
                  out: list[str]) -> None:
    """While the servers play: stop the whole fleet, start it again with the new shard count (one process per
    shard) over the same partition files, and compare every game's state digest before and after."""
    await crew.fake.wait_for("moves before the reshard", lambda: figures.moves >= args.reshard_after,
                              10 * patience())
    before_shards = crew.shards
    async with Paused(list(servers.values())):
        await stop_all(crew.procs)
        before = game_digests(crew.layout)
        await crew.reshard(args.reshard[1], args.reshard_processes or args.reshard[1])
        await asyncio.sleep(2.0)  # start-up's reconcile has run: it must change no game
        after = game_digests(crew.layout)
    changed = sorted(g for g in before.keys() | after.keys() if before.get(g) != after.get(g))
    moved = figures.moves
    out.append(f"  reshard {before_shards} -> {crew.shards} after {moved} moves: {len(crew.ranges)} processes over "
               f"the same {args.partitions} files; state digests of {len(before)} games "
               f"{'identical' if not changed else f'DIFFER for games {changed}'} before and after the restart")


def roundtrip(tmp: Path, layout: Layout, out: list[str]) -> None:
    """merge -> split -> merge: the layout's state digest unchanged at each step (the converters check rows too)."""
    first = merge(layout.folder, tmp / "merged.db")
    again = split(tmp / "merged.db", tmp / "resplit", layout.partitions)
    last = merge(tmp / "resplit", tmp / "merged2.db")
    same = first.digest == again.digest == last.digest
    out.append(f"  split/merge round trip: {first.games} games, digests {'identical' if same else 'DIFFER'} "
               f"({first.digest[:12]})")
    for shards in (2, 4):  # resharding moves whole files: every partition has exactly one owning shard
        owners = Counter(p for s in range(shards) for p in owned_partitions(layout.partitions, shards, [s]))
        assert sorted(owners) == list(range(layout.partitions)) and set(owners.values()) == {1}
    out.append("  resharding 2 -> 4: each shard of 4 owns half the partitions of one shard of 2, no partition split")


async def single(tmp: Path, args: argparse.Namespace, out: list[str]) -> Figures:
    """The same games on one `bot.py run` (one process, one file)."""
    folder = tmp / "one"
    folder.mkdir()
    fake = TimedFake(shard_count=1, max_concurrency=1, per_shard=8)
    await fake.start()
    figures = Figures("one process")
    procs: dict[str, Any] = {}
    try:
        procs["one"], log = await spawn(folder, fake, "one", [], folder / "games.db")
        await logged_in(procs["one"], log)
        servers = [Server(fake, g, folder / "games.db", figures, args.decisions)
                   for g in interleaved(fake.cluster_guilds, 1, [[0]])]
        started = time.monotonic()
        await asyncio.gather(*(s.play(n) for s, n in zip(servers, spread(args.games))))
        figures.seconds = time.monotonic() - started
        finished = sum(s.finished for s in servers)
        once = sum(1 for i in figures.interactions if answers(fake, i) == 1)
        out.append(f"one process (bot.py run, one file): {finished}/{args.games} games finished, {figures.moves} moves "
                   f"in {figures.seconds:.1f} s: {figures.moves / figures.seconds:.1f} moves/s; peak REST "
                   f"{peak_rate(fake)}/s; interactions answered exactly once: {once}/{len(figures.interactions)}")
        out.append(f"  {fake.answer_spread()}")
        await stop_all(procs)
        return figures
    finally:
        await kill_left(procs)
        await fake.stop()


def parse(argv: Optional[list[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py bench fleet", description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--shards", type=int, default=4, help="the total shard count (a power of two)")
    parser.add_argument("--partitions", type=int, default=16)
    parser.add_argument("--games", type=int, default=8, help="complete games over the 8 servers")
    parser.add_argument("--decisions", type=int, default=1500,
                        help="a game is left unfinished after this many decisions (a short CI run)")
    parser.add_argument("--kill-after", type=int, default=30, help="moves before one process is killed")
    parser.add_argument("--victim", type=int, default=1, help="which process is killed")
    parser.add_argument("--no-kill", dest="kill", action="store_false")
    parser.add_argument("--no-single", dest="single", action="store_false", help="skip the one-process run")
    parser.add_argument("--reshard", type=reshard_spec, default=None, metavar="A:B",
                        help="start with A shards, then stop the fleet and start it again with B shards (one process "
                             "each) over the same partition files (A and B powers of two dividing --partitions); "
                             "--shards is then A")
    parser.add_argument("--reshard-after", type=int, default=60,
                        help="moves before the reshard (the kill and the reshard come in the order of their counts)")
    parser.add_argument("--reshard-processes", type=int, default=0,
                        help="the processes after the reshard (default: one per shard)")
    args = parser.parse_args(argv)
    for count in args.reshard or [args.shards]:
        problem = check_shards(args.partitions, count)
        if problem:
            parser.error(problem)
    if args.reshard:
        args.shards = args.reshard[0]
        if not 0 <= args.reshard_processes <= args.reshard[1]:
            parser.error("--reshard-processes must be between 1 and the new shard count")
    if not 1 <= args.processes <= args.shards:
        parser.error("--processes must be between 1 and the shard count")
    if not 0 <= args.victim < args.processes:
        parser.error("--victim must be one of the processes: 0 to --processes - 1")
    return args


def reshard_spec(text: str) -> tuple[int, int]:
    try:
        before, after = (int(n) for n in text.split(":"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: give two shard counts, as 2:4") from None
    return before, after


async def bench(tmp: Path, args: argparse.Namespace) -> list[str]:
    out: list[str] = []
    ran = await fleet(tmp, args, out)
    if args.single:
        one = await single(tmp, args, out)
        if one.moves and ran.moves:
            out.append(f"fleet against one process: {ran.moves / ran.seconds:.1f} vs {one.moves / one.seconds:.1f} "
                       "moves/s (the fleet's run includes the kill and restart, and the reshard when asked)")
    return out


def main(argv: Optional[list[str]] = None) -> int:
    args = parse(argv)
    with tempfile.TemporaryDirectory(prefix="fleet-") as tmp:
        for line in asyncio.run(bench(Path(tmp), args)):
            print(line)
    return 0


__all__ = ["bench", "main", "parse"]
