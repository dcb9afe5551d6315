"""Rule codes ("(R47)", "E98", "(F25, F27)") stay in `/game rules` (the `<game>.rules` keys): no other
player-facing text of any catalog, command descriptions included, shows one (issue 15, item 5)."""
from __future__ import annotations

import re

import host.i18n  # noqa: F401 - registers the host catalogs (command descriptions too)
import rules  # noqa: F401 - registers the games' catalogs
from rules.text import CATALOG, LOCALES

CODE = re.compile(r"(?<![\w-])[WFER]\d{1,3}(?![\w])")
CELL_RANGE = re.compile(r"A1-E5")  # Wayfinders' cells, not a rule


def test_rule_codes_only_in_game_rules():
    found = []
    assert "cmd.robinson.new.opt.difficulty.desc" in CATALOG.table["en"]  # the command catalogs are read too
    for locale in LOCALES:
        for key, text in CATALOG.table[locale].items():
            if key.endswith(".rules"):
                continue
            found += [f"{locale} {key}: {text[:120]}" for _ in CODE.findall(CELL_RANGE.sub("", text))]
    assert not found, "\n".join(found[:30])


def test_the_check_sees_a_code():
    assert CODE.findall("Threat (R47)") and CODE.findall("Exact chances (E96-E98)")
    assert not CODE.findall("cells A1-E5 are not rules") or CELL_RANGE.sub("", "A1-E5") == ""
