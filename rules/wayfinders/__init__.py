"""Wayfinders (unofficial fan implementation): rules engine.

Rules: docs/rules/wayfinders.md (W1-W42, E1-E16), after the Spanish rulebook.
Modules: islands (tile data), grid (geometry), setup, payment (W15),
holdings (abilities), moves (legal options + labels), turns (applying moves),
scoring (W23-W35), view, explain (refusal reasons), engine (the contract).
"""
from __future__ import annotations

from pathlib import Path

from ..text import CATALOG

CATALOG.add_dir(Path(__file__).parent / "locale")

from .engine import ENGINE, WayfindersEngine  # noqa: E402
from .state import WayfindersOptions, WayfindersState, WayfindersView  # noqa: E402

__all__ = ["ENGINE", "WayfindersEngine", "WayfindersOptions", "WayfindersState", "WayfindersView"]
