"""A greedy Eclipse bot (rules.bots "greedy" level): simple knowledge of the game.

It colonises whenever it can, takes actions only while it can pay their upkeep,
prefers research, influence towards valuable hexes, exploring early and building
when Materials pile up, keeps Discovery tiles it cannot use well, and settles
bankruptcy by trading before giving up its least valuable hex.  It always picks
one of the listed legal moves.
"""
from __future__ import annotations

from typing import Any

from ..contract import Move
from ..rng import Rng
from .board import production
from .data import HEXES, TECHS, T


def _score(state: Any, seat: str, mid: str) -> float:
    p = state.players[seat]
    head, _, arg = mid.partition(":")
    if "res" not in p:  # species choice
        return 0.0
    spare = p["res"][0] + production(p, 0) - T.upkeep[min(max(p["track"] - 1, 0), 13)]
    if head == "col":
        return 100.0
    if head == "tr":
        return -5.0
    if head == "act":
        if spare < 0:
            return -10.0
        base = {"research": 8, "influence": 7, "explore": 9 if state.round <= 5 else 3, "build": 5,
                "upgrade": 3, "move": 1}[arg]
        if arg == "research" and p["res"][1] < 5:
            base = 0
        if arg == "build" and p["res"][2] < 5:
            base = 0
        return base - 2 * p["acted"]
    if head == "react":
        return -8.0
    if head == "pass":
        return 0.0
    if head == "res":
        return TECHS[arg.replace("-", " ")].cost
    if head in ("to", "ctl", "disc"):
        if arg in ("no", "track"):
            return -1.0
        hid = arg if head == "to" else state.stack[-1].get("placed") or ""
        return 10.0 + (HEXES[hid].vp + len(HEXES[hid].squares) if hid in HEXES else 0)
    if head == "from":
        return 5.0 if arg == "track" else -2.0
    if head == "pl":
        hid = arg.split(":")[0]
        return 10.0 + HEXES[hid].vp + len(HEXES[hid].squares) - 3 * HEXES[hid].ancients
    if head == "bld":
        return {"monolith": 9, "orbital": 6, "dreadnought": 5, "cruiser": 4, "interceptor": 3, "starbase": 2}[arg]
    if head == "dsc":
        return 1.0 if arg == "use" else 0.5
    if head == "give":
        return -HEXES[arg].vp - sum(state.hexes[arg]["pop"])
    if head == "stop":
        return -0.5
    if head in ("ret", "undo"):
        return -3.0
    return 0.0


def greedy_move(state: Any, seat: str, moves: list[Move], rng: Rng) -> Move:
    scored = [(_score(state, seat, mv.id), mv) for mv in moves]
    best = max(s for s, _ in scored)
    top = [mv for s, mv in scored if s == best]
    return top[rng.below(len(top))]
