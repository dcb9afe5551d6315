"""`python -m tools.walk_robinson`: play a whole Robinson Crusoe scenario on the local table as people would.

Every decision is the greedy bot's choice for that seat (`rules.bots.choose`, read through the engine with the
game's seed, exactly as `bot.py bench bots` plays it), but it is played as a player plays it: a click on the
latest board's button or menu option, through the private menus a group opens (Robinson's planning: an action
and its target, then the pawns), and `/play move:<id>` only when no button offers the move.  So the game goes
through the bot's whole path: the command tree, the move pipeline, the database, the board posts.

::

    python -m tools.walk_robinson seeds --scenario castaways --players 1 --first 1 --count 200
    python -m tools.walk_robinson seeds --scenario jenny --players 2 --first 1 --count 100
    python -m tools.walk_robinson play --scenario jenny --players 2 --seed 69 --db walk/j2.db --out walk/j2
    python -m tools.walk_robinson play --scenario cursed_island --players 2 --seed 15 --db walk/c2.db \\
        --out walk/c2 --guild B --locale es --guild-locale es

`seeds` lists the seeds whose greedy game ends in a win or a loss (fast: the engine alone), each with the round
it ended in and how (`time`, `goal`, `death:<cause>`, a scenario's own end; Castaways' woodpile when lost), then
the tally of the losses by how they ended: where the greedy bot, and so the hard level's plans, lose games.  `play` fixes the
game's seed as `GAMEHOST_SEED` does for `bot.py local`, opens the game with `/robinson new scenario:<name>`
(alice; bob, carol, dave join), plays it to its end, asks `/game rules` in its thread and checks the database
(`bot.py check`).  It prints the moves as `bot.py local` command lines (`--as NAME --channel THREAD "press N"`
or `"/play move:ID"`), the public posts, the final line and the boards' images (each one kept, numbered, under
`<out>/walk/`: an edited board rewrites its file).
Posts are paced on virtual time (as `bot.py bench posts` does): what the bot sends, not how long it waits.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import shlex
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from collections import Counter
from typing import Any, NamedTuple, Optional, TextIO

from cogs import pacing
from cogs.game_bot import make_bot
from host.move_menus import GROUP_MARK
from host.tables import TableService
from local import LocalTable
from local.components import Pressable, pressables
from rules import GAMES
from rules.bot_match import play_match
from rules.bots import choose
from rules.robinson.scenarios.castaways import NEEDS
from storage import open_store
from tools.integrity import check_database

SCENARIOS = ("castaways", "jenny", "family_robinson", "cursed_island", "cannibal_island")
NAMES = ("alice", "bob", "carol", "dave")


@dataclass
class Walk:
    """One game played through the local table: how it went, and what a reader of the walk-through needs."""

    scenario: str
    players: int
    seed: int
    thread: str = ""
    won: Optional[bool] = None
    moves: int = 0
    pressed: int = 0  # moves played by clicking a button or a menu option
    typed: int = 0    # moves played with /play (no button offered them)
    refused: list[str] = field(default_factory=list)
    final: str = ""
    rules: str = ""
    images: list[str] = field(default_factory=list)
    check: str = ""


class Seed(NamedTuple):
    """One greedy game of `seeds`: its result and, for the reader looking for where games are lost, how it ended."""

    seed: int
    won: bool
    moves: int
    round: int
    end: str  # the state's end_reason ("goal", "time", a scenario's own), "death:<cause>" for a death (CAUSES)
    pile: int  # wood on Castaways' woodpile when it ended (S3: 15 completes it)


def greedy_seeds(scenario: str, players: int, first: int, count: int) -> list[Seed]:
    """The greedy table's game for each seed: the engine alone, as `bench bots` plays."""
    engine = GAMES["robinson"]
    options = engine.parse_options({"scenario": scenario})
    out = []
    for seed in range(first, first + count):
        state, outcome, moves = play_match(engine, ["greedy"] * players, seed, options)
        cause = state.end_cause.partition(":")[2]
        end = f"{state.end_reason}:{cause}" if state.end_reason == "death" and cause else state.end_reason
        out.append(Seed(seed, bool(outcome.won), moves, state.round, end, sum(state.pile)))
    return out


