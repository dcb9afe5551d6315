"""The greedy bot's fly-and-build plan search for Wayfinders (rules/wayfinders/bot.py).

A depth-limited search over flight paths (cheapest toll per step, no cell twice) and builds, where only the
seat moves; a build that draws from the bag (W39) is a leaf, valued by how many tokens it gives, never by
what.  So is a flight that reveals tiles (W41, exploration): valued by the builds where it lands and `REVEAL` for
each tile it turns up, never by what they are (without it no plan of an exploration game ever left home, and a
table of bots never ended).  `plans` gives the best plan of every node of one search (the seat's plane its
start); the greedy bot plays the first move of the root's and plans again at its next decision.

The search is the one the greedy bot has always made (the same plan, move for move); what it costs is kept
down by keeping what it works out:

* within one search, a node's next node is keyed before the move is played, so a node already worked out
  costs no copy of the state, and a node with no flight left is worked out without playing the flight to it
  (only builds are left there, each ending the plan: `_last_stop`);
* what depends only on the board and the seat's cells, hand and plane (its points, abilities, a node's moves:
  `_Known`) is shared by the searches of one board, so the next decisions of a turn start where this one looked;
* the latest searches' plans are kept by what they read (`_search_key`): a return's plan is made in the action
  phase, to decide whether to return, and again at the first decision after it, from the same position.

Values: points on the board (W23 islands + scoring islands), a small bonus for permanent abilities, and each
token in hand up to the hand limit.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any

from ..contract import Engine, Option
from .holdings import Abilities, abilities, hand_limit
from .islands import ISLANDS
from .moves import build_options, build_options_at, fly_options, reveals
from .payment import IDX, total
from .plan_bound import Relaxed
from .scoring import breakdown
from .state import COLOURS, WayfindersState

TOKEN = 0.9  # a token in hand (W23 scores 1 each; most are spent on airstrips)
CUBE = 0.6  # an airstrip cube is a limited resource (9 per player)
ABILITY = {"keep_extra": 1.5, "wildcard": 2.5, "free_passage": 1.0}
DEPTH = 4  # flight steps looked ahead in one return
STEP = 0.05  # each flight step costs a little: shorter paths win, so a plan always progresses
REVEAL = 0.6  # W41: each face-down tile a flight turns up (more islands in reach), about two thirds of a token
# a move is skipped where its bound (plan_bound.py) is not above the best found so far by this much less than the
# margin a move needs to be played (1e-9): far above any rounding of these sums of a few dozen points
SLACK = 1e-7
_NONE: frozenset[str] = frozenset()


def _standing(state: WayfindersState, seat: str) -> tuple[float, int]:
    """What `value` reads from the seat's airstrips alone: (points on the board with the abilities' bonus, the
    hand limit)."""
    parts = breakdown(state, seat)
    bonus = 0.0
    for c in state.board.values():
        if seat in c.slots and c.island is not None:
            bonus += ABILITY.get(ISLANDS[c.island].effect, 0.0)
    return parts["islands"] + parts["scoring"] + bonus, hand_limit(state, seat)


def _worth(standing: tuple[float, int], tokens: int, cubes: int) -> float:
    """`value` from `_standing`, the tokens in hand and the cubes left in supply."""
    board, limit = standing
    return board + TOKEN * min(tokens, limit) - CUBE * (9 - cubes)


def value(state: WayfindersState, seat: str) -> float:
    """How good `state` is for `seat` (no hidden information used)."""
    p = state.players[seat]
    return _worth(_standing(state, seat), sum(p.hand.values()), p.cubes)


# A node of one search: (plane, hand by colour, flight steps left, cells flown over or None when no
# flight is left, the seat's cells in order).
PlanKey = tuple[str, tuple[int, ...], int, frozenset[str] | None, tuple[str, ...]]
Plan = tuple[float, str | None]  # (value, first move id or None for 'end')
# A node's moves: its builds, for each cell it may fly to the cheapest way there (cell, option), and the same for
# each cell a flight to which would reveal a tile (W41).
Choices = tuple[list[Option], list[tuple[str, Option]], list[tuple[str, Option]]]


class _Known:
    """What searches for one seat on one board (every cell's island and face, and the airstrips of the others:
    `_board_key`) have worked out, whatever their start: `_standing` and the abilities by the seat's cells,
    `value` by (hand, cells), a node's moves by (plane, hand, cells, flight left).  A search changes the board only
    by the seat's own airstrips (a flight that would reveal a tile and a build that draws are never searched
    past), so these are functions of their keys; the next decisions of the same turn start where this one looked."""

    __slots__ = ("standings", "abilities", "values", "choices", "relaxed")

    def __init__(self) -> None:
        self.standings: dict[tuple[str, ...], tuple[float, int]] = {}
        self.abilities: dict[tuple[str, ...], Abilities] = {}
        self.values: dict[tuple[tuple[int, ...], tuple[str, ...]], float] = {}
        self.choices: dict[tuple[str, tuple[int, ...], tuple[str, ...], bool], Choices] = {}
        self.relaxed: Relaxed | None = None  # the bounds (plan_bound.py), made by the first search


class _Memo:
    """One search: what is known on its board (`_Known`, shared), and the best plan by node, its own (a plan's
    value reads the bag, which each search starts from as it is)."""

    __slots__ = ("standings", "abilities", "values", "choices", "plans", "relaxed")

    def __init__(self, state: WayfindersState, seat: str, known: _Known | None = None) -> None:
        known = known or _Known()
        self.standings = known.standings
        self.abilities = known.abilities
        self.values = known.values
        self.choices = known.choices
        self.plans: dict[PlanKey, Plan] = {}
        if known.relaxed is None:
            standings = known.standings
            known.relaxed = Relaxed(state, seat, lambda s, cells: _standing_of(standings, s, seat, cells), _worth, STEP,
                                    REVEAL, known.abilities)
        self.relaxed = known.relaxed


def _standing_of(standings: dict[tuple[str, ...], tuple[float, int]], state: WayfindersState, seat: str,
                 cells: tuple[str, ...]) -> tuple[float, int]:
    """`_standing` of `state`, whose seat's cells are `cells`, kept in `standings` by them."""
    found = standings.get(cells)
    if found is None:
        found = standings[cells] = _standing(state, seat)
    return found


