"""What Discord refuses in a message body for its size: the local table refuses it the same way.

Discord answers 400 (50035 Invalid Form Body) to a message whose content is over
2,000 characters or whose embed texts are over their limits, and posts nothing;
`check_message` raises that error so tests see an over-long reply as the user
would (no answer).  Other limits (components, files, ...) are not modelled yet.
"""
from __future__ import annotations

from typing import Any

from host.limits import (CONTENT, EMBED_AUTHOR, EMBED_DESCRIPTION, EMBED_FIELD_NAME, EMBED_FIELD_VALUE, EMBED_FOOTER,
                      EMBED_TITLE, EMBED_TOTAL, embed_text_size)

from .errors import http_error

MAX_EMBEDS = 10
MAX_FIELDS = 25


def problems(body: dict[str, Any]) -> list[str]:
    """Why Discord would refuse this message body for its size (empty: it fits)."""
    out = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        out.append(f"content: must be {CONTENT} or fewer in length ({len(content)})")
    embeds = body.get("embeds") or []
    if len(embeds) > MAX_EMBEDS:
        out.append(f"embeds: at most {MAX_EMBEDS}")
    total = 0
    for i, e in enumerate(embeds):
        sizes = [("title", e.get("title"), EMBED_TITLE), ("description", e.get("description"), EMBED_DESCRIPTION),
                 ("footer.text", (e.get("footer") or {}).get("text"), EMBED_FOOTER),
                 ("author.name", (e.get("author") or {}).get("name"), EMBED_AUTHOR)]
        fields = e.get("fields") or []
        if len(fields) > MAX_FIELDS:
            out.append(f"embeds.{i}.fields: at most {MAX_FIELDS}")
        for k, f in enumerate(fields):
            sizes += [(f"fields.{k}.name", f.get("name"), EMBED_FIELD_NAME),
                      (f"fields.{k}.value", f.get("value"), EMBED_FIELD_VALUE)]
        out += [f"embeds.{i}.{where}: must be {most} or fewer in length ({len(text)})"
                for where, text, most in sizes if isinstance(text, str) and len(text) > most]
        total += embed_text_size(e)
    if total > EMBED_TOTAL:
        out.append(f"embeds: {total} characters in all, more than {EMBED_TOTAL}")
    return out


def check_message(body: dict[str, Any]) -> None:
    """Raise Discord's 400 Invalid Form Body when the message is too large to send."""
    found = problems(body or {})
    if found:
        raise http_error(400, 50035, "Invalid Form Body: " + "; ".join(found))


__all__ = ["check_message", "problems"]
