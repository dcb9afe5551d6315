"""Helpers for the Flotilla tests (no tests here): set up a position, play moves by id."""
from __future__ import annotations

from rules.flotilla.frames import parse  # noqa: F401 (the kit gives it to the tests)
from rules.flotilla import ENGINE
from rules.flotilla.chain import run
from rules.flotilla.state import FlotillaState, Player

SEATS4 = ["a", "b", "c", "d"]


def new(n: int = 4, seed: int = 0, **options) -> FlotillaState:
    return ENGINE.setup(SEATS4[:n] if n <= 4 else SEATS4 + ["e"], seed, options or None)


def active(state: FlotillaState) -> str:
    return ENGINE.to_act(state)[0]


def me(state: FlotillaState) -> Player:
    return state.players[active(state)]


def ids(state: FlotillaState) -> list[str]:
    return [m.id for m in ENGINE.legal_moves(state, active(state))]


def act(state: FlotillaState, *move_ids: str) -> FlotillaState:
    for mid in move_ids:
        state = ENGINE.apply(state, active(state), mid)
    return state


def chain(state: FlotillaState, card: str, frames: list[list], **me_fields) -> FlotillaState:
    """A copy of `state` in which the active player is resolving `card` with the given pending frames."""
    state = ENGINE.copy_state(state)
    p = me(state)
    for k, v in me_fields.items():
        setattr(p, k, v)
    if card in p.hand:
        p.hand.remove(card)
    state.playing = card
    state.todo = parse([*frames, ["end"]])
    run(state)
    return state


def give(state: FlotillaState, **fields) -> FlotillaState:
    state = ENGINE.copy_state(state)
    p = me(state)
    for k, v in fields.items():
        setattr(p, k, v)
    return state


def put_tile(state: FlotillaState, cell: str, tile: str, owner: str, rot: int = 0, face: str = "sink",
             depleted: int = 0) -> None:
    state.board[cell] = [tile, rot, owner, depleted, 0, face]
    if tile in state.bag:
        state.bag.remove(tile)


def saved(frames: list) -> list:
    """Frames as they are saved (`[["place", 1, ""], ["end"]]`), to compare with lists."""
    return [f.model_dump() for f in frames]
