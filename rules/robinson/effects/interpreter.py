"""The effect interpreter for the codes of R91 used by the card tables (§3.4-§3.9).

`apply(s, codes, card, r)` runs a card half in order, looking each code up in `OPS`, the table the
code modules fill (common_codes, adventure_codes, one_off_codes and the asks that take codes;
rules/robinson/registry.py loads them all).  Choices that the rules give to the FP's or the
resolver's seat are asked (asks/, E31); every code in the data is known (tests check that), so
nothing is silently skipped.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from ..asks.core import ask_or
from ..cont import later, step
from ..frames import Codes
from ..state import RobinsonState
from ..tallies import over
from .changes import TRACKS

OPS: dict[str, Callable[[RobinsonState, str, str, str | None], None]] = {}


def choose_alternative(s: RobinsonState, options: list[list[Any]]) -> list[Any]:
    """A choice between codes (FP in the Event phase, E15): the first that can be met in full."""
    for opt in options:
        if all(_affordable(s, c) for c in opt):
            return opt
    return options[-1]


def _affordable(s: RobinsonState, code: Any) -> bool:
    if not isinstance(code, str):
        return True
    op, _, arg = code.partition(":")
    if op == "res":
        k, _, n = arg.partition(":")
        have = s.avail["F"] + s.avail["NF"] if k == "F" else s.avail[k]
        return int(n) >= 0 or have >= -int(n)
    if op == "trk":
        name, _, n = arg.partition(":")
        return int(n.split(":")[0]) >= 0 or getattr(s, TRACKS[name]) >= -int(n.split(":")[0])
    if op == "flip":
        return len(s.built) >= int(arg)
    if op == "wnd":
        return False
    return True


def apply(s: RobinsonState, codes: tuple[Any, ...] | list[Any], card: str, r: str | None = None) -> None:
    """Run the codes in order; a code that asks a player (asks/) stops here and the codes after
    it wait in the continuation (cont.py) until the answer."""
    codes = list(codes)
    for i, code in enumerate(codes):
        if over(s):
            return
        if isinstance(code, dict):  # "A or B": the chooser's pick (R91, E15)
            ask_or(s, code["or"], card, r)
        else:
            op, _, arg = code.partition(":")
            OPS[op](s, arg, card, r)
        if s.pending is not None:
            if i + 1 < len(codes):
                later(s, "codes", card, r or "", json.dumps(codes[i + 1:]))
            return


@step("codes")
def _codes_step(s: RobinsonState, f: Codes) -> None:
    apply(s, f.left, f.card, f.r or None)
