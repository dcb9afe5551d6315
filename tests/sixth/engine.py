"""Sixth Nim: the toy engine of tests/conformance/toy_game.py played with open hands, registered
under its own key with its own sheet (rules.md), status page and texts, as a new game would be."""
from __future__ import annotations

from pathlib import Path

from rules.text import CATALOG

from ..conformance.toy_game import ToyEngine, ToyOptions, ToyState

CATALOG.add_dir(Path(__file__).parent / "locale")


class SixthEngine(ToyEngine, key="sixth", title="Sixth Nim", players=(2, 3), options=ToyOptions, state=ToyState):
    rule_letters = "N"  # the sheet's rules N1..N3
    rules_sheet = "tests/sixth/rules.md"

    def view(self, state, seat=None):
        """N3: hands are open, so every seat sees what the public sees."""
        return super().view(state, None).model_copy(update={"viewer": seat})


SIXTH = SixthEngine()
