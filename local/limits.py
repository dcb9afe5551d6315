"""What Discord refuses for its size or its pace: the local table refuses it the same way.

Discord answers 400 (50035 Invalid Form Body) to a message over any of its limits and posts
nothing; `check_message` raises that error so tests see an over-long reply as the user would
(no answer).  Modelled: content; embeds (count, each text, 6,000 in all); components (5 action
rows, 5 buttons a row, a select alone in its row, 25 options, label/value/description lengths,
custom ids up to 100 and unique in the message); files (10, 10 MiB each).  Also autocomplete
answers (`autocomplete_problems`), the command sync payload (`command_problems`, a command's 4,000
characters counted on the longest localization of each text, as Discord counts them) and embed images
naming `attachment://` files the message does not carry (`attachment_problems`: recorded, not refused).  The fake
Discord server of the protocol test (tests/protocol) answers 400 by these same checks.

`Ledger` counts what the table checked for a sweep: messages checked, refusals (limit violations),
the largest payloads, and posts a channel sent faster than Discord accepts (`RateModel`: 5 posts
per 5 seconds per channel; beyond, Discord answers 429 with retry-after).  The model only counts
by default; with `enforce=True` the post is refused with that 429 (see `LocalTable(rate_limit=...)`).
"""
from __future__ import annotations

import re
import time
from collections import defaultdict, deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional

import discord

from host.limits import (BUTTON_LABEL, CONTENT, EMBED_AUTHOR, EMBED_DESCRIPTION, EMBED_FIELD_NAME, EMBED_FIELD_VALUE,
                         EMBED_FIELDS, EMBED_FOOTER, EMBED_TITLE, EMBED_TOTAL, OPTION_TEXT, PLACEHOLDER,
                         embed_text_size)

from .errors import http_error

MAX_EMBEDS = 10
MAX_ROWS = 5
MAX_BUTTONS_IN_ROW = 5
MAX_OPTIONS = 25
CUSTOM_ID = 100
MAX_FILES = 10
FILE_SIZE = 10 * 1024 * 1024
MAX_CHOICES = 25  # autocomplete and fixed choices
CHOICE_TEXT = 100
COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
COMMAND_DESCRIPTION = 100
MAX_OPTIONS_IN_COMMAND = 25
MAX_CHAT_COMMANDS = 100
COMMAND_TOTAL = 4000  # characters of names, descriptions and choices in one command
LOCALES = frozenset(locale.value for locale in discord.Locale)
RATE_POSTS = 5  # per channel ...
RATE_WINDOW = 5.0  # ... in this many seconds


def _too_long(where: str, text: Any, most: int) -> list[str]:
    return [f"{where}: must be {most} or fewer in length ({len(text)})"] if isinstance(text, str) and len(text) > most \
        else []


def embed_problems(embeds: list[dict[str, Any]]) -> list[str]:
    out = []
    if len(embeds) > MAX_EMBEDS:
        out.append(f"embeds: at most {MAX_EMBEDS}")
    total = 0
    for i, e in enumerate(embeds):
        sizes = [("title", e.get("title"), EMBED_TITLE), ("description", e.get("description"), EMBED_DESCRIPTION),
                 ("footer.text", (e.get("footer") or {}).get("text"), EMBED_FOOTER),
                 ("author.name", (e.get("author") or {}).get("name"), EMBED_AUTHOR)]
        fields = e.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            out.append(f"embeds.{i}.fields: at most {EMBED_FIELDS}")
        for k, f in enumerate(fields):
            sizes += [(f"fields.{k}.name", f.get("name"), EMBED_FIELD_NAME),
                      (f"fields.{k}.value", f.get("value"), EMBED_FIELD_VALUE)]
        for where, text, most in sizes:
            out += _too_long(f"embeds.{i}.{where}", text, most)
        total += embed_text_size(e)
    if total > EMBED_TOTAL:
        out.append(f"embeds: {total} characters in all, more than {EMBED_TOTAL}")
    return out


