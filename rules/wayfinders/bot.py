"""The greedy bot for Wayfinders (rules.bots "greedy" level, engine hook `greedy_move`).

A short look-ahead over the current turn, never over hidden draws:

* action phase: return when the tokens collected (plus the hand) pay for a
  worthwhile airstrip within a few steps, or when no worker is left; else
  place a worker where it will collect a token, preferring colours the hand lacks;
* fly-and-build: a depth-limited search over flight paths (cheapest toll per
  step, no cell twice) and builds; the first move of the best plan is played
  and the plan is made again at the next decision.  A build that draws from
  the bag (W39) is a leaf: the search never looks at what the draw gives;
* discard: the colour the hand holds most of.

Values: points on the board (W23 islands + scoring islands), a small bonus for
permanent abilities, and each token in hand up to the hand limit.
"""
from __future__ import annotations

from ..contract import Engine, Move, Option
from ..rng import Rng
from .holdings import Abilities, abilities, hand_limit
from .islands import ISLANDS
from .moves import build_options, collect_preview, fly_options, options
from .payment import IDX, total
from .scoring import breakdown
from .state import COLOURS, WayfindersState

TOKEN = 0.9  # a token in hand (W23 scores 1 each; most are spent on airstrips)
CUBE = 0.6  # an airstrip cube is a limited resource (9 per player)
ABILITY = {"keep_extra": 1.5, "wildcard": 2.5, "free_passage": 1.0}
DEPTH = 4  # flight steps looked ahead in one return
STEP = 0.05  # each flight step costs a little: shorter paths win, so a plan always progresses
MAX_FLOWN = 12  # a safety net: never wander longer than this in one return
RETURN_GAIN = 1.0  # return as soon as the turn can gain this much


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
# A node's moves: its builds, and for each cell it may fly to the cheapest way there (cell, option).
Choices = tuple[list[Option], list[tuple[str, Option]]]


class _Memo:
    """What one search has worked out, where only the seat moves: `_standing` and the abilities by the seat's
    cells, `value` by (hand, cells), a node's moves by (plane, hand, cells, flight left), the best plan by node.
    Within one search the board changes only by the seat's own airstrips (a flight that would reveal a tile and
    a build that draws are never searched past), so these are functions of their keys."""

    __slots__ = ("standings", "abilities", "values", "choices", "plans")

    def __init__(self) -> None:
        self.standings: dict[tuple[str, ...], tuple[float, int]] = {}
        self.abilities: dict[tuple[str, ...], Abilities] = {}
        self.values: dict[tuple[tuple[int, ...], tuple[str, ...]], float] = {}
        self.choices: dict[tuple[str, tuple[int, ...], tuple[str, ...], bool], Choices] = {}
        self.plans: dict[PlanKey, Plan] = {}


def _memo_standing(state: WayfindersState, seat: str, cells: tuple[str, ...], memo: _Memo) -> tuple[float, int]:
    found = memo.standings.get(cells)
    if found is None:
        found = memo.standings[cells] = _standing(state, seat)
    return found


def _value(state: WayfindersState, seat: str, key: PlanKey, memo: _Memo) -> float:
    """`value` within one search: a function of the seat's hand and its cells (key[1] and key[4]; cubes
    follow from the cells), wherever its plane is."""
    vkey = (key[1], key[4])
    found = memo.values.get(vkey)
    if found is None:
        p = state.players[seat]
        found = memo.values[vkey] = _worth(_memo_standing(state, seat, key[4], memo), sum(p.hand.values()), p.cubes)
    return found


