"""Robinson Crusoe: Adventures on the Cursed Island, scenario 1 Castaways, scenario 2 Cursed Island,
scenario 3 Jenny needs help!, scenario 5 Cannibal Island and scenario 6 Family Robinson (unofficial fan
implementation): rules engine.

Rules: docs/rules/robinson.md (R1-R99, S1-S10, E1-E38), after the Spanish
rulebook.  Modules, from the bottom up: data (validated component data), state, tallies (wounds,
D, payments), island, combat, cont (continuation points), effects/ (the R91 code interpreter and
its codes), asks/ (choices inside effects), setup, events (Event phase), phases (the round), plan
(planning), stacks, resolve (actions), scenarios/ (the registry: Castaways' woodpile and win,
Jenny, Family Robinson, Cursed Island, Cannibal Island), moves (decisions and labels), view, bot/ (the greedy co-op seat), registry (every registered
code, question and step), engine.
Progress and gaps: STATUS.md.
"""
from __future__ import annotations

from pathlib import Path

from ..text import CATALOG

CATALOG.add_dir(Path(__file__).parent / "locale")

from .engine import ENGINE, RobinsonEngine  # noqa: E402
from .state import RobinsonOptions, RobinsonState, RobinsonView  # noqa: E402

__all__ = ["ENGINE", "RobinsonEngine", "RobinsonOptions", "RobinsonState", "RobinsonView"]
