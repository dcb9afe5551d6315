"""Eclipse, first edition (unofficial fan implementation): rules engine.

Rules: docs/rules/eclipse.md (E1-E120), after the Spanish rulebook.
Modules: data (validated component data from data/*.json), geometry (E12-E14,
E93), setup (E5-E16), board (player board and galaxy helpers), moves (legal
options of the pending decision), turns (applying them), flow (phases, E99
forced decisions), view, engine (the contract); combat_core (E52-E59), notation and odds
(the exact odds calculator, E95-E98).  Progress: STATUS.md.
"""
from __future__ import annotations

from pathlib import Path

from ..text import CATALOG

CATALOG.add_dir(Path(__file__).parent / "locale")

from .engine import ENGINE, EclipseEngine  # noqa: E402
from .odds import odds  # noqa: E402
from .state import EclipseOptions, EclipseState, EclipseView  # noqa: E402

__all__ = ["ENGINE", "EclipseEngine", "EclipseOptions", "EclipseState", "EclipseView", "odds"]
