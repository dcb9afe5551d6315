"""The whole-turn candidates the search weighs in a return's fly-and-build (W13-W18; the `macro_moves` hook).

The greedy bot (bot.py) plays the plan worth most at once; the search compares it, by what the next rounds
bring, with the other ways the return could go: for every island the seat could build on within the greedy
bot's flight range (`DEPTH` flights, no cell twice, the cheapest toll into each cell), the path there and the
build worth most on arrival; and ending the return now, keeping the hand.  Each candidate is a chain of move
ids; after a build the turn goes on, and the search decides again from there.
"""
from __future__ import annotations

from .bot import DEPTH, STEP, plan_path, value
from .moves import options
from .state import WayfindersState

OTHERS = 3  # builds elsewhere weighed besides the greedy plan, those worth most at once


def turn_plans(engine, state: WayfindersState, seat: str) -> list[str]:
    """The greedy plan's chain first, then builds elsewhere (best first), then "end" (module docstring)."""
    found: dict[str, tuple[float, list[str]]] = {}  # cell built on -> (worth right after, chain)
    _explore(engine, state, seat, [], {state.players[seat].plane}, DEPTH, found)
    chains = [" ".join(plan_path(engine, state, seat, {}))]
    for _, chain in sorted(found.values(), key=lambda vc: -vc[0])[:OTHERS]:
        chains.append(" ".join(chain))
    chains.append("end")
    return list(dict.fromkeys(chains))  # each once, the greedy plan first


def _explore(engine, state: WayfindersState, seat: str, path: list[str], seen: set[str], depth: int,
             found: dict[str, tuple[float, list[str]]]) -> None:
    cheapest: dict[str, tuple] = {}
    built: tuple[float, str] | None = None
    for option in options(state, seat, None if depth > 0 else "build"):
        oid, kind, arg, barrier = option
        if kind == "build":
            v = value(engine.perform(state, seat, option), seat) - STEP * len(path)
            if built is None or v > built[0]:
                built = (v, oid)
        elif kind == "fly" and depth > 0:
            cell, paid, _toll = arg  # type: ignore[misc]
            if cell in seen or barrier:
                continue
            if cell not in cheapest or len(paid) < len(cheapest[cell][1]):
                cheapest[cell] = (option, paid)
    if built is not None:
        here = state.players[seat].plane
        if here not in found or built[0] > found[here][0]:
            found[here] = (built[0], path + [built[1]])
    for cell, (option, _paid) in cheapest.items():
        after = engine.perform(state, seat, option)
        _explore(engine, after, seat, path + [option.id], seen | {cell}, depth - 1, found)


__all__ = ["OTHERS", "turn_plans"]
