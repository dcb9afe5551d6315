"""Which legal moves a typed text means: one rule for `/play` and its autocomplete.

A move matches, case-insensitively, when the text is its id or its label (in English or in the
reader's language, seats read as their players), a prefix of either, or a few words each of which
starts a word of the id or of a label (`fly C5` for `fly:C5`, `End flying` for "End flying and
building").  Only the best kind of match counts (an exact match hides prefixes, an id prefix hides
word matches): autocomplete suggests those moves and `/play` takes one when it is the only one.
"""
from __future__ import annotations

import re
from typing import Mapping, Sequence

from render.names import board_names
from rules import Move
from rules.text import DEFAULT_LOCALE, tr

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def labels_of(move: Move, locale: str, names: Mapping[str, str]) -> list[str]:
    """The label in the reader's language, then in English, then in English with seats as ids (each once)."""
    shown = board_names(names)
    out = [tr(move.text, locale, shown)]
    for label in (tr(move.text, DEFAULT_LOCALE, shown), move.label):
        if label not in out:
            out.append(label)
    return out


def rank(move: Move, typed: str, locale: str, names: Mapping[str, str]) -> int | None:
    """0 exact id or label, 1 id prefix, 2 label prefix, 3 every typed word starts a word; None: no match.
    An empty text matches every move (rank 3)."""
    low = " ".join(typed.lower().split())
    if not low:
        return 3
    ident = move.id.lower()
    labels = [" ".join(label.lower().split()) for label in labels_of(move, locale, names)]
    if low == ident or low in labels:
        return 0
    if ident.startswith(low):
        return 1
    if any(label.startswith(low) for label in labels):
        return 2
    wanted = _words(low)
    pool = set(_words(ident)).union(*(_words(label) for label in labels))
    if wanted and all(any(w.startswith(x) for w in pool) for x in wanted):
        return 3
    return None


def matching(moves: Sequence[Move], typed: str, locale: str, names: Mapping[str, str]) -> list[Move]:
    """The moves `typed` may mean: those of the best rank there is (an exact match, else id prefixes, else
    label prefixes, else word matches), in the engine's order.  Autocomplete shows these; `/play` takes
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


__all__ = ["chosen", "labels_of", "matching", "rank"]
