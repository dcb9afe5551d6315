"""The rules' own answer when a seat's time runs out (R30, R97, E31).

`default_answer(s, seat)` is the E31 default of the decision the seat faces now (for
planning: R30's completion, one move at a time).  `timeout_answer` is what the host
plays when the seat's turn deadline expires: the default, but only where the game's
options ask for it (`plan_timeout` for planning, `prompt_timeout` for every other
decision); otherwise None and the host's own expiry policy applies.  The host calls
it again while the seat still has to decide, so a chain of prompts (Medallion, who
goes hungry, planning) completes one default at a time.
"""
from __future__ import annotations

from typing import Optional

from .data import ADVENTURES
from .moves import deciders, options
from .scenarios import jenny
from .stacks import can_confirm
from .state import RobinsonState
from .tallies import fp_char, living

# Windows (E20) and "go on?" prompts whose default is to pass or stop (E31).
PASS = {"reroll": "rr:no", "mystery": "my:stop", "ntwin": "nt:pass", "wxwin": "wx:pass"}
PHASE = {"setup": "ch:random", "event": "draw", "wood": "wood:0", "weather": "roll", "night": "stay"}


def planning(s: RobinsonState) -> bool:
    return s.phase == "plan" and s.pending is None


def default_answer(s: RobinsonState, seat: str) -> Optional[str]:
    """The move id E31 (or R30 while planning) gives `seat` now; None if it has nothing to decide."""
    if seat not in deciders(s):
        return None
    ids = [o[0] for o in options(s, seat)]
    if not ids:
        return None
    pick = _plan(s, seat) if planning(s) else _prompt(s, ids)
    return pick if pick in ids else ids[0]


def timeout_answer(s: RobinsonState, seat: str) -> Optional[str]:
    """The default when the game's options make the rules answer an expired decision, else None."""
    wanted = s.options.plan_timeout if planning(s) else s.options.prompt_timeout
    return default_answer(s, seat) if wanted else None


def _plan(s: RobinsonState, seat: str) -> str:
    """R30: the seat's unplaced character pawns go to Rest, the stacks it is on that still wait for
    pawns are undone, and it confirms (`ok:rest`: when that changes the plan it cancels the other
    seats' confirmations, stacks.py, and their own deadlines confirm them again); optional pawns
    (Friday, the Dog, neutral pawns) stay unplaced."""
    return "ok" if can_confirm(s, seat) else "ok:rest"


def _prompt(s: RobinsonState, ids: list[str]) -> str:
    p = s.pending
    if p is None:
        if s.phase == "morale":  # R23: heal if the First Player is wounded, else +2 D
            return "m:h" if s.chars[fp_char(s)].wounds else "m:d"
        if s.phase == "resolve":  # no fight bonus; 4 players' Arrange camp: Morale +1 unless at +3 (R64)
            if "go:m" in ids:
                return "go:d" if s.morale >= 3 else "go:m"
            return "go"
        return PHASE.get(s.phase, ids[0])
    if p.get("default") in ids:  # asks/core.py records its E31 default with the prompt
        return p["default"]
    kind = p.get("kind")
    if kind in PASS:
        return PASS[kind]
    if kind == "medallion":  # S6: round-robin from the First Player
        chars = living(s)
        given = 3 - int(p["n"])
        return f"md:{chars[given % len(chars)]}"
    if kind == "hungry":  # R72: most remaining life goes hungry first; ties in seat order from the FP
        return "hg:" + jenny.hungry_default(s, [i[3:] for i in ids if i.startswith("hg:")])  # K3.12: Jenny last
    if kind is None:  # an adventure card: its "discard" option where offered, else the first (R90)
        opts = ADVENTURES[p["card"]].opts
        return next((f"adv:{i}" for i, (codes, ev) in enumerate(opts)
                     if not ev and tuple(codes) in ((), ("no_marker",))), "adv:0")
    return ids[0]  # every other prompt: the first legal answer (E31), e.g. ½Prod's most food
