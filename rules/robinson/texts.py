"""Msg builders for Robinson Crusoe (keys live in locale/en.json and locale/es.json)."""
from __future__ import annotations

from typing import Any

from ..text import SEAT_KEY, Msg
from ..unvalidated import new_msg

P = "robinson."


def m(key: str, **args: Any) -> Msg:
    return new_msg(P + key, args)


def sub(group: str, name: str, **args: Any) -> Msg:
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
