"""What a decision did, in words, for the decisions whose own rule says nothing.

Every move is told in the thread post and in `/game log` by its events; a move without one
would be shown by its id there (`tx:buy:y`, `bcell:6,0`).  `narration` is read before the
decision is applied (costs and positions are those the player saw) and returns the event
for the decisions that emit none of their own, None for the others (play, influence, turn
Skyside, skiff and objective purchases, the final placement or build, sonar advance, dial,
bounty, rerolls rolled: each has its own event).
"""
from __future__ import annotations

from typing import Any

from ..text import Msg, join
from . import texts
from .data import TILES
from .decide import Opt
from .effects import active
from .frames import CHAIN, BuildCell, Cell, Reroll, SetFace
from .state import FlotillaState, Player


def _did(state: FlotillaState, key: str, **args: Any) -> Msg:
    return texts.m(f"did.{key}", seat=texts.seat(active(state)), **args)


def depths(dice: str) -> Msg:
    """Card-dice depths ("SSA") as words in the reader's language (Shallow, Shallow, Abyss)."""
    return join([texts.plain(f"depth.{d}") for d in dice], ", ")


def narration(state: FlotillaState, opt: Opt) -> Msg | None:
    _, kind, arg, _ = opt
    p = state.players[active(state)]
    if kind == "sail":
        if arg is None:
            return _did(state, "sail_stop")
        i, cell = arg
        s = p.skiffs[i]
        unload = cell == p.home and bool(s.cargo)
        return _did(state, "sail_home" if unload else "sail", i=i + 1, frm=s.cell, to=cell, cargo=len(s.cargo))
    if kind == "turn":
        return None if arg else _did(state, "stay")
    if kind == "res":
        return _did(state, "res", colour=texts.col(arg))
    if kind == "tx":
        what, x = arg[0], arg[1]
        if what == "buy":
            return _did(state, "buy", colour=texts.col(x), cost=state.market[x])
        if what == "sell":
            return _did(state, "sell", colour=texts.col(x), gain=state.market[x])
        return _did(state, "tx_stop") if what == "stop" else None
    if kind == "site":
        return _did(state, "site", cell=arg)
    if kind == "nudge":
        if arg is None:
            return _did(state, "nudge_skip")
        c, d = arg
        return _did(state, "nudge_up" if d > 0 else "nudge_down", colour=texts.col(c), to=state.market[c] + d)
    if kind == "pl":
        return _did(state, "pl", tile=texts.tile(arg)) if arg is not None else _did(state, "pl_stop")
    if kind == "cell":  # a tile with a wedge still needs its rotation; without one, "placed" tells it
        tile = CHAIN.top_as(state.todo, Cell).tile
        return _did(state, "cell", tile=texts.tile(tile), cell=arg) if TILES[tile].wedge else None
    if kind == "undeplete":
        return _did(state, "undeplete", cell=arg)
    return _more(state, p, kind, arg)


def _more(state: FlotillaState, p: Player, kind: str, arg: Any) -> Msg | None:
    """The dive, build and research decisions."""
    if kind == "depth":
        return _did(state, "depth", dice=depths(arg))
    if kind == "load":
        s = p.skiffs[arg]
        return _did(state, "load", i=arg + 1, cell=s.cell, colour=texts.col(TILES[state.board[s.cell][0]].colour))
    if kind == "deplete":
        return _did(state, "deplete", cell=arg, tile=texts.tile(state.board[arg][0]))
    if kind == "keep":
        return _did(state, "keep", tile=texts.tile(arg)) if arg else _did(state, "keep_stop")
    if kind == "bt":
        return _did(state, "bt", tile=texts.tile(arg)) if arg is not None else _did(state, "bt_stop")
    if kind == "bcell":
        return _did(state, "bcell", tile=texts.tile(CHAIN.top_as(state.todo, BuildCell).tile), cell=arg)
    if kind == "sonar":
        return None if arg else _did(state, "sonar_no")
    if kind == "reroll":
        if arg is not None:
            return _did(state, "reroll", die=arg + 1, face=texts.plain(f"face.{state.dice[arg]}"))
        return None if CHAIN.top_as(state.todo, Reroll).chosen else _did(state, "reroll_none")
    if kind == "setdie":
        if arg is None:
            return _did(state, "set_skip")
        return _did(state, "setdie", die=arg + 1, face=texts.plain(f"face.{state.dice[arg]}"))
    if kind == "face":
        return _did(state, "face", die=CHAIN.top_as(state.todo, SetFace).die + 1, face=texts.plain(f"face.{arg}"))
    if kind == "wild":
        return _did(state, "wild", guild=texts.guild(arg))
    return None


__all__ = ["depths", "narration"]
