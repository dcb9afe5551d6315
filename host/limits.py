"""Discord's size limits on what the bot sends, and cutting text down to them.

`quote` shortens a piece of user input that a reply repeats back ("There is no
move …"); `fit_content` here and `fit_embed` (cogs/limits.py) are the last line of
defence that `cogs/ops.py` applies to every message, so an over-long text is cut
with "…" instead of Discord refusing the whole message (and the user getting no answer).
"""
from __future__ import annotations

from typing import Any, Optional

CONTENT = 2000  # message content
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELD_NAME = 256
EMBED_FIELD_VALUE = 1024
EMBED_FIELDS = 25  # fields per embed
EMBED_FOOTER = 2048
EMBED_AUTHOR = 256
EMBED_TOTAL = 6000  # the sum of every text of every embed of one message
QUOTE = 100  # user input repeated in a reply
BUTTON_LABEL = 80
OPTION_TEXT = 100  # a select option's label or description, an autocomplete choice's name, a thread's name
PLACEHOLDER = 150


def clip(text: str, n: int) -> str:
    """`text` in at most `n` characters, ending with "…" when it was cut."""
    text = text or ""
    return text if len(text) <= n else text[: max(0, n - 1)] + "…"


def label(text: str, n: int = BUTTON_LABEL) -> str:
    """A label (button, select option, choice, thread name) in at most `n` characters: cut at the last word
    boundary that leaves room for "…" (mid-word only when a single word is longer than half of `n`)."""
    text = " ".join((text or "").split())
    if len(text) <= n:
        return text
    room = text[: n - 1]
    cut = room.rstrip()
    space = cut.rfind(" ", 0, len(cut) if text[n - 1] == " " else len(cut) + 1)
    if text[n - 1] != " " and space >= n // 2:
        cut = room[:space]
    return cut.rstrip(" ,;:·-—(") + "…"


def pack_lines(lines: list[str], n: int = EMBED_FIELD_VALUE) -> list[str]:
    """Lines joined into as few texts of at most `n` characters as they fit in (one embed field each), never
    splitting a line (a line longer than `n` alone is cut with "…")."""
    out: list[str] = []
    for line in (clip(x, n) for x in lines):
        if out and len(out[-1]) + 1 + len(line) <= n:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def quote(text: object, n: int = QUOTE) -> str:
    """User input as a reply repeats it: printable characters only, at most `n` of them."""
    return clip("".join(ch for ch in str(text if text is not None else "") if ch.isprintable()), n)


def fit_content(content: Optional[str]) -> Optional[str]:
    return clip(content, CONTENT) if content else content


def embed_text_size(data: dict[str, Any]) -> int:
    """The characters Discord counts towards an embed's 6,000 (title, description, fields, footer, author)."""
    size = len(data.get("title") or "") + len(data.get("description") or "")
    size += sum(len(f.get("name") or "") + len(f.get("value") or "") for f in data.get("fields") or [])
    size += len((data.get("footer") or {}).get("text") or "") + len((data.get("author") or {}).get("name") or "")
    return size


__all__ = ["CONTENT", "QUOTE", "BUTTON_LABEL", "OPTION_TEXT", "PLACEHOLDER", "clip", "embed_text_size", "fit_content",
           "label", "pack_lines", "quote"]
