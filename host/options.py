"""Parsing the free-text `options:` of `/game new` into a dict for the engine.

Written as a player would type it: `exploration mix=9/8/7 layout=A1:res01,B1:sco02`.
A bare word is a flag set to true; `a/b/c` is a list of numbers; `k:v,k:v` a mapping.
The engine's own pydantic Options model validates the result.
"""
from __future__ import annotations

import shlex
from typing import Any

from rules.text import CATALOG, DEFAULT_LOCALE, Msg, msg

from . import i18n  # noqa: F401 - the option names live in the host catalog (host/locale/options.*.json)
from .limits import quote
from .numbers import is_ascii_int, refuse_foreign_digits, refuse_long_numbers


def _scalar(text: str, key: str) -> Any:
    """A flag word, a number (ASCII digits only: `'٣'` or `'①'` is refused), or the text itself."""
    low = text.lower()
    if low in ("true", "yes", "on", "si", "sí"):
        return True
    if low in ("false", "no", "off"):
        return False
    if is_ascii_int(text):
        return int(text)
    refuse_long_numbers(text, quote(key, 40))
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


def option_words(game_key: str, options: dict[str, Any]) -> list[Msg]:
    """A game's chosen options as words for the lobby ("exploration; mix: 10/8/6"), never `exploration=True`.

    Each option's name is the catalog key `option.<game>.<name>` (host/locale/options.<lang>.json); a flag
    set is its name alone, a flag unset is not shown, a word value (`difficulty: hard`) is `option.value.<word>`."""
    out: list[Msg] = []
    for name, value in options.items():
        if value is False or value is None:
            continue
        label = msg(f"option.{game_key}.{name}") if f"option.{game_key}.{name}" in CATALOG.table[DEFAULT_LOCALE] \
            else msg("core.raw", text=name.replace("_", " "))
        if value is True or isinstance(value, dict):  # a flag, or a whole layout: its name says it
            out.append(label)
            continue
        if isinstance(value, (list, tuple)):
            shown: Msg | str = "/".join(str(v) for v in value) if all(isinstance(v, int) for v in value) else \
                ", ".join(str(v) for v in value)
        elif isinstance(value, str) and f"option.value.{value}" in CATALOG.table[DEFAULT_LOCALE]:
            shown = msg(f"option.value.{value}")
        else:
            shown = str(value)
        out.append(msg("option.with_value", name=label, value=shown))
    return out
