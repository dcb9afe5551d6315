"""The sheet of Robinson Crusoe's other scenarios (docs/rules/robinson-scenarios.md) sits beside the game
sheets: its entries K<scenario>.<n> are numbered from 1 without gaps per scenario, it names the rulebook
in words (no path outside the repository), and, as no engine implements the scenarios yet, it is not a
game sheet the citation check resolves against."""
from __future__ import annotations

import re
from collections import defaultdict

from rules import GAMES

from .citations import ROOT
from .paths import outside_paths

SHEET = ROOT / "docs" / "rules" / "robinson-scenarios.md"


def test_the_scenario_sheet_numbers_its_entries_per_scenario_without_gaps():
    text = SHEET.read_text(encoding="utf-8")
    found: dict[int, list[int]] = defaultdict(list)
    for k, n in re.findall(r"^- \*\*K(\d+)\.(\d+)\b", text, re.M):
        found[int(k)].append(int(n))
    assert sorted(found) == [0, 2, 3, 5, 6]
    for k, nums in found.items():
        assert nums == list(range(1, len(nums) + 1)), k


def test_the_scenario_sheet_names_no_path_outside_the_repository_and_is_no_game_sheet():
    text = SHEET.read_text(encoding="utf-8")
    assert outside_paths("docs/rules/robinson-scenarios.md", text) == []
    assert "the publisher's text, not in this repository" in text
    assert "robinson-scenarios" not in GAMES and all(e.sheet_path() != "docs/rules/robinson-scenarios.md"
                                                     for e in GAMES.values())
