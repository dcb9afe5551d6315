"""The reroll window right after an action roll (R42, E20): the owner of the matching
ability (Scrounger: Gather, Craftsmanship: Build, Lucky: Explore; 2 D, once per round)
and, when Friday resolves, the FP's seat with 2 of Friday's D (R84) may reroll one die
before any die applies; the 2 D of a fail face arrive only afterwards.  `rr:<die>`
rerolls (0 wound, 1 success, 2 adventure die), `rr:no` passes; the window closes when
every seat able to reroll has passed or can no longer pay."""
from __future__ import annotations

from typing import Any

from ..text import Msg
from .data import ABILITIES, DICE
from .effects import take_token
from .move_kinds import REROLL
from .state import RobinsonState, Stack
from .texts import char, m, sub

REROLL_ABILITY = {  # the action -> the character whose ability rerolls its dice, and the ability (R42)
    "gather": ("Cook", "scrounger"), "build": ("Carpenter", "craftsmanship"), "explore": ("Explorer", "lucky")}
DIE = ("wound", "success", "adventure")


def roll_faces(s: RobinsonState, st: Stack) -> list[str]:
    """R41 and the reroll token R44 (the next success face is rerolled once)."""
    dice = DICE[st.action]
    w = dice["wound"][s.rng.below(6)]
    ok = dice["success"][s.rng.below(6)]
    if ok == "success" and take_token(s, st.action, "RR"):
        ok = dice["success"][s.rng.below(6)]
        s.events.append(m("ev.reroll"))
    adv = dice["adventure"][s.rng.below(6)]
    s.events.append(m("ev.dice", who=char(st.pawns[0]), wound=sub("face", w), success=sub("face", ok),
                      adv=sub("face", adv)))
    return [w, ok, adv]


def rerollers(s: RobinsonState, st: Stack, passed: list[str]) -> list[tuple[str, str]]:
    out = []
    owner, ab = REROLL_ABILITY[st.action]
    c = s.chars.get(owner)
    if c is not None and c.seat and not c.dead and c.det >= ABILITIES[ab].cost and ab not in c.used \
            and "noabil" not in s.limits.get(owner, []) and c.seat not in passed:
        out.append((c.seat, ab))
    fp = s.seats[s.fp]
    if st.pawns[0] == "Friday" and s.chars["Friday"].det >= 2 and fp not in passed:
        out.append((fp, "friday"))
    return out


def open_window(s: RobinsonState, st: Stack, passed: list[str] | None = None) -> bool:
    who = rerollers(s, st, passed or [])
    if not who:
        s.pending = None
        return False
    s.pending = {"kind": "reroll", "seat": who[0][0], "by": who[0][1], "passed": ";".join(passed or [])}
    return True


def options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    return [(f"rr:{i}", REROLL, i, True) for i in range(3)] + [("rr:no", REROLL, -1, True)]


def label(s: RobinsonState, i: int) -> Msg:
    st = s.queue[0]
    if i < 0:
        return m("mv.reroll_no")
    return m("mv.reroll", die=sub("die", DIE[i]), face=sub("face", st.faces[i]),
             by=sub("ab", s.pending["by"]) if s.pending else m("free"))


def answer(s: RobinsonState, i: int) -> bool:
    """Apply a reroll (or a pass); True when the window is closed."""
    p = s.pending
    assert p is not None
    st = s.queue[0]
    passed = [x for x in p.get("passed", "").split(";") if x]
    if i < 0:
        passed.append(p["seat"])
        return not open_window(s, st, passed)
    by = p["by"]
    payer = s.chars["Friday"] if by == "friday" else s.chars[REROLL_ABILITY[st.action][0]]
    payer.det -= 2 if by == "friday" else ABILITIES[by].cost
    if by != "friday":
        payer.used.append(by)
    st.faces[i] = DICE[st.action][DIE[i]][s.rng.below(6)]
    s.events.append(m("ev.rerolled", who=char(payer.name), die=sub("die", DIE[i]), face=sub("face", st.faces[i])))
    return not open_window(s, st, passed)
