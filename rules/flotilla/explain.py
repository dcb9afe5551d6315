"""Why a move id is refused, in words a player understands (the common cases)."""
from __future__ import annotations

from ..text import Msg
from . import texts
from .data import BOARD, CARDS, COLOURS
from .decide import scholar_targets
from .effects import outpost_cost, sites
from .state import FlotillaState
from .view import prompt


def why_illegal(state: FlotillaState, seat: str, move_id: str) -> Msg:
    p = state.players[seat]
    parts = move_id.split(":")
    head = parts[0]
    pending = state.todo[0].kind if state.todo else None
    if head == "play":
        if pending is not None:
            return texts.m("illegal.finish_first", now=prompt(state, seat, [seat]))
        kind = parts[1] if len(parts) > 1 else ""
        if not any(CARDS[c].kind == kind for c in p.hand):
            known = kind in {c.kind for c in CARDS.values()}
            return texts.m("illegal.not_in_hand", card=texts.plain(f"card.{kind}") if known else kind)
        if kind == "scholar":  # F23
            return texts.plain("illegal.scholar_target") if not scholar_targets(state, seat) else \
                texts.m("illegal.scholar_pick", targets=", ".join(f"play:scholar:{t}" for t in scholar_targets(state, seat)))
    if head == "tx" and pending == "trans" and len(parts) >= 2:
        what = parts[1]
        if what == "skiff":
            if p.side != "sink":
                return texts.plain("illegal.skiff_side")  # F21
            if p.skiff_reserve <= 0:
                return texts.plain("illegal.no_skiff")
            return texts.m("illegal.cost", cost=BOARD.skiff_cost, coins=p.coins)
        if what in ("buy", "sell") and len(parts) == 3 and parts[2] in COLOURS:
            c = parts[2]
            done = state.traded.get(c)
            if done is not None and done != what:  # F35
                return texts.m("illegal.same_colour", colour=texts.col(c))
            if what == "sell":
                return texts.m("illegal.no_barrel", colour=texts.col(c))
            return texts.m("illegal.cost", cost=state.market[c], coins=p.coins)
        if what == "obj" and len(parts) == 3:
            if p.outposts >= 6:
                return texts.plain("illegal.no_outpost")  # E16
            if state.objectives[p.side].get(parts[2], 3) >= 3:
                return texts.plain("illegal.no_objective")
            cost = outpost_cost(state, p) + (0 if sites(state, seat) else BOARD.float_extra[p.side])
            return texts.m("illegal.cost", cost=cost, coins=p.coins)
    if pending is None:
        return texts.m("illegal.play_first", move=move_id)
    return texts.m("illegal.unknown", move=move_id)
