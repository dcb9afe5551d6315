"""The legal decisions of the seat to act, as light tuples, and their labels.

An option is the core's `Option(id, kind, arg, barrier)` (rules.contract).  Move-id grammar:

    place:<hangar 1-8>           W10
    return                       W11
    fly:<cell>                   W14, entry free or only one way to pay
    fly:<cell>:<tokens>          W14/W15, several ways to pay (tokens sorted, e.g. fly:C1:YY)
    build                        W16, only one way to pay
    build:<tokens>               W16/W15, several ways (e.g. build:BGGR)
    end                          W13, end flying and building
    discard:<colour>             W19, one token at a time

`arg` by kind: place -> hangar number; fly -> (cell, tokens paid or "", toll colour or None);
build -> tokens paid; end -> tokens above the hand limit; discard -> (colour, excess after it).
"""
from __future__ import annotations

from ..contract import Option
from ..text import Msg
from . import texts
from .grid import ORTHOGONAL
from .holdings import BASE_LIMIT, Abilities, abilities, hand_limit, toll_colour
from .islands import ISLANDS
from .payment import covers, total
from .state import COLOURS, HOME, WayfindersState

HANGAR_SIZE = 3
MAX_PER_HANGAR = 3  # W10
MAX_SLOTS = 4  # W3

Opt = Option  # (id, kind, arg, barrier)


def seat_to_act(state: WayfindersState) -> str | None:
    if state.abandoned or state.phase == "over":
        return None
    return state.order[state.turn]


def refill_draws(state: WayfindersState, bag_after: int) -> bool:
    """Would a refill now draw from the bag (W20)?"""
    if bag_after <= 0:
        return False
    return any(len(h) < HANGAR_SIZE for h in state.hangars)


def _can_build_here(state: WayfindersState, seat: str) -> bool:
    """W16/E6/E8/E13: not home, face up, no airstrip of yours there yet, a cube in supply."""
    return can_build_at(state, seat, state.players[seat].plane)


def can_build_at(state: WayfindersState, seat: str, at: str) -> bool:
    """`_can_build_here` were the seat's plane on cell `at` (a search asks before it flies there)."""
    if at == HOME or state.players[seat].cubes <= 0:
        return False
    cell = state.board[at]
    return cell.face_up and cell.island is not None and seat not in cell.slots and len(cell.slots) < MAX_SLOTS


def reveals(state: WayfindersState, cell: str) -> int:
    """How many face-down tiles a plane entering `cell` turns up (W41); 0 without exploration.  A flight that
    turns any up is new information: a barrier."""
    if not state.options.exploration:
        return 0
    board = state.board
    return sum(1 for x in ORTHOGONAL[cell] if not board[x].face_up)


def fly_options(state: WayfindersState, seat: str, ab: Abilities) -> list[Opt]:
    """W14: one orthogonal step onto a face-up cell (W41) whose toll you can pay (W15)."""
    p = state.players[seat]
    board = state.board
    out: list[Opt] = []
    for nb in ORTHOGONAL[p.plane]:
        if not board[nb].face_up:
            continue
        barrier = reveals(state, nb) > 0
        toll = toll_colour(state, nb, ab.free)
        if toll is None:
            out.append(Option(f"fly:{nb}", "fly", (nb, "", None), barrier))
            continue
        ways = covers(toll, p.hand, ab.wild)
        if len(ways) == 1:
            out.append(Option(f"fly:{nb}", "fly", (nb, ways[0], toll), barrier))
        else:
            out += [Option(f"fly:{nb}:{w}", "fly", (nb, w, toll), barrier) for w in ways]
    return out


def build_options(state: WayfindersState, seat: str, ab: Abilities) -> list[Opt]:
    p = state.players[seat]
    return build_options_at(state, seat, ab, p.plane, p.hand)


