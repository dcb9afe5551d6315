"""Reading what a player types at the local table.

A slash command is written the way a Discord user types it::

    /game new game:wayfinders options:"exploration mix=9/8/7"
    /play move:fly B3                 # unquoted values run until the next option name
    /play fly B3                      # text before any option fills the first required option,
                                      # as Discord's own client does

Besides slash commands the table understands a few words of its own:
``as NAME [command]``, ``channel NAME``, ``guild NAME``, ``dm``, ``press N``,
``complete /cmd opt:partial``, ``help [command]`` and ``quit``.

This module knows nothing about discord.py; it only splits text.  Which words
are subcommands and which option names exist is decided against the real
command tree in :mod:`local.payloads`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Optional

__all__ = ["LocalError", "ParseError", "Line", "parse_line", "parse_command", "split_slash", "parse_options",
           "BARE"]

#: Key under which :func:`parse_options` returns text typed before any ``name:``.
BARE = ""

_NAME = re.compile(r"([A-Za-z0-9_\-]+):")
_USER_NAME = re.compile(r"^@?[A-Za-z0-9_.\-]{1,32}$")


class LocalError(Exception):
    """The local table cannot do what was asked (unknown command, nothing to press, ...).

    Raised before anything reaches the bot; the message is meant for the player.
    """


class ParseError(LocalError, ValueError):
    """The line cannot be read; the message says why, in words a player understands."""


@dataclass
class Line:
    """One line typed at the table.

    kind is one of ``slash``, ``as``, ``channel``, ``guild``, ``dm``, ``press``,
    ``complete``, ``help``, ``quit`` or ``empty``.
    """

    kind: str
    text: str = ""  # the slash command text for slash/complete/as (may be empty for 'as')
    user: Optional[str] = None
    channel: Optional[str] = None
    guild: Optional[str] = None
    n: Optional[int] = None
    topic: str = ""
    extra: dict = field(default_factory=dict)


def parse_line(raw: str) -> Line:
    """Classify one typed line; slash commands are returned unsplit in ``text``."""
    text = raw.strip()
    if not text or text.startswith("#!"):
        return Line("empty")
    if text.startswith("/"):
        return Line("slash", text=text)
    word, _, rest = text.partition(" ")
    word = word.lower()
    rest = rest.strip()
    if word in ("quit", "exit", "q", ":q"):
        return Line("quit")
    if word in ("help", "?", "h"):
        return Line("help", topic=rest)
    if word == "as":
        if not rest:
            raise ParseError("say who: as NAME")
        name, _, tail = rest.partition(" ")
        name = name.lstrip("@")
        if not _USER_NAME.match(name):
            raise ParseError(f"{name!r} is not a user name (letters, digits, _ . - up to 32)")
        tail = tail.strip()
        if tail and not tail.startswith("/") and tail.split()[0].lower() not in ("press", "complete"):
            raise ParseError("after 'as NAME' give a slash command, 'press N' or 'complete ...'")
        return Line("as", user=name, text=tail)
    if word in ("channel", "cd", "in"):
        if not rest:
            raise ParseError("say which channel: channel NAME")
        return Line("channel", channel=rest.lstrip("#").strip())
    if word in ("guild", "server"):
        if not rest:
            raise ParseError("say which server: guild NAME")
        return Line("guild", guild=rest)
    if word == "dm":
        if rest:
            raise ParseError("dm takes nothing: it moves you to your direct messages with the bot")
        return Line("dm")
    if word in ("press", "click", "p"):
        if not (rest.isascii() and rest.isdigit()):
            raise ParseError("press takes a number, e.g. press 1")
        if len(rest) > 3:  # a message holds at most 25 components; never int() of thousands of digits
            raise ParseError("press takes a component's number: 1 to 25")
        n = int(rest)
        if n < 1:
            raise ParseError("components are numbered from 1")
        return Line("press", n=n)
    if word in ("complete", "tab"):
        if not rest.startswith("/"):
            raise ParseError("complete takes a slash command, e.g. complete /play move:fl")
        return Line("complete", text=rest)
    raise ParseError(f"unknown input {text!r}: slash commands start with '/'; try 'help'")


def split_slash(text: str) -> tuple[list[str], str]:
    """``'/game new game:x'`` -> ``(['game', 'new'], 'game:x')``.

    The path is every leading word that is not an option (``name:...``).  The
    caller trims it against the real tree: surplus words are the start of
    the bare text for the first option.
    """
    text = text.strip()
    if not text.startswith("/"):
        raise ParseError("slash commands start with '/'")
    body = text[1:].lstrip()
    if not body:
        raise ParseError("which command? try 'help'")
    words: list[str] = []
    i = 0
    n = len(body)
    while i < n:
        while i < n and body[i].isspace():
            i += 1
        if i >= n:
            break
        j = i
        while j < n and not body[j].isspace():
            j += 1
        word = body[i:j]
        if ":" in word or word[:1] in "\"'":
            break
        words.append(word)
        i = j
    rest = body[i:].strip()
    return words, rest


def _read_quoted(text: str, i: int) -> Optional[tuple[str, int]]:
    """Read a quoted value starting at text[i]; None when the quote is not closed."""
    quote = text[i]
    out: list[str] = []
    j = i + 1
    while j < len(text):
        ch = text[j]
        if ch == "\\" and j + 1 < len(text) and text[j + 1] in (quote, "\\"):
            out.append(text[j + 1])
            j += 2
            continue
        if ch == quote:
            end = j + 1
            # a closing quote ends the value only at a word boundary
            if end >= len(text) or text[end].isspace():
                return "".join(out), end
        out.append(ch)
        j += 1
    return None


def _is_boundary(text: str, i: int, names: Optional[set[str]]) -> bool:
    """Whether an option ``name:`` starts at text[i]."""
    m = _NAME.match(text, i)
    if not m:
        return False
    return names is None or m.group(1).lower() in names


def _read_value(text: str, i: int, names: Optional[set[str]]) -> tuple[str, int]:
    """Read one value from text[i]; quoted values keep their inner spaces exactly."""
    if i < len(text) and text[i] in "\"'":
        quoted = _read_quoted(text, i)
        if quoted is not None:
            return quoted
    j = i
    while j < len(text):
        if text[j].isspace():
            k = j
            while k < len(text) and text[k].isspace():
                k += 1
            if k >= len(text) or _is_boundary(text, k, names):
                return text[i:j].strip(), k
            j = k
            continue
        j += 1
    return text[i:j].strip(), j


def parse_options(rest: str, names: Optional[Iterable[str]] = None) -> dict[str, str]:
    """``'game:wayfinders options:"a b"'`` -> ``{'game': 'wayfinders', 'options': 'a b'}``.

    With ``names`` (the command's option names) only those count as option
    starts, so an unquoted value may contain spaces and colons.  Text before
    the first option is returned under the key :data:`BARE`.  Keys are the
    names as typed, lower-cased.
    """
    known = {n.lower() for n in names} if names is not None else None
    out: dict[str, str] = {}
    text = rest.strip()
    i = 0
    while i < len(text):
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        if _is_boundary(text, i, known):
            m = _NAME.match(text, i)
            assert m is not None
            name = m.group(1).lower()
            if name in out:
                raise ParseError(f"option {name} is given twice")
            out[name], i = _read_value(text, m.end(), known)
        else:
            if out:
                raise ParseError(f"expected option:value, found {text[i:]!r}")
            out[BARE], i = _read_value(text, i, known)
    return out


def parse_command(text: str, option_names: Optional[Iterable[str]] = None) -> tuple[list[str], dict[str, str]]:
    """``'/game new game:x opt:"a b"'`` -> ``(['game', 'new'], {'game': 'x', 'opt': 'a b'})``.

    Without the command tree: the path is every leading word without a
    colon, and text before the first option comes back under :data:`BARE`.
    :func:`local.payloads.read_command_line` does the same against the
    real tree (subcommand depth, option names, first-required-option fill).
    """
    words, rest = split_slash(text)
    return words, parse_options(rest, option_names)