def component_problems(rows: list[dict[str, Any]]) -> list[str]:
    """Action rows of buttons and string selects, as Discord checks them."""
    out = []
    if len(rows) > MAX_ROWS:
        out.append(f"components: at most {MAX_ROWS} action rows ({len(rows)})")
    ids: list[str] = []
    for r, row in enumerate(rows):
        items = row.get("components") or []
        if row.get("type") != 1 or not items:
            out.append(f"components.{r}: an action row holding at least one component")
            continue
        kinds = {c.get("type") for c in items}
        if kinds - {2} and len(items) > 1:
            out.append(f"components.{r}: a select must be alone in its row")
        if len(items) > MAX_BUTTONS_IN_ROW:
            out.append(f"components.{r}: at most {MAX_BUTTONS_IN_ROW} buttons in a row ({len(items)})")
        for c, item in enumerate(items):
            where = f"components.{r}.components.{c}"
            if item.get("custom_id") is not None:
                ids.append(str(item["custom_id"]))
                out += _too_long(f"{where}.custom_id", str(item["custom_id"]), CUSTOM_ID)
                if not str(item["custom_id"]):
                    out.append(f"{where}.custom_id: must not be empty")
            if item.get("type") == 2:
                out += _too_long(f"{where}.label", item.get("label"), BUTTON_LABEL)
                if not item.get("label") and not item.get("emoji"):
                    out.append(f"{where}: a button needs a label or an emoji")
                if (item.get("url") is None) == (item.get("custom_id") is None) and item.get("style") != 6:
                    out.append(f"{where}: a button has either a url or a custom_id")
            elif item.get("type") == 3:
                options = item.get("options") or []
                if not 1 <= len(options) <= MAX_OPTIONS:
                    out.append(f"{where}.options: 1 to {MAX_OPTIONS} options ({len(options)})")
                values = [o.get("value") for o in options]
                if len(set(values)) != len(values):
                    out.append(f"{where}.options: values must be unique")
                out += _too_long(f"{where}.placeholder", item.get("placeholder"), PLACEHOLDER)
                for o, opt in enumerate(options):
                    for key in ("label", "value", "description"):
                        out += _too_long(f"{where}.options.{o}.{key}", opt.get(key), OPTION_TEXT)
                    out += [f"{where}.options.{o}.{key}: must not be empty" for key in ("label", "value")
                            if not opt.get(key)]
    if len(set(ids)) != len(ids):
        out.append("components: custom ids must be unique in a message")
    return out


def file_problems(uploads: Iterable[tuple[str, bytes]]) -> list[str]:
    uploads = list(uploads)
    out = [f"files: at most {MAX_FILES} ({len(uploads)})"] if len(uploads) > MAX_FILES else []
    out += [f"files.{i}: {len(data)} bytes, more than {FILE_SIZE}" for i, (_, data) in enumerate(uploads)
            if len(data) > FILE_SIZE]
    return out


ATTACHMENT_URL = "attachment://"


def attachment_problems(body: dict[str, Any], uploads: Iterable[tuple[str, bytes]] = (),
                        kept: Iterable[str] = ()) -> list[str]:
    """Embed images named `attachment://<name>` that name no file of the message (uploaded now, listed in its
    `attachments`, or `kept` from before an edit).  Discord does not refuse these: the embed shows no image
    and the file hangs below it as a loose attachment, so they are defects to report, not a 400."""
    names = {name for name, _ in uploads} | set(kept)
    names |= {str(a.get("filename")) for a in body.get("attachments") or [] if a.get("filename")}
    out = []
    for i, e in enumerate(body.get("embeds") or []):
        for where, url in (("image", (e.get("image") or {}).get("url")),
                           ("thumbnail", (e.get("thumbnail") or {}).get("url")),
                           ("author.icon_url", (e.get("author") or {}).get("icon_url")),
                           ("footer.icon_url", (e.get("footer") or {}).get("icon_url"))):
            if isinstance(url, str) and url.startswith(ATTACHMENT_URL) and url[len(ATTACHMENT_URL):] not in names:
                files = ", ".join(sorted(names)) or "none"
                out.append(f"embeds.{i}.{where}: {url} names no file of the message ({files})")
    return out


