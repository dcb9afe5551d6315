"""Which legal moves a typed text means: one rule for `/play` and its autocomplete.

A move matches, ignoring case and accents, when the text is its id or its label (in English or in the
reader's language, seats read as their players), a prefix of either, a run of whole words of either
(`at -4,3` for "Place the tile at -4,3"), or a few words each of which starts its own word of the id or
of one label (`fly C5` for `fly:C5`, `End flying` for "End flying and building"; a word typed twice
needs two: "el Cocinero, el Cocinero").  A coordinate such as `-4,3` is one word, sign and order
included, so it never matches -3,4.  Only the best kind of match counts (an exact match hides prefixes,
an id prefix hides the rest, a whole-word run hides scattered words): autocomplete suggests those moves
and `/play` takes one when it is the only one.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Mapping, Sequence

from render.names import board_names
from rules import Move
from rules.text import DEFAULT_LOCALE, tr

_WORD = re.compile(r"-?\d+(?:,-?\d+)+|[^\W_]+", re.UNICODE)  # a coordinate ("-4,3") or a word


def folded(text: str) -> str:
    """`text` lower-case, without accents, its spaces collapsed ("  Explorar  la Isla" -> "explorar la isla")."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(bare.lower().split())


def _words(text: str) -> list[str]:
    return _WORD.findall(folded(text))


def _has_run(words: list[str], wanted: list[str]) -> bool:
    """`wanted` appears in `words` as consecutive whole words."""
    k = len(wanted)
    return any(words[i:i + k] == wanted for i in range(len(words) - k + 1))


def _each_starts_its_own(words: list[str], wanted: list[str]) -> bool:
    """Every typed word starts a different word of `words` (longest typed words placed first)."""
    free = list(words)
    for typed in sorted(wanted, key=len, reverse=True):
        hit = next((i for i, w in enumerate(free) if w.startswith(typed)), None)
        if hit is None:
            return False
        free.pop(hit)
    return True


def labels_of(move: Move, locale: str, names: Mapping[str, str]) -> list[str]:
    """The label in the reader's language, then in English, then in English with seats as ids (each once)."""
    shown = board_names(names)
    out = [tr(move.text, locale, shown)]
    for label in (tr(move.text, DEFAULT_LOCALE, shown), move.label):
        if label not in out:
            out.append(label)
    return out


ANY = 4  # the rank of every move for an empty text


def rank(move: Move, typed: str, locale: str, names: Mapping[str, str]) -> int | None:
    """0 exact id or label, 1 id prefix, 2 label prefix, 3 a run of whole words of the id or a label,
    4 every typed word starts its own word of the id or of one label; None: no match.
    An empty text matches every move (rank 4)."""
    low = folded(typed)
    if not low:
        return ANY
    ident = folded(move.id)
    labels = [folded(label) for label in labels_of(move, locale, names)]
    if low == ident or low in labels:
        return 0
    if ident.startswith(low):
        return 1
    if any(label.startswith(low) for label in labels):
        return 2
    wanted = _words(low)
    if not wanted:
        return None
    sources = [_words(ident)] + [_words(label) for label in labels]
    if any(_has_run(words, wanted) for words in sources):
        return 3
    if any(_each_starts_its_own(words, wanted) for words in sources):
        return 4
    return None


def matching(moves: Sequence[Move], typed: str, locale: str, names: Mapping[str, str]) -> list[Move]:
    """The moves `typed` may mean: those of the best rank there is (an exact match, else id prefixes, else
    label prefixes, else runs of whole words, else word matches), in the engine's order.  Autocomplete shows these; `/play` takes
    the first of several exact matches, or the only one."""
    best: list[Move] = []
    best_rank = None
    for move in moves:
        r = rank(move, typed or "", locale, names)
        if r is None or (best_rank is not None and r > best_rank):
            continue
        if best_rank is None or r < best_rank:
            best, best_rank = [], r
        best.append(move)
    return best


def chosen(moves: Sequence[Move], typed: str, locale: str, names: Mapping[str, str]) -> tuple[Move | None, list[Move]]:
    """(the move `typed` means, or None; the moves it may mean).  Of several exact matches (ids differing only
    in case), the one typed exactly wins, else the first."""
    if not (typed or "").strip():
        return None, []
    found = matching(moves, typed, locale, names)
    if len(found) > 1 and rank(found[0], typed, locale, names) == 0:
        return next((m for m in found if m.id == typed.strip()), found[0]), found
    return (found[0] if len(found) == 1 else None), found


__all__ = ["chosen", "folded", "labels_of", "matching", "rank"]
