"""Msg builders for Robinson Crusoe (keys live in locale/en.json and locale/es.json)."""
from __future__ import annotations

from ..text import SEAT_KEY, Msg

_new = object.__new__
_set = object.__setattr__


def new_msg(key: str, args: dict) -> Msg:
    """`Msg(key=key, args=args)` for trusted args, without re-validation (hot path)."""
    out = _new(Msg)
    _set(out, "__dict__", {"key": key, "args": args})
    _set(out, "__pydantic_fields_set__", {"key", "args"})
    _set(out, "__pydantic_extra__", None)
    _set(out, "__pydantic_private__", None)
    return out

P = "robinson."


def m(key: str, **args) -> Msg:
    return new_msg(P + key, args)


def sub(group: str, name: str, **args) -> Msg:
    """The Msg of `<group>.<name>` (a key chosen at run time, e.g. sub("terrain", "River"))."""
    return new_msg(P + group + "." + name, args)


def seat(seat_id: str) -> Msg:
    return new_msg(SEAT_KEY, {"id": seat_id})


def char(name: str) -> Msg:
    return sub("char", name)


def card(card_id: str) -> Msg:
    """A card name ("event:Bear", "item:Pistol") in the reader's language: `name.<deck>.<Name>`
    (locale/names.*.json); the id itself stays English."""
    deck, _, name = card_id.partition(":")
    return m("card", deck=sub("deck", deck), name=sub("name." + deck, name) if name and name != "?" else "?")


def res(code: str) -> Msg:
    return sub("res", code)