def problems(body: dict[str, Any], uploads: Iterable[tuple[str, bytes]] = ()) -> list[str]:
    """Why Discord would refuse this message body (and its files) for its size (empty: it fits)."""
    body = body or {}
    out = _too_long("content", body.get("content"), CONTENT)
    out += embed_problems(list(body.get("embeds") or []))
    out += component_problems(list(body.get("components") or []))
    out += file_problems(uploads)
    return out


def autocomplete_problems(choices: list[dict[str, Any]]) -> list[str]:
    out = [f"choices: at most {MAX_CHOICES} ({len(choices)})"] if len(choices) > MAX_CHOICES else []
    for i, c in enumerate(choices):
        out += _too_long(f"choices.{i}.name", c.get("name"), CHOICE_TEXT)
        if isinstance(c.get("value"), str):
            out += _too_long(f"choices.{i}.value", c.get("value"), CHOICE_TEXT)
    return out


def _text_problems(where: str, data: dict[str, Any], key: str, check: Callable[[str], Optional[str]]) -> list[str]:
    texts = [(where + "." + key, data.get(key))]
    localized = data.get(key + "_localizations") or {}
    texts += [(f"{where}.{key}_localizations.{loc}", text) for loc, text in localized.items()]
    out = [f"{w}: {why}" for w, text in texts if (why := check(str(text or "")))]
    return out + [f"{where}.{key}_localizations: {loc!r} is not a Discord locale" for loc in localized
                  if loc not in LOCALES]


def _name(text: str) -> Optional[str]:
    return None if COMMAND_NAME.match(text) else f"{text!r} is not 1-32 letters, digits, - or _"


def _lower_name(text: str) -> Optional[str]:  # a slash command's (and its options') names
    if not COMMAND_NAME.match(text) or text != text.lower():
        return f"{text!r} is not 1-32 lowercase letters, digits, - or _"
    return None


def _description(text: str) -> Optional[str]:
    return None if 1 <= len(text) <= COMMAND_DESCRIPTION else f"{len(text)} characters, not 1-{COMMAND_DESCRIPTION}"


def _choice_name(text: str) -> Optional[str]:
    return None if 1 <= len(text) <= CHOICE_TEXT else f"{len(text)} characters, not 1-{CHOICE_TEXT}"


def _longest(data: dict[str, Any], key: str) -> int:
    """A text's length as Discord counts it toward a command's size: its longest localization (or itself)."""
    texts = [str(data.get(key) or "")] + [str(t or "") for t in (data.get(key + "_localizations") or {}).values()]
    return max(len(t) for t in texts)


def _command_size(data: dict[str, Any]) -> int:
    """The characters Discord counts toward a command's 4,000: names, descriptions, choice names and values,
    all levels, each name and description at its longest localization."""
    own = _longest(data, "name") + _longest(data, "description")
    own += sum(_longest(c, "name") + len(str(c.get("value") or "")) for c in data.get("choices") or [])
    return own + sum(_command_size(o) for o in data.get("options") or [])


def command_problems(commands: list[dict[str, Any]]) -> list[str]:
    """Why Discord would refuse this command sync payload (names, descriptions in every locale, options, choices,
    the order of required options, a command's total size, the number of commands)."""
    out: list[str] = []
    chat = [c for c in commands if int(c.get("type") or 1) == 1]
    if len(chat) > MAX_CHAT_COMMANDS:
        out.append(f"commands: at most {MAX_CHAT_COMMANDS} slash commands ({len(chat)})")
    names = [(int(c.get("type") or 1), c.get("name")) for c in commands]
    if len(set(names)) != len(names):
        out.append("commands: names must be unique per command type")

    def walk(where: str, data: dict[str, Any], slash: bool) -> None:
        nonlocal out
        out += _text_problems(where, data, "name", _lower_name if slash else _name)
        if slash:
            out += _text_problems(where, data, "description", _description)
        options = data.get("options") or []
        if len(options) > MAX_OPTIONS_IN_COMMAND:
            out.append(f"{where}.options: at most {MAX_OPTIONS_IN_COMMAND} ({len(options)})")
        optional = False
        for opt in options:
            if opt.get("type") not in (1, 2):  # subcommands and groups have no order
                if opt.get("required") and optional:
                    out.append(f"{where}.{opt.get('name')}: a required option after an optional one")
                optional = optional or not opt.get("required")
        choices = data.get("choices") or []
        if len(choices) > MAX_CHOICES:
            out.append(f"{where}.choices: at most {MAX_CHOICES} ({len(choices)})")
        for i, choice in enumerate(choices):
            out += _text_problems(f"{where}.choices.{i}", choice, "name", _choice_name)
            if isinstance(choice.get("value"), str):
                out += _too_long(f"{where}.choices.{i}.value", choice["value"], CHOICE_TEXT)
        for opt in options:
            walk(f"{where}.{opt.get('name')}", opt, True)

    for cmd in commands:
        walk(str(cmd.get("name")), cmd, int(cmd.get("type") or 1) == 1)
        if _command_size(cmd) > COMMAND_TOTAL:
            out.append(f"{cmd.get('name')}: {_command_size(cmd)} characters in all, more than {COMMAND_TOTAL}")
    return out


