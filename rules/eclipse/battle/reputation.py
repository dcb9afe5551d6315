"""Reputation draws after the battles of a hex (E61, E114, E2, E22).

Frame `{"k": "rep", "q": [[seat, draws due], ...], "seat", "drawn": [values]}`:
participants in order of entry; each draws `min(n, tiles in the bag)` tiles, keeps
at most one (returning a held tile to make room when the track is full) and the
rest go back to the bag before the next one draws.
"""
from __future__ import annotations

from typing import Any

from ...text import seat_ref
from ..board import m, species_of
from ..diplomacy import held
from ..pending import Opt
from ..state import EclipseState, Player
from ..frames import STACK, Fight, Reputation

MAX_DRAWS = 5  # E61 (molip)


def due(f: Fight) -> list[list[Any]]:
    """E61 (U7): 1 for taking part with a ship that never declared a retreat in any battle of
    the hex (`stay`, set in fight.py), plus kill draws (kept even after a retreat); at most 5."""
    out: list[list[Any]] = []
    for seat in f.parts:
        n = min(MAX_DRAWS, int(bool(f.stay.get(seat))) + f.kills.get(seat, 0))
        if n:
            out.append([seat, n])
    return out


def room(p: Player, ambassadors: int = 0) -> bool:
    """E22 RULING: one more reputation tile fits beside the Ambassadors held
    (`R + 1 <= e + r` and `R + 1 + M <= a + e + r`)."""
    amb, either, only = species_of(p).rep
    r = len(p.reputation) + 1
    return r <= either + only and r + ambassadors <= amb + either + only


def step(state: EclipseState, f: Reputation) -> bool:
    """Draw for the next participant; True when the frame is finished (popped)."""
    while not f.drawn:
        if not f.q:
            STACK.remove(state.stack, f)
            return True
        seat, n = f.q[0]
        if state.players[seat].collapsed:
            f.q.pop(0)
            continue
        k = min(n, len(state.rep_bag))  # E2 RULING
        f.drawn = [state.rep_bag.pop() for _ in range(k)]
        f.seat = seat
        state.events.append(m("ev.rep_draw", seat=seat_ref(seat), n=k))
        if not k:
            f.q.pop(0)
    return False


def options(state: EclipseState, seat: str, f: Reputation) -> list[Opt]:
    p = state.players[seat]
    vals = sorted(set(f.drawn), reverse=True)
    if room(p, held(state, seat)):
        out = [(f"rep:{v}", m("mv.rep_keep", v=v), True) for v in vals]
    else:
        out = [(f"rep:{v}:{w}", m("mv.rep_swap", v=v, w=w), True) for v in vals for w in sorted(set(p.reputation))]
    return out + [("rep:none", m("mv.rep_none"), True)]


def apply(state: EclipseState, seat: str, f: Reputation, arg: str) -> None:
    p = state.players[seat]
    drawn = list(f.drawn)
    kept = False
    if arg != "none":
        parts = [int(x) for x in arg.split(":")]
        drawn.remove(parts[0])
        p.reputation.append(parts[0])
        kept = True
        if len(parts) > 1:
            p.reputation.remove(parts[1])
            drawn.append(parts[1])
    state.rep_bag.extend(drawn)
    state.rng.shuffle(state.rep_bag)
    state.events.append(m("ev.rep_kept" if kept else "ev.rep_none", seat=seat_ref(seat)))
    f.drawn = []
    f.q.pop(0)
