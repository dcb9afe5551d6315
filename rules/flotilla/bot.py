"""The Flotilla bots' policy: pure, no peeking at dice or draws.  It plays the "greedy" level and, on its own
constants (`bot_profile`: the greedy level's `GREEDY`, the hard level's `HARD`), the hard level's policy.

* The card to play is chosen by a heuristic value per card (what its terms can
  achieve now: an affordable outpost, barrels to sell, skiffs to dive from,
  tiles to build, a Rally when the hand runs low); the hard level's policy adds
  what a sampled turn begun by it adds to the position (`bot_turn`).
* Every other decision is one ply: each legal move is applied and the result
  valued by `evaluate`.  A move that consumes randomness (the rng moved) is not
  looked at; it is valued as the position before it plus a small prior.  A
  move that leads to a cell or rotation choice (placing, building) is valued
  by its best completion.
* `evaluate` counts VP, coins (worth less beyond what the next outpost costs),
  crew, seals, skiffs and cargo; Sinkside the ocean tiles, Skyside what the
  reserve tiles will score once built (`bot_sky`).
"""
from __future__ import annotations

from ..contract import Engine, Move
from ..rng import Rng
from .data import BOARD, CARDS, TILES
from .decide import card_terms
from .effects import sites
from .scoring import penalty_space
from .bot_profile import Profile
from .bot_sky import missing_barrels, outposts_wanted, sky_value
from .bot_turn import turn_gain
from .sky import build_cells, build_cost
from .state import DEPLETED, OWNER, TILE, FlotillaState, Player

# Weights tuned in self-play and against the previous bot (see STATUS.md; the table's pace: docs/strength/README.md);
# those the two levels play differently are in bot_profile.py.  Beyond the coins a profile keeps:
COIN_LO = 0.05    # coins with nothing to buy are worth little (they only break ties, F65)
BUY_CARD = 2.0    # a Skyside transaction card, per barrel its reserve tiles still need
RESEARCH = 0.0    # a research card's base worth (plus half a point per die)


def evaluate(state: FlotillaState, seat: str, prof: Profile) -> float:
    """A rough worth of `seat`'s position in VP, as `prof` values it."""
    p = state.players[seat]
    v = p.vp + coin_value(p.coins, savings(state, p, prof)) + BOARD.tox_penalty[penalty_space(p.tox)]
    v += 0.4 * sum(len(s.cargo) for s in p.skiffs) + 1.2 * len(p.skiffs)
    crew = len(p.hand) + len(p.discard) + (1 if state.playing and state.order[state.turn] == seat else 0)
    v += 1.8 * sum(p.seals.values()) + 1.5 * crew
    if p.side == "sky":
        return v + sky_value(state, seat, prof.site)
    own = [e for e in state.board.values() if e[OWNER] == seat and e[TILE] != "start"]
    return v + 0.55 * sum(p.barrels.values()) + sum(0.9 if not e[DEPLETED] else 0.3 for e in own)


def savings(state: FlotillaState, p: Player, prof: Profile) -> int:
    """The coins worth keeping: the next outpost (F31), floating if no site is free, while objectives remain."""
    if not outposts_wanted(state, p):
        return prof.coins_full
    cost = BOARD.outpost_cost[p.side][p.outposts] + (0 if sites(state, p.seat) else BOARD.float_extra[p.side])
    return max(prof.coins_full, int(prof.save * cost))


def coin_value(coins: int, full: int) -> float:
    """A coin is worth a quarter VP up to what the next outpost costs, little beyond that."""
    return min(coins, full) / 4 + max(0, coins - full) * COIN_LO


def _wants_turn(state: FlotillaState, prof: Profile) -> bool:
    left = sum(3 - n for n in state.objectives["sink"].values())
    return state.round >= prof.turn_round or left == 0


