"""R72 (1) extra meals (Chronic Tiredness, Flu: "each character in camp eats 1 extra food tonight or
takes 1 wound").  While food remains the FP's seat decides, one meal at a time (E31): `xm:<character>`
pays 1 food for that character's extra meal, `xm:none` leaves the meals still owed unpaid, 1 wound
each.  With no food left the wounds follow without a question.  (E31 default on timeout: paid while
food remains.)  Then the Night goes on with its step `night_outside` (phases.py)."""
from __future__ import annotations

from ...text import Msg
from ..cont import then
from ..state import RobinsonState
from ..tallies import in_camp, over, pay, wound
from ..texts import char, m
from .core import Prompt, ask, kind


def extra_meals(s: RobinsonState, owed: list[str] | None = None) -> None:
    """Ask while a meal is owed and food remains; then the unpaid ones wound, and the Night goes on."""
    if owed is None:
        owed = [c for _ in range(s.extra_meal) for c in in_camp(s)]
    if owed and s.avail["F"] + s.avail["NF"]:
        ask(s, "meal", list(dict.fromkeys(owed)) + ["none"], owed=";".join(owed))
        return
    _unpaid(s, owed)


def _label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    if a == "none":
        return m("mv.meal_none", n=len(p["owed"].split(";")))
    return m("mv.meal", who=char(a))


def _prompt(s: RobinsonState, p: Prompt) -> Msg:
    return m("prompt.meal", n=len(p["owed"].split(";")), food=s.avail["F"] + s.avail["NF"])


@kind("meal", "xm", _label, _prompt)
def _answer(s: RobinsonState, p: Prompt, a: str) -> None:
    owed = p["owed"].split(";")
    if a == "none":
        _unpaid(s, owed)
        return
    pay(s, "F", 1)
    s.events.append(m("ev.extra_meal_paid", who=char(a)))
    owed.remove(a)
    extra_meals(s, owed)


def _unpaid(s: RobinsonState, owed: list[str]) -> None:
    for who in owed:
        s.events.append(m("ev.extra_meal_wound", who=char(who)))
        wound(s, who, 1, "hunger")
        if over(s):
            return
    then(s, "night_outside")  # the Night goes on (phases.py)