def _memo_standing(state: WayfindersState, seat: str, cells: tuple[str, ...], memo: _Memo) -> tuple[float, int]:
    return _standing_of(memo.standings, state, seat, cells)


def _value(state: WayfindersState, seat: str, key: PlanKey, memo: _Memo) -> float:
    """`value` within one search: a function of the seat's hand and its cells (key[1] and key[4]; cubes
    follow from the cells), wherever its plane is."""
    vkey = (key[1], key[4])
    found = memo.values.get(vkey)
    if found is None:
        p = state.players[seat]
        found = memo.values[vkey] = _worth(_memo_standing(state, seat, key[4], memo), sum(p.hand.values()), p.cubes)
    return found


def plan_key(state: WayfindersState, seat: str, depth: int, seen: set[str]) -> PlanKey:
    p = state.players[seat]
    # with no flight left the cells already flown over no longer matter: one entry for every path here
    return (p.plane, tuple(p.hand[c] for c in COLOURS), depth, frozenset(seen) if depth > 0 else None,
            tuple(sorted(c for c, cell in state.board.items() if seat in cell.slots)))


def _paying(hand: tuple[int, ...], paid: str) -> tuple[int, ...]:
    """The hand by colour after paying the tokens `paid`."""
    if not paid:
        return hand
    left = list(hand)
    for ch in paid:
        left[IDX[ch]] -= 1
    return tuple(left)


def _choices(state: WayfindersState, seat: str, key: PlanKey, flying: bool, memo: _Memo) -> Choices:
    """The node's builds and cheapest flights (`flying`: flight steps are left), in the order `options` lists
    them; flights that would reveal a tile (W41) apart, never searched past but to the builds where they land."""
    ckey = (key[0], key[1], key[4], flying)
    found = memo.choices.get(ckey)
    if found is None:
        ab = memo.abilities.get(key[4])
        if ab is None:
            ab = memo.abilities[key[4]] = abilities(state, seat)
        cheapest: dict[str, Option] = {}
        revealing: dict[str, Option] = {}
        for option in fly_options(state, seat, ab) if flying else ():
            cell, paid, _toll = option.arg
            kept = revealing if option.barrier else cheapest
            if cell not in kept or len(paid) < len(kept[cell].arg[1]):
                kept[cell] = option
        found = memo.choices[ckey] = (build_options(state, seat, ab), list(cheapest.items()), list(revealing.items()))
    return found


def _drawn(state: WayfindersState, at: str, paid: str, in_bag: int) -> int:
    """How many tokens a build that draws (W39) on cell `at`, paid with `paid`, gives from a bag of `in_bag`
    tokens (payment.draw: up to the island's number, as many as the bag holds, the payment in it when nobody
    had built there, W17)."""
    cell = state.board[at]
    if not cell.slots:
        in_bag += len(paid)
    return min(ISLANDS[cell.island].n or 0, in_bag) if cell.island is not None else 0


