"""Discord's size limits on what the bot sends, and cutting text down to them.

`quote` shortens a piece of user input that a reply repeats back ("There is no
move …"); `fit_content` and `fit_embed` are the last line of defence that
`cogs/ops.py` applies to every message, so an over-long text is cut with "…"
instead of Discord refusing the whole message (and the user getting no answer).
"""
from __future__ import annotations

from typing import Optional

import discord

CONTENT = 2000  # message content
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000  # the sum of every text of every embed of one message
QUOTE = 100  # user input repeated in a reply


def clip(text: str, n: int) -> str:
    """`text` in at most `n` characters, ending with "…" when it was cut."""
    text = text or ""
    return text if len(text) <= n else text[: max(0, n - 1)] + "…"


def quote(text: object, n: int = QUOTE) -> str:
    """User input as a reply repeats it: printable characters only, at most `n` of them."""
    return clip("".join(ch for ch in str(text if text is not None else "") if ch.isprintable()), n)


def fit_content(content: Optional[str]) -> Optional[str]:
    return clip(content, CONTENT) if content else content


def fit_embed(embed: Optional[discord.Embed]) -> Optional[discord.Embed]:
    """A copy of `embed` whose texts fit their limits, and their sum the 6,000 of one message."""
    if embed is None:
        return None
    data = embed.to_dict()
    if data.get("title"):
        data["title"] = clip(data["title"], EMBED_TITLE)
    if data.get("description"):
        data["description"] = clip(data["description"], EMBED_DESCRIPTION)
    for f in data.get("fields") or []:
        f["name"] = clip(f.get("name") or "", EMBED_FIELD_NAME) or "-"
        f["value"] = clip(f.get("value") or "", EMBED_FIELD_VALUE) or "-"
    if (data.get("footer") or {}).get("text"):
        data["footer"]["text"] = clip(data["footer"]["text"], EMBED_FOOTER)
    if (data.get("author") or {}).get("name"):
        data["author"]["name"] = clip(data["author"]["name"], EMBED_AUTHOR)
    _fit_total(data)
    return discord.Embed.from_dict(data)


def _fit_total(data: dict) -> None:
    """Cut texts until the embed's sum is within 6,000: the description first, then the field values
    from the last, the footer, the field names, the author, the title."""
    fields = data.get("fields") or []
    places = [(data, "description")] + [(f, "value") for f in reversed(fields)]
    places += [(data.get("footer") or {}, "text")] + [(f, "name") for f in reversed(fields)]
    places += [(data.get("author") or {}, "name"), (data, "title")]
    for holder, key in places:
        over = embed_text_size(data) - EMBED_TOTAL
        if over <= 0:
            return
        text = holder.get(key) or ""
        if text:
            holder[key] = clip(text, max(1, len(text) - over))


def embed_text_size(data: dict) -> int:
    """The characters Discord counts towards an embed's 6,000 (title, description, fields, footer, author)."""
    size = len(data.get("title") or "") + len(data.get("description") or "")
    size += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in data.get("fields") or [])
    size += len((data.get("footer") or {}).get("text") or "") + len((data.get("author") or {}).get("name") or "")
    return size


__all__ = ["CONTENT", "QUOTE", "clip", "embed_text_size", "fit_content", "fit_embed", "quote"]
