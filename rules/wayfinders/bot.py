"""The greedy bot for Wayfinders (rules.bots "greedy" level, engine hook `greedy_move`).

A short look-ahead over the current turn, never over hidden draws:

* action phase: return when the tokens collected (plus the hand) pay for a
  worthwhile airstrip within a few steps, or when no worker is left; else
  place a worker where it will collect a token, preferring colours the hand lacks;
* fly-and-build: a depth-limited search over flight paths (cheapest toll per
  step, no cell twice) and builds (rules/wayfinders/plans.py); the first move
  of the best plan is played and the plan is made again at the next decision.
  A build that draws from the bag (W39) is a leaf: the search never looks at
  what the draw gives;
* discard: the colour the hand holds most of.

Values: points on the board (W23 islands + scoring islands), a small bonus for
permanent abilities, and each token in hand up to the hand limit.
"""
from __future__ import annotations

from ..contract import Engine, Move
from ..rng import Rng
from .holdings import hand_limit
from .moves import collect_preview, options, reveals
from .plans import DEPTH, TOKEN, Plan, plan_key, plans, value
from .state import COLOURS, WayfindersState

MAX_FLOWN = 12  # a safety net: never wander longer than this in one return
RETURN_GAIN = 1.0  # return as soon as the turn can gain this much


def _turn_gain(engine: Engine[WayfindersState], state: WayfindersState, seat: str) -> Plan:
    v, first = plans(engine, state, seat)[plan_key(state, seat, DEPTH, {state.players[seat].plane})]
    return v - value(state, seat), first


def idle_return(engine: Engine[WayfindersState], state: WayfindersState, seat: str) -> bool:
    """True when `seat`'s return now would change nothing, and every other seat's turn since its own last one
    changed nothing either (`state.idle`): nobody has a worker on the board, so the return collects nothing
    (E4), and the plan after it flies and builds nothing.  Seats taking such returns in turn would never end the
    game (W21 needs cubes built); a bot never makes the round of them whole."""
    if any(state.workers) or state.idle < len(state.order) - 1:
        return False
    gain, first = _turn_gain(engine, engine.apply(state, seat, "return"), seat)
    return first is None or gain <= 0


def _plan_path(engine: Engine[WayfindersState], state: WayfindersState, seat: str) -> list[str]:
    """The moves of the plan `_turn_gain` found from `state`, followed step by step: flights and builds, up to
    a build that draws (W39, what it gives is not planned), a flight that reveals tiles (W41, what they are is
    not planned) or the plan's end, where the greedy bot would plan again."""
    gain, first = _turn_gain(engine, state, seat)
    if first is None or gain <= 0:
        return ["end"]
    found = plans(engine, state, seat)
    path: list[str] = []
    depth, seen = DEPTH, {state.players[seat].plane}
    while first is not None and len(state.flown) < MAX_FLOWN:
        path.append(first)
        if first.startswith("fly"):  # a flight that reveals tiles (W41): a barrier, told without listing the flights
            barrier = reveals(state, first.split(":")[1]) > 0
        else:  # a build that draws (W39)
            barrier = first.startswith("build") and any(o.barrier for o in options(state, seat, "build") if o.id == first)
        state = engine.apply(state, seat, first)
        if barrier:
            break
        if first.startswith("fly"):
            depth -= 1
            seen = seen | {state.players[seat].plane}
        _, first = found.get(plan_key(state, seat, depth, seen), (0.0, None))
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
    return moves[_action(engine, state, seat, list(moves), rng)]


def greedy_chain(engine: Engine[WayfindersState], state: WayfindersState, seat: str, rng: Rng) -> list[str]:
    """The greedy bot's next moves at once, for the search's rollouts (engine hook `greedy_chain`): a return
    with the flights and builds of the plan that chose it, a fly-and-build's whole plan (`_plan_path`),
    else its one move.  Each step of the plan is the one `greedy_move` would play, except that it plans
    again only where the plan ends rather than at every step: one plan per return instead of one per step."""
    phase = state.phase
    if phase == "flybuild" and len(state.flown) < MAX_FLOWN:
        return _plan_path(engine, state, seat)
    if phase != "action":
        return [greedy_move(engine, state, seat, rng).id]
    move = _action(engine, state, seat, engine.move_ids(state, seat), rng)
    if move != "return":
        return [move]
    return ["return"] + _plan_path(engine, engine.apply(state, seat, "return"), seat)


def _action(engine: Engine[WayfindersState], state: WayfindersState, seat: str, ids: list[str], rng: Rng) -> str:
    """The action phase's move (W9-W11); a plan made for the return is kept (`plans`)."""
    p = state.players[seat]
    places = [m for m in ids if m.startswith("place:")]
    if not places:
        return "return"
    if any(seat in w for w in state.workers):
        gain, _ = _turn_gain(engine, engine.apply(state, seat, "return"), seat)
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


__all__ = ["MAX_FLOWN", "TOKEN", "greedy_chain", "greedy_move", "idle_return", "value"]