def _drawn_worth(engine: Engine[WayfindersState], state: WayfindersState, seat: str, option: Option,
                 built: tuple[str, ...], memo: _Memo) -> float:
    """The value after `option`, a build that draws (W39): `value` counts the tokens in hand, not their colours,
    so this is the value after drawing as many as the bag gives (`_drawn`), with the state after it played only
    to read a set of cells (`built`) not met before.  Not the value of any other node: the draw changed the bag."""
    if built not in memo.standings:
        after = engine.perform(state, seat, option)
        p = after.players[seat]
        return _worth(_memo_standing(after, seat, built, memo), sum(p.hand.values()), p.cubes)
    p = state.players[seat]
    paid = str(option.arg)
    drawn = _drawn(state, p.plane, paid, total(state.bag))
    return _worth(memo.standings[built], sum(p.hand.values()) - len(paid) + drawn, p.cubes - 1)


def _last_stop(state: WayfindersState, seat: str, flight: Option, key: PlanKey, memo: _Memo) -> Plan | None:
    """The plan of node `key`, with no flight left, reached from `state` by `flight`, worked out without playing
    the flight: on the cell flown to only builds are left, and each ends the plan (the seat then has an airstrip
    there).  None when it needs the points of a set of the seat's cells not met before: the caller plays it."""
    at, hand, _, _, cells = key
    standing = memo.standings.get(cells)
    if standing is None:
        return None
    cubes = state.players[seat].cubes
    tokens = sum(hand)
    best = memo.values.get((hand, cells))
    if best is None:
        best = memo.values[(hand, cells)] = _worth(standing, tokens, cubes)
    first = None
    choices = memo.choices.get((at, hand, cells, False))
    if choices is None:
        ab = memo.abilities.get(cells)
        if ab is None:
            ab = memo.abilities[cells] = abilities(state, seat)
        choices = memo.choices[(at, hand, cells, False)] = (
            build_options_at(state, seat, ab, at, dict(zip(COLOURS, hand))), [], [])
    if choices[0]:
        built = tuple(sorted(cells + (at,)))
        after = memo.standings.get(built)
        if after is None:
            return None
        in_bag = total(state.bag) + len(flight.arg[1])  # the flight's toll went to the bag
        for option in choices[0]:
            paid = str(option.arg)
            if option.barrier:
                v = _worth(after, tokens - len(paid) + _drawn(state, at, paid, in_bag), cubes - 1)
            else:
                child = (at, _paying(hand, paid), 0, None, built)
                plan = memo.plans.get(child)
                if plan is None:
                    worth = memo.values.get((child[1], built))
                    if worth is None:
                        worth = memo.values[(child[1], built)] = _worth(after, tokens - len(paid), cubes - 1)
                    plan = memo.plans[child] = (worth, None)
                v = plan[0]
            if v > best + 1e-9:
                best, first = v, option.id
    memo.plans[key] = (best, first)
    return best, first


def _best_plan(engine: Engine[WayfindersState], state: WayfindersState, seat: str, depth: int, seen: set[str],
               memo: _Memo, key: PlanKey | None = None) -> Plan:
    """(value of the best continuation of fly-and-build, its first move id or None for 'end').

    `key` is the node's `_plan_key` when the caller knows it.  A move's next node is keyed before it is
    played, so a node already worked out costs no copy of the state."""
    if key is None:
        key = plan_key(state, seat, depth, seen)
        if key in memo.plans:
            return memo.plans[key]
    plane, hand, _, flown, cells = key
    best, first = _value(state, seat, key, memo), None
    builds, flights, revealing = _choices(state, seat, key, depth > 0, memo)
    tokens = sum(hand)
    bound = memo.relaxed.bound
    for option in builds:
        paid = option.arg
        if option.barrier:  # W39 draw: never look at what was drawn, only how many
            v = _drawn_worth(engine, state, seat, option, tuple(sorted(cells + (plane,))), memo)
        else:
            child = (plane, _paying(hand, paid), depth, flown, tuple(sorted(cells + (plane,))))
            plan = memo.plans.get(child)
            if plan is None:
                if bound(plane, tokens - len(paid), depth, flown or _NONE, child[4]) <= best + 1e-9 - SLACK:
                    continue  # no plan after it beats the best so far (plan_bound.py)
                plan = _best_plan(engine, engine.perform(state, seat, option), seat, depth, seen, memo, child)
            v = plan[0]
        if v > best + 1e-9:
            best, first = v, option.id
    for cell, option in flights:
        if cell in seen:
            continue
        onward = seen | {cell}
        child = (cell, _paying(hand, option.arg[1]), depth - 1, frozenset(onward) if depth > 1 else None, cells)
        plan = memo.plans.get(child)
        if plan is None and bound(cell, tokens - len(option.arg[1]), depth - 1, frozenset(onward),
                                  cells) - STEP <= best + 1e-9 - SLACK:
            continue  # no plan after it beats the best so far (plan_bound.py)
        if plan is None and depth == 1:
            plan = _last_stop(state, seat, option, child, memo)
        if plan is None:
            plan = _best_plan(engine, engine.perform(state, seat, option), seat, depth - 1, onward, memo, child)
        v = plan[0] - STEP
        if v > best + 1e-9:
            best, first = v, option.id
    for cell, option in revealing:  # W41: a leaf, what it reveals unknown (module docstring)
        if cell in seen:
            continue
        child = (cell, _paying(hand, option.arg[1]), 0, None, cells)
        plan = memo.plans.get(child) or _last_stop(state, seat, option, child, memo)
        if plan is None:  # the builds where it lands read nothing it reveals
            plan = _best_plan(engine, engine.perform(state, seat, option), seat, 0, seen | {cell}, memo, child)
        v = plan[0] - STEP + REVEAL * reveals(state, cell)
        if v > best + 1e-9:
            best, first = v, option.id
    memo.plans[key] = (best, first)
    return best, first


