"""The public view (W42) and the pending-decision prompt."""
from __future__ import annotations

from ..text import Msg, seat_ref
from . import texts
from .holdings import cubes_on_board, effect_tags, hand_limit, islands_of
from .islands import ISLANDS
from .payment import total
from .scoring import score
from .state import CELLS, HOME, CellView, PlayerView, WayfindersState, WayfindersView


def _cell_view(state: WayfindersState, cell: str) -> CellView:
    c = state.board[cell]
    planes = [s for s in state.order if state.players[s].plane == cell]
    if cell == HOME:
        return CellView(cell=cell, home=True, face_up=True, slots=list(c.slots), planes=planes)
    if not c.face_up or c.island is None:
        # W41/W42: a face-down tile hides everything printed on it.
        return CellView(cell=cell, face_up=False, slots=list(c.slots), planes=planes)
    isl = ISLANDS[c.island]
    return CellView(cell=cell, face_up=True, island=isl.id, back=isl.back, colour=isl.colour,
                    cost="".join(sorted(isl.cost)), vp=isl.vp, effect=isl.effect, n=isl.n,
                    unit=isl.unit, slots=list(c.slots), planes=planes)


def _player_view(state: WayfindersState, seat: str) -> PlayerView:
    p = state.players[seat]
    on_board = sum(w.count(seat) for w in state.workers)
    return PlayerView(
        seat=seat, position=state.order.index(seat) + 1, hand=dict(p.hand), workers_supply=p.workers,
        workers_on_board=on_board, cubes=p.cubes, plane=p.plane,
        islands=[c for c, _ in islands_of(state, seat)], effects=effect_tags(state, seat),
        hand_limit=hand_limit(state, seat), score=score(state, seat),
    )


def build_view(state: WayfindersState, seat: str | None, to_act: list[str]) -> WayfindersView:
    return WayfindersView(
        viewer=seat, seats=list(state.seats), cells=[_cell_view(state, c) for c in CELLS],
        hangars=[list(h) for h in state.hangars], workers=[list(w) for w in state.workers],
        bag=dict(state.bag), bag_total=total(state.bag),
        players=[_player_view(state, s) for s in state.order], to_act=list(to_act),
        phase=state.phase, round=state.round, final_round=state.final_round,
        last_hangar=len(state.hangars), flown=list(state.flown),
    )


def prompt(state: WayfindersState, seat: str, to_act: list[str]) -> Msg:
    if state.abandoned:
        return texts.m("prompt.abandoned")
    if state.phase == "over":
        return texts.m("prompt.over")
    if seat not in to_act:
        return texts.m("prompt.wait", seat=seat_ref(to_act[0]))
    p = state.players[seat]
    if state.phase == "action":
        if p.workers == 0:
            return texts.m("prompt.action_return")
        return texts.m("prompt.action", workers=p.workers)
    if state.phase == "flybuild":
        return texts.m("prompt.flybuild", cell=p.plane, n=total(p.hand), cubes=p.cubes)
    left = total(p.hand) - hand_limit(state, seat)
    return texts.m("prompt.discard", n=left, limit=hand_limit(state, seat))


def airstrips(state: WayfindersState) -> dict[str, int]:
    return {s: cubes_on_board(state, s) for s in state.order}
