"""Msg builders for Flotilla (keys live in locale/en.json and locale/es.json)."""
from __future__ import annotations

from typing import Any

from ..text import SEAT_KEY, Msg, join
from ..unvalidated import new_msg
from .data import CARDS, COLOURS, GUILDS, NAME_COLOUR, Term

KEY_PREFIX = "flotilla."


def m(key: str, **args: Any) -> Msg:
    return new_msg(KEY_PREFIX + key, args)


def seat(seat_id: str) -> Msg:
    return new_msg(SEAT_KEY, {"id": seat_id})


_COL = {c: m(f"col.{c}") for c in COLOURS}
_GUILD = {g: m(f"guild.{g}") for g in GUILDS}
_CARD = {k: m(f"card.{k}") for k in {c.kind for c in CARDS.values()}}
_PLAIN: dict[str, Msg] = {}


def col(c: str) -> Msg:
    return _COL[c]


def guild(g: str) -> Msg:
    return _GUILD[g]


def card(card_id: str) -> Msg:
    return _CARD[CARDS[card_id].kind]


def plain(key: str) -> Msg:
    found = _PLAIN.get(key)
    if found is None:
        found = _PLAIN[key] = m(key)
    return found


def tile(tile_id: str) -> Msg | str:
    """An ocean tile by its colour and number in the reader's language ("yellow-02", in Spanish
    "amarillo-02"); the id itself (in move ids and the state) stays English."""
    colour, _, n = tile_id.partition("-")
    if colour not in NAME_COLOUR:
        return tile_id
    return m("tile_name", colour=col(NAME_COLOUR[colour]), n=n)


_TERM: dict[Term, Msg] = {}


def term(t: Term) -> Msg:
    """One bonus term (`data.Term`) in words ("gain 2¢"); Msgs are values, built once per term."""
    found = _TERM.get(t)
    if found is None:
        found = _TERM[t] = m(f"term.{t.name}", a=t.a, b=t.b)
    return found


def terms(ts: tuple[Term, ...]) -> Msg:
    """Bonus terms in words: "gain 2¢; Seal"."""
    return join([term(t) for t in ts], "; ") if ts else plain("nothing")


def objective(name: str) -> Msg:
    return m(f"obj.{name}")


def dive_faces(faces: list[str]) -> Msg:
    """Rolled dive-die faces ("BB BD R") with the icon letters of the reader's language (D9)."""
    return join([join([plain(f"icon.{c}") for c in face], "") for face in faces], " ")
