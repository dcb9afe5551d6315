"""Final scoring (F63, F64) and the winner with its tie-breaks (F65)."""
from __future__ import annotations

from .data import BOARD, GUILDS
from .state import FlotillaState, Player


def penalty_space(tox: int) -> int:
    """F60: the scoring penalty marker's space."""
    return min(len(BOARD.tox_penalty) - 1, tox // 5)


def barrels_total(p: Player) -> int:
    return sum(p.barrels.values()) + sum(len(s.cargo) for s in p.skiffs)


def seal_awards(state: FlotillaState) -> dict[str, dict[str, int]]:
    """F64: per guild, 10 VP to the first group (most seals, then lower T); 5 VP to the
    next group only when the first is a single player."""
    out = {s: {g: 0 for g in GUILDS} for s in state.order}
    for g in GUILDS:
        keys = sorted({(-p.seals[g], p.tox) for p in state.players.values() if p.seals[g] > 0})
        if not keys:
            continue
        first = [s for s, p in state.players.items() if (-p.seals[g], p.tox) == keys[0]]
        for s in first:
            out[s][g] = 10
        if len(first) == 1 and len(keys) > 1:
            for s, p in state.players.items():
                if (-p.seals[g], p.tox) == keys[1]:
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
    """F65: most VP; then lower T, more crew cards, more currency; still tied shares the rank."""
    def key(s: str) -> tuple:
        p = state.players[s]
        return (-scores[s], p.tox, -crew_owned(p), -p.coins)

    ordered = sorted({key(s) for s in state.order})
    return {s: ordered.index(key(s)) + 1 for s in state.order}
