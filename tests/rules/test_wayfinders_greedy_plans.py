"""The greedy bot's plan search (rules/wayfinders/plans.py) finds the plan the plain search finds: every node
worked out from its own state, every move played, nothing kept between searches (the search as it was before
it kept what it works out).  `bot.py bench greedy` prints a digest of the greedy seats' moves to compare whole
games with another checkout."""
from __future__ import annotations

import pytest

from rules.bots import choose
from rules.contract import Option
from rules.wayfinders import ENGINE as E
from rules.wayfinders import plans as P
from rules.wayfinders.grid import ORTHOGONAL
from rules.wayfinders.moves import options
from rules.wayfinders.state import COLOURS


def _key(state, seat, depth, seen):
    p = state.players[seat]
    return (p.plane, tuple(p.hand[c] for c in COLOURS), depth, frozenset(seen) if depth > 0 else None,
            tuple(sorted(c for c, cell in state.board.items() if seat in cell.slots)))


def plain_plan(state, seat, depth, seen, memo) -> tuple[float, str | None]:
    """The reference: each node from its state, each move played (`engine.perform`), a draw's value read after
    the draw."""
    key = _key(state, seat, depth, seen)
    if key in memo:
        return memo[key]
    best, first = P.value(state, seat), None
    cheapest: dict[str, Option] = {}
    revealing: dict[str, Option] = {}
    for option in options(state, seat, None if depth > 0 else "build"):
        if option.kind == "build":
            after = E.perform(state, seat, option)
            v = P.value(after, seat) if option.barrier else plain_plan(after, seat, depth, seen, memo)[0]
            if v > best + 1e-9:
                best, first = v, option.id
        elif option.kind == "fly" and depth > 0:
            cell, paid, _toll = option.arg
            if cell in seen:
                continue
            kept = revealing if option.barrier else cheapest
            if cell not in kept or len(paid) < len(kept[cell].arg[1]):
                kept[cell] = option
    for cell, option in cheapest.items():
        v = plain_plan(E.perform(state, seat, option), seat, depth - 1, seen | {cell}, memo)[0] - P.STEP
        if v > best + 1e-9:
            best, first = v, option.id
    for cell, option in revealing.items():  # W41: only the builds where it lands, and what it turns up
        hidden = sum(1 for x in ORTHOGONAL[cell] if not state.board[x].face_up)
        v = plain_plan(E.perform(state, seat, option), seat, 0, seen | {cell}, memo)[0] - P.STEP + P.REVEAL * hidden
        if v > best + 1e-9:
            best, first = v, option.id
    memo[key] = (best, first)
    return best, first


def _fly_and_build_positions(seed: int, players: int, limit: int, options: dict | None = None):
    """Every fly-and-build decision of a game of greedy seats (its first `limit` moves)."""
    seats = [f"p{i + 1}" for i in range(players)]
    state = E.setup(seats, seed, options)
    while (to_act := E.to_act(state)) and state.moves_made < limit:
        seat = to_act[0]
        if state.phase == "flybuild":
            yield state, seat
        state = E.apply(state, seat, choose(E, state, seat, "greedy", seed=seed).id)


def _same_plans(state, seat) -> int:
    """The search's plans from `state` are the plain search's, at its start and at every node both worked out;
    how many nodes were compared."""
    start = {state.players[seat].plane}
    plain: dict = {}
    want = plain_plan(state, seat, P.DEPTH, start, plain)
    found = P.plans(E, state, seat)
    assert found[P.plan_key(state, seat, P.DEPTH, start)] == want, state.moves_made
    both = plain.keys() & found.keys()
    assert {k: found[k] for k in both} == {k: plain[k] for k in both}, state.moves_made
    return len(both)


@pytest.mark.parametrize("seed,players,moves,exploration", [(1, 2, 160, False), (3, 3, 160, False),
                                                             (6, 4, 70, False), (2, 3, 120, True)])
@pytest.mark.parametrize("bounded", [True, False])
def test_every_plan_is_the_plain_searchs(seed, players, moves, exploration, bounded, monkeypatch):
    """With the bound (plan_bound.py) the search skips moves, and still finds the same plan at its start and the
    same at every node it works out; without it (never skipping) it works out the plain search's every node.
    With exploration (W41) a flight that reveals tiles is planned as far as the builds where it lands."""
    if not bounded:
        monkeypatch.setattr(P, "SLACK", float("inf"))
    positions = _fly_and_build_positions(seed, players, moves, {"exploration": exploration})
    searches = [_same_plans(state, seat) for state, seat in positions]
    assert len(searches) > 10 and sum(searches) > (300 if bounded else 1000)  # nodes compared


def test_a_build_that_draws_is_valued_by_what_a_short_bag_gives():
    """A bag holding fewer tokens than the island draws gives what it has (payment.draw), and the search values
    the build so, as after playing it (with no other token to draw, the one that pays into it)."""
    compared = 0
    for state, seat in _fly_and_build_positions(2, 3, 400):
        short = E.copy_state(state)
        short.bag = {c: 0 for c in short.bag}
        compared += _same_plans(short, seat)
    assert compared > 1000


def test_what_the_searches_keep_is_bounded():
    for state, seat in _fly_and_build_positions(4, 4, 200):
        P.plans(E, state, seat)
    assert 0 < len(P._KEPT) <= P.SEARCHES_KEPT and 0 < len(P._BOARDS) <= P.BOARDS_KEPT
    assert all(len(known.choices) <= P.KNOWN_MOVES for known in P._BOARDS.values())
