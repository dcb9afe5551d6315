"""The key to the abbreviations an Eclipse decision image shows (render/focus.py `draw_focus` asks a game's renderer
for `focus_key`): ships on a hex ("2I 1C", damage "[1,2]"), the Ancients ("1× Anc") and the GCDS, each explained
in one line when its windows of the galaxy hold them.  The whole board explains them in its legend
(eclipse_panels.legend); a window of it at phone scale does not reach that legend."""
from __future__ import annotations

import re
from typing import Any, Sequence

from rules.text import msg, tr

from .eclipse import WORDS


def _t(key: str, locale: str) -> str:
    return tr(msg(f"eclipse.board.{key}"), locale)


def shown_marks(texts: Sequence[str], locale: str) -> list[str]:
    """Which of the legend's ship entries ("ships", "damage", "anc", "gcds") `texts` need: a text counts when it
    is a hex's ship line as eclipse_hex.ship_lines draws it, nothing else."""
    words: dict[str, Any] = WORDS["es" if locale.startswith("es") else "en"]
    letters = "".join(sorted(set(words["ships"].values())))
    damage = r"(?:\[\d+(?:,\d+)*\])?"
    ships = re.compile(rf"^\d+[{letters}]{damage}(?: \d+[{letters}]{damage})*$")
    ancients = re.compile(rf"^\d+× {re.escape(words['anc'])}{damage}$")
    gcds = re.compile(rf"^{re.escape(words['gcds'])}{damage}$")
    found = set()
    for text in (x.strip() for x in texts):
        for name, pattern in (("ships", ships), ("anc", ancients), ("gcds", gcds)):
            if pattern.match(text):
                found.add(name)
                if "[" in text:
                    found.add("damage")
    return [name for name in ("ships", "damage", "anc", "gcds") if name in found]


def focus_key(texts: Sequence[str], locale: str) -> list[str]:
    """One line ("Legend: 2I = 2 Interceptors: I Interceptor, C Cruiser, …") for the ship marks among `texts`, or
    none."""
    marks = shown_marks(texts, locale)
    return [_t("legend", locale) + ": " + " · ".join(_t(m, locale) for m in marks)] if marks else []


__all__ = ["focus_key", "shown_marks"]
