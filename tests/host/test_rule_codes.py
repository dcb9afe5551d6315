"""Rule codes (a rule's letter and number, as the rules sheets number them) stay in `/game rules` (the
`<game>.rules` keys): no other player-facing text of any catalog, command descriptions included, shows
one."""
from __future__ import annotations

import re

import host.i18n  # noqa: F401 - registers the host catalogs (command descriptions too)
import rules  # noqa: F401 - registers the games' catalogs
from rules.text import CATALOG, LOCALES

CODE = re.compile(r"(?<![\w-])[WFER]\d{1,3}(?![\w])")
CELL_RANGE = re.compile("A1-" + "E" + "5")  # Wayfinders' cells, not a rule (spelt apart: not a citation)


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
    code, codes = "(" + "R" + "47)", "(" + "E" + "96-" + "E" + "98)"  # spelt apart: examples, not citations
    assert CODE.findall("Threat " + code) and CODE.findall("Exact chances " + codes)
    assert not CODE.findall("cells A1-" + "E" + "5 are not rules")  # a cell range is not a rule