def _plan_key(state: WayfindersState, seat: str, depth: int, seen: set[str]) -> PlanKey:
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
    them; flights that would reveal a tile are left out (never searched past)."""
    ckey = (key[0], key[1], key[4], flying)
    found = memo.choices.get(ckey)
    if found is None:
        ab = memo.abilities.get(key[4])
        if ab is None:
            ab = memo.abilities[key[4]] = abilities(state, seat)
        cheapest: dict[str, Option] = {}
        for option in fly_options(state, seat, ab) if flying else ():
            cell, paid, _toll = option.arg
            if not option.barrier and (cell not in cheapest or len(paid) < len(cheapest[cell].arg[1])):
                cheapest[cell] = option
        found = memo.choices[ckey] = (build_options(state, seat, ab), list(cheapest.items()))
    return found


def _drawn_worth(engine: Engine[WayfindersState], state: WayfindersState, seat: str, option: Option,
                 built: tuple[str, ...], memo: _Memo) -> float:
    """The value after `option`, a build that draws (W39): `value` counts the tokens in hand, not their colours,
    so this is the value after drawing as many as the bag gives (payment.draw: up to the island's number, the
    build's payment in the bag when nobody was there first), with the state after it played only to read a
    set of cells (`built`) not met before.  Not the value of any other node: the draw changed the bag."""
    if built not in memo.standings:
        after = engine.perform(state, seat, option)
        p = after.players[seat]
        return _worth(_memo_standing(after, seat, built, memo), sum(p.hand.values()), p.cubes)
    p = state.players[seat]
    paid = str(option.arg)
    first = not state.board[p.plane].slots  # the payment goes to the bag (W17), not to the first builder
    in_bag = total(state.bag) + (len(paid) if first else 0)
    island = state.board[p.plane].island
    drawn = min(ISLANDS[island].n or 0, in_bag) if island is not None else 0
    return _worth(memo.standings[built], sum(p.hand.values()) - len(paid) + drawn, p.cubes - 1)


def _best_plan(engine: Engine[WayfindersState], state: WayfindersState, seat: str, depth: int, seen: set[str],
               memo: _Memo, key: PlanKey | None = None) -> Plan:
    """(value of the best continuation of fly-and-build, its first move id or None for 'end').

    `key` is the node's `_plan_key` when the caller knows it.  A move's next node is keyed before it is
    played, so a node already worked out costs no copy of the state."""
    if key is None:
        key = _plan_key(state, seat, depth, seen)
        if key in memo.plans:
            return memo.plans[key]
    plane, hand, _, flown, cells = key
    best, first = _value(state, seat, key, memo), None
    builds, flights = _choices(state, seat, key, depth > 0, memo)
    for option in builds:
        paid = option.arg
        if option.barrier:  # W39 draw: never look at what was drawn, only how many
            v = _drawn_worth(engine, state, seat, option, tuple(sorted(cells + (plane,))), memo)
        else:
            child = (plane, _paying(hand, paid), depth, flown, tuple(sorted(cells + (plane,))))
            plan = memo.plans.get(child)
            if plan is None:
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
        if plan is None:
            plan = _best_plan(engine, engine.perform(state, seat, option), seat, depth - 1, onward, memo, child)
        v = plan[0] - STEP
        if v > best + 1e-9:
            best, first = v, option.id
    memo.plans[key] = (best, first)
    return best, first


def _turn_gain(engine: Engine[WayfindersState], state: WayfindersState, seat: str,
               memo: _Memo | None = None) -> Plan:
    base = value(state, seat)
    v, first = _best_plan(engine, state, seat, DEPTH, {state.players[seat].plane}, _Memo() if memo is None else memo)
    return v - base, first


def _plan_path(engine: Engine[WayfindersState], state: WayfindersState, seat: str, memo: _Memo) -> list[str]:
    """The moves of the plan `_turn_gain` found from `state` (its `memo`), followed step by step: flights
    and builds, up to a build that draws (W39, what it gives is not planned) or the plan's end, where the
    greedy bot would plan again."""
    gain, first = _turn_gain(engine, state, seat, memo)
    if first is None or gain <= 0:
        return ["end"]
    path: list[str] = []
    depth, seen = DEPTH, {state.players[seat].plane}
    while first is not None and len(state.flown) < MAX_FLOWN:
        path.append(first)
        barrier = first.startswith("build") and any(o.barrier for o in options(state, seat, "build") if o.id == first)
        state = engine.apply(state, seat, first)
        if barrier:
            break
        if first.startswith("fly"):
            depth -= 1
            seen = seen | {state.players[seat].plane}
        _, first = memo.plans.get(_plan_key(state, seat, depth, seen), (0.0, None))
    return path


def greedy_move(engine: Engine[WayfindersState], state: WayfindersState, seat: str, rng: Rng) -> Move:
    moves = {m.id: m for m in engine.legal_moves(state, seat)}
    phase = state.phase
    if phase == "flybuild":
        if len(state.flown) >= MAX_FLOWN:
            return moves["end"]
        gain, first = _turn_gain(engine, state, seat)
        return moves[first] if first is not None and gain > 0 else moves["end"]
    if phase == "discard":
        p = state.players[seat]
        colour = max((c for c in COLOURS if p.hand[c] > 0), key=lambda c: (p.hand[c], rng.below(8)))
        return moves[f"discard:{colour}"]
    return moves[_action(engine, state, seat, list(moves), rng, _Memo())]


def greedy_chain(engine: Engine[WayfindersState], state: WayfindersState, seat: str, rng: Rng) -> list[str]:
    """The greedy bot's next moves at once, for the search's rollouts (engine hook `greedy_chain`): a return
    with the flights and builds of the plan that chose it, a fly-and-build's whole plan (`_plan_path`),
    else its one move.  Each step of the plan is the one `greedy_move` would play, except that it plans
    again only where the plan ends rather than at every step: one plan per return instead of one per step."""
    phase = state.phase
    if phase == "flybuild" and len(state.flown) < MAX_FLOWN:
        return _plan_path(engine, state, seat, _Memo())
    if phase != "action":
        return [greedy_move(engine, state, seat, rng).id]
    memo = _Memo()
    move = _action(engine, state, seat, engine.move_ids(state, seat), rng, memo)
    if move != "return":
        return [move]
    return ["return"] + _plan_path(engine, engine.apply(state, seat, "return"), seat, memo)


def _action(engine: Engine[WayfindersState], state: WayfindersState, seat: str, ids: list[str], rng: Rng,
            memo: _Memo) -> str:
    """The action phase's move (W9-W11); a plan made for the return stays in `memo`."""
    p = state.players[seat]
    places = [m for m in ids if m.startswith("place:")]
    if not places:
        return "return"
    if any(seat in w for w in state.workers):
        gain, _ = _turn_gain(engine, engine.apply(state, seat, "return"), seat, memo)
        got = len(collect_preview(state, seat))
        if gain >= RETURN_GAIN or got + sum(p.hand.values()) >= hand_limit(state, seat) + 2:
            return "return"
    best, best_v = [], float("-inf")
    for mid in places:
        h = int(mid.split(":")[1])
        mine = state.workers[h - 1].count(seat)
        others = len(state.workers[h - 1]) - mine
        tokens = state.hangars[h - 1]
        v = 0.0
        if mine < len(tokens):
            v += 1.0 - 0.2 * min(others, 2)
            if p.hand[tokens[mine]] == 0:
                v += 0.4
        if v > best_v + 1e-9:
            best, best_v = [mid], v
        elif abs(v - best_v) <= 1e-9:
            best.append(mid)
    return best[rng.below(len(best))]


__all__ = ["greedy_chain", "greedy_move", "value"]
