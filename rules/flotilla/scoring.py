"""Final scoring (F63, F64) and the winner with its tie-breaks (F65)."""
from __future__ import annotations

from ..ranking import competition_ranks
from .data import BOARD, GUILDS
from .state import FlotillaState, Player


def penalty_space(tox: int) -> int:
    """F60: the scoring penalty marker's space."""
    return min(len(BOARD.tox_penalty) - 1, tox // 5)


def barrels_total(p: Player) -> int:
    return sum(p.barrels.values()) + sum(len(s.cargo) for s in p.skiffs)


def seal_awards(state: FlotillaState) -> dict[str, dict[str, int]]:
    """F64, guild by guild, among the players with a seal there: 10 VP to the most seals, a tie
    for the most broken by lower T (a tie in T too is friendly: all 10, and no 5); then 5 VP to
    every player with the next most seals (toxicity breaks no other tie: players tied for
    second-most all get 5, and so do the losers of the T tie-break for the most)."""
    out = {s: {g: 0 for g in GUILDS} for s in state.order}
    for g in GUILDS:
        takers = {s: p.seals[g] for s, p in state.players.items() if p.seals[g] > 0}
        if not takers:
            continue
        most = max(takers.values())
        tied = [s for s, n in takers.items() if n == most]
        least = min(state.players[s].tox for s in tied)
        first = [s for s in tied if state.players[s].tox == least]
        for s in first:
            out[s][g] = 10
        rest = {s: n for s, n in takers.items() if s not in first}
        if len(first) > 1 or not rest:
            continue
        second = max(rest.values())
        for s, n in rest.items():
            if n == second:
                out[s][g] = 5
    return out


def breakdown(state: FlotillaState) -> dict[str, dict[str, int]]:
    seals = seal_awards(state)
    out = {}
    for s in state.order:
        p = state.players[s]
        out[s] = {
            "play": p.vp,
            "currency": p.coins // 5,
            "barrels": barrels_total(p) // 2,
            "toxicity": BOARD.tox_penalty[penalty_space(p.tox)],
            "seals": sum(seals[s].values()),
        }
    return out


def crew_owned(p: Player) -> int:
    return len(p.hand) + len(p.discard)


def final_ranks(state: FlotillaState, scores: dict[str, int]) -> dict[str, int]:
    """F65: most VP; then lower T, more crew cards, more currency; still tied shares the rank
    (standard competition ranks: 1, 1, 3)."""
    def key(s: str) -> tuple[int, int, int, int]:
        p = state.players[s]
        return (scores[s], -p.tox, crew_owned(p), p.coins)

    return competition_ranks({s: key(s) for s in state.order})
