"""Eclipse's hooks for the searching bot: `resample` (a state consistent with what one seat may know)
and `evaluate` (each seat's chance of winning, read off the position).

What a seat has not seen (view.py, scores.py): the order and, in ring III, the make-up of the face-down
sector stacks (E9: only part of ring III is used), the Discovery tiles face down on hexes, in the bag,
kept by the other players (E45) or being decided on by another seat, the order of the technology bag
(E5, E74) and the reputation tiles of the bag and of the other players (E22, E61).  `resample` deals
each of these groups again, uniformly, from the tiles the seat has not seen, keeping how many lie
where, and reseeds the copy's generator so that later draws do not follow the real order.

`evaluate` reads each seat's standing (worth.py: points so far, E75, sectors, production, fleet,
technologies, storage and discs, weighted by a logistic fitted on greedy games) and turns it into shares of
one win that add up to 1.  A battle waiting on the board (E49) is valued by its exact odds (E98, the
solver behind `/eclipse odds`): the value is the average of the position after each side wins,
weighted by those odds; dice are never rolled.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional

from ..contract import Engine
from ..rng import Rng
from ..search.chains import greedy_chain
from ..shuffles import Dealer
from ..unvalidated import construct, put
from .board import score_parts, storage_total
from .data import HEXES
from .frames import Disco, Reputation
from .pending import frame, seat_to_act
from .battle.game_odds import battle_fleets, running
from .battle.core import ShipType
from .battle.notation import NotationError
from .battle.odds import fleet_odds
from .setup import new_game
from .state import EclipseOptions, EclipseState, copy_state
from .worth import features, win_shares

RINGS = ("I", "II", "III")
MAX_BATTLES = 3  # battles valued by their odds at once (2**3 branches); more are valued by fleet strength
ODDS_WORK = 50_000  # the solver's budget per battle (odds.MAX_WORK, 1.5 million, is ~5 s); past it, a strength estimate
Groups = tuple[tuple[ShipType, int], ...]  # a side's (type, count) groups
_ODDS: dict[tuple[Groups, Groups, tuple[tuple[tuple[int, ...], ...], ...], bool], Optional[float]] = {}
"""Solved battles (None: past the solver's budget), by their fleets: a search meets the same battle many times."""
_ODDS_CAP = 20_000
# The hard level's search (the engine's `search_tuning`, rules/search/config.py): the root's whole actions race
# on shared samples (rules/search/paired.py), each judged by greedy play to the start of the next round and the
# position there valued by worth.py; a move leaves the race after five passes once 2.5 standard errors below
# the leader.  The values of a pass barely vary from sample to sample (the rest of a round is mostly known),
# so races often end at their first check; the survivor then counts as the most visited (`race_survivor`).
# From four seats on, a pass (every seat playing to the round's end) costs about 25 ms a candidate, and 0.5 s gave
# ten candidates two passes: no race reached its check, and the greedy move stood.  There only the greedy action and
# the two best of the first pass race on, checked from the third pass (`race_keep`; docs/strength/README.md).
TUNING = {"policy_rounds": 1, "policy_moves": 400, "tree_depth": 1, "keep_greedy": 0.01, "paired": True,
          "race_after": 5, "race_z": 2.5, "race_survivor": True,
          "from_seats": {4: {"race_keep": 3, "race_after": 3}}}


# ---- resample ------------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _first_stacks(seats: tuple[str, ...], seed: int, options: str) -> dict[str, tuple[str, ...]]:
    """The sector stacks as set-up dealt them (E9), to tell whether a stack has been rebuilt from its
    discards (E34, U14 RULING: a stack run out is reshuffled from the face-up discards, so then its tiles were seen)."""
    first = new_game(list(seats), seed, EclipseOptions.model_validate_json(options))
    return {ring: tuple(first.stacks[ring]) for ring in RINGS}


def _unseen_sectors(state: EclipseState, ring: str) -> list[str]:
    """The sectors of `ring` that no one has seen: the stack, and in ring III the tiles set-up left out
    (E9), unless the stack was rebuilt from discards (then exactly its seen tiles)."""
    stack = state.stacks[ring]
    first = _first_stacks(tuple(state.seats), state.seed, state.options.model_dump_json())[ring]
    if list(first[: len(stack)]) != stack:  # rebuilt from the discards: known tiles, unknown order
        return list(stack)
    seen = set(state.hexes) | set(state.discards[ring])
    for f in state.stack:
        if f.kind == "explore" and f.drawn:
            seen.update(f.drawn)
    return [h for h in sorted(HEXES) if HEXES[h].ring == ring and h not in seen and h not in stack] + list(stack)


def _deal(rng: Dealer, pool: list[Any], slots: list[list[Any]]) -> None:
    """Shuffle `pool` and fill each list of `slots` again with as many items as it held."""
    rng.shuffle(pool)
    i = 0
    for slot in slots:
        n = len(slot)
        slot[:] = pool[i:i + n]
        i += n


def resample(state: EclipseState, seat: str, rng: Rng) -> EclipseState:
    """A copy of `state` in which everything `seat` has not seen is dealt again (module docstring)."""
    new = copy_state(state)
    over = new.phase == "over"
    deal = Dealer(rng.next64())  # the shuffles of one sample
    for ring in RINGS:  # E9, E34
        pool = _unseen_sectors(new, ring)
        deal.shuffle(pool)
        new.stacks[ring] = pool[: len(new.stacks[ring])]
    # E45: Discovery tiles: the bag, face down on hexes, kept by others, being decided on by another seat
    holders = [h for _, h in sorted(new.hexes.items()) if h.discovery is not None]
    others = [p for s, p in new.players.items() if s != seat and not over]
    disco = [f for f in new.stack if isinstance(f, Disco) and f.seat != seat]
    singles: list[list[str]] = [[h.discovery] for h in holders if h.discovery] + [[f.tile] for f in disco]
    tiles = list(new.disc_bag) + [t for one in singles for t in one]
    tiles += [t for p in others for t in p.kept_discoveries]
    _deal(deal, tiles, [new.disc_bag, *[p.kept_discoveries for p in others], *singles])
    for h, one in zip(holders, singles):
        h.discovery = one[0]
    for f, one in zip(disco, singles[len(holders):]):
        f.tile = one[0]
    deal.shuffle(new.tech_bag)  # E5, E74: what is left is known, its order is not
    # E22, E61: reputation tiles of the bag and of the other players still in the game; draws under way
    hidden = [p for s, p in new.players.items() if s != seat and not p.collapsed and not over]
    draws = [f for f in new.stack if isinstance(f, Reputation) and f.seat is not None and f.seat != seat]
    values = list(new.rep_bag) + [v for p in hidden for v in p.reputation] + [v for f in draws for v in f.drawn]
    _deal(deal, values, [new.rep_bag, *[p.reputation for p in hidden], *[f.drawn for f in draws]])
    put(new, "rng", construct(Rng, state=rng.next64()))
    return new


# ---- evaluate ------------------------------------------------------------------------------------

def _solved(attacker: list[tuple[ShipType, int]], defender: list[tuple[ShipType, int]],
            hurt: tuple[list[list[int]], list[list[int]]], from_round: bool) -> Optional[float]:
    key = (tuple(attacker), tuple(defender), tuple(tuple(map(tuple, h)) for h in hurt), from_round)
    got = _ODDS.get(key)
    if got is None and key not in _ODDS:
        try:
            got = fleet_odds(attacker, defender, hurt, from_round, ODDS_WORK)
        except NotationError:
            got = None
        if len(_ODDS) >= _ODDS_CAP:
            _ODDS.clear()
        _ODDS[key] = got
    return got


def _strength(groups: list[tuple[ShipType, int]]) -> float:
    """A rough fleet strength (a battle too large for the solver's budget): hull times firepower."""
    total = 0.0
    for t, n in groups:
        dice = sum(t.cannons) + sum(t.missiles) * 0.5
        total += n * (1 + t.hull + t.shield) * (1 + dice) * (1 + 0.3 * t.computer)
    return total


def battle_odds(state: EclipseState, hid: str) -> Optional[tuple[str, str, float]]:
    """(attacker, defender, the attacker's chance of winning) of the battle waiting in `hid` (E49, E51),
    or of the one under way there (game_odds.battle_fleets); exact (E98, the figure `/eclipse odds`
    shows) unless past the solver's budget, then a strength estimate.  None when no battle waits there."""
    got = battle_fleets(state, hid, running(state, hid))
    if got is None:
        return None
    win = _solved(got.attack, got.defend, got.hurt, got.from_round)
    if win is None:
        a, d = _strength(got.attack), _strength(got.defend)
        win = a * a / (a * a + d * d) if a + d else 0.0
    return got.attacker, got.defender, win


def _branches(state: EclipseState, battles: list[tuple[str, str, str, float]], gone: dict[str, str]
              ) -> dict[str, float]:
    if not battles:
        seats = [s for s in state.order if state.players[s].species is not None]
        return win_shares(state, {s: features(state, s, gone) for s in seats})
    (hid, attacker, defender, p), rest = battles[0], battles[1:]
    won = _branches(state, rest, {**gone, hid: defender}) if p > 0 else None
    lost = _branches(state, rest, {**gone, hid: attacker}) if p < 1 else None
    if won is None:
        assert lost is not None  # p <= 0: the lost branch was valued
        return lost
    if lost is None:
        return won
    return {s: p * won[s] + (1 - p) * lost[s] for s in won}


def evaluate(state: EclipseState) -> dict[str, float]:
    """Each seat's value in [0, 1] (module docstring); a finished game: its outcome, ties split."""
    if state.phase == "over":
        parts = {s: sum(score_parts(state, s).values()) for s in state.order}
        best = max((parts[s], storage_total(state.players[s])) for s in state.order)
        winners = [s for s in state.order if (parts[s], storage_total(state.players[s])) == best]
        return {s: (1.0 / len(winners) if s in winners else 0.0) for s in state.seats}
    if any(p.species is None for p in state.players.values()):
        return {s: 1.0 / len(state.seats) for s in state.seats}
    battles: list[tuple[str, str, str, float]] = []
    for hid in sorted(state.hexes, reverse=True):  # E50: from the highest number down
        got = battle_odds(state, hid)
        if got is not None and len(battles) < MAX_BATTLES:
            battles.append((hid, *got))
    values = _branches(state, battles, {})
    return {s: values.get(s, 0.0) for s in state.seats}


# ---- macro moves ---------------------------------------------------------------------------------

VARIANTS = 2  # per action whose first step is a real choice (what to build, research, move, influence)
GREEDY_PRIOR, VARIANT_PRIOR, FREE_PRIOR = 4.0, 1.0, 0.3
CHAIN_STEPS = 24  # an action's steps at most (a move of 3 activations with 3 steps each stays well below)


def _ids(engine: Engine[EclipseState], state: EclipseState, seat: str) -> list[str]:
    return [o.id for o in engine.options(state, seat)]


def _finish(engine: Engine[EclipseState], state: EclipseState, seat: str, chain: list[str], rng: Rng) -> list[str]:
    """`chain` completed by the greedy bot until `seat`'s action is over: its free moves first if the
    chain has no action yet, then the action's steps until its turn frame is back or another seat
    decides."""
    def done(state: EclipseState, chain: list[str]) -> bool:
        f = frame(state)
        if engine.is_over(state) or f is None or seat_to_act(state) != seat:
            return True
        return f.kind == "turn" and any(c.startswith(("act:", "react:")) for c in chain)
    return greedy_chain(engine, state, seat, chain, rng, CHAIN_STEPS, done)


def macro_moves(engine: Engine[EclipseState], state: EclipseState, seat: str) -> Optional[list[tuple[str, float]]]:
    """Whole actions of `seat` at its Action-phase turn (E26-E28) as chains of move ids with priors:
    each action (or Reaction) completed by the greedy bot, and for the actions whose first step is a
    real choice, the first VARIANTS choices each completed the same way; `pass` and the free moves of
    the turn (colony ships, E37; proposals, E111) as they are; trades are left to the chains (E21).
    The greedy bot's own chain is the most likely.  None at any other decision (the search then
    takes it step by step)."""
    f = frame(state)
    if f is None or f.kind != "turn" or seat_to_act(state) != seat:
        return None
    last = _LAST_MACROS.get("key")
    if last is not None and last[0] is state and last[1:] == (seat, state.moves_made):
        return list(_LAST_MACROS["chains"])
    chains = _macro_moves(engine, state, seat)
    _LAST_MACROS.update(key=(state, seat, state.moves_made), chains=chains)
    return list(chains)


_LAST_MACROS: dict[str, Any] = {}
"""The latest state's chains (the search asks twice for its root: whether to search, then its candidates)."""


def _macro_moves(engine: Engine[EclipseState], state: EclipseState, seat: str) -> list[tuple[str, float]]:
    rng = construct(Rng, state=state.moves_made)
    greedy = engine.greedy_move(state, seat, rng)
    assert greedy is not None  # the turn's menu always holds `pass`
    pick = greedy.id
    mine = [pick] if pick == "pass" else _finish(engine, engine.apply(state, seat, pick), seat, [pick], rng)
    out: dict[str, float] = {" ".join(mine): GREEDY_PRIOR}
    for mid in _ids(engine, state, seat):
        if mid.startswith("tr:") or mid == pick:
            continue
        if not mid.startswith(("act:", "react:")):
            out.setdefault(mid, VARIANT_PRIOR if mid == "pass" else FREE_PRIOR)
            continue
        after = engine.apply(state, seat, mid)
        firsts = [i for i in _ids(engine, after, seat) if not i.startswith("tr:") and i != "stop"] \
            if seat_to_act(after) == seat else []
        if len(firsts) <= 1:
            out.setdefault(" ".join(_finish(engine, after, seat, [mid], rng)), VARIANT_PRIOR)
            continue
        for first in firsts[:VARIANTS]:
            chain = _finish(engine, engine.apply(after, seat, first), seat, [mid, first], rng)
            out.setdefault(" ".join(chain), VARIANT_PRIOR)
    return list(out.items())


__all__ = ["TUNING", "battle_odds", "evaluate", "macro_moves", "resample"]
