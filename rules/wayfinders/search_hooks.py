"""The search hooks of Wayfinders (rules/search, the "hard" bot level): `resample` and `evaluate`.

What a seat does not know (W42): the order of draws from the bag (W6, W7, W39; the bag itself is public as a
count per colour) and, with exploration (W41), which tiles lie face down.  `resample` reseeds the copy's
generator, so its draws are new ones, and deals the face-down cells again from the tiles nobody has seen:
with a mix of backs (W5, W40(a)) as many of each back as the mix leaves face down, with a random mix
(W40(b)) any unseen tiles; a fixed layout (W40(c)) is known to all and stays.

`evaluate` is worth.py's chance of each seat to finish ahead of each opponent: a logistic of the
differences of their points on the board, abilities, tokens in hand and claimed, airstrips built and workers
in supply, weighted more sharply as the game nears its end (W21), the weights fitted on greedy games
(tools/fit_wayfinders_eval.py, data/eval_weights.json); each cell flown through in the current return
costs its seat (`WANDER`), so that wandering without building is worth less than ending the return.
`macro_moves` leaves a return's flights and builds
to the greedy bot's look-ahead, which plans them better than the search (its docstring); the search weighs
the action phase (where to place a worker, when to return), judging each choice by greedy play to the end
of the third round after this one, the greedy choice and the two best others of the first pass racing on, the best
of them played, on shared samples (`TUNING`, the engine's `search_tuning`; rules/search/paired.py).
Whole plans for a return (the greedy bot's, builds elsewhere, ending now) were weighed too and measured no
stronger (15 of 20 games against 16 of 20 without, same seeds), at more CPU.
"""
from __future__ import annotations

from typing import Callable

from ..contract import Outcome
from ..rng import Rng
from ..search.values import outcome_values
from ..unvalidated import construct, put
from .bot import MAX_FLOWN
from .islands import BY_BACK, ISLANDS
from .setup import STANDARD_MIX
from .state import Cell, WayfindersState
from .worth import win_chances

WANDER = 0.3  # points each cell flown through this return costs in the search's eyes (W13)
# Rollouts of four rounds (two judged a return against another worker out wrongly where the game's end tells them
# apart: docs/strength/README.md, the truth set) for the greedy move and the two best others of the first pass, a
# move leaving the race after three passes at 2 standard errors (rules/search/paired.py `race_keep`); the best mean
# still racing when the budget ends is played unless the greedy move's is within `keep_greedy` of it (`race_leader`:
# with four seats a pass is so long that no check tells moves apart in 0.5 s).  Set from three seats first; with two
# seats too since 2026-11-30: on the same 39 deal-seats it won 38 where the two-round race of every candidate (five
# passes and 2.5 standard errors before a move left it) won 23 (docs/strength/README.md).
AHEAD = {"policy_rounds": 4, "policy_moves": 200, "race_keep": 3, "race_after": 3, "race_z": 2.0, "race_leader": True}
TUNING = {"tree_depth": 1, "keep_greedy": 0.01, "paired": True, **AHEAD}


def resample(state: WayfindersState, seat: str, rng: Rng,
             copy: Callable[[WayfindersState], WayfindersState]) -> WayfindersState:
    """A state `seat` cannot tell from `state`: new draws (W42) and face-down tiles dealt again (W41)."""
    new = copy(state)
    put(new, "rng", construct(Rng, state=rng.next64()))
    hidden = [c for c, cell in new.board.items() if not cell.face_up and cell.island is not None]
    if not hidden or state.options.layout is not None:
        return new
    seen = {cell.island for cell in new.board.values() if cell.face_up and cell.island is not None}
    if state.options.random_mix:
        pool = sorted(i for i in ISLANDS if i not in seen)
        rng.shuffle(pool)
        tiles = pool[:len(hidden)]
    else:
        mix = dict(zip(("red", "blue", "yellow"), state.options.mix or STANDARD_MIX))
        tiles = []
        for back, total in mix.items():
            unseen = [i for i in BY_BACK[back] if i not in seen]
            down = total - sum(1 for i in seen if ISLANDS[i].back == back)
            rng.shuffle(unseen)
            tiles += unseen[:down]
    rng.shuffle(tiles)
    board = dict(new.board)
    for cell, tile in zip(hidden, tiles):
        old = board[cell]
        board[cell] = construct(Cell, island=tile, face_up=False, slots=list(old.slots))
    put(new, "board", board)
    return new


def macro_moves(state: WayfindersState, ids: list[str], greedy: Callable[[], str],
                idle: Callable[[], bool]) -> list[tuple[str, float]] | None:
    """The search's candidates: in a return's fly-and-build (W13) the greedy bot's move alone (`greedy()`,
    its look-ahead over the return's flights and builds), past `MAX_FLOWN` cells flown the end (a seat that
    could fly to and fro for ever would stall the game); in the action phase every legal move but a return
    that would complete a round of returns changing nothing (`idle()`, bot.py `idle_return`: two hard seats
    once passed that way for ever; the greedy bot never returns without a worker on the board); None elsewhere
    (every legal move of `ids`, the greedy one as prior)."""
    if state.phase == "action":
        if "return" in ids and any(i.startswith("place:") for i in ids) and idle():
            return [(i, 1.0) for i in ids if i != "return"]
        return None
    if state.phase != "flybuild":
        return None
    if len(state.flown) >= MAX_FLOWN and "end" in ids:
        return [("end", 1.0)]
    return [(greedy(), 1.0)]


def evaluate(state: WayfindersState, over: bool, outcome: Outcome | None) -> dict[str, float]:
    """Each seat's chances in [0, 1] (module docstring); a finished game's outcome."""
    if over:
        assert outcome is not None  # a finished game has its outcome (the engine passes it)
        return outcome_values(outcome, list(state.seats))
    wander = {}
    if state.phase == "flybuild" and state.flown:  # W12-W20: a flight that builds nothing is worth less than none
        wander[state.order[state.turn]] = WANDER * len(state.flown)
    return win_chances(state, wander)


__all__ = ["TUNING", "evaluate", "macro_moves", "resample"]
