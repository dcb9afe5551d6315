"""Numbers typed by users: ASCII digits only.

Python's `int()` also reads Arabic-Indic (`'٣'`) and full-width (`'１２'`) digits,
underscores (`'1_000'`) and surrounding spaces, and `str.isdigit()` is true for
`'①'`, which `int()` then rejects with an error.  Every number a user types in
text (option values, `mix`, ...) is read here instead, and anything but plain
ASCII digits gets the same clear, translated refusal.  A number is at most
`MAX_DIGITS` digits long: a longer one is refused as such before anything
reads it (Python's `int()` of over 4,300 digits raises, and pydantic refuses
long ones with a message meant for programmers).
"""
from __future__ import annotations

import re
from typing import Union

from rules.text import Msg

from .limits import quote
from .refusal import Refusal

MAX_DIGITS = 15
SQLITE_MAX = 2 ** 63 - 1  # the largest integer SQLite stores (a larger one raises OverflowError)
#: What an absurd number of a custom id reads as: no real game, version, user or server has it (its game is "gone",
#: its board "out of date"), it still matches the custom id's template, and nothing passes it to SQLite
#: (`TableService.table_in` refuses it first).
UNKNOWN_ID = SQLITE_MAX + 1
_INT = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)
_DIGITS = re.compile(r"[0-9]{%d,}" % (MAX_DIGITS + 1))


def is_ascii_int(text: str) -> bool:
    return bool(_INT.fullmatch(text or ""))


def ascii_int(text: str, what: Union[Msg, str]) -> int:
    """`text` (spaces around it allowed) as an int, or a Refusal naming the option `what` (a Msg: its name
    in the reader's language)."""
    stripped = (text or "").strip()
    refuse_long_numbers(stripped, what)
    if not is_ascii_int(stripped):
        raise Refusal("host.refuse.not_a_number", what=what, value=quote(text))
    return int(stripped)


def refuse_long_numbers(text: str, what: Union[Msg, str]) -> None:
    """A Refusal when `text` holds a run of more than MAX_DIGITS digits (never read as a number)."""
    if _DIGITS.search(text or ""):
        raise Refusal("host.refuse.number_too_long", what=what, value=quote(text, 40), most=MAX_DIGITS)


def id_number(digits: str) -> int:
    """A number carried by a button's custom id (a game id, a version, a user, a page: ASCII digits the template
    matched), or UNKNOWN_ID when it is longer than any real one (a forged id): the click then gets the same private
    "gone" or "out of date" reply as a button of a deleted game, never an OverflowError from SQLite."""
    if len(digits) > 19 or not digits.isascii() or not digits.isdigit():
        return UNKNOWN_ID
    number = int(digits)
    return number if number <= SQLITE_MAX else UNKNOWN_ID


def refuse_foreign_digits(text: str, what: Union[Msg, str]) -> None:
    """A Refusal when `text` has digits that are not ASCII (`'①'`, `'٣'`, `'１'`): they are never read as numbers."""
    if any(ch.isnumeric() and not ch.isascii() for ch in text or ""):
        raise Refusal("host.refuse.foreign_digits", what=what, value=quote(text))


__all__ = ["MAX_DIGITS", "SQLITE_MAX", "UNKNOWN_ID", "ascii_int", "id_number", "is_ascii_int", "refuse_foreign_digits", "refuse_long_numbers"]
