"""Helpers for the Wayfinders rules tests: build exact positions quickly.

States are built through the W40(c) fixed-layout option and then edited
directly (hands, hangars, workers, planes, airstrips), as the sheet allows.
"""
from __future__ import annotations

from rules.contract import IllegalMove
from rules.text import tr
from rules.wayfinders import ENGINE
from rules.wayfinders.grid import ISLAND_CELLS
from rules.wayfinders.islands import ISLANDS
from rules.wayfinders.payment import counts_of
from rules.wayfinders.state import COLOURS, HOME, WayfindersState

E = ENGINE
__all__ = ["E", "IllegalMove", "tr", "HOME", "COLOURS", "ISLANDS", "layout", "game", "hand", "set_hand",
           "ids", "play", "airstrip", "fly_build", "on_turn", "bag_total", "hangars", "moves"]


def layout(**cells: str) -> dict[str, str]:
    """A full fixed layout: the given cell -> island ids, the rest filled with unused ids in order."""
    chosen = {c.upper(): i for c, i in cells.items()}
    rest = [i for i in sorted(ISLANDS) if i not in chosen.values()]
    return {cell: chosen[cell] if cell in chosen else rest.pop(0) for cell in ISLAND_CELLS}


def game(n: int = 2, seed: int = 1, exploration: bool = False, home_not_scored: bool = False,
         **cells: str) -> WayfindersState:
    """A new game with seats p1..pn, turn order p1 first (home slots rewritten), fixed layout."""
    seats = [f"p{i + 1}" for i in range(n)]
    s = E.setup(seats, seed, {"layout": layout(**cells), "exploration": exploration,
                              "home_not_scored": home_not_scored})
    s.order = list(seats)
    s.board[HOME].slots = list(seats)
    s.turn = 0
    return s


def hand(s: WayfindersState, seat: str) -> str:
    """A hand as sorted letters."""
    return "".join(sorted(c * k for c, k in s.players[seat].hand.items()))


def set_hand(s: WayfindersState, seat: str, tokens: str) -> None:
    s.players[seat].hand = counts_of(tokens)


def hangars(s: WayfindersState) -> list[str]:
    return ["".join(h) for h in s.hangars]


def bag_total(s: WayfindersState) -> int:
    return sum(s.bag.values())


def moves(s: WayfindersState, seat: str | None = None):
    seat = seat or E.to_act(s)[0]
    return {m.id: m for m in E.legal_moves(s, seat)}


def ids(s: WayfindersState, seat: str | None = None) -> list[str]:
    seat = seat or E.to_act(s)[0]
    return [m.id for m in E.legal_moves(s, seat)]


def play(s: WayfindersState, *move_ids: str, seat: str | None = None) -> WayfindersState:
    for mid in move_ids:
        s = E.apply(s, seat or E.to_act(s)[0], mid)
    return s


def airstrip(s: WayfindersState, cell: str, *seats: str) -> None:
    """Put these seats' cubes on `cell` (slot 1 first), taking them from their supply."""
    for seat in seats:
        s.board[cell].slots.append(seat)
        s.players[seat].cubes -= 1


def on_turn(s: WayfindersState, seat: str, phase: str = "action") -> WayfindersState:
    s.turn = s.order.index(seat)
    s.phase = phase
    return s


def fly_build(s: WayfindersState, seat: str, at: str, tokens: str = "") -> WayfindersState:
    """`seat` in the middle of a return (fly/build step) with its plane on `at` holding `tokens`."""
    on_turn(s, seat, "flybuild")
    s.players[seat].plane = at
    set_hand(s, seat, tokens)
    return s
