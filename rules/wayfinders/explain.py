"""Reasons a player understands for a refused move id (IllegalMove text)."""
from __future__ import annotations

from ..text import Msg, msg
from . import texts
from .grid import ORTHOGONAL
from .holdings import abilities, toll_colour
from .islands import ISLANDS
from .moves import MAX_PER_HANGAR, options
from .state import CELLS, COLOURS, HOME, WayfindersState


def _generic(move_id: str) -> Msg:
    return msg("core.illegal.unknown_move", move=move_id)


def why_illegal(state: WayfindersState, seat: str, move_id: str) -> Msg:
    kind, _, rest = move_id.partition(":")
    phase = state.phase
    p = state.players[seat]
    if kind in ("place", "return") and phase != "action":
        return texts.m(f"illegal.phase_{phase}")
    if kind in ("fly", "build", "end") and phase != "flybuild":
        return texts.m(f"illegal.phase_{phase}")
    if kind == "discard" and phase != "discard":
        return texts.m(f"illegal.phase_{phase}")
    if kind == "place":
        if not rest.isdigit() or not 1 <= int(rest) <= len(state.hangars):
            return texts.m("illegal.hangar", h=rest, last=len(state.hangars))
        if p.workers == 0:
            return texts.m("illegal.no_workers")
        if state.workers[int(rest) - 1].count(seat) >= MAX_PER_HANGAR:
            return texts.m("illegal.hangar_full", h=int(rest))
    elif kind == "fly":
        cell, _, paid = rest.partition(":")
        if cell not in CELLS:
            return texts.m("illegal.no_cell", cell=cell)
        if cell not in ORTHOGONAL[p.plane]:
            return texts.m("illegal.not_adjacent", cell=cell, at=p.plane)
        if not state.board[cell].face_up:
            return texts.m("illegal.face_down", cell=cell)
        toll = toll_colour(state, cell, abilities(state, seat).free)
        ways = [o[0] for o in options(state, seat, "fly") if o[0].startswith(f"fly:{cell}:") or o[0] == f"fly:{cell}"]
        if toll is not None and not ways:
            return texts.m("illegal.toll", cell=cell, res=texts.res(toll))
        if not paid and len(ways) > 1:
            return texts.m("illegal.choose", ways=", ".join(ways))
        return texts.m("illegal.payment", cell=cell)
    elif kind == "build":
        here = state.board[p.plane]
        if p.plane == HOME:
            return texts.m("illegal.build_home")
        if seat in here.slots:
            return texts.m("illegal.build_twice", cell=p.plane)
        if p.cubes <= 0:
            return texts.m("illegal.no_cubes")
        ways = [o[0] for o in options(state, seat, "build") if o[1] == "build"]
        if not ways:
            cost = ISLANDS[here.island].cost if here.island else ""
            return texts.m("illegal.build_cost", cell=p.plane, cost=texts.plus("".join(sorted(cost))))
        if not rest and len(ways) > 1:
            return texts.m("illegal.choose", ways=", ".join(ways))
        return texts.m("illegal.build_payment")
    elif kind == "discard":
        if rest not in COLOURS or p.hand.get(rest, 0) <= 0:
            return texts.m("illegal.discard", colour=rest)
    return _generic(move_id)