def seed_line(scenario: str, players: int, row: Seed) -> str:
    """`seeds`' line for one game: its result, the round it ended in and why (the woodpile in Castaways)."""
    pile = f", woodpile {row.pile} of {sum(NEEDS)}" if scenario == "castaways" and not row.won else ""
    return (f"{scenario} {players} seed {row.seed}: {'won' if row.won else 'lost'} in {row.moves} moves "
            f"(round {row.round}: {row.end}{pile})")


def seeds_tally(scenario: str, players: int, rows: list[Seed]) -> str:
    """The games won and the lost ones by how they ended, most frequent first."""
    lost = Counter(r.end for r in rows if not r.won)
    ends = ", ".join(f"{end} {n}" for end, n in sorted(lost.items(), key=lambda kv: (-kv[1], kv[0])))
    return (f"{scenario} {players} player(s), {len(rows)} games: won {sum(r.won for r in rows)}, "
            f"lost {sum(lost.values())}" + (f" ({ends})" if ends else ""))


def _find(items: list[Pressable], move_id: str, game_id: int, version: int, groups: set[str]) -> Optional[int]:
    """The number (from 1) of the item of this board version that plays `move_id` (a button or a menu option),
    else of a menu option opening a group the move is under; None when neither is there."""
    button, menu = f"mv:{game_id}:{version}:{move_id}"[:100], f"ms:{game_id}:{version}:"
    mine = [(n, item) for n, item in enumerate(items, 1) if not item.disabled]
    for n, item in mine:
        if item.custom_id == button or (item.custom_id.startswith(menu) and item.value == move_id):
            return n
    for n, item in mine:
        if item.custom_id.startswith(menu) and (item.value or "").startswith(GROUP_MARK) \
                and (item.value or "")[len(GROUP_MARK):] in groups:
            return n
    return None


