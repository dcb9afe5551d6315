"""Helpers for the Robinson Crusoe rules tests: games at a chosen phase, edited directly."""
from __future__ import annotations

from rules.contract import IllegalMove
from rules.robinson import ENGINE
from rules.robinson.state import RobinsonState
from rules.text import tr

E = ENGINE
__all__ = ["E", "IllegalMove", "tr", "game", "ids", "every", "play", "planning", "texts", "confirm_all", "cast",
           "rest_the_rest", "whole"]


def game(n: int = 2, seed: int = 1, **opts) -> RobinsonState:
    return E.setup([f"p{i + 1}" for i in range(n)], seed, opts or None)


def every(s: RobinsonState, seat: str) -> list[str]:
    """All the seat's legal moves."""
    return [mv.id for mv in E.legal_moves(s, seat)]


def ids(s: RobinsonState, seat: str) -> list[str]:
    """The seat's legal moves; while a prompt waits, its answers without the items and tokens offered
    with every prompt (R8, R87: `every` lists those too; the FP's food items while picking who goes
    hungry stay, R72)."""
    out = every(s, seat)
    if s.pending is None or s.pending.get("kind") == "hungry":
        return out
    return [i for i in out if not i.startswith(("it:", "tk:"))]


def whole(s: RobinsonState, seat: str) -> list[str]:
    """The seat's legal moves without the stacks started by their resolver alone for other pawns to
    join (R38): what one seat can place complete."""
    from rules.robinson.plan import place_options, sizes
    part = {mid for mid, t, pawns in place_options(s, seat) if len(pawns) < sizes(t)[0]}
    return [i for i in ids(s, seat) if i not in part]


def play(s: RobinsonState, *moves: tuple[str, str]) -> RobinsonState:
    for seat, mid in moves:
        s = E.apply(s, seat, mid)
    return s


def planning(n: int = 2, seed: int = 1) -> RobinsonState:
    """A new game advanced to round 1's planning (skipping the woodpile step with 0)."""
    s = game(n, seed)
    if s.phase == "wood":
        s = E.apply(s, s.seats[s.fp], "wood:0")
    assert s.phase == "plan"
    return s


def texts(s: RobinsonState) -> str:
    return "\n".join(tr(e) for e in s.events)


def confirm_all(s: RobinsonState) -> RobinsonState:
    for seat in list(E.to_act(s)):
        s = E.apply(s, seat, "ok")
    return s


def cast(*names: str, seed: int = 1) -> RobinsonState:
    """A game whose seats p1, p2… play the named characters (option `choose_characters`, R2),
    advanced to round 1's planning like `planning`."""
    s = game(len(names), seed, choose_characters=True)
    for i, name in enumerate(names):
        s = E.apply(s, f"p{i + 1}", f"ch:{name}")
    if s.phase == "wood":
        s = E.apply(s, s.seats[s.fp], "wood:0")
    assert s.phase == "plan"
    return s


def rest_the_rest(s: RobinsonState) -> RobinsonState:
    """Every character pawn not placed yet goes to Rest; then every seat confirms."""
    from rules.robinson.plan import free_pawns
    for seat in s.seats:
        while free_pawns(s, seat).get("c"):
            s = E.apply(s, seat, "p:rest:c")
    return confirm_all(s)
