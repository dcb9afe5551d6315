"""Eclipse, first edition (unofficial fan implementation): rules engine.

Rules: docs/rules/eclipse.md (E1-E120), after the Spanish rulebook.
Modules, lowest first: data (validated component data from data/*.json), geometry (E12-E14,
E93), state (the models), board (player board and galaxy helpers), pending (the decision
waiting), setup (E5-E16), colony, diplomacy, movement, upgrade, phases (turns and the round's
phases), battle/ (the Combat phase and the odds calculator), moves (legal options of the
pending decision), turns (applying them), settle (E99 forced decisions and automatic steps),
greedy, view, engine (the contract).  Progress: STATUS.md.
"""
from __future__ import annotations

from pathlib import Path

from ..text import CATALOG

CATALOG.add_dir(Path(__file__).parent / "locale")

from .engine import ENGINE, EclipseEngine  # noqa: E402
from .battle.odds import odds  # noqa: E402
from .state import EclipseOptions, EclipseState, EclipseView  # noqa: E402

__all__ = ["ENGINE", "EclipseEngine", "EclipseOptions", "EclipseState", "EclipseView", "odds"]