class Walker:
    """Plays one game on a started LocalTable and writes what happens to `log`."""

    def __init__(self, local: LocalTable, service: TableService, walk: Walk, log: TextIO, guild: Optional[str],
                 cli: str, line: Optional[list[tuple[str, str]]] = None):
        self.local, self.service, self.walk, self.log, self.guild, self.cli = local, service, walk, log, guild, cli
        self.played = 0  # moves played so far by this walker
        self.recorded = line  # the moves to play, (seat, move id) in order, instead of the greedy bot's

    def say(self, text: str) -> None:
        print(text, file=self.log, flush=True)

    def line(self, who: str, what: str, channel: str = "local") -> str:
        where = f" --channel {channel}" if channel != "local" else ""
        return f"{self.cli} --as {who}{where} {shlex.quote(what)}"

    def show(self, replies: Any, channel: str) -> None:
        """The public posts of a reply in the game's thread, as a player reads them."""
        for sent in replies:
            if sent.ephemeral or sent.channel != channel:
                continue
            self.say(self.local.render(sent))
            for path in (p for p in sent.files if p.endswith(".png")):  # an edited board rewrites its file: keep
                kept = Path(path).parent / "walk" / f"{len(self.walk.images):03d}-{Path(path).name}"  # each one
                kept.parent.mkdir(exist_ok=True)
                shutil.copyfile(path, kept)
                self.walk.images.append(str(kept))
                self.say(f"  (kept as {kept})")

    async def run(self, who: str, what: str, channel: str = "local") -> Any:
        self.say("$ " + self.line(who, what, channel))
        out = await self.local.command(who, what, channel, guild=self.guild)
        if out.refused:
            self.walk.refused.append(f"{who} {what}: {out.errors} {[s.content for s in out]}")
        return out

    async def press(self, who: str, n: int, label: str) -> Any:
        """`press N` as `bot.py local` does it: item N of the newest message with components `who` can see."""
        self.say("$ " + self.line(who, f"press {n}", self.walk.thread) + f"   # {label}")
        out = await self.local.press(who, n, self.walk.thread, guild=self.guild)
        if out.refused:
            self.walk.refused.append(f"{who} press {n} ({label}): {out.errors}")
        return out

    async def play(self, table: Any, seat: str, who: str, move_id: str) -> Any:
        """Play `move_id` as a player would: `press N` on the newest message they see (the board, or the private
        list a click left them) when it offers the move, a group holding it or My view (the board lists no moves
        while several decide at once), then on the private menus that opens; else `/play move:<id>`."""
        groups = {key for key, _ in table.engine.menus(table.state, seat).get(move_id, [])}
        opened_mine = False
        for _ in range(6):  # the newest message, My view, then at most a few private menus (action, target, pawns)
            message = self.local.pressable_message(who, self.walk.thread, guild=self.guild)
            row = self.local.registry.message(message) if message else None  # type: ignore[union-attr]
            if row is None:
                break
            items = pressables(row.payload.get("components") or [])
            n = _find(items, move_id, table.game.id, table.game.version, groups)
            if n is None:
                mine = [k for k, item in enumerate(items, 1) if item.custom_id == f"pv:{table.game.id}"]
                if opened_mine or not mine:
                    break
                n, opened_mine = mine[0], True
            out = await self.press(who, n, items[n - 1].label)
            if out.refused:
                break
            picked = items[n - 1]
            if picked.custom_id.startswith("mv:") or (picked.custom_id.startswith("ms:")
                                                      and not (picked.value or "").startswith(GROUP_MARK)):
                self.walk.pressed += 1
                return out
        self.walk.typed += 1
        return await self.run(who, f"/play move:{move_id}", self.walk.thread)

    async def game(self, max_moves: Optional[int] = None) -> None:
        """Open, start and play the game to its end (or `max_moves` decisions), then ask `/game rules`."""
        w = self.walk
        names = NAMES[:w.players]
        opened = await self.run(names[0], f"/robinson new scenario:{w.scenario}")
        game_id = max(self.service.games.all_ids())
        table = self.service.table(game_id)
        thread = self.local.registry.channel_by_id(table.game.post_channel_id)  # type: ignore[union-attr]
        w.thread = thread.name
        self.show(opened, w.thread)
        for name in names[1:]:
            await self.run(name, f"/game join game:{table.game.number}", w.thread)
        self.show(await self.run(names[0], "/game start", w.thread), w.thread)
        out: Any = []
        for _ in range(max_moves if max_moves is not None else 1_000_000):
            table = self.service.table(game_id)
            if table.game.status != "active" or not table.to_act:
                break
            if self.recorded is None:
                seat = table.to_act[0]
                move_id = choose(table.engine, table.state, seat, "greedy", seed=table.game.seed).id
            elif self.played < len(self.recorded):
                seat, move_id = self.recorded[self.played]
                if seat not in table.to_act:
                    raise RuntimeError(f"the line's move {self.played + 1} is {seat}'s, but {table.to_act} act")
            else:
                raise RuntimeError(f"the line ended after {len(self.recorded)} moves with the game still on")
            who = table.user_of(seat).name  # type: ignore[union-attr]
            out = await self.play(table, seat, who, move_id)
            self.played += 1
            self.show(out, w.thread)
            if self.service.table(game_id).game.version == table.game.version:
                raise RuntimeError(f"{who}'s move {move_id} did not land: {w.refused[-1:]}")
        table = self.service.table(game_id)
        outcome = table.engine.outcome(table.state) if table.state is not None else None
        w.won = bool(outcome.won) if outcome is not None else None
        w.moves = len([m for m in self.service.games.moves(game_id) if not m.undone])
        last = [s for s in out if not s.ephemeral and s.channel == w.thread and s.embeds]
        if last:
            w.final = self.local.render(last[-1])
        self.say("--- the final post")
        self.say(w.final)
        rules = await self.run(names[0], "/game rules", w.thread)
        w.rules = "\n".join(self.local.render(s) for s in rules)
        self.say(w.rules)