def _card_value(state: FlotillaState, p: Player, card: str, prof: Profile) -> float:
    c = CARDS[card]
    terms = {t.name: t for t in card_terms(card, p.side)}
    v = 0.3 * (c.sail if p.side == "sink" else c.income)
    if "rally" in terms:
        playable = len([x for x in p.hand if x != card])
        v += 9 if playable <= 1 else 3 if (playable <= 2 and p.discard) else 0
        if p.side == "sink" and _wants_turn(state, prof) and p.discard:
            v += 6
    if "trans" in terms:
        n = terms["trans"].a
        minus = terms["outpost_minus"].a if "outpost_minus" in terms else 0
        cost = max(0, BOARD.outpost_cost[p.side][min(p.outposts, 5)] - minus)
        if not sites(state, p.seat):
            cost += BOARD.float_extra[p.side]
        if outposts_wanted(state, p) and p.coins + 3 >= cost:
            v += 10
        v += min(n, sum(p.barrels.values())) * 1.0
        spare = p.coins - savings(state, p, prof)
        if p.side == "sky" and spare > 0:  # barrels the reserve tiles still need
            v += min(n, missing_barrels(state, p), spare // 5) * BUY_CARD
    if "infl" in terms or "infl_each" in terms or "infl_speakers" in terms:
        v += 4
    if "draw_place" in terms:
        own = sum(1 for e in state.board.values() if e[OWNER] == p.seat and e[TILE] != "start")
        v += 6 if own < 5 else 2
    if "dive" in terms:
        ready = sum(1 for s in p.skiffs if len(s.cargo) < 4 and s.cell in state.board
                    and state.board[s.cell][TILE] != "start" and not state.board[s.cell][DEPLETED])
        v += 2 + 2.5 * ready
    if "build" in terms:
        can = build_cells(state, p.seat) and any(p.barrels[TILES[t].colour] >= build_cost(state, t) for t in p.tiles)
        v += (8 + 2 * terms["build"].a) if can else 1
    if "draw_keep" in terms:
        v += 3
    if "research" in terms:
        v += RESEARCH + 0.5 * terms["research"].a
    return v


def _prior(move_id: str) -> float:
    if move_id.startswith("inf:"):
        return 1.0
    if move_id.startswith("depth:"):
        return move_id.count("D") * 0.3 + move_id.count("A") * 0.4
    if move_id.startswith("rot:"):
        return 0.5
    if move_id == "reroll:done":
        return 0.2
    return 0.0


def greedy_move(engine: Engine[FlotillaState], state: FlotillaState, seat: str, rng: Rng, prof: Profile) -> Move:
    """The move `prof`'s policy plays (module docstring)."""
    moves = engine.legal_moves(state, seat)
    p = state.players[seat]
    if not state.todo:  # the card to play
        scored = []
        for m in moves:
            parts = m.id.split(":")
            if parts[1] == "scholar":
                top = state.players[parts[2]].discard[-1]
                val = _card_value(state, p, top, prof) - 0.5 if CARDS[top].kind != "scholar" else -5
            else:
                card = next(c for c in p.hand if CARDS[c].kind == parts[1])
                val = _card_value(state, p, card, prof)
            if prof.turn_ahead:
                val += turn_gain(engine, state, seat, m.id, rng, prof, greedy_move, evaluate)
            scored.append((val, m))
        return _best(scored, rng)
    if state.todo[0].kind == "turn":
        want = _wants_turn(state, prof)
        return next(m for m in moves if m.id == ("turn:yes" if want else "turn:no"))
    base = evaluate(state, seat, prof)
    scored = []
    for m in moves:
        after = engine.apply(state, seat, m.id)
        if after.rng.state != state.rng.state:
            val = base + _prior(m.id)
        else:
            val = _look(engine, after, seat, prof) + (0.05 if m.id.startswith(("sail:", "pl:", "cell:")) else 0.0)
            if m.id.startswith("sail:"):
                val += _sail_bonus(after, seat)
        scored.append((val, m))
    return _best(scored, rng)


LOOK = frozenset({"bcell", "brot", "cell", "rot"})  # where-and-how steps: judged by their best outcome


def _look(engine: Engine[FlotillaState], state: FlotillaState, seat: str, prof: Profile) -> float:
    """`evaluate`, but a pending cell or rotation choice is valued by its best completion."""
    if not state.todo or state.todo[0].kind not in LOOK or engine.to_act(state) != [seat]:
        return evaluate(state, seat, prof)
    best = None
    for m in engine.legal_moves(state, seat):
        after = engine.apply(state, seat, m.id)
        val = (evaluate(state, seat, prof) + _prior(m.id) if after.rng.state != state.rng.state  # never peek at a draw
               else _look(engine, after, seat, prof))
        best = val if best is None else max(best, val)
    return best if best is not None else evaluate(state, seat, prof)


def _sail_bonus(state: FlotillaState, seat: str) -> float:
    """Skiffs on undepleted ocean tiles with room can dive; full skiffs want to go home."""
    p = state.players[seat]
    v = 0.0
    for s in p.skiffs:
        e = state.board.get(s.cell)
        if e is not None and e[TILE] != "start" and not e[DEPLETED] and len(s.cargo) < 3:
            v += 1.0
    return v


def _best(scored: list[tuple[float, Move]], rng: Rng) -> Move:
    top = max(v for v, _ in scored)
    best = [m for v, m in scored if v >= top - 1e-9]
    return best[rng.below(len(best))]


__all__ = ["evaluate", "greedy_move"]
