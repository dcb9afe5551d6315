"""``python bot.py local``: the local table in a terminal.

::

    python bot.py local                                   # interactive
    python bot.py local --as alice "/game new game:wayfinders"   # one command, then exit
    python bot.py local --as bob --channel wayfinders-1 "press 2"
    python bot.py local --guild other --as mallory "/game list everywhere:true"   # another server
    python bot.py local --dm --as mallory "/game list"                            # a direct message

Each one-shot call is a separate process against the same database, which
is exactly asynchronous play across days.  Exit code 0, or 1 when the
command was unknown, malformed or refused by the bot.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
import threading
from typing import Callable, Optional, TextIO

import discord

from host.log_redaction import protect

from .faults import FaultSpecError, parse_faults
from .messages import Completions, Replies
from .parser import Line, LocalError, parse_line
from .registry import DEFAULT_GUILD
from .table import LocalTable
from .timeshift import shifted_clock

__all__ = ["main", "HELP"]

HELP = """\
Type slash commands as on Discord:  /game new game:wayfinders options:"two words"
  Unquoted values run until the next option name; text right after the command
  fills its first required option (/play fly B3). A user option takes a name (/game invite user:carol):
  everyone is a member of the default server, and of another server once they have acted in it.
Table words:
  as NAME [command]     act as another player (created on first use)
  channel NAME          act in another channel or a game's thread (#name also works)
  guild NAME            act in another server (created on first use, with its own #local); 'guild local'
                        is the default server
  dm                    act from your direct messages with the bot ('guild NAME' or 'channel NAME' to go back)
  press N               click button / menu option N of the last bot message here
  complete /cmd opt:xy  show the autocomplete suggestions for the last option
  help [/command]       this help, or the options of matching commands
  quit                  leave (Ctrl-D works too)
Users named in the table's managers (default: admin) have Manage Server in every server."""


class _ErrorsOnly(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR:  # reported with the action they belong to instead
            return False
        # discord.py warns about voice support on every start; the table has no voice.
        return "voice will NOT be supported" not in str(record.msg)


def _setup_logging(verbose: bool) -> None:
    root = logging.getLogger()
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_ErrorsOnly())
    handler.set_name("local-table")
    protect(handler)  # no token or webhook URL in a log line (host/log_redaction.py)
    for h in list(root.handlers):  # the table reports errors itself; quiet other console handlers
        if isinstance(h, logging.StreamHandler) and getattr(h, "stream", None) in (sys.stderr, sys.stdout):
            root.removeHandler(h)
    root.addHandler(handler)
    root.setLevel(logging.INFO if verbose else logging.WARNING)
    logging.getLogger("discord").setLevel(logging.INFO if verbose else logging.WARNING)


class _Console:
    """Prints what the table says, as text or as JSON lines."""

    def __init__(self, table: LocalTable, as_json: bool, verbose: bool, out: TextIO, err: TextIO):
        self.table = table
        self.as_json = as_json
        self.verbose = verbose
        self.out = out
        self.err = err

    def replies(self, replies: Replies) -> None:
        for sent in replies:
            if self.as_json and sent.hidden:  # a private thread the acting user is not in
                continue
            if self.as_json:
                print(sent.to_json(), file=self.out)
            else:
                print(self.table.render(sent), file=self.out)
        self.problems(replies)
        self.out.flush()

    def completions(self, found: Completions) -> None:
        if self.as_json:
            print(json.dumps({"choices": [{"name": n, "value": v} for n, v in found]}, ensure_ascii=False),
                  file=self.out)
        elif not found:
            print("(no suggestions)", file=self.out)
        else:
            for n, (name, value) in enumerate(found, 1):
                print(f"  {n}) {name}" + (f"  -> {value}" if value != name else ""), file=self.out)
        self.problems(found)
        self.out.flush()

    def problems(self, result: Replies | Completions) -> None:
        for text in result.errors:
            print(f"error: {text}", file=self.err)
        if self.verbose:
            for tb in result.details:
                print(tb, file=self.err)
        self.err.flush()

    def error(self, text: str) -> None:
        print(f"error: {text}", file=self.err)
        self.err.flush()

    def note(self, text: str) -> None:
        if not self.as_json:
            print(text, file=self.out)
            self.out.flush()


class _Session:
    def __init__(self, table: LocalTable, console: _Console, user: str, channel: str, guild: Optional[str] = None,
                 dm: bool = False):
        self.table = table
        self.console = console
        self.user = user
        self.channel = channel
        self.guild = guild or DEFAULT_GUILD
        self.dm = dm

    @property
    def where(self) -> dict:
        return {"guild": self.guild, "dm": self.dm}

    async def run_line(self, raw: str) -> Optional[bool]:
        """Run one typed line; True when it went through, False when refused, None to quit."""
        try:
            line = parse_line(raw)
            return await self._run(line)
        except LocalError as exc:
            self.console.error(str(exc))
            return False

    async def _run(self, line: Line) -> Optional[bool]:
        if line.kind == "empty":
            return True
        if line.kind == "quit":
            return None
        if line.kind == "help":
            self.help(line.topic)
            return True
        if line.kind == "as":
            assert line.user is not None
            self.user = line.user
            if not line.text:
                self.console.note(f"you are now {self.user}")
                return True
            return await self._run(parse_line(line.text))
        if line.kind == "channel":
            assert line.channel is not None
            guild = self.table.enter_guild(self.guild)
            created = not self.table.has_channel(line.channel, self.guild)
            if created and (line.channel.startswith("@") or line.channel.isdigit()):
                raise LocalError(f"no channel or thread called {line.channel!r}")
            self.table._channel(line.channel, create=True, guild_id=guild.id)
            self.channel, self.dm = line.channel, False
            self.console.note(f"(new channel #{line.channel})" if created else f"now in #{line.channel}")
            return True
        if line.kind == "guild":
            assert line.guild is not None
            known = {g.lower() for g in self.table.guild_names()}
            guild = self.table.enter_guild(line.guild)
            self.guild, self.channel, self.dm = guild.name, "local", False
            self.console.note(("now in server " if guild.name.lower() in known else "(new server) now in ")
                              + f"{guild.name}, #local")
            return True
        if line.kind == "dm":
            self.dm = True
            self.console.note("now in your direct messages with the bot")
            return True
        if line.kind == "slash":
            replies = await self.table.command(self.user, line.text, self.channel, **self.where)
            self.console.replies(replies)
            return not replies.refused
        if line.kind == "press":
            assert line.n is not None
            replies = await self.table.press(self.user, line.n, self.channel, **self.where)
            self.console.replies(replies)
            return not replies.refused
        if line.kind == "complete":
            found = await self.table.complete(self.user, line.text, self.channel, **self.where)
            self.console.completions(found)
            return not found.refused
        raise LocalError(f"cannot run {line.kind}")

    def help(self, topic: str) -> None:
        lines = self.table.commands_help()
        if topic:
            key = "/" + topic.strip().lstrip("/").lower()
            lines = [ln for ln in lines if ln.lower().startswith(key)]
            if not lines:
                raise LocalError(f"no command matches {topic!r}")
            self.console.note("\n".join(lines))
            return
        self.console.note(HELP)
        self.console.note("Commands:\n" + "\n".join("  " + ln for ln in lines))
        self.console.note(f"Channels of server {self.guild}: " + ", ".join(self.table.channel_names(self.guild)))
        self.console.note("Servers: " + ", ".join(self.table.guild_names()))

    @property
    def prompt(self) -> str:
        if self.dm:
            return f"{self.user} (dm)> "
        where = self.channel if self.channel.startswith("@") else "#" + self.channel.lstrip("#")
        server = "" if self.guild.lower() == DEFAULT_GUILD else f"{self.guild} "
        return f"{self.user} {server}{where}> "


def _reader(loop: asyncio.AbstractEventLoop, queue: "asyncio.Queue[Optional[str]]",
            requests: "list[threading.Event]", prompts: list[str]) -> None:
    """Daemon thread: reads one line per request (so Ctrl-C and exit never wait on stdin)."""
    interactive = sys.stdin.isatty()
    while True:
        ev = requests[0]
        ev.wait()
        ev.clear()
        try:
            line: Optional[str] = input(prompts[0]) if interactive else sys.stdin.readline()
            if not interactive and line == "":
                line = None
            elif line is not None:
                line = line.rstrip("\n")
        except EOFError:
            line = None
        except Exception:
            line = None
        loop.call_soon_threadsafe(queue.put_nowait, line)
        if line is None:
            return


async def _interactive(session: _Session, console: _Console) -> int:
    try:
        import readline  # noqa: F401  (line editing and history for input())
    except ImportError:
        pass
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[Optional[str]] = asyncio.Queue()
    request = threading.Event()
    prompts = [""]
    thread = threading.Thread(target=_reader, args=(loop, queue, [request], prompts), daemon=True,
                              name="local-table-stdin")
    thread.start()
    if sys.stdin.isatty():
        console.note(f"Local table on {session.table.db_path}. You are {session.user} in "
                     f"{session.prompt[len(session.user) + 1:-2]} (server {session.guild}). Type 'help'.")
    while True:
        prompts[0] = session.prompt if not console.as_json else ""
        request.set()
        raw = await queue.get()
        if raw is None:
            break
        result = await session.run_line(raw)
        if result is None:
            break
    return 0


async def _amain(args: argparse.Namespace, make_bot: Callable[[str], discord.Client], one_shot: str) -> int:
    table = LocalTable(make_bot, args.db, out_dir=args.out, locale=args.locale, guild_locale=args.guild_locale,
                       home=None if args.dm else args.guild, clock=args.clock, faults=args.faults)
    console = _Console(table, args.json, args.verbose, sys.stdout, sys.stderr)
    await table.start()
    try:
        session = _Session(table, console, args.user.lstrip("@"), args.channel.lstrip("#") or "local",
                           guild=args.guild, dm=args.dm)
        table.enter_guild(session.guild)
        if one_shot:
            if not args.dm and not table.has_channel(session.channel, session.guild):
                known = ", ".join(table.channel_names(session.guild))
                console.error(f"no channel or thread called {session.channel!r} (there are: {known});"
                              f" 'channel {session.channel}' in the interactive table opens a new one")
                return 1
            result = await session.run_line(one_shot)
            return 0 if result or result is None else 1
        return await _interactive(session, console)
    finally:
        await table.close()


def main(argv: list[str], make_bot: Callable[[str], discord.Client], default_db: str) -> int:
    """Run the local table; returns the process exit code."""
    ap = argparse.ArgumentParser(
        prog="bot.py local", description="The bot in a terminal: no Discord, no network.",
        epilog=HELP, formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--as", dest="user", default="alice", help="who acts (default: alice)")
    ap.add_argument("--db", default=default_db, help="database file (default: %(default)s)")
    ap.add_argument("--channel", default="local", help="channel or thread to act in (default: local)")
    ap.add_argument("--guild", default=None,
                    help="the server to act in, created on first use with its own channels and threads"
                         f" (default: {DEFAULT_GUILD}, the one local server)")
    ap.add_argument("--dm", action="store_true", help="act from a direct message with the bot instead of a channel")
    ap.add_argument("--out", default=None, help="where posted images are written (default: out/)")
    ap.add_argument("--json", action="store_true", help="print each message the bot sends as one JSON line")
    ap.add_argument("--locale", default="en-US", help="the player's Discord locale: en, es, es-ES… (default: en-US)")
    ap.add_argument("--guild-locale", default=None,
                    help="the locale of the server acted in, the language of its thread posts; each server keeps"
                         " the one it was last given (default: en-US)")
    ap.add_argument("--now", default=None,
                    help="run on another clock: an ISO time or an offset such as +36h, +2d, +90m;"
                         " timers due by then fire before the command")
    ap.add_argument("--faults", default="", metavar="SPEC",
                    help="make some of the bot's message writes fail as Discord's sometimes do: e.g. 503x6 (the next"
                         " 6 posts or edits answer 503), 5xx, 429-novia (a 429 without Via), 429-scope (shared),"
                         " net, lost; KIND[xN][/EVERY], several with commas (local/faults.py)")
    ap.add_argument("-v", "--verbose", action="store_true", help="log more, and show tracebacks of errors")
    ap.add_argument("command", nargs="*",
                    help="one line to run, then exit (a slash command, 'press N', 'complete ...')")
    try:
        args = ap.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    valid = {loc.value for loc in discord.Locale}
    short = {"en": "en-US", "es": "es-ES"}
    args.locale = short.get(args.locale, args.locale)
    args.guild_locale = short.get(args.guild_locale, args.guild_locale) if args.guild_locale else None
    if args.guild is not None and not args.guild.strip():
        print("error: --guild takes a server's name", file=sys.stderr)
        return 2
    for given in (args.locale, args.guild_locale or "en-US"):
        if given not in valid:
            print(f"error: unknown locale {given!r}; Discord's are: {', '.join(sorted(valid))}", file=sys.stderr)
            return 2
    try:
        parse_faults(args.faults)
    except FaultSpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    args.clock = None
    if args.now:
        try:
            args.clock = shifted_clock(args.now)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
    _setup_logging(args.verbose)
    one_shot = " ".join(args.command).strip()
    try:
        return asyncio.run(_amain(args, make_bot, one_shot))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `local … | head`: the reader left; no traceback, and nothing more to print
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
