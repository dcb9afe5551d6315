"""Parsing the free-text `options:` of `/game new` into a dict for the engine.

Written as a player would type it: `exploration mix=9/8/7 layout=A1:res01,B1:sco02`.
A bare word is a flag set to true; `a/b/c` is a list of numbers; `k:v,k:v` a mapping.
The engine's own pydantic Options model validates the result.
"""
from __future__ import annotations

import shlex
from typing import Any

from .limits import quote
from .numbers import is_ascii_int, refuse_foreign_digits


def _scalar(text: str, key: str) -> Any:
    """A flag word, a number (ASCII digits only: `'٣'` or `'①'` is refused), or the text itself."""
    low = text.lower()
    if low in ("true", "yes", "on", "si", "sí"):
        return True
    if low in ("false", "no", "off"):
        return False
    if is_ascii_int(text):
        return int(text)
    refuse_foreign_digits(text, quote(key, 40))
    return text


def _value(text: str, key: str) -> Any:
    if "," in text and ":" in text:
        pairs = [p.split(":", 1) for p in text.split(",") if p]
        if all(len(p) == 2 for p in pairs):
            return {k.strip(): _scalar(v.strip(), key) for k, v in pairs}
    if "/" in text:
        return [_scalar(p, key) for p in text.split("/")]
    return _scalar(text, key)


def parse_option_text(text: str) -> dict[str, Any]:
    """`'exploration mix=9/8/7'` -> `{'exploration': True, 'mix': [9, 8, 7]}`."""
    try:
        words = shlex.split(text or "")
    except ValueError as exc:
        raise ValueError(f"cannot read options: {quote(exc)}") from None
    out: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not key:
            raise ValueError(f"cannot read option {quote(word)!r}")
        out[key] = _value(value.strip(), key) if sep else True
    return out
