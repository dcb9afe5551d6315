"""The scenario registry (robinson-scenarios.md K0, M0): every playable scenario by its id, the one a
game plays (`of`), and the checks each point of the round asks of it (K0.9, K0.10).  Castaways is one
entry; its woodpile stays its own (castaways.py)."""
from __future__ import annotations

from ..state import RobinsonState
from . import cannibal, castaways, cursed, family, jenny
from .base import Scenario

SCENARIOS: dict[str, Scenario] = {x.key: x for x in (castaways.CASTAWAYS, jenny.JENNY, family.FAMILY, cursed.CURSED,
                                                 cannibal.CANNIBAL)}


def of(s: RobinsonState) -> Scenario:
    return SCENARIOS[s.options.scenario]


def check_win(s: RobinsonState) -> bool:
    """The win checked at a round's start and at the end of the Action phase (S5 for Castaways)."""
    return s.options.scenario == "castaways" and castaways.check_win(s)


def check_round_end(s: RobinsonState) -> bool:
    """K0.9 (M8): the scenario's win at the end of a round (after Night step 5, before R72(6))."""
    hook = of(s).at_round_end
    return hook is not None and hook(s)


def inventions(s: RobinsonState) -> tuple[str, ...]:
    """The scenario sheet's inventions (S4, K0.8) that may be planned now (their gates, M7)."""
    scen = of(s)
    return tuple(n for n in scen.inventions if n not in scen.gates or jenny.gate_open(s, scen.gates[n]))


__all__ = ["SCENARIOS", "Scenario", "check_round_end", "check_win", "inventions", "of"]
