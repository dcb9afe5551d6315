"""Cursed Island's fog choices (robinson-scenarios.md K2.4, K2.7, K2.8), asked one space at a time:
where the Book's fog goes (`fg:<space>`, the FP's seat, E15) and which fog the Sacred Bell or the
Carved Bell takes off (`uf:<space>`, the resolver's seat, else the FP's).  The first answer is the
sheet's default order (scenarios/cursed.py `fog_spaces`, `fog_order`), which a timeout takes (E31).
Asked only while there is a choice: no more spaces than fog to put or take, all of them at once."""
from __future__ import annotations

from ...text import Msg
from ..scenarios import cursed
from ..state import RobinsonState
from ..texts import m, sub
from .core import Prompt, kind, prompt_card


def _by(p: Prompt) -> Msg:
    """What puts or takes the fog: the card (a Book event, the Sacred Bell) or the token."""
    return sub("disc", p["by"]) if p.get("by") else prompt_card(p)


def _put_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    sp = int(a)
    return m("mv.fog_put_tile" if sp in s.island else "mv.fog_put_space", space=sp)


def _put_prompt(s: RobinsonState, p: Prompt) -> Msg:
    return m("prompt.fog_put", by=_by(p), n=int(p["n"]))


@kind("fog", "fg", _put_label, _put_prompt)
def _put(s: RobinsonState, p: Prompt, a: str) -> None:
    """K2.4: fog on the chosen space, then the rest of the Book's fog."""
    cursed.put_fog(s, int(a))
    cursed.book(s, int(p["n"]) - 1, p["card"])


def _off_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    return m("mv.fog_off", space=int(a))


def _off_prompt(s: RobinsonState, p: Prompt) -> Msg:
    return m("prompt.fog_off", by=_by(p), n=int(p["n"]))


@kind("unfog", "uf", _off_label, _off_prompt)
def _off(s: RobinsonState, p: Prompt, a: str) -> None:
    """K2.7, K2.8: the chosen fog goes, then the rest the Bell takes off."""
    cursed.take_one(s, int(a))
    cursed.clear_fog(s, int(p["n"]) - 1, p["card"], p.get("by", ""), int(p["gone"]) + 1)
