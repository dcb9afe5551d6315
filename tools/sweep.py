"""`bot.py bench sweep`: complete games on the local table's validating transport: every game within Discord's limits.

Every game has one human seat and bot seats (all four games, 2 to 6 seats, English and Spanish servers).  The
human plays each decision by clicking: before every click the sweep collects what the board offers (buttons,
menu options, the "My view" and "more moves" pages, pressed as a player would) and checks that every legal
move is among them.  Along the way it runs /game log, /game moves, /game rules, /stats and autocomplete.
The transport (local/limits.py) refuses any payload over one of Discord's limits and counts posts faster
than a channel accepts; the sweep prints messages checked, limit violations, 429s, the largest payloads,
posts per game, whether every decision was reachable, how many finished games' threads ended archived, and
the refused requests of one game whose bot lost Send Messages in Threads mid-game.

With `--faults SPEC` (local/faults.py, e.g. `503x3/40`: three 503s every 40 message writes) the transport
also fails some of the bot's posts and edits as Discord sometimes does, and the sweep prints the outbox's
figures (cogs/outbox.py): posts owed, delivered, retried, merged while waiting, refused for good, stall
pauses, other notices owed and delivered (cogs/notices.py); boards and other notices still owed when the run
ended; and duplicated boards, counted from the outside: two new messages in one thread showing the same game
version (their buttons carry it; a final board by its footer), and two messages of one thread made with one nonce.
Retries then wait on virtual time (a sweep is not a timing test).
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Optional

import discord

from cogs import outbox, pacing
from cogs.game_bot import make_bot
from host.tables import TableService
from local import LocalTable
from local.components import pressables
from local.faults import FaultSpecError, parse_faults
from local.payloads import BOT_PERMISSIONS
from rules import GAMES
from rules.bots import choose
from storage.partitions import Layout, open_backend
from storage.routed import notices_of

ORDER = tuple(GAMES)  # every registered game, in turn
MAX_DECISIONS = 1500  # per game: a safety net


@dataclass
class Figures:
    games: int = 0
    finished: int = 0
    archived: int = 0
    messages: int = 0
    violations: list[str] = field(default_factory=list)
    rate_limited: int = 0
    largest: dict[str, int] = field(default_factory=dict)
    posts: dict[str, int] = field(default_factory=dict)  # game label -> public posts in its thread
    decisions: int = 0
    unreachable: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    revoked_refusals: Optional[int] = None
    acks: list[float] = field(default_factory=list)  # seconds to each interaction's first response
    late_acks: int = 0
    faults: str = ""
    injected: dict[str, int] = field(default_factory=dict)  # faults the transport injected, by kind
    outbox: outbox.Figures = field(default_factory=outbox.Figures)
    duplicated: list[str] = field(default_factory=list)  # "thread: version" of every board posted twice
    still_owed: int = 0  # games whose latest change had no board when the run ended (a lasting refusal aside)
    notices_owed: int = 0  # other notices still owed when the run ended (`owed_notices` rows)
    duplicated_notices: int = 0  # notices made twice: two messages of one thread with the same nonce
    paused: int = 0  # games paused by a lasting refusal at the end (the revoked-permission game)
    surfaced: int = 0  # injected failures that reached the bot (past discord.py's own retries)
    seen: dict[str, set] = field(default_factory=dict)  # thread -> board keys posted there (duplicates)

    def merge_outbox(self, table: LocalTable, service: TableService) -> None:
        got = table.bot.actions.boards.figures
        for name in vars(self.outbox):
            setattr(self.outbox, name, getattr(self.outbox, name) + getattr(got, name))
        for kind, n in table.faults.injected.items():
            self.injected[kind] = self.injected.get(kind, 0) + n
        self.surfaced += table.faults.surfaced
        self.notices_owed += notices_of(service.store).count()
        self.duplicated_notices += repeated_nonces(table)
        for game_id in service.games.unposted():
            paused = service.games.get(game_id).settings.get("paused")
            if paused and paused != outbox.STALLED:
                self.paused += 1  # it waits for a player's command where the bot may post (cogs/pause.py)
            else:
                self.still_owed += 1

    def merge_ledger(self, ledger: Any) -> None:
        self.acks += ledger.acks
        self.late_acks += ledger.late_acks
        self.messages += ledger.messages
        self.violations += ledger.violations
        self.rate_limited += ledger.rate_limited
        for key, n in ledger.largest.items():
            self.largest[key] = max(self.largest.get(key, 0), n)


def repeated_nonces(table: LocalTable) -> int:
    """Messages the bot made with a nonce it had already made a message with in the same thread (a post made
    twice: counted from the outside)."""
    assert table.registry is not None
    repeats = 0
    for channel in table.registry.channels(("thread",)):
        nonces = [m.payload.get("nonce") for m in table.registry.history(channel.id, limit=100_000)]
        made = [n for n in nonces if n]
        repeats += len(made) - len(set(made))
    return repeats


def plan(n: int) -> list[tuple[str, int, str]]:
    """`n` games: the four games in turn, their seat counts from 2 (1 for a solo game) to 6, both languages."""
    out, counts = [], {k: 0 for k in ORDER}
    for i in range(n):
        key = ORDER[i % len(ORDER)]
        engine = GAMES[key]
        seats = list(range(max(1, engine.min_players), min(6, engine.max_players) + 1))
        count = seats[counts[key] % len(seats)]
        counts[key] += 1
        out.append((key, count, "en-US" if (i // len(ORDER)) % 2 == 0 else "es-ES"))
    return out


class Sweep:
    def __init__(self, table: LocalTable, figures: Figures):
        self.table = table
        self.f = figures
        self.service = TableService(open_backend(table.db_path))

    def close(self) -> None:
        self.service.store.close()

    async def act(self, label: str, thread: str, replies: Any) -> Any:
        if self.f.faults:  # boards waiting for a retry go out before the next click (virtual time)
            await self.table.bot.actions.boards.idle()
        if replies.errors:
            self.f.errors.append(f"{label}: {'; '.join(replies.errors)[:300]}")
        self.duplicates(replies)
        self.f.posts[label] = self.f.posts.get(label, 0) + sum(
            1 for m in replies if not m.ephemeral and not m.edited and m.channel == thread)
        return replies

    def duplicates(self, replies: Any) -> None:
        """New board messages showing a game version already posted in their thread."""
        for m in replies:
            if m.ephemeral or m.edited or not m.embeds:
                continue
            ids = [item.custom_id for item in pressables(m.components or [])]
            versions = {tuple(cid.split(":")[1:3]) for cid in ids if cid[:3] in ("mv:", "ms:", "pg:", "my:")}
            footer = (m.embeds[0].get("footer") or {}).get("text")
            key = next(iter(versions)) if len(versions) == 1 else ("final", footer) if not ids and footer else None
            if key is None:
                continue
            seen = self.f.seen.setdefault(m.channel, set())
            if key in seen:
                self.f.duplicated.append(f"{m.channel}: {':'.join(map(str, key))}")
            seen.add(key)

    async def offered(self, user: str, thread: str, label: str, board: dict[str, Any], mid: int
                      ) -> dict[str, tuple[int, int]]:
        """Move id -> (message id, item number) of everything the board offers, opening its pages."""
        reach: dict[str, tuple[int, int]] = {}
        queue, opened = [(mid, board)], set()
        while queue:
            message_id, payload = queue.pop(0)
            items = pressables(payload.get("components") or [])
            listed = any(i.custom_id.startswith(("mv:", "ms:")) for i in items)  # else "My view" holds the moves
            for n, item in enumerate(items, 1):
                cid = item.custom_id
                if cid.startswith("pv:") and listed:
                    continue
                if cid.startswith("mv:"):
                    reach.setdefault(cid.split(":", 3)[3], (message_id, n))
                elif cid.startswith("ms:") and item.value:
                    reach.setdefault(item.value, (message_id, n))
                elif cid.startswith(("pg:", "my:", "pv:")) and cid not in opened:
                    opened.add(cid)
                    out = await self.act(label, thread, await self.table.press_message(user, message_id, n, thread))
                    queue += [(m.message_id, {"components": m.components}) for m in out if m.components]
        return reach

    async def game(self, index: int, key: str, seats: int) -> None:
        user = f"player{index}"
        label = f"{key}-{seats}p-#{index}"
        table, f = self.table, self.f
        choices = await table.complete(user, "/game new game:")
        if key not in [v for _, v in choices]:
            f.errors.append(f"{label}: autocomplete did not offer {key}")
        bots = f" bots:{seats - 1}" if seats > 1 else ""
        await self.act(label, "local", await table.command(user, f"/game new game:{key}{bots}", "local"))
        game_id = max(self.service.games.all_ids())
        number = self.service.games.get(game_id).number
        thread = f"{key}-{number}"
        await self.act(label, thread, await table.command(user, "/game rules", thread))
        await self.act(label, thread, await table.command(user, "/game start", thread))
        f.games += 1
        uid = table.registry.user(user).id
        for step in range(MAX_DECISIONS):
            tb = self.service.table(game_id)
            if tb.game.status != "active":
                break
            seat = tb.seat_of(uid)
            if seat is None or seat.seat not in tb.to_act:
                f.errors.append(f"{label}: the human is not to act and the bots stopped ({tb.to_act})")
                break
            legal = self.service.legal_moves(tb, uid)
            row = table.registry.message(tb.game.board_message_id or 0)
            if row is None:
                f.errors.append(f"{label}: no board message for version {tb.game.version}")
                break
            reach = await self.offered(user, thread, label, row.payload, row.id)
            f.decisions += 1
            missing = [m.id for m in legal if m.id not in reach]
            if missing:
                f.unreachable.append(f"{label} step {step}: {len(missing)} of {len(legal)} not offered, e.g."
                                     f" {missing[:3]}")
            if step == 2:
                await self.extras(user, thread, label)
            move = choose(tb.engine, tb.state, seat.seat, "greedy", seed=index * 1000 + step)
            if move.id in reach:
                message_id, n = reach[move.id]
                out = await table.press_message(user, message_id, n, thread)
            else:
                out = await table.command(user, f"/play move:{move.id}", thread)
            await self.act(label, thread, out)
        tb = self.service.table(game_id)
        if tb.game.status == "finished":
            f.finished += 1
            channel = table.registry.find_channel(thread)
            f.archived += bool(channel is not None and channel.archived)
        else:
            f.errors.append(f"{label}: ended {tb.game.status}")
        await self.act(label, "local", await table.command(user, f"/stats server game:{key}", "local"))

    async def extras(self, user: str, thread: str, label: str) -> None:
        """What players read along the way: the log, their moves, the rules, their stats, suggestions."""
        for line in ("/game log", "/game moves", "/game rules", "/stats me", "/game me"):
            await self.act(label, thread, await self.table.command(user, line, thread))
        await self.table.complete(user, "/play move:", thread)
        await self.table.complete(user, "/game status game:", thread)

    async def revoked(self) -> int:
        """A game whose bot loses Send Messages in Threads mid-game: refused requests until a command resumes."""
        table, user = self.table, "revoked"
        await table.command(user, "/game new game:wayfinders bots:3", "local")
        game_id = max(self.service.games.all_ids())
        thread = f"wayfinders-{self.service.games.get(game_id).number}"
        await table.command(user, "/game start", thread)
        tid = table.registry.find_channel(thread).id
        before = table.ledger.refusals_in(tid)
        perms = BOT_PERMISSIONS & ~discord.Permissions(send_messages_in_threads=True)
        table.set_bot_permissions(perms)
        for i in range(4):
            tb = self.service.table(game_id)
            if tb.game.status != "active" or not tb.to_act or tb.to_act[0] != "p1":
                await table.command(user, "/game status", thread)
                continue
            move = choose(tb.engine, tb.state, "p1", "greedy", seed=i)
            await table.command(user, f"/play move:{move.id}", thread)
        table.set_bot_permissions(BOT_PERMISSIONS)
        return table.ledger.refusals_in(tid) - before


async def run(games: list[tuple[str, int, str]], tmp: str, revoked: bool = True, faults: str = "",
              partitions: int = 0) -> Figures:
    """Play `games` ((game key, seats, locale), see `plan`) and, with `revoked`, the revoked-permission game;
    `faults`: a `--faults` SPEC the transport injects into the bot's message writes (local/faults.py);
    with `partitions`, on a cluster layout of that many partition files instead of one database file."""

    figures = Figures(faults=faults)
    clock = outbox.make_clock
    if faults:
        outbox.make_clock = pacing.virtual_clock  # retries wait on virtual time
    try:
        await _run(games, tmp, revoked, faults, figures, partitions)
    finally:
        outbox.make_clock = clock
    return figures


async def _run(games: list[tuple[str, int, str]], tmp: str, revoked: bool, faults: str, figures: Figures,
               partitions: int = 0) -> None:
    for locale in ("en-US", "es-ES"):
        mine = [(i, key, seats) for i, (key, seats, loc) in enumerate(games) if loc == locale]
        if not mine and not (revoked and locale == "en-US"):
            continue
        db = f"{tmp}/{locale}.db"
        if partitions:
            db = f"{tmp}/{locale}-cluster"
            Layout(Path(db), partitions).save()
        table = LocalTable(lambda path: make_bot(path), db, out_dir=f"{tmp}/{locale}-out",
                           locale=locale, guild_locale=locale, ack_deadline=None, faults=faults)
        table.settle_timeout = 600.0  # not a timing test: a busy machine must not cut a bots' turn short
        async with table:
            sweep = Sweep(table, figures)
            try:
                for i, key, seats in mine:
                    await sweep.game(i, key, seats)
                if revoked and locale == "en-US":
                    try:
                        figures.revoked_refusals = await sweep.revoked()
                    except Exception as exc:  # reported, never hiding the games' figures
                        figures.errors.append(f"revoked-permission game: {type(exc).__name__}: {exc}")
            finally:
                await table.bot.actions.boards.idle()
                figures.merge_outbox(table, sweep.service)
                sweep.close()
            figures.merge_ledger(table.ledger)


def report(f: Figures) -> str:
    posts = sorted(f.posts.values())
    lines = [
        f"games: {f.games} played, {f.finished} finished, {f.archived} finished threads archived",
        f"messages checked: {f.messages}",
        f"limit violations: {len(f.violations)}" + "".join(f"\n  {v}" for v in f.violations[:10]),
        f"429 (posts over 5 per 5 s in a channel): {f.rate_limited}",
        f"interactions answered: {len(f.acks)}, slowest first answer {max(f.acks, default=0):.2f} s, "
        f"after 3 s (10062): {f.late_acks}",
        "largest payloads: content {content} chars, embeds {embed} chars, components {components}"
        " (items + options), file {file} bytes".format(**{k: f.largest.get(k, 0) for k in
                                                          ("content", "embed", "components", "file")}),
        (f"posts per game: median {statistics.median(posts):.0f}, min {posts[0]}, max {posts[-1]}"
         if posts else "posts per game: -"),
        "posts per game by game: " + ", ".join(
            f"{key} {statistics.median(v):.0f} (max {max(v)})" for key in ORDER
            if (v := [n for label, n in f.posts.items() if label.startswith(key + "-")])),
        f"decisions: {f.decisions}, every one reachable by a button or menu: {'yes' if not f.unreachable else 'NO'}"
        + "".join(f"\n  {u}" for u in f.unreachable[:10]),
    ]
    if f.faults:
        lines.append(f"faults injected ({f.faults}): " + (", ".join(f"{k} {n}" for k, n in sorted(f.injected.items()))
                                                          or "none")
                     + f"; {f.surfaced} reached the bot past discord.py's own retries: {f.outbox.failed} on boards,"
                       f" {f.outbox.notes_failed} on other notices (lobby texts…), both tried again")
    lines.append(f"outbox: {f.outbox.line()}")
    lines.append(f"boards still owed at the end: {f.still_owed} (and {f.paused} of games paused by a lasting"
                 f" refusal); duplicated boards: {len(f.duplicated)}" + "".join(f"\n  {d}" for d in f.duplicated[:10]))
    lines.append(f"other notices still owed at the end: {f.notices_owed}; posts made twice (one nonce, two"
                 f" messages): {f.duplicated_notices}")
    if f.revoked_refusals is not None:
        lines.append(f"revoked Send Messages in Threads: {f.revoked_refusals} refused request(s) in that game")
    if f.errors:
        lines.append(f"errors: {len(f.errors)}" + "".join(f"\n  {e}" for e in f.errors[:10]))
    return "\n".join(lines)


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="bot.py bench sweep", description=__doc__)
    parser.add_argument("--games", type=int, default=40, help="complete games to play (default 40)")
    parser.add_argument("--locale", choices=("en-US", "es-ES"),
                        help="only the games of the plan in this language (run both halves side by side)")
    parser.add_argument("--game", choices=ORDER, action="append",
                        help="only the plan's games of this game (repeatable), e.g. after changing one game")
    parser.add_argument("--faults", default="", metavar="SPEC",
                        help="fail some of the bot's message writes (local/faults.py), e.g. 503x3/40 or"
                             " 503x3/40,429-novia/97: the outbox's figures show what became of the posts")
    parser.add_argument("--partitions", type=int, default=0,
                        help="play on a cluster layout of this many partition files (default: one database file)")
    args = parser.parse_args(argv)
    try:
        parse_faults(args.faults)
    except FaultSpecError as exc:
        parser.error(str(exc))
    games = [g for g in plan(args.games) if args.locale in (None, g[2]) and g[0] in (args.game or ORDER)]
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(run(games, tmp, revoked=args.locale in (None, "en-US"), faults=args.faults,
                                  partitions=args.partitions))
    print(report(figures))
    ok = not figures.violations and not figures.unreachable and not figures.errors \
        and figures.finished == figures.games and (figures.revoked_refusals or 0) <= 1 \
        and not figures.duplicated and not figures.still_owed and not figures.notices_owed \
        and not figures.duplicated_notices
    return 0 if ok else 1


__all__ = ["Figures", "plan", "report", "run", "main"]