def build_options_at(state: WayfindersState, seat: str, ab: Abilities, at: str, hand: dict[str, int]) -> list[Opt]:
    """`build_options` were the seat's plane on cell `at` and its hand `hand` (a search asks before it flies)."""
    if not can_build_at(state, seat, at):
        return []
    island = state.board[at].island
    assert island is not None  # can_build_at: the cell is an island
    isl = ISLANDS[island]
    ways = covers(isl.cost, hand, ab.wild)
    barrier = isl.effect == "draw" and (isl.n or 0) > 0  # W39 draws from the bag
    if len(ways) == 1:
        return [Option("build", "build", ways[0], barrier)]
    return [Option(f"build:{w}", "build", w, barrier) for w in ways]


def options(state: WayfindersState, seat: str, only: str | None = None) -> list[Opt]:
    """The seat's legal options; `only` restricts to one kind ("fly", "build", ...) for speed."""
    if seat != seat_to_act(state):
        return []
    p = state.players[seat]
    phase = state.phase
    if phase == "action":
        out: list[Opt] = []
        if p.workers > 0 and only != "return":  # W10, E5
            out = [Option(f"place:{i + 1}", "place", i + 1, False)
                   for i, w in enumerate(state.workers) if w.count(seat) < MAX_PER_HANGAR]
        out.append(Option("return", "return", None, False))  # W11: always legal
        return out
    if phase == "flybuild":
        ab = abilities(state, seat)
        out = build_options(state, seat, ab) if only in (None, "build") else []
        if only in (None, "fly"):
            out += fly_options(state, seat, ab)
        excess = total(p.hand) - BASE_LIMIT - ab.keep_extra
        out.append(Option("end", "end", excess, excess <= 0 and refill_draws(state, total(state.bag))))
        return out
    if phase == "discard":
        excess = total(p.hand) - hand_limit(state, seat)
        last = excess == 1 and refill_draws(state, total(state.bag) + 1)
        return [Option(f"discard:{c}", "discard", (c, excess - 1), last) for c in COLOURS if p.hand[c] > 0]
    return []


# ---- labels ---------------------------------------------------------------

def label(state: WayfindersState, seat: str, opt: Opt) -> Msg:
    _, k, arg, _ = opt
    if k == "place":
        h = arg
        tokens = state.hangars[h - 1]
        return texts.m("move.place", h=h, tokens=" ".join(tokens) if tokens else "-",
                   mine=state.workers[h - 1].count(seat) + 1)
    if k == "return":
        if not any(seat in w for w in state.workers):
            return texts.plain("move.return_none")
        got = collect_preview(state, seat)
        return texts.m("move.return", tokens=", ".join(got) if got else texts.plain("nothing"))
    if k == "fly":
        cell, paid, toll = arg
        c = state.board[cell]
        kind = texts.kind(ISLANDS[c.island].colour) if c.island else texts.plain("home")
        if toll is None:
            why = "home" if c.island is None else ("airstrip" if c.slots else "passage")
            return texts.m("move.fly_free", cell=cell, kind=kind, why=texts.plain(f"free.{why}"))
        return texts.m("move.fly_pay", cell=cell, kind=kind, pay=texts.toll(paid))
    if k == "build":
        plane = state.players[seat].plane
        cell = state.board[plane]
        assert cell.island is not None  # build is listed only on an island (_can_build_here)
        isl = ISLANDS[cell.island]
        to = texts.plain("to_bag") if not cell.slots else texts.m("to_seat", seat=texts.seat(cell.slots[0]))
        return texts.m("move.build", cell=plane, island=isl.id, pay=texts.plus(str(arg)), to=to, effect=texts.effect(isl))
    if k == "end":
        if arg > 0:
            return texts.m("move.end_discard", n=arg)
        return texts.plain("move.end")
    if k == "discard":
        colour, left = arg
        if left <= 0:
            return texts.m("move.discard_last", res=texts.res(colour))
        return texts.m("move.discard", res=texts.res(colour), left=left)
    raise ValueError(k)


def collect_preview(state: WayfindersState, seat: str) -> list[str]:
    """The tokens a return would collect now (W12, E3)."""
    got: list[str] = []
    for h, w in zip(state.hangars, state.workers):
        got += h[:w.count(seat)]
    return got
