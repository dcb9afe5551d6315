"""Right-to-left text in visual order, in pure Python (when Pillow has no raqm/fribidi layout).

`visual(text)` is the Unicode Bidirectional Algorithm (UAX #9) for one line
without explicit embeddings (names are cleaned of those, see render.names):
paragraph direction from the first strong character (P2/P3), weak types
W1-W7, neutrals N1/N2, implicit levels I1/I2, reordering L2 and mirrored
brackets L4.  The result drawn left to right with Pillow's basic layout reads
as raqm would draw the logical text (Arabic letters keep their isolated forms:
`shape_arabic` gives them their joined forms from Unicode's presentation forms).
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Optional

RTL_TYPES = frozenset({"R", "AL", "AN"})
_STRONG = frozenset({"L", "R", "AL"})
_NEUTRAL = frozenset({"B", "S", "WS", "ON", "BN"})
_EXPLICIT = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
_MIRROR = dict(zip("()[]{}<>«»‹›", ")(][}{><»«›‹"))


def _arabic_forms() -> dict[str, dict[str, str]]:
    """Letter (or lam-alef pair) -> {"isolated"|"final"|"initial"|"medial": presentation form}, from the
    compatibility decompositions of the presentation-form blocks."""
    forms: dict[str, dict[str, str]] = {}
    for cp in range(0xFB50, 0xFF00):
        tag, *parts = (unicodedata.decomposition(chr(cp)) or "-").split()
        if tag[1:-1] in ("isolated", "final", "initial", "medial") and (len(parts) == 1 or parts[0] == "0644"):
            key = "".join(chr(int(x, 16)) for x in parts)
            if len(key) == 1 or key[1] in "\u0622\u0623\u0625\u0627":  # letters, and lam-alef ligatures
                forms.setdefault(key, {}).setdefault(tag[1:-1], chr(cp))
    return forms


_FORMS = _arabic_forms()
_JOIN_CAUSING = frozenset("\u0640\u200d")  # tatweel, zero-width joiner


_LAM, _ALEFS = "\u0644", "\u0622\u0623\u0625\u0627"


def _dual(unit: str) -> bool:
    """The letter joins the one after it (lam-alef, like alef, does not)."""
    return unit in _JOIN_CAUSING or "initial" in _FORMS.get(unit, {})


def _joins_previous(unit: str) -> bool:
    return unit in _JOIN_CAUSING or "final" in _FORMS.get(unit, {})


@lru_cache(maxsize=4096)
def shape_arabic(text: str) -> str:
    """Arabic letters of `text` (logical order) in their joined presentation forms, lam-alef as one ligature;
    marks between letters do not break a join."""
    if not any(c in _FORMS for c in text):
        return text
    units: list[list[str]] = []  # [letter or lam-alef pair, its marks]
    for ch in text:
        if units and unicodedata.category(ch) == "Mn":
            units[-1][1] += ch
        elif units and ch in _ALEFS and units[-1] == [_LAM, ""]:
            units[-1][0] += ch
        else:
            units.append([ch, ""])
    out = []
    for k, (base, marks) in enumerate(units):
        forms = _FORMS.get(base)
        if not forms:
            out.append(base + marks)
            continue
        before = k > 0 and _dual(units[k - 1][0]) and _joins_previous(base)
        after = k + 1 < len(units) and _dual(base) and _joins_previous(units[k + 1][0])
        form = "medial" if before and after else "final" if before else "initial" if after else "isolated"
        out.append(forms.get(form, base) + marks)
    return "".join(out)


def needs_bidi(text: str) -> bool:
    """True when `text` holds right-to-left letters or Arabic digits (its visual order differs)."""
    return any(unicodedata.bidirectional(c) in RTL_TYPES for c in text)


def _paragraph_level(types: list[str]) -> int:
    for t in types:
        if t in _STRONG:
            return 0 if t == "L" else 1
    return 0


def _weak(types: list[str], para: int) -> list[str]:
    sos = "R" if para else "L"
    out = list(types)
    # W1: a mark takes the type of the character before it
    for i, t in enumerate(out):
        if t == "NSM":
            out[i] = out[i - 1] if i else sos
    # W2: European digits after Arabic letters are Arabic digits; W3: AL is R
    last = sos
    for i, t in enumerate(out):
        if t in _STRONG:
            last = t
        elif t == "EN" and last == "AL":
            out[i] = "AN"
    out = ["R" if t == "AL" else t for t in out]
    # W4: one separator between two numbers of the same kind joins them
    for i in range(1, len(out) - 1):
        a, t, b = out[i - 1], out[i], out[i + 1]
        if t == "ES" and a == b == "EN":
            out[i] = "EN"
        elif t == "CS" and a == b and a in ("EN", "AN"):
            out[i] = a
    # W5: terminators (%, $, #…) next to European digits are European digits
    i = 0
    while i < len(out):
        if out[i] == "ET":
            j = i
            while j < len(out) and out[j] == "ET":
                j += 1
            if (i and out[i - 1] == "EN") or (j < len(out) and out[j] == "EN"):
                out[i:j] = ["EN"] * (j - i)
            i = j
        else:
            i += 1
    # W6: remaining separators and terminators are neutral
    out = ["ON" if t in ("ES", "ET", "CS") else t for t in out]
    # W7: European digits after a left-to-right letter are left-to-right
    last = sos
    for i, t in enumerate(out):
        if t in ("L", "R"):
            last = t
        elif t == "EN" and last == "L":
            out[i] = "L"
    return out


def _neutrals(types: list[str], para: int) -> list[str]:
    """N1/N2: a run of neutrals between two strong types of the same direction takes it (numbers count as
    right-to-left); any other run takes the paragraph's direction."""
    edge = "R" if para else "L"
    out = list(types)

    def strong(t: str) -> str:
        return "R" if t in ("R", "AN", "EN") else t

    i = 0
    while i < len(out):
        if out[i] not in _NEUTRAL:
            i += 1
            continue
        j = i
        while j < len(out) and out[j] in _NEUTRAL:
            j += 1
        before = strong(out[i - 1]) if i else edge
        after = strong(out[j]) if j < len(out) else edge
        out[i:j] = [before if before == after else edge] * (j - i)
        i = j
    return out


