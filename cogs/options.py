"""Parsing the free-text `options:` of `/game new` into a dict for the engine.

Written as a player would type it: `exploration mix=9/8/7 layout=A1:res01,B1:sco02`.
A bare word is a flag set to true; `a/b/c` is a list of numbers; `k:v,k:v` a mapping.
The engine's own pydantic Options model validates the result.
"""
from __future__ import annotations

import shlex
from typing import Any


def _scalar(text: str) -> Any:
    low = text.lower()
    if low in ("true", "yes", "on", "si", "sí"):
        return True
    if low in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        return text


def _value(text: str) -> Any:
    if "," in text and ":" in text:
        pairs = [p.split(":", 1) for p in text.split(",") if p]
        if all(len(p) == 2 for p in pairs):
            return {k.strip(): _scalar(v.strip()) for k, v in pairs}
    if "/" in text:
        return [_scalar(p) for p in text.split("/")]
    return _scalar(text)


def parse_option_text(text: str) -> dict[str, Any]:
    """`'exploration mix=9/8/7'` -> `{'exploration': True, 'mix': [9, 8, 7]}`."""
    try:
        words = shlex.split(text or "")
    except ValueError as exc:
        raise ValueError(f"cannot read options: {exc}") from None
    out: dict[str, Any] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key = key.strip().lower().replace("-", "_")
        if not key:
            raise ValueError(f"cannot read option {word!r}")
        out[key] = _value(value.strip()) if sep else True
    return out
