"""An embed cut to Discord's limits (host/limits.py holds the numbers and the text cutting)."""
from __future__ import annotations

from typing import Optional

import discord

from host.limits import (EMBED_AUTHOR, EMBED_DESCRIPTION, EMBED_FIELD_NAME, EMBED_FIELD_VALUE, EMBED_FOOTER,
                         EMBED_TITLE, EMBED_TOTAL, clip, embed_text_size)


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


__all__ = ["fit_embed"]
