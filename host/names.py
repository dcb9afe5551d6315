"""Display names inside message text: what a user typed as their name shows as typed, and does nothing else.

Names are stored as Discord gave them (seats, games' creators); they are
escaped here, when a message is written.  `shown(name)` is the one way a name
enters message content or an embed's description/field: cleaned and clipped
(render.names.plain_name), Discord markdown escaped with backslashes (no bold,
headings, lists, links, code, spoilers), `@` followed by a zero-width space
(no @everyone, no <@id>/<@&role> pills, not even for a pasted id), and a name
holding right-to-left letters wrapped in a first-strong isolate so it cannot
turn the sentence around it.  Posts keep their allowed_mentions restricted to
the players they mean to ping (cogs/ops.py), so nothing pings either way.

Board images, button labels and autocomplete choices show no markdown: they take
render.names.plain_name / board_names instead.
"""
from __future__ import annotations

import re
from typing import Mapping

from render.names import isolated, plain_name

# characters Discord markdown gives a meaning to anywhere (emphasis, code, spoilers, masked links, mentions,
# custom emoji, autolinks' "://"); a backslash before one shows it as itself
_MARKDOWN = re.compile(r"([\\*_~`|\[\]<:])")
# and at the start of a line (a name may begin one): headings, subtext, quotes, lists
_LINE_START = re.compile(r"^([#>\-]|\d+\.)")
ZWSP = "\u200b"


def escape(text: str) -> str:
    """`text` with Discord markdown and mentions neutralised (shows as typed, does nothing)."""
    out = _MARKDOWN.sub(r"\\\1", text)
    out = _LINE_START.sub(lambda m: m.group(1)[:-1] + "\\" + m.group(1)[-1], out)
    return out.replace("@", "@" + ZWSP)


def shown(name: object) -> str:
    """A display name as it goes into message text or an embed."""
    return isolated(escape(plain_name(name)))


def shown_names(names: Mapping[str, str]) -> dict[str, str]:
    """The seat -> name mapping for `tm`/`tr` when the result is message text."""
    return {seat: shown(name) for seat, name in names.items()}


__all__ = ["escape", "shown", "shown_names"]
