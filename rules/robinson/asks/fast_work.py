"""Fast Work's extra Build (§3.11): the resolver's seat names one more Build target, paid now.

  fw:<target>      Fast Work: one more Build target (plan.py target keys: b.wpn, b.roof.w, b.inv.Knife…)
"""
from __future__ import annotations

from typing import Any

from ...text import Msg
from ..effects.interpreter import OPS
from ..island import natural_shelter
from ..moves import cost_msg, target_msg
from ..plan import can_pay, targets
from ..resolve import build_done
from ..state import RobinsonState, Stack
from ..tallies import fp_char, pay
from ..texts import card as card_msg, m
from .core import Prompt, ask, kind

# ---------------------------------------------------------------- Fast Work (§3.11)


def fast_targets(s: RobinsonState) -> list[Any]:
    """Build targets legal now under R35-R37 whose cost Available can pay: the round's stacks
    (resolved, resolving and waiting) count as planned (one Shelter attempt, one per invention);
    a personal invention only for its owner as the resolver (R58)."""
    round_plan = list(s.queue) + [Stack(action="build", target=t) for t in s.done if t.startswith("b.")]
    new_shelter = s.shelter and not natural_shelter(s) and any(t.startswith("b.shelter") for t in s.done)
    return [t for t in targets(s, plan=round_plan) if t.action == "build" and can_pay(s, t.cost)
            and (not t.owner or t.owner == s.actor)
            and not (new_shelter and t.key.split(".")[1] in ("roof", "pal"))]  # R37: not on this round's Shelter


def _fast_work(s: RobinsonState, arg: str, card: str, r: str | None) -> None:
    """The resolver's seat names one more Build target and pays it from Available now; it succeeds
    with no dice and no adventure [sheet P].  None payable: nothing happens."""
    ts = fast_targets(s)
    if len(ts) > 1:
        ask(s, "fast", [t.key for t in ts], card, r)
    elif ts:
        fast_build(s, ts[0].key, r or fp_char(s))
    else:
        s.events.append(m("ev.fast_none", card=card_msg(card)))


def fast_build(s: RobinsonState, key: str, who: str) -> None:
    t = next(t for t in fast_targets(s) if t.key == key)
    for res, n in t.cost.items():
        pay(s, res, n)
    s.done.append(key)
    build_done(s, who, key, t.tok)


def _fast_label(s: RobinsonState, p: Prompt, a: str) -> Msg:
    t = next((t for t in fast_targets(s) if t.key == a), None)
    return m("mv.fast_work", target=target_msg(s, a), cost=cost_msg(t.cost if t else {}))


@kind("fast", "fw", _fast_label, lambda s, p: m("prompt.fast_work", card=card_msg(p["card"])))
def _fast_answer(s: RobinsonState, p: Prompt, a: str) -> None:
    fast_build(s, a, p["r"] or fp_char(s))


OPS.update({"fast_work": _fast_work})
