"""Jenny needs help!'s Rest (robinson-scenarios.md K3.7, K3.12): at the end of the Action phase, where
Rest resolves (R39), the FP's seat decides whether rescued Jenny's pawn rests (`jr:rest`, healing her
1) or stays (`jr:stay`).  Asked only from the round after her rescue and while she is wounded; the
E31 default, which a timeout takes, is to rest.  Then the Action phase ends (phases.py step
`jenny_rested`)."""
from __future__ import annotations

from ...text import Msg
from ..cont import then
from ..scenarios import jenny
from ..state import RobinsonState
from ..texts import m
from .core import Prompt, ask, kind

ANSWERS = ["rest", "stay"]  # the E31 default first


def ask_rest(s: RobinsonState) -> None:
    """K3.12: ask the FP's seat while her Rest would heal her; otherwise nothing happens."""
    if jenny.may_rest(s):
        ask(s, "jenny_rest", ANSWERS, seat=s.seats[s.fp])


def _label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    return m("mv.jenny_rest") if a == "rest" else m("mv.jenny_stay")


def _prompt(s: RobinsonState, p: Prompt) -> Msg:
    return m("prompt.jenny_rest", left=jenny.life_left(s))


@kind("jenny_rest", "jr", _label, _prompt)
def _answer(s: RobinsonState, p: Prompt, a: str) -> None:
    if a == "rest":
        jenny.rest(s)
    else:
        s.events.append(m("ev.jenny_stays"))
    then(s, "jenny_rested")