async def walk_game(scenario: str, players: int, seed: int, db: str, out_dir: str, log: TextIO,
                    guild: Optional[str] = None, locale: str = "en-US", guild_locale: str = "en-US",
                    max_moves: Optional[int] = None, line: Optional[list[tuple[str, str]]] = None) -> Walk:
    """Play one game of `scenario` with `players` on the local table in `db`, its seed fixed to `seed` (as
    `GAMEHOST_SEED=N bot.py local` fixes a new game's seed), to its end or `max_moves` decisions; `line`: the
    moves to click, (seat, move id) in order, instead of the greedy bot's."""

    def bot_of(path: str) -> Any:
        bot = make_bot(path)
        bot.service.seeds = lambda: seed
        return bot

    walk = Walk(scenario, players, seed)
    cli = f"GAMEHOST_SEED={seed} ./start.sh local --db {db} --out {out_dir}"
    if guild:
        cli += f" --guild {guild}"
    if locale != "en-US":
        cli += f" --locale {locale}"
    if guild_locale != "en-US":
        cli += f" --guild-locale {guild_locale}"
    local = LocalTable(bot_of, db, out_dir=out_dir, locale=locale, guild_locale=guild_locale)
    await local.start()
    service = TableService(open_store(db))
    try:
        await Walker(local, service, walk, log, guild, cli, line).game(max_moves)
    finally:
        service.store.close()
        await local.close()
    walk.check = check_database(db).summary()
    print(f"$ ./start.sh check --db {db}\n{walk.check}", file=log, flush=True)
    return walk


def summary(w: Walk) -> str:
    end = "won" if w.won else "lost" if w.won is False else "unfinished"
    return (f"{w.scenario} {w.players} player(s) seed {w.seed}: {end} in {w.moves} moves "
            f"({w.pressed} clicked, {w.typed} typed), refused {len(w.refused)}; check: {w.check}")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.walk_robinson", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    seeds = sub.add_parser("seeds", help="the greedy table's result per seed (the engine alone)")
    play = sub.add_parser("play", help="play one game on the local table")
    for p in (seeds, play):
        p.add_argument("--scenario", choices=SCENARIOS, required=True)
        p.add_argument("--players", type=int, default=1, choices=(1, 2, 3, 4))
    seeds.add_argument("--first", type=int, default=1)
    seeds.add_argument("--count", type=int, default=40)
    play.add_argument("--seed", type=int, default=None, help="the game's seed (required without --line)")
    play.add_argument("--line", default=None,
                      help="a line file of tools/robinson_line.py: its seed, scenario and moves are played")
    play.add_argument("--db", required=True, help="the database file (a new one per game reads best)")
    play.add_argument("--out", required=True, help="where the posted images are written")
    play.add_argument("--guild", default=None, help="the server to play in (default: the local one)")
    play.add_argument("--locale", default="en-US")
    play.add_argument("--guild-locale", default="en-US")
    args = parser.parse_args(argv)
    if args.what == "seeds":
        rows = greedy_seeds(args.scenario, args.players, args.first, args.count)
        for row in rows:
            print(seed_line(args.scenario, args.players, row))
        print(seeds_tally(args.scenario, args.players, rows))
        return 0
    line = None
    if args.line:
        kept = json.loads(Path(args.line).read_text())
        if (kept["scenario"], len(kept["seats"])) != (args.scenario, args.players):
            parser.error(f"{args.line} is a line of {kept['scenario']} with {len(kept['seats'])} player(s)")
        args.seed = kept["seed"] if args.seed is None else args.seed
        if args.seed != kept["seed"]:
            parser.error(f"{args.line} is the line of seed {kept['seed']}")
        line = [(seat, move) for seat, move in kept["moves"]]
    if args.seed is None:
        parser.error("play needs --seed or --line")
    Path(args.db).parent.mkdir(parents=True, exist_ok=True)
    pacing.make_clock = pacing.virtual_clock  # figures, not waiting: posts are paced on virtual time
    w = asyncio.run(walk_game(args.scenario, args.players, args.seed, args.db, args.out, sys.stdout,
                              guild=args.guild, locale=args.locale, guild_locale=args.guild_locale, line=line))
    print(summary(w))
    for problem in w.refused:
        print("refused:", problem)
    return 0 if w.won is not None and not w.refused and w.check.endswith("clean") else 1


if __name__ == "__main__":
    sys.exit(main())
