"""The search hooks of Flotilla (rules/search, the "hard" bot level): `resample` and `evaluate`.

What a seat does not know:

* the other players' hands (F17: hands are private, hand sizes and discard piles public; E29: recruits are
  private).  A player's starting crew is known to all; the guild cards in an opponent's hand are dealt again
  from the guild cards the seat has not seen, each replaced by one of the same guild and tier;
* the crew stacks below their top card (F11: shuffled, Tier 1 on Tier 2, only the top card public; the
  cards returned at setup are unseen too), dealt again from the same unseen cards, tier by tier;
* the artifact bag (F10: one artifact of each guild removed at random, D15): as many of each guild as the
  bag holds, drawn again from that guild's artifacts not yet slotted (F56);
* the order of every draw (ocean tiles, artifacts, research and dive dice): the copy's generator is reseeded.

`evaluate` turns the greedy bot's worth of each seat's position (rules/flotilla/bot.py `evaluate`, in VP)
into chances against each opponent (F63-F65 decide the winner by final VP).  A logistic fitted on greedy games
(the seats' differences in VP, seal majorities, currency, barrels, toxicity, crew, craft and tiles, weighted
early and late) predicted greedy games' ranks better but played weaker (docs/strength/README.md).

The search: the generic tree search (rules/search/ismcts.py, its defaults: PUCT with the greedy move as prior,
each leaf valued by `evaluate` right after its move).  The root's moves racing on shared samples, judged by
greedy play to the next round's start or the one after (`rules/search/paired.py`, as Wayfinders, Eclipse and
Robinson search) measured weaker with four players (docs/strength/README.md).  Its one setting (`TUNING`): the
search stops early once one move clearly leads, `CLEAR_SHARE` of the root's visits after `CLEAR_AFTER` iterations
(the defaults wait for 400 iterations and 90 %, which a 0.5 s decision of about 430-800 iterations seldom reaches).
On 78 decisions of greedy four-player games it chose the move the whole budget chose in every one, with half the
iterations (docs/strength/README.md).
"""
from __future__ import annotations

from ..contract import Outcome
from ..rng import Rng
from ..search.values import outcome_values, score_chances
from ..unvalidated import construct, put
from . import bot
from .data import ARTIFACTS, CARDS, GUILDS
from .copying import copy_player, fast_copy
from .state import FlotillaState

SCALE = 8.0  # VP of lead worth ~73 %
SCALE_END = 4.0  # once the end is triggered (F62, F67)
CLEAR_AFTER = 160  # the early stop (module docstring): from this many iterations on ...
CLEAR_SHARE = 0.6  # ... once one move has this share of the root's visits
TUNING = {"clear_after": CLEAR_AFTER, "clear_share": CLEAR_SHARE}  # the engine's `search_tuning`


def _unseen(state: FlotillaState, seat: str) -> set[str]:
    """Guild cards `seat` has not seen: not in its hand, any discard pile (F17), a stack top (F11) or in play."""
    seen = set(state.players[seat].hand)
    for p in state.players.values():
        seen.update(p.discard)
    seen.update(s[0] for s in state.stacks.values() if s)
    seen.update(c for c in (state.playing, state.copying) if c)
    return {c for c, card in CARDS.items() if card.tier > 0 and c not in seen}


def resample(state: FlotillaState, seat: str, rng: Rng) -> FlotillaState:
    """A state `seat` cannot tell from `state` (module docstring)."""
    new = fast_copy(state)
    put(new, "rng", construct(Rng, state=rng.next64()))
    unseen = _unseen(state, seat)
    slots: dict[tuple[str, int], list[tuple[str, int]]] = {}  # (guild, tier) -> places ("hand:seat"/"stack:g", i)
    for other in state.order:
        if other == seat:
            continue
        for i, c in enumerate(state.players[other].hand):
            card = CARDS[c]
            if card.tier > 0 and c in unseen:
                slots.setdefault((card.guild, card.tier), []).append((f"hand:{other}", i))
    for g in GUILDS:
        for i, c in enumerate(state.stacks[g][1:], start=1):
            card = CARDS[c]
            slots.setdefault((card.guild, card.tier), []).append((f"stack:{g}", i))
    hands = {o: list(state.players[o].hand) for o in state.order if o != seat}
    stacks = {g: list(state.stacks[g]) for g in GUILDS}
    for (guild, tier), places in slots.items():
        pool = sorted(c for c in unseen if CARDS[c].guild == guild and CARDS[c].tier == tier)
        rng.shuffle(pool)
        for (where, i), dealt in zip(places, pool):
            kind, _, name = where.partition(":")
            (hands[name] if kind == "hand" else stacks[name])[i] = dealt
    players = dict(new.players)
    for other, hand in hands.items():
        if hand != state.players[other].hand:
            p = copy_player(players[other])
            put(p, "hand", hand)
            players[other] = p
    put(new, "players", players)
    put(new, "stacks", stacks)
    put(new, "artifact_bag", _artifacts(state, rng))
    return new


def _artifacts(state: FlotillaState, rng: Rng) -> list[str]:
    """F10, D15: the bag's count of each guild's artifacts, drawn again from that guild's unslotted ones."""
    slotted = {a for arts in state.slotted.values() for a in arts}
    out: list[str] = []
    for g in GUILDS:
        held = sum(1 for a in state.artifact_bag if a.startswith(g + "-"))
        pool = sorted(a for a in ARTIFACTS if a.startswith(g + "-") and a not in slotted)
        rng.shuffle(pool)
        out += pool[:held]
    return sorted(out)


def evaluate(state: FlotillaState, outcome: Outcome | None) -> dict[str, float]:
    """Each seat's chances in [0, 1] (module docstring); a finished game's outcome."""
    if state.over:
        assert outcome is not None  # a finished game has its outcome (the engine passes it)
        return outcome_values(outcome, list(state.seats))
    scale = SCALE_END if state.end_round is not None else SCALE
    return score_chances({s: bot.evaluate(state, s) for s in state.order}, scale)


__all__ = ["TUNING", "evaluate", "resample"]
