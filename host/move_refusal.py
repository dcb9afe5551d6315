"""Why a move was refused, in the player's words: what they typed, and the engine's own reason.

`move_refusal` is the one place the host turns a refused move into a `Refusal`; the engine's reason
comes from `why_not`, which reads today the `IllegalMove` an engine's `find_move` raises (Wayfinders,
Flotilla and Robinson explain theirs: rules/<game>/explain.py).  A reason that only repeats the internal id says
nothing the player can use and is left out; move ids a reason lists are shown as their labels.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

from rules import Engine, GameState, IllegalMove, Move
from rules.text import SEAT_KEY, Msg, join, msg

from .limits import quote
from .names import shown
from .refusal import Refusal

GENERIC = {"core.illegal.unknown_move", "core.raw"}
SHOWN = 5  # moves named when a text could mean several


def why_not(engine: Engine[Any], state: GameState, seat: str, move_id: str) -> Optional[Msg]:
    """The engine's reason for refusing `move_id` from `seat`, or None when it has none (or the move is legal)."""
    try:
        engine.find_move(state, seat, move_id)
    except IllegalMove as exc:
        return exc.text
    return None


def _worded(value: object, words: Mapping[str, Msg], move_id: str) -> object:
    """A reason's argument with move ids turned into labels; None when it is the refused id itself."""
    if isinstance(value, Msg):
        return _reworded(value, words, move_id)
    if not isinstance(value, str):
        return value
    if value == move_id:
        return None
    parts = [p.strip() for p in value.split(",")]
    if parts and all(p in words for p in parts):
        return join([words[p] for p in parts])
    return quote(value, 60)  # a reason may repeat what was typed: as short as the quote of it


def _reworded(reason: Msg, words: Mapping[str, Msg], move_id: str) -> Optional[Msg]:
    if reason.key in GENERIC:
        return None
    args = {}
    for k, v in reason.args.items():
        w = _worded(v, words, move_id)
        if w is None:
            return None
        args[k] = w
    return Msg(key=reason.key, args=args)


def _named(text: Msg, names: Mapping[str, str]) -> Msg:
    """`text` with its seats written as their players' names (a refusal is rendered without the table's names)."""
    if text.key == SEAT_KEY:
        seat = str(text.args.get("id", "?"))
        return msg("core.raw", text=shown(names.get(seat, seat)))
    return Msg(key=text.key, args={k: _named(v, names) if isinstance(v, Msg) else v for k, v in text.args.items()})


def move_refusal(engine: Engine[Any], state: GameState, seat: str, typed: str, move_id: Optional[str] = None,
                 matches: Sequence[Move] = (), names: Mapping[str, str] | None = None) -> Refusal:
    """The refusal of a move `seat` typed as `typed` (`move_id`: the id a shortcut composed from it).

    Several `matches`: which moves the text could mean (a few labels).  Otherwise the engine's reason,
    when it has one that says more than "not legal"."""
    if len(matches) > 1:
        options = join([_named(m.text, names or {}) for m in matches[:SHOWN]], "; ")
        more = len(matches) - SHOWN
        return Refusal("host.refuse.ambiguous_move", move=quote(typed, 60), options=options,
                       more=msg("host.refuse.more_moves", n=more) if more > 0 else "")
    reason = None
    candidate = move_id or (typed or "").strip()
    if candidate:
        words = {m.id: m.text for m in engine.legal_moves(state, seat)}
        why = why_not(engine, state, seat, candidate)
        reason = _reworded(why, words, candidate) if why is not None else None
    if reason is not None:
        return Refusal("host.refuse.illegal_move_why", move=quote(typed, 60), why=_named(reason, names or {}))
    return Refusal("host.refuse.illegal_move", move=quote(typed, 60))


__all__ = ["move_refusal", "why_not"]
