"""Applying one decision to a (private) state: W9-W22, W39, W41."""
from __future__ import annotations

from ..text import join
from . import texts
from ..unvalidated import construct, put
from .grid import ORTHOGONAL
from .holdings import hand_limit
from .islands import ISLANDS
from .payment import draw, give, take, total
from .scoring import final_ranks, score
from .state import Cell, Player, WayfindersState

HANGAR_SIZE = 3
TRIGGER_CUBES = 2  # W21


def own_cell(state: WayfindersState, cell: str) -> Cell:
    """Successive states share Cell objects (copy-on-write): copy one before changing it."""
    c = state.board[cell]
    new = construct(Cell, island=c.island, face_up=c.face_up, slots=list(c.slots))
    state.board[cell] = new
    return new


def own_player(state: WayfindersState, seat: str) -> Player:
    """Successive states share Player objects (copy-on-write): copy one before changing it."""
    p = state.players[seat]
    new = construct(Player, seat=p.seat, hand=dict(p.hand), workers=p.workers, cubes=p.cubes, plane=p.plane)
    state.players[seat] = new
    return new


def place(state: WayfindersState, seat: str, h: int) -> None:
    """W10: one worker onto hangar h; the turn ends at once."""
    put(state, "flown", [])
    put(state, "idle", 0)
    state.workers[h - 1].append(seat)
    p = state.players[seat]
    put(p, "workers", p.workers - 1)
    state.events.append(texts.m("ev.place", seat=texts.seat(seat), h=h))
    end_turn(state, seat)


def collect(state: WayfindersState, seat: str) -> None:
    """W11/W12: collect top-down one token per own worker, take every worker back."""
    put(state, "flown", [])
    p = state.players[seat]
    got: list[str] = []
    back = 0
    for i, w in enumerate(state.workers):
        k = w.count(seat)
        if not k:
            continue
        hangar = state.hangars[i]
        taken = hangar[:k]  # E3: a short hangar gives what it has
        del hangar[:k]
        got += taken
        back += k
        state.workers[i] = [s for s in w if s != seat]
    give(p.hand, got)
    put(p, "workers", p.workers + back)
    put(state, "idle", 0 if back or any(state.workers) else state.idle + 1)  # a build undoes it (`build`)
    if back:
        state.events.append(texts.m("ev.return", seat=texts.seat(seat), n=back,
                                tokens=texts.token_list(got) if got else texts.plain("nothing")))
    else:
        state.events.append(texts.m("ev.return_none", seat=texts.seat(seat)))
    put(state, "phase", "flybuild")


def fly(state: WayfindersState, seat: str, cell: str, paid: str) -> None:
    """W14: one orthogonal step, toll `paid` (a valid cover, "" when free) to the bag; W41 reveals."""
    p = state.players[seat]
    take(p.hand, paid)
    give(state.bag, paid)
    put(p, "plane", cell)
    state.flown.append(cell)
    isl = state.board[cell].island
    kind = texts.kind(ISLANDS[isl].colour) if isl else texts.plain("home")
    if paid:
        state.events.append(texts.m("ev.fly_pay", seat=texts.seat(seat), cell=cell, kind=kind, pay=texts.plus(paid)))
    else:
        state.events.append(texts.m("ev.fly_free", seat=texts.seat(seat), cell=cell, kind=kind))
    if state.options.exploration:
        shown = [nb for nb in ORTHOGONAL[cell] if not state.board[nb].face_up]
        for nb in shown:
            own_cell(state, nb).face_up = True
        if shown:
            state.events.append(texts.m("ev.reveal", cells=join(
                [texts.m("revealed", cell=nb, island=state.board[nb].island or "",
                     kind=texts.kind(ISLANDS[state.board[nb].island or ""].colour)) for nb in shown], ", ")))


def build(state: WayfindersState, seat: str, paid: str) -> None:
    """W16-W18: pay (to the bag or the slot-1 player), place the cube, then the effect."""
    p = state.players[seat]
    cell = own_cell(state, p.plane)
    assert cell.island is not None  # build is listed only on an island (moves._can_build_here)
    isl = ISLANDS[cell.island]
    take(p.hand, paid)
    if cell.slots:
        owner = cell.slots[0]
        give(own_player(state, owner).hand, paid)  # E11: the actual tokens; no discard for them (W17)
        to = texts.m("to_seat", seat=texts.seat(owner))
    else:
        give(state.bag, paid)
        to = texts.plain("to_bag")
    cell.slots.append(seat)
    put(p, "cubes", p.cubes - 1)
    put(state, "idle", 0)
    state.events.append(texts.m("ev.build", seat=texts.seat(seat), cell=p.plane, island=isl.id,
                            slot=len(cell.slots), pay=texts.plus(paid), to=to))
    if isl.effect == "draw":  # W39
        got = draw(state.bag, state.rng, isl.n or 0)
        give(p.hand, got)
        state.events.append(texts.m("ev.draw", seat=texts.seat(seat), n=len(got),
                                tokens=texts.token_list(got) if got else texts.plain("nothing")))
    elif isl.back == "yellow":
        state.events.append(texts.m("ev.ability", seat=texts.seat(seat), effect=texts.effect(isl)))


def end_flybuild(state: WayfindersState, seat: str) -> None:
    """W13 ends; W19 discard if above the limit, else refill and end the turn."""
    p = state.players[seat]
    excess = total(p.hand) - hand_limit(state, seat)
    state.events.append(texts.m("ev.end", seat=texts.seat(seat)))
    if excess > 0:
        state.phase = "discard"
    else:
        finish_return(state, seat)


def discard(state: WayfindersState, seat: str, colour: str) -> None:
    p = state.players[seat]
    take(p.hand, colour)
    give(state.bag, colour)
    state.events.append(texts.m("ev.discard", seat=texts.seat(seat), res=texts.res(colour)))
    if total(p.hand) <= hand_limit(state, seat):
        finish_return(state, seat)


def refill(state: WayfindersState) -> list[str]:
    """W20/E2: remaining tokens are already at the top; draw into the bottoms, hangar 1 first."""
    drawn: list[str] = []
    for hangar in state.hangars:
        need = HANGAR_SIZE - len(hangar)
        if need > 0:
            got = draw(state.bag, state.rng, need)
            hangar += got
            drawn += got
    return drawn


def finish_return(state: WayfindersState, seat: str) -> None:
    drawn = refill(state)
    if drawn:
        state.events.append(texts.m("ev.refill", n=len(drawn)))
    end_turn(state, seat)


def end_turn(state: WayfindersState, seat: str) -> None:
    """W21/W22: check the trigger once, then pass the turn or end the game."""
    n = len(state.order)
    last = state.turn == n - 1
    if not state.final_round and state.players[seat].cubes <= TRIGGER_CUBES:
        state.final_round = True
        state.trigger = seat
        if last:
            state.events.append(texts.m("ev.trigger_last", seat=texts.seat(seat), cubes=state.players[seat].cubes))
        else:
            state.events.append(texts.m("ev.trigger", seat=texts.seat(seat), cubes=state.players[seat].cubes,
                                    last=texts.seat(state.order[-1])))
    if state.final_round and last:
        state.phase = "over"
        scores = {s: score(state, s) for s in state.order}
        ranks = final_ranks(state, scores)
        winners = [s for s in state.order if ranks[s] == 1]
        state.events.append(texts.m("ev.over", winners=join([texts.seat(s) for s in winners], ", "),
                                points=scores[winners[0]]))
        return
    put(state, "phase", "action")
    put(state, "turn", (state.turn + 1) % n)
    if state.turn == 0:
        put(state, "round", state.round + 1)
