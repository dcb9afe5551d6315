"""Display names as they may be shown: cleaned of control characters and clipped.

A Discord display name is anything its owner typed: line breaks, bidi
overrides (U+202E turns the rest of a line around), emoji sequences of seven
code points.  `plain_name` is the one cleaning every shown name goes through
(board images through `board_names`, message text through `host.names.shown`):
control and bidi-override characters removed, whitespace collapsed, clipped to
`MAX_NAME` user-perceived characters with "…" (an emoji sequence or a letter
with its accents counts as one and is never cut in half).

Pure string functions: nothing here draws or talks to Discord.
"""
from __future__ import annotations

import unicodedata
from typing import Mapping

from .bidi import needs_bidi

MAX_NAME = 32
ELLIPSIS = "…"

ZWJ = "\u200d"
# explicit bidi controls: embeddings, overrides, isolates, marks.  A name must not turn the text around it.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
ISOLATES = frozenset("\u2066\u2067\u2068\u2069")  # LRI, RLI, FSI, PDI
FSI, PDI = "\u2068", "\u2069"


def _joins_previous(ch: str) -> bool:
    """A code point that belongs to the cluster before it (accents, emoji modifiers, variation and tag characters)."""
    cp = ord(ch)
    return (unicodedata.category(ch) in ("Mn", "Mc", "Me")
            or ch == ZWJ
            or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF  # variation selectors
            or 0x1F3FB <= cp <= 0x1F3FF  # skin tones
            or 0xE0020 <= cp <= 0xE007F)  # tags (subdivision flags)


def _regional(ch: str) -> bool:
    return 0x1F1E6 <= ord(ch) <= 0x1F1FF


def graphemes(text: str) -> list[str]:
    """`text` cut into user-perceived characters (a close approximation of Unicode's extended grapheme
    clusters: base + marks, emoji ZWJ sequences, modifiers, flags as regional-indicator pairs)."""
    out: list[str] = []
    glue = False  # the previous code point was a ZWJ: this one continues its cluster
    for ch in text:
        if out and (glue or _joins_previous(ch)):
            out[-1] += ch
        elif out and _regional(ch) and _regional(out[-1][-1]) and sum(map(_regional, out[-1])) % 2 == 1:
            out[-1] += ch  # the second half of a flag
        else:
            out.append(ch)
        glue = ch == ZWJ
    return out


def clean(name: object) -> str:
    """`name` on one line: control characters and line breaks become spaces, bidi controls go,
    runs of whitespace become one space."""
    kept = []
    for ch in str(name):
        if ch in BIDI_CONTROLS:
            continue
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Zl", "Zp", "Cs") or ch.isspace():
            kept.append(" ")
        else:
            kept.append(ch)
    return " ".join("".join(kept).split())


def clip(text: str, limit: int = MAX_NAME) -> str:
    """`text` cut to `limit` user-perceived characters, the last being "…" when anything was cut."""
    parts = graphemes(text)
    if len(parts) <= limit:
        return text
    return "".join(parts[: limit - 1]).rstrip() + ELLIPSIS


def plain_name(name: object, limit: int = MAX_NAME) -> str:
    """The name as it may be shown anywhere (no markup escaping: see host.names.shown for message text)."""
    return clip(clean(name), limit) or "?"


def isolated(name: str) -> str:
    """`name` in a first-strong isolate when it holds right-to-left letters: it reads in its own direction
    and does not pull the words or numbers around it into its run."""
    return f"{FSI}{name}{PDI}" if needs_bidi(name) else name


def board_names(names: Mapping[str, str] | None) -> dict[str, str]:
    """The seat -> name mapping handed to the drawing layer: every name through `plain_name`, isolated."""
    return {seat: isolated(plain_name(name)) for seat, name in (names or {}).items()}


__all__ = ["ELLIPSIS", "MAX_NAME", "board_names", "clean", "clip", "graphemes", "isolated", "plain_name"]
