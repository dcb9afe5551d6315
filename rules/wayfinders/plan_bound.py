"""An upper bound of a plan's value for the greedy bot's plan search (rules/wayfinders/plans.py).

The plan search tries every way to pay each flight and build, and with a large hand these are many: a hand of 22
tokens pays a three-icon cost in dozens of ways (W15's two-for-one pairs), each a node of its own.  Yet above the
hand limit every token counts alike, so most of those nodes are worth what the first one was.

`Relaxed` searches the same flights and builds with the hand known only by its size: each icon paid by one token
of any colour, a build that draws (W39) giving the island's whole number.  Every plan the search can make from a
node is one of these, paying at least as many tokens and drawing no more, and a node's value grows with its tokens
(`plans._worth`), so the relaxed plan's value is at least the best plan's: the search skips a move whose bound
does not beat the best it has found there, which it would never have played (a move is played only where it
beats the best before it).  The plans made are the same, move for move; only fewer nodes are worked out.

A node here: (plane, tokens in hand, flight steps left, cells flown over or None when no flight is left, the
seat's cells in order).  The seat's cubes follow from its cells (one cube for each airstrip built), and so does
everything else the bound reads (abilities, tolls, whether a build is possible): the bounds of one seat on one
board are shared by its searches (`plans._Known`).
"""
from __future__ import annotations

from typing import Callable

from .grid import ORTHOGONAL
from .holdings import Abilities, abilities, toll_colour
from .islands import ISLANDS
from .moves import can_build_at, reveals
from .state import WayfindersState
from .turns import own_cell, own_player
from ..unvalidated import put

Standing = tuple[float, int]  # plans._standing: (points on the board with the abilities' bonus, the hand limit)
Worth = Callable[[Standing, int, int], float]  # plans._worth: (standing, tokens, cubes) -> value
BoundKey = tuple[str, int, int, frozenset[str] | None, tuple[str, ...]]


class Relaxed:
    """The bounds of one seat on one board (module docstring), worked out as they are asked for."""

    __slots__ = ("state", "seat", "standing", "worth", "step", "reveal", "cells", "cubes", "states", "abilities",
                 "bounds")

    def __init__(self, state: WayfindersState, seat: str, standing: Callable[[WayfindersState, tuple[str, ...]],
                 Standing], worth: Worth, step: float, reveal: float,
                 known_abilities: dict[tuple[str, ...], Abilities]) -> None:
        self.state, self.seat, self.standing, self.worth = state, seat, standing, worth
        self.step, self.reveal = step, reveal  # plans.STEP, plans.REVEAL
        self.cells = _cells(state, seat)
        self.cubes = state.players[seat].cubes + len(self.cells)  # cubes left + airstrips: the same all game
        self.states: dict[tuple[str, ...], WayfindersState] = {self.cells: state}
        self.abilities = known_abilities  # by the seat's cells, shared with the plan search (plans._Known)
        self.bounds: dict[BoundKey, float] = {}

    def _state(self, cells: tuple[str, ...]) -> WayfindersState:
        """A state of this board where the seat's airstrips are `cells` (its plane and hand as they were).  The
        searches sharing these bounds may come from other lines of play (a search's rollouts), where the seat built
        elsewhere: what is read here depends on which cells hold its airstrips, not on its place among the slots."""
        found = self.states.get(cells)
        if found is None:
            found = self.state.model_copy()  # shallow: the board and players below are copied where they change
            put(found, "board", dict(found.board))
            put(found, "players", dict(found.players))
            for c in set(self.cells) - set(cells):
                own_cell(found, c).slots.remove(self.seat)
            for c in set(cells) - set(self.cells):
                own_cell(found, c).slots.append(self.seat)
            put(own_player(found, self.seat), "cubes", self.cubes - len(cells))
            self.states[cells] = found
        return found

    def bound(self, plane: str, tokens: int, depth: int, seen: frozenset[str], cells: tuple[str, ...]) -> float:
        """At least the value of the best plan from a node with these cells and this many tokens (module docstring);
        `seen`: the cells flown over, the plane's included."""
        key = (plane, tokens, depth, seen if depth > 0 else None, cells)
        found = self.bounds.get(key)
        if found is not None:
            return found
        state = self._state(cells)
        cubes = self.cubes - len(cells)
        best = self.worth(self.standing(state, cells), tokens, cubes)
        if can_build_at(state, self.seat, plane):
            island = ISLANDS[state.board[plane].island or ""]
            paid = len(island.cost)
            if tokens >= paid:
                built = tuple(sorted(cells + (plane,)))
                if island.effect == "draw" and (island.n or 0) > 0:  # W39: a leaf, at most n tokens drawn
                    v = self.worth(self.standing(self._state(built), built), tokens - paid + (island.n or 0),
                                   cubes - 1)
                else:
                    v = self.bound(plane, tokens - paid, depth, seen, built)
                best = max(best, v)
        if depth > 0:
            free = self._abilities(cells, state).free
            for nb in ORTHOGONAL[plane]:
                if nb in seen or not state.board[nb].face_up:
                    continue
                toll = 0 if toll_colour(state, nb, free) is None else 1
                if tokens < toll:
                    continue
                hidden = reveals(state, nb)
                if hidden:  # W41: a flight that reveals tiles, a leaf but for the builds where it lands (plans.py)
                    v = self.bound(nb, tokens - toll, 0, seen, cells) - self.step + self.reveal * hidden
                else:
                    v = self.bound(nb, tokens - toll, depth - 1, seen | {nb}, cells) - self.step
                best = max(best, v)
        self.bounds[key] = best
        return best

    def _abilities(self, cells: tuple[str, ...], state: WayfindersState) -> Abilities:
        found = self.abilities.get(cells)
        if found is None:
            found = self.abilities[cells] = abilities(state, self.seat)
        return found


def _cells(state: WayfindersState, seat: str) -> tuple[str, ...]:
    return tuple(sorted(c for c, cell in state.board.items() if seat in cell.slots))


__all__ = ["Relaxed"]
