"""The bound of the greedy bot's plan search (rules/wayfinders/plan_bound.py): never below the value of the best
plan from a node, whatever the hand pays with (W15: each icon one token of its colour or a wildcard, or two
alike) or draws (W39: at most the island's number), so the moves it skips are never the plan's; with a large
hand it skips most of them."""
from __future__ import annotations

import pytest

from rules.bots import choose
from rules.wayfinders import ENGINE as E
from rules.wayfinders import plans as P
from rules.wayfinders.payment import counts_of
from rules.wayfinders.turns import own_cell, own_player

from .test_wayfinders_greedy_plans import plain_plan


def _positions(seed: int, players: int, limit: int, tokens: str | None = None, exploration: bool = False):
    """The first fly-and-build decision of each turn from round 2 on of a game of greedy seats (its first `limit`
    moves), the seat's hand replaced by `tokens` when given; `exploration`: W41's face-down tiles."""
    seats = [f"p{i + 1}" for i in range(players)]
    state = E.setup(seats, seed, {"exploration": exploration})
    while (to_act := E.to_act(state)) and state.moves_made < limit:
        seat = to_act[0]
        if state.phase == "flybuild" and not state.flown and state.round >= 2:
            at = E.copy_state(state)
            if tokens is not None:
                own_player(at, seat).hand = counts_of(tokens)  # players are shared copy-on-write
            yield at, seat
        state = E.apply(state, seat, choose(E, state, seat, "greedy", seed=seed).id)


def _fresh_plans(state, seat, slack: float) -> dict:
    """`plans` from `state` with nothing kept from earlier searches, moves skipped by the bound unless `slack` is
    infinite."""
    P._KEPT.clear()
    P._BOARDS.clear()
    old = P.SLACK
    P.SLACK = slack
    try:
        return P.plans(E, state, seat)
    finally:
        P.SLACK = old


@pytest.mark.parametrize("seed,players,tokens,exploration", [(2, 2, None, False), (5, 3, "BBGGRRYYV", False),
                                                             (7, 4, None, False), (4, 3, None, True)])
def test_the_bound_is_never_below_the_best_plan_of_a_node(seed, players, tokens, exploration):
    """At every node the plain search (every move played, W15's every payment, W41's flights that reveal tiles)
    works out, the bound of the node's cells, plane and hand size is at least its best plan's value."""
    checked = 0
    for state, seat in _positions(seed, players, 240, tokens, exploration):
        relaxed = _fresh_plans(state, seat, P.SLACK) and P._BOARDS[next(iter(P._BOARDS))].relaxed
        plain: dict = {}
        plain_plan(state, seat, P.DEPTH, {state.players[seat].plane}, plain)
        for (plane, hand, depth, flown, cells), (value, _first) in plain.items():
            assert relaxed.bound(plane, sum(hand), depth, flown or frozenset(), cells) >= value - 1e-9
            checked += 1
    assert checked > 500


def test_a_large_hand_is_planned_alike_from_far_fewer_nodes():
    """Fifteen tokens (W15 pays a cost in many ways, every token alike above the hand limit): the plan found and
    the plan's every step are the unbounded search's, worked out from a quarter of its nodes or fewer."""
    nodes = {"every": 0, "bounded": 0}
    for state, seat in _positions(5, 3, 60, "BBBGGGRRRYYYVVV"):
        start = P.plan_key(state, seat, P.DEPTH, {state.players[seat].plane})
        every = _fresh_plans(state, seat, float("inf"))
        bounded = _fresh_plans(state, seat, P.SLACK)
        assert bounded[start] == every[start]
        assert {k: bounded[k] for k in bounded.keys() & every.keys()} == {k: every[k] for k in bounded.keys()}
        nodes["every"] += len(every)
        nodes["bounded"] += len(bounded)
    assert nodes["every"] > 20_000 and nodes["bounded"] * 4 <= nodes["every"], nodes


def _with_airstrip(state, seat, cell):
    """`state` with one more airstrip of `seat` on `cell` (W16: a cube from its supply)."""
    out = E.copy_state(state)  # cells and players shared copy-on-write
    own_cell(out, cell).slots.append(seat)
    own_player(out, seat).cubes -= 1
    return out


def test_bounds_shared_by_searches_of_other_lines_of_play():
    """The bounds of one board are shared by its searches (plans._Known), which a hard seat's rollouts make from
    lines of play where the seat built elsewhere: asked from a line with an airstrip on another island than the
    line that made them, they still hold above that line's every plan, and the plans are the plain search's."""
    checked = 0
    for state, seat in _positions(3, 3, 200):
        islands = [c for c, cell in state.board.items()
                   if cell.island is not None and cell.face_up and not cell.slots][:2]
        if len(islands) < 2 or state.players[seat].cubes < 2:
            continue
        first, other = _with_airstrip(state, seat, islands[0]), _with_airstrip(state, seat, islands[1])
        _fresh_plans(first, seat, P.SLACK)
        found = P.plans(E, other, seat)  # the same board: the bounds made from `first` are asked
        (known,) = P._BOARDS.values()
        plain: dict = {}
        plain_plan(other, seat, P.DEPTH, {other.players[seat].plane}, plain)
        assert {k: found[k] for k in found.keys() & plain.keys()} == {k: plain[k] for k in found.keys()}
        for (plane, hand, depth, flown, cells), (value, _first) in plain.items():
            assert known.relaxed.bound(plane, sum(hand), depth, flown or frozenset(), cells) >= value - 1e-9
            checked += 1
    assert checked > 500
