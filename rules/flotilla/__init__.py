"""Flotilla (unofficial fan implementation): rules engine.

Rules: docs/rules/flotilla.md (F1-F68, PROPOSED data D1-D18, edge cases E1-E46),
after the rulebook (the publisher's, not in the repository).  Progress and gaps: STATUS.md.
Modules: data (components), hexes (D1), setup (F1-F12), effects (automatic steps),
decide (decisions, F68), chain (the turn), place (F40, F56), scoring (F63-F65),
labels, view, engine (the contract).
"""
from __future__ import annotations

from pathlib import Path

from ..text import CATALOG

CATALOG.add_dir(Path(__file__).parent / "locale")

from .engine import ENGINE, FlotillaEngine  # noqa: E402
from .state import FlotillaOptions, FlotillaState, FlotillaView  # noqa: E402

__all__ = ["ENGINE", "FlotillaEngine", "FlotillaOptions", "FlotillaState", "FlotillaView"]
