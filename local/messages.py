"""What the bot said: one :class:`Sent` per message, and how a player reads it."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from .components import Pressable, button_label, pressables, walk
from .registry import DEFAULT_GUILD

__all__ = ["Sent", "Pressable", "pressables", "Replies", "Completions", "humanize_mentions"]

JSON_KEYS = ("guild", "channel", "ephemeral", "content", "embeds", "files", "components")


_MENTION = re.compile(r"<(@!?|#|@&)(\d+)>")


def humanize_mentions(text: str, name_of: Callable[[str, int], Optional[str]]) -> str:
    """``<@123>`` -> ``@alice``, ``<#456>`` -> ``#thread``; ``name_of(kind, id)`` with kind user/channel/role."""

    def sub(m: re.Match[str]) -> str:
        kind = {"@": "user", "@!": "user", "#": "channel", "@&": "role"}[m.group(1)]
        name = name_of(kind, int(m.group(2)))
        if name is None:
            return m.group(0)
        if kind == "channel":
            return name if name.startswith("@") else f"#{name}"
        return f"@{name}"

    return _MENTION.sub(sub, text or "")


@dataclass
class Sent:
    """One message the bot sent (or a new state of one it edited), as a player would see it."""

    channel: str
    ephemeral: bool
    content: str
    embeds: list[dict[str, Any]] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    guild: Optional[str] = None  # the server's name (what --guild takes); None in a DM
    # Not part of the JSON line:
    message_id: Optional[int] = field(default=None, compare=False)
    edited: bool = field(default=False, compare=False)
    to_user: Optional[str] = field(default=None, compare=False)  # who sees an ephemeral message
    kind: str = field(default="message", compare=False)           # 'message' or 'modal'
    private_thread: Optional[int] = field(default=None, compare=False)  # the private thread it was posted in
    hidden: bool = field(default=False, compare=False)  # in a private thread the acting user is not in

    def to_dict(self) -> dict[str, Any]:
        """Exactly the keys guild, channel, ephemeral, content, embeds, files, components."""
        return {k: getattr(self, k) for k in JSON_KEYS}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @property
    def pressables(self) -> list[Pressable]:
        return pressables(self.components)

    @property
    def buttons(self) -> list[str]:
        """Labels of everything pressable, numbered from 1 by ``press``."""
        return [p.label for p in self.pressables]

    def text(self, name_of: Optional[Callable[[str, int], Optional[str]]] = None) -> str:
        """The message as readable text: embeds, images and numbered components included."""
        hum = (lambda s: humanize_mentions(s, name_of)) if name_of else (lambda s: s or "")
        where = self.channel if self.channel.startswith("@") else f"#{self.channel}"
        if self.guild and self.guild.lower() != DEFAULT_GUILD:  # another server than the default one
            where = f"{self.guild} {where}"
        head = f"[{where}]"
        if self.ephemeral:
            head += " (only you)"
        if self.edited:
            head += " (edited)"
        if self.hidden:
            return f"{head} (a private thread you are not in: not shown)"
        lines: list[str] = []
        content = hum(self.content)
        if self.kind == "modal":
            content = f"[form] {content}"
        first, *more = content.split("\n") if content else [""]
        lines.append(f"{head} {first}".rstrip())
        lines.extend(f"  {line}" for line in more)
        for embed in self.embeds:
            bar = "  | "
            if embed.get("author", {}).get("name"):
                lines.append(bar + hum(embed["author"]["name"]))
            if embed.get("title"):
                lines.append(bar + f"** {hum(embed['title'])} **")
            for line in hum(embed.get("description", "")).split("\n") if embed.get("description") else []:
                lines.append(bar + line)
            for f in embed.get("fields", []) or []:
                value = hum(f.get("value", "")).replace("\n", "\n" + bar + "  ")
                lines.append(bar + f"{hum(f.get('name', ''))}: {value}")
            if embed.get("footer", {}).get("text"):
                lines.append(bar + "-- " + hum(embed["footer"]["text"]))
            for key in ("image", "thumbnail"):
                url = (embed.get(key) or {}).get("url") or ""
                if url and not url.startswith("attachment://"):
                    lines.append(bar + f"[{key}] {url}")
        for comp in walk(self.components):
            if comp.get("type") == 10 and comp.get("content"):  # components v2 text display
                lines.extend("  " + line for line in hum(comp["content"]).split("\n"))
        for path in self.files:
            lines.append(f"  [image] {path}" if path.lower().endswith((".png", ".jpg", ".jpeg", ".gif", ".webp"))
                         else f"  [file] {path}")
        for comp in walk(self.components):
            if comp.get("type") == 2 and (comp.get("style") == 5 or comp.get("url")):
                lines.append(f"  [link] {button_label(comp)} {comp.get('url', '')}")
        last_placeholder = None
        for n, p in enumerate(self.pressables, 1):
            if p.component_type == 3 and p.placeholder and p.placeholder != last_placeholder:
                lines.append(f"  {p.placeholder}:")
                last_placeholder = p.placeholder
            suffix = " (disabled)" if p.disabled else ""
            indent = "    " if p.component_type == 3 and p.placeholder else "  "
            lines.append(f"{indent}{n}) {p.label}{suffix}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


class Replies(list):
    """The messages an action produced (a ``list[Sent]``) plus how it went.

    ``refused`` is true when the command or click was unknown, failed, got no
    answer, or the bot marked it refused (``interaction.extras['refused'] =
    True`` or a failed app command).  ``errors`` holds readable reasons.
    """

    def __init__(self, items=(), *, refused: bool = False, errors: Optional[list[str]] = None,
                 details: Optional[list[str]] = None):
        super().__init__(items)
        self.refused = refused
        self.errors: list[str] = list(errors or [])
        self.details: list[str] = list(details or [])  # tracebacks of logged errors


class Completions(list):
    """Autocomplete choices ``(name, value)``, plus errors like :class:`Replies`."""

    def __init__(self, items=(), *, errors: Optional[list[str]] = None):
        super().__init__(items)
        self.errors: list[str] = list(errors or [])
        self.refused = bool(self.errors)
        self.details: list[str] = []
