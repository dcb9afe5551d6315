"""Choices inside card effects, asked as prompts (R97, E31) instead of taken by a default.

Each kind of question has a move-id prefix, and every answer is an ordinary legal move
`<prefix>:<answer>` of the owner seat: the FP's seat in the Event phase (and in any phase
outside the Action phase), the resolver's seat for a choice tied to an action (E15).  The
E31 default is recorded in the prompt (`pending["default"]`) for a timeout; the engine never
uses it by itself.  Questions with a single possible answer, or answers that all come to the
same thing, are not asked.  The first answer listed is always the E31 default.  The phase goes on
after the answer through `cont.py`.  The kinds register here (`kind`): card_choices.py (the
choices of the effect codes), fight.py, fast_work.py, meals.py, and the Shortcut's source in
Production (phases.py).
"""
from __future__ import annotations

import json
from typing import Any, Callable, NamedTuple

from ...text import Msg
from ..state import RobinsonState
from ..texts import card as card_msg, m


# A question waiting for its seat as `RobinsonState.pending` saves it: "kind", "seat", "card", "r" (the
# resolver), "answers" (";"-joined), "default", and each kind's own data, every value a string.
Prompt = dict[str, str]
Answer = Callable[[RobinsonState, Prompt, str], None]
Label = Callable[[RobinsonState, Prompt, str], Msg]
Asking = Callable[[RobinsonState, Prompt], Msg]


class Kind(NamedTuple):
    prefix: str
    answer: Answer
    label: Label
    prompt: Asking


KINDS: dict[str, Kind] = {}


def kind(name: str, prefix: str, label: Label, prompt: Asking) -> Callable[[Answer], Answer]:
    def register(answer: Answer) -> Answer:
        KINDS[name] = Kind(prefix, answer, label, prompt)
        return answer
    return register


def seat_of(s: RobinsonState, who: str) -> str:
    """The seat deciding for a character (Friday, or a character gone: the FP's seat)."""
    c = s.chars.get(who)
    return c.seat if c is not None and c.seat else s.seats[s.fp]


def chooser(s: RobinsonState) -> str:
    """E15/E31: the resolver's seat for a choice tied to an action, else the FP's seat."""
    if s.phase == "resolve" and s.actor:
        return seat_of(s, s.actor)
    return s.seats[s.fp]


def ask(s: RobinsonState, name: str, answers: list[str], card: str = "", r: str | None = None,
        seat: str | None = None, **data: str) -> None:
    """Stop on a prompt: `answers` in E31 order, the first being the E31 default (for a timeout)."""
    s.pending = {"kind": name, "seat": seat or chooser(s), "card": card, "r": r or "",
                 "answers": ";".join(answers), "default": f"{KINDS[name].prefix}:{answers[0]}", **data}


def ask_choice(s: RobinsonState, name: str, answers: list[str], card: str = "", r: str | None = None) -> None:
    """A choice only where there is one to make (E31): no answer does nothing, a single one is applied
    at once through the prompt's own answer, several stop on the prompt."""
    if len(answers) > 1:
        ask(s, name, answers, card, r)
    elif answers:
        KINDS[name].answer(s, {"kind": name, "card": card, "r": r or ""}, answers[0])


def pending_prompt(s: RobinsonState) -> Prompt:
    """The prompt waiting now, where the caller knows one waits (a TypeError otherwise, as reading a
    missing prompt always was)."""
    p = s.pending
    if p is None:
        raise TypeError("no prompt is pending")
    return p


def answers(p: Prompt) -> list[str]:
    return [a for a in p["answers"].split(";") if a]


def options(s: RobinsonState) -> list[tuple[str, str, Any, bool]]:
    """Barriers all: what follows an answer may draw cards or roll (the Event phase goes on)."""
    p = s.pending or {}
    pre = KINDS[p["kind"]].prefix
    return [(f"{pre}:{a}", "ask", a, True) for a in answers(p)]


def label(s: RobinsonState, a: str) -> Msg:
    p = s.pending or {}
    return KINDS[p["kind"]].label(s, p, a)


def prompt(s: RobinsonState) -> Msg:
    p = s.pending or {}
    return KINDS[p["kind"]].prompt(s, p)


def answer(s: RobinsonState, a: str) -> None:
    p = s.pending
    assert p is not None
    s.pending = None
    KINDS[p["kind"]].answer(s, p, a)


def prompt_resolver(p: Prompt) -> str | None:
    """The character resolving the action the question belongs to, if any (E15)."""
    return p.get("r") or None


def prompt_card(p: Prompt) -> Msg:
    """The card the question comes from, as shown to the players."""
    return card_msg(p["card"]) if p.get("card") else m("card", deck="", name="?")


# ---------------------------------------------------------------- "A or B" (R91)

def ask_or(s: RobinsonState, opts: list[list[Any]], card: str, r: str | None) -> None:
    """A choice between codes: the chooser picks; an unaffordable option is unfulfilled demand."""
    ask(s, "or", [str(i) for i in range(len(opts))], card, r, opts=json.dumps(opts))
