"""Victory points as players read them (E75, E76): what each seat may see of the scores during play,
a seat's breakdown by source for `/game me`, and how a tie at the end was broken.  Every number is
`board.score_parts`' or `board.storage_total`'s: nothing here scores.

Reputation tiles are face down (E22): during play their values are the owner's alone, so the others
see a seat's points without them and the number of tiles it holds; at the end everything is shown.
"""
from __future__ import annotations

from typing import Optional

from ..text import Msg, join, seat_ref
from .board import m, score_parts, storage_total
from .state import EclipseState

# score_parts' sources, in the order the breakdown lists them
SOURCES = ("reputation", "ambassadors", "hexes", "discoveries", "monoliths", "techs", "traitor", "species")


def reputation_shown(state: EclipseState, seat: str, viewer: Optional[str]) -> bool:
    """Whether `viewer` may see `seat`'s reputation points: their owner always; everyone once the game is over,
    or once the seat has collapsed (its tiles are out of the game and its score frozen, E72)."""
    p = state.players[seat]
    return viewer == seat or state.phase == "over" or p.collapsed


def visible_parts(state: EclipseState, seat: str, viewer: Optional[str]) -> tuple[dict[str, int], int]:
    """(the VP of `seat` by source as `viewer` may see them, the number of reputation tiles whose values are
    hidden from `viewer`)."""
    parts = score_parts(state, seat)
    if reputation_shown(state, seat, viewer):
        return parts, 0
    parts.pop("reputation", None)
    return parts, len(state.players[seat].reputation)


def vp_notes(state: EclipseState, seat: Optional[str]) -> list[tuple[Msg, list[Msg]]]:
    """`/game me`: the seat's VP by source (E75) if the game ended now, the tie-break value (E76) and what the
    others see of it; nothing for the public post (the board shows everyone's points)."""
    if seat is None or seat not in state.players or state.players[seat].species is None:
        return []
    p = state.players[seat]
    parts = score_parts(state, seat)
    total = sum(parts.values())
    lines = []
    for key in SOURCES:
        n = parts.get(key, 0)
        if not n:
            continue
        if key == "reputation" and p.reputation:
            lines.append(m("vp.reputation_tiles", n=n, values=" + ".join(str(v) for v in sorted(p.reputation))))
        else:
            lines.append(m("vp.line", what=m(f"vp.src.{key}"), n=n))
    if not lines:
        lines.append(m("vp.none"))
    lines.append(m("vp.storage", n=storage_total(p)))
    public, hidden = visible_parts(state, seat, None)
    if hidden:
        lines.append(m("vp.others_see", points=sum(public.values()), n=hidden))
    heading = m("vp.heading_final" if state.phase == "over" else "vp.heading", n=total)
    return [(heading, lines)]


def tie_breaks(state: EclipseState, scores: dict[str, int], ranks: dict[str, int]) -> list[Msg]:
    """One sentence per group of seats tied on VP (E75): the tie-break by resources in storage (E76) with each
    seat's value, and who is still tied and shares a rank (the E76 ruling)."""
    out = []
    for points in sorted(set(scores.values()), reverse=True):
        tied = [s for s in state.order if scores[s] == points]
        if len(tied) < 2:
            continue
        tied.sort(key=lambda s: ranks[s])
        storage = join([m("vp.storage_of", who=seat_ref(s), n=storage_total(state.players[s])) for s in tied])
        out.append(m("vp.tie", points=points, who=join([seat_ref(s) for s in tied]), storage=storage))
        for rank in sorted({ranks[s] for s in tied}):
            same = [s for s in tied if ranks[s] == rank]
            if len(same) > 1:
                out.append(m("vp.still_tied", who=join([seat_ref(s) for s in same]), rank=rank))
    return out


__all__ = ["SOURCES", "reputation_shown", "tie_breaks", "visible_parts", "vp_notes"]
