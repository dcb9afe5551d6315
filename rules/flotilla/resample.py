"""`resample`, a search hook of Flotilla (rules/search, the "hard" bot level; the greedy bot's turn ahead,
rules/flotilla/bot_turn.py): a state the seat cannot tell from the real one.

What a seat does not know:

* the other players' hands (F17: hands are private, hand sizes and discard piles public; E29: recruits are
  private).  A player's starting crew is known to all; the guild cards in an opponent's hand are dealt again
  from the guild cards the seat has not seen, each replaced by one of the same guild and tier;
* the crew stacks below their top card (F11: shuffled, Tier 1 on Tier 2, only the top card public; the
  cards returned at setup are unseen too), dealt again from the same unseen cards, tier by tier;
* the artifact bag (F10: one artifact of each guild removed at random, D15): as many of each guild as the
  bag holds, drawn again from that guild's artifacts not yet slotted (F56);
* the order of every draw (ocean tiles, artifacts, research and dive dice): the copy's generator is reseeded.
"""
from __future__ import annotations

from ..rng import Rng
from ..unvalidated import construct, put
from .copying import copy_player, fast_copy
from .data import ARTIFACTS, CARDS, GUILDS
from .state import FlotillaState


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


__all__ = ["resample"]
