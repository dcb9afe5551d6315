"""Msg builders for Wayfinders (keys live in locale/en.json and locale/es.json)."""
from __future__ import annotations

from typing import Any

from ..text import SEAT_KEY, Msg, join
from ..unvalidated import new_msg
from .islands import ISLANDS, Island
from .state import COLOURS

KEY_PREFIX = "wayfinders."


def m(key: str, **args: Any) -> Msg:
    """A Msg under the wayfinders namespace (built without re-validating its args)."""
    return new_msg(KEY_PREFIX + key, args)


def seat(seat_id: str) -> Msg:
    """`rules.text.seat_ref(seat_id)`, built fast."""
    return new_msg(SEAT_KEY, {"id": seat_id})


# Argument-free Msgs are built once and shared (treat every Msg as immutable).
_RES = {c: m(f"res.{c}") for c in COLOURS}
_TOLL = {c * n: m(f"res.{c}.{n}") for c in COLOURS for n in (1, 2)}
_KIND = {c: m(f"kind.{c}") for c in COLOURS}
_KINDS = {c: m(f"kinds.{c}") for c in COLOURS}
_PLAIN = {k: m(k) for k in ("nothing", "home", "to_bag", "free.home", "free.airstrip", "free.passage",
                              "move.end", "move.return_none")}


def plain(key: str) -> Msg:
    """A shared argument-free Msg ("nothing", "to_bag", "free.airstrip", ...)."""
    return _PLAIN[key]


def res(colour: str) -> Msg:
    """Resource name with its letter, e.g. "propeller (B, blue)"."""
    return _RES[colour]


def toll(tokens: str) -> Msg:
    """A toll payment: one token or a pair of one colour ("1 propeller", "2 headsets")."""
    found = _TOLL.get(tokens)
    if found is None:
        raise ValueError(f"not a toll payment: {tokens!r}")
    return found


def kind(colour: str) -> Msg:
    """Island type of a colour: ice island, tropical island, ..."""
    return _KIND[colour]


def kinds(colour: str) -> Msg:
    """Plural island type: ice islands, tropical islands, ..."""
    return _KINDS[colour]


def plus(tokens: str) -> str:
    """Compact "B+R+Y"."""
    return "+".join(tokens)


def token_list(tokens: list[str] | str) -> Msg:
    return join(list(tokens), ", ")


def effect(isl: Island) -> Msg:
    """What an island gives, short (for labels and events); shared per island."""
    return _EFFECT[isl.id]


def _effect(isl: Island) -> Msg:
    e = isl.effect
    if e == "draw":
        return m("eff.draw", n=isl.n or 0, vp=isl.vp)
    if e == "keep_extra":
        return m("eff.keep_extra", vp=isl.vp)
    if e == "free_passage":
        return m("eff.free_passage", kinds=kinds(isl.colour), vp=isl.vp)
    if e == "wildcard":
        return m("eff.wildcard", res=res(isl.colour), vp=isl.vp)
    u = isl.unit or 0
    if e == "per_colour":
        return m("eff.per_colour", u=u, kind=kind(isl.colour))
    if e == "per_cost_min":
        return m("eff.per_cost_min", u=u, n=isl.n or 0)
    return m(f"eff.{e}", u=u)


_EFFECT = {i: _effect(isl) for i, isl in ISLANDS.items()}