# What one search reads of the state: the seat; its plane, hand and cubes; the bag's size (how many a draw gives);
# the game's options; every cell's island, face and airstrips.
SearchKey = tuple[str, str, tuple[int, ...], int, int, bool, bool, tuple[tuple[str | None, bool, tuple[str, ...]], ...]]
# A seat's board as `_Known` reads it: the seat, the game's options, every cell's island, face and the others'
# airstrips.
BoardKey = tuple[str, bool, bool, tuple[tuple[str | None, bool, tuple[str, ...]], ...]]
SEARCHES_KEPT = 4  # the latest searches' plans, kept (a few hundred kB at most each)
BOARDS_KEPT = 2  # the latest boards' `_Known`
KNOWN_MOVES = 40_000  # a board's `_Known` that grew past this many nodes' moves is dropped (a few MB)
_KEPT: OrderedDict[SearchKey, dict[PlanKey, Plan]] = OrderedDict()
_BOARDS: OrderedDict[BoardKey, _Known] = OrderedDict()


def _search_key(state: WayfindersState, seat: str) -> SearchKey:
    p = state.players[seat]
    return (seat, p.plane, tuple(p.hand[c] for c in COLOURS), p.cubes, total(state.bag), state.options.exploration,
            state.options.home_not_scored, tuple((c.island, c.face_up, tuple(c.slots)) for c in state.board.values()))


def _board_key(state: WayfindersState, seat: str) -> BoardKey:
    return (seat, state.options.exploration, state.options.home_not_scored,
            tuple((c.island, c.face_up, tuple(s for s in c.slots if s != seat)) for c in state.board.values()))


def _keep(kept: OrderedDict[Any, Any], key: Any, found: Any, most: int) -> None:
    """`kept[key] = found`, the oldest entries dropped past `most` (safe while another thread does the same)."""
    kept[key] = found
    while len(kept) > most:
        try:
            kept.popitem(last=False)
        except KeyError:  # another thread emptied it meanwhile
            break


def _known(key: BoardKey) -> _Known:
    known = _BOARDS.get(key)
    if known is None:
        known = _Known()
        _keep(_BOARDS, key, known, BOARDS_KEPT)
    return known


def plans(engine: Engine[WayfindersState], state: WayfindersState, seat: str) -> dict[PlanKey, Plan]:
    """The best plan of every node of the search from `state` (the seat's plane its start, `DEPTH` steps).

    The latest `SEARCHES_KEPT` searches are kept by what they read (`_search_key`): a return's plan is worked out
    in the action phase, to decide whether to return, and again at the first decision after it, from a state
    that differs only in what the search never reads (the events, the workers, the hangars)."""
    key = _search_key(state, seat)
    plans = _KEPT.get(key)
    if plans is None:
        board = _board_key(state, seat)
        memo = _Memo(state, seat, _known(board))
        _best_plan(engine, state, seat, DEPTH, {state.players[seat].plane}, memo)
        if len(memo.choices) > KNOWN_MOVES:  # the board's next searches start afresh
            _BOARDS.pop(board, None)
        plans = memo.plans
        _keep(_KEPT, key, plans, SEARCHES_KEPT)
    return plans


__all__ = ["ABILITY", "CUBE", "DEPTH", "Plan", "PlanKey", "STEP", "TOKEN", "plan_key", "plans", "value"]
