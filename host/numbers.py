"""Numbers typed by users: ASCII digits only.

Python's `int()` also reads Arabic-Indic (`'٣'`) and full-width (`'１２'`) digits,
underscores (`'1_000'`) and surrounding spaces, and `str.isdigit()` is true for
`'①'`, which `int()` then rejects with an error.  Every number a user types in
text (option values, `mix`, ...) is read here instead, and anything but plain
ASCII digits gets the same clear, translated refusal.
"""
from __future__ import annotations

import re
from typing import Union

from rules.text import Msg

from .limits import quote
from .refusal import Refusal

_INT = re.compile(r"-?[0-9]{1,15}")


def is_ascii_int(text: str) -> bool:
    return bool(_INT.fullmatch(text or ""))


def ascii_int(text: str, what: Union[Msg, str]) -> int:
    """`text` (spaces around it allowed) as an int, or a Refusal naming the option `what` (a Msg: its name
    in the reader's language)."""
    stripped = (text or "").strip()
    if not is_ascii_int(stripped):
        raise Refusal("host.refuse.not_a_number", what=what, value=quote(text))
    return int(stripped)


def refuse_foreign_digits(text: str, what: Union[Msg, str]) -> None:
    """A Refusal when `text` has digits that are not ASCII (`'①'`, `'٣'`, `'１'`): they are never read as numbers."""
    if any(ch.isnumeric() and not ch.isascii() for ch in text or ""):
        raise Refusal("host.refuse.foreign_digits", what=what, value=quote(text))


__all__ = ["ascii_int", "is_ascii_int", "refuse_foreign_digits"]