@dataclass
class RateModel:
    """Discord's per-channel pace for the bot's posts: `posts` in `window` seconds, then 429."""

    posts: int = RATE_POSTS
    window: float = RATE_WINDOW
    clock: Callable[[], float] = time.monotonic
    enforce: bool = False  # False: count the 429s Discord would answer, post anyway
    recent: dict[int, deque] = field(default_factory=lambda: defaultdict(deque))

    def retry_after(self, channel_id: int) -> Optional[float]:
        """Record a post to the channel now; the seconds to wait when Discord would refuse it (None: accepted)."""
        now = self.clock()
        recent = self.recent[channel_id]
        while recent and now - recent[0] >= self.window:
            recent.popleft()
        if len(recent) >= self.posts:
            return round(self.window - (now - recent[0]), 3)
        recent.append(now)
        return None


@dataclass
class Ledger:
    """What the table checked and refused, for the sweep (`tools/sweep.py`) and tests."""

    messages: int = 0  # message bodies checked (posts, edits, interaction answers)
    violations: list[str] = field(default_factory=list)  # every limit problem found, one line each
    rate_limited: int = 0  # posts over a channel's pace (answered 429 when enforced)
    rate_limited_by_channel: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    refused: list[tuple[int, int, str]] = field(default_factory=list)  # (channel id, status, why) of 403/404 posts
    largest: dict[str, int] = field(default_factory=lambda: {"content": 0, "embed": 0, "components": 0, "file": 0})
    acks: list[float] = field(default_factory=list)  # seconds from each interaction to its first response
    late_acks: int = 0  # first responses after Discord's 3 s (refused with 10062)

    def saw(self, body: dict[str, Any], uploads: Iterable[tuple[str, bytes]] = ()) -> list[str]:
        self.messages += 1
        body = body or {}
        size = {"content": len(body.get("content") or ""),
                "embed": sum(embed_text_size(e) for e in body.get("embeds") or []),
                "components": sum(len(r.get("components") or []) + sum(len(c.get("options") or [])
                                                                       for c in r.get("components") or [])
                                  for r in body.get("components") or []),
                "file": max((len(d) for _, d in uploads), default=0)}
        for key, n in size.items():
            self.largest[key] = max(self.largest[key], n)
        return []

    def violation(self, found: list[str]) -> None:
        self.violations += found

    def refusals_in(self, channel_id: int) -> int:
        return sum(1 for c, _, _ in self.refused if c == channel_id)


def check_message(body: dict[str, Any], uploads: Iterable[tuple[str, bytes]] = (),
                  ledger: Optional[Ledger] = None, kept: Iterable[str] = ()) -> None:
    """Raise Discord's 400 Invalid Form Body when the message is too large to send; an `attachment://` name
    that matches no file (`attachment_problems`) is recorded as a violation, and the message goes through as
    on Discord."""
    uploads = list(uploads)
    if ledger is not None:
        ledger.saw(body, uploads)
        ledger.violation(attachment_problems(body or {}, uploads, kept))
    found = problems(body or {}, uploads)
    if found:
        if ledger is not None:
            ledger.violation(found)
        raise http_error(400, 50035, "Invalid Form Body: " + "; ".join(found))


__all__ = ["Ledger", "RateModel", "attachment_problems", "autocomplete_problems", "check_message", "command_problems",
           "component_problems", "problems"]
