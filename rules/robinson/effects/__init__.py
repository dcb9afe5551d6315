"""The effect codes of R91 (sheet §3.4-§3.13): `interpreter` runs a card's codes through its table
`OPS`, filled by `common_codes` (the codes many cards share), `adventure_codes` (adventure and
Mystery cards) and `one_off_codes` (single cards, inventions' item effects), and by the asks that
take codes (rules/robinson/asks/); `changes` holds what codes change on the board, also used by the
phases and actions.  The package exports the interpreter and the changes."""
from __future__ import annotations

from .changes import (ARRIVAL, TRACKS, arrive, draw_discovery, exhaust, flip_back, move_camp, put_token,
                      restore_it, take_token, track, who_list)
from .interpreter import OPS, apply, choose_alternative

__all__ = ["ARRIVAL", "OPS", "TRACKS", "apply", "arrive", "choose_alternative", "draw_discovery", "exhaust",
           "flip_back", "move_camp", "put_token", "restore_it", "take_token", "track", "who_list"]