def _levels(types: list[str], para: Optional[int]) -> tuple[list[int], int]:
    """Resolved embedding levels of a line of bidi types (explicit controls count as neutrals), and the
    paragraph level (given, or from the first strong type)."""
    types = ["BN" if t in _EXPLICIT else t for t in types]
    para = _paragraph_level(types) if para is None else para
    resolved = _neutrals(_weak(types, para), para)
    if para == 0:  # I1: on an even level, R goes one up, numbers two
        out = [1 if t == "R" else 2 if t in ("AN", "EN") else 0 for t in resolved]
    else:  # I2: on an odd level, L and numbers go one up
        out = [2 if t in ("L", "EN", "AN") else 1 for t in resolved]
    # L1: trailing whitespace goes back to the paragraph level
    k = len(types)
    while k and types[k - 1] in ("WS", "BN", "S"):
        k -= 1
        out[k] = para
    return out, para


def levels(text: str, para: Optional[int] = None) -> list[int]:
    """The resolved embedding level of each character of `text`."""
    return _levels([unicodedata.bidirectional(c) or "L" for c in text], para)[0]


_OPEN = {"\u2066": 0, "\u2067": 1, "\u2068": None}  # LRI, RLI, FSI: the direction of the isolate
_PDI = "\u2069"


def _items(text: str) -> list[tuple[str, str, bool]]:
    """`text` as (piece, bidi type, is an isolate): one character each, except an isolate (LRI/RLI/FSI …
    PDI), which is one piece already in visual order, standing as a neutral in the line around it."""
    items: list[tuple[str, str, bool]] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _OPEN:
            depth, j = 1, i + 1
            while j < len(text) and depth:
                depth += 1 if text[j] in _OPEN else -1 if text[j] == _PDI else 0
                j += 1
            body = text[i + 1: j - 1 if depth == 0 else j]
            items.append((visual(body, _OPEN[ch]), "ON", True))
            i = j
        elif ch == _PDI:  # unmatched
            i += 1
        else:
            items.append((ch, unicodedata.bidirectional(ch) or "L", False))
            i += 1
    return items


@lru_cache(maxsize=4096)
def visual(text: str, para: Optional[int] = None) -> str:
    """`text` (one line, logical order) in left-to-right display order.  `para`: the paragraph's direction
    (0 left-to-right, 1 right-to-left; None: from its first strong character).  Isolates (FSI…PDI, as
    render.names puts around a name) keep their own order inside, the way raqm lays them out."""
    if not needs_bidi(text):
        return "".join(c for c in text if c not in _OPEN and c != _PDI)
    items = _items(text)
    lv, _ = _levels([t for _, t, _ in items], para)
    pieces = [_MIRROR.get(p, p) if lv[i] % 2 and not block else p for i, (p, _, block) in enumerate(items)]  # L4
    # a base and its marks move as one, so a mark still follows (and overlays) its letter (fribidi's REORDER_NSM)
    units: list[list[int]] = []
    for i, (_, t, _) in enumerate(items):
        if units and t == "NSM":
            units[-1].append(i)
        else:
            units.append([i])
    top = max(lv)
    lowest_odd = min((v for v in lv if v % 2), default=top + 1)
    for level in range(top, lowest_odd - 1, -1):  # L2
        i = 0
        while i < len(units):
            if lv[units[i][0]] >= level:
                j = i
                while j < len(units) and lv[units[j][0]] >= level:
                    j += 1
                units[i:j] = units[i:j][::-1]
                i = j
            else:
                i += 1
    return "".join(pieces[k] for unit in units for k in unit if items[k][1] not in _EXPLICIT)


__all__ = ["levels", "needs_bidi", "shape_arabic", "visual"]
