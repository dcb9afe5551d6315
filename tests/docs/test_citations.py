"""Every rule number cited in code, tests and documents has an entry in docs/rules/<game>.md.

The checker (tests/docs/citations.py) is also tested on small texts here, so it is seen to fail
on an unknown number, on an ambiguous letter and on a section the sheet lacks.
"""
from __future__ import annotations

import shutil
from collections import Counter

import pytest

from rules import ENGINE_MODULES
from rules import GAMES as ENGINES

from ..games import status_page
from .citations import GAMES, LETTERS, ROOT, Citation, citations_in, load_sheet, scan, sheet_path, unresolved

SHEETS = {g: load_sheet(g) for g in GAMES}


def problems(path: str, text: str) -> list[str]:
    return unresolved(citations_in(path, text), SHEETS)


def refs(path: str, text: str) -> list[tuple[str | None, str]]:
    return [(c.game, c.ref) for c in citations_in(path, text)]


def test_every_cited_rule_number_has_an_entry_in_its_games_sheet():
    cites = scan()
    assert unresolved(cites, SHEETS) == []
    per_game = Counter(c.game for c in cites)
    # The scan sees the code base: each game of the bot cites its sheet hundreds of times.
    assert all(per_game[g] >= 300 for g in ENGINE_MODULES), per_game


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_game_has_its_sheet_and_its_status_page(game):
    assert (ROOT / sheet_path(game)).is_file()
    assert status_page(ENGINES[game]).is_file()
    assert LETTERS[game], f"{game}: its Engine declares no rule_letters"
    assert (ROOT / "docs" / "design.md").is_file() and (ROOT / "docs" / "README.md").is_file()


@pytest.mark.parametrize("game", GAMES)
def test_each_sheet_numbers_its_entries_from_one_without_gaps(game):
    ids = SHEETS[game].ids
    assert {i[0] for i in ids} == LETTERS[game]
    for letter in LETTERS[game]:
        nums = sorted(int(i[1:]) for i in ids if i[0] == letter)
        assert nums == list(range(1, len(nums) + 1)), (game, letter)


def test_a_number_the_sheet_lacks_is_reported_with_its_place():
    assert problems("rules/flotilla/chain.py", "x = 1\n# F69: no such rule\n") == [
        "rules/flotilla/chain.py:2: 'F69' has no entry in docs/rules/flotilla.md"]
    assert problems("rules/eclipse/turns.py", '"""E121 and U23."""') != []
    assert len(problems("tests/rules/test_wayfinders_x.py", "# W43, E17, T10")) == 3
    assert problems("rules/robinson/plan.py", "# R100 and S11") != []
    assert problems("rules/wayfinders/moves.py", "# W42, E16, T9") == []


def test_a_letter_two_sheets_use_needs_its_game_outside_a_games_files():
    assert refs("tests/cogs/test_x.py", "# E41") == [(None, "E41")]
    assert problems("README.md", "odds (E98)") == ["README.md:1: 'E98' is ambiguous here: write 'Eclipse E98'"]
    assert "write 'Wayfinders E5' or 'Flotilla E5' or 'Robinson E5' or 'Eclipse E5'" in problems("README.md", "E5")[0]
    assert problems("README.md", "odds (Eclipse E98)") == []
    assert refs("README.md", "Flotilla E41 vs Eclipse E41") == [("flotilla", "E41"), ("eclipse", "E41")]
    # Flotilla has rulings E1-E46 only; Eclipse's E47 is not Flotilla's.
    assert problems("README.md", "Flotilla E47") != [] and problems("README.md", "Eclipse E47") == []
    # Unique letters need no game; the game named first carries along its list.
    assert refs("host/deadlines.py", "# R30/R97, W41, D9, U7") == [
        ("robinson", "R30"), ("robinson", "R97"), ("wayfinders", "W41"), ("flotilla", "D9"), ("eclipse", "U7")]
    assert refs("README.md", "Robinson X1, E38 and Flotilla X9") == [
        ("robinson", "X1"), ("robinson", "E38"), ("flotilla", "X9")]
    # A game's own files resolve E and X to that game, also for render, cogs and locale files.
    assert refs("render/flotilla_panels.py", "# E41") == [("flotilla", "E41")]
    assert refs("host/locale/eclipse_commands.en.json", '{"k": "a Reaction (E28)"}') == [("eclipse", "E28")]


def test_ranges_cover_the_numbers_between_their_ends():
    (a, b) = citations_in("rules/eclipse/__init__.py", '"""Rules (E1-E120)."""')
    assert a.covers() == ["E1"] and b.covers() == [f"E{n}" for n in range(1, 121)]
    assert citations_in("README.md", "Eclipse E9–E11")[1].covers() == ["E9", "E10", "E11"]


def test_sections_resolve_against_the_sheets_headings():
    assert refs("rules/robinson/events.py", "# §3.9, §3.13") == [("robinson", "§3.9"), ("robinson", "§3.13")]
    assert problems("rules/robinson/events.py", "# §3.14") != []
    assert problems("rules/eclipse/data.py", '"""sheet section 12"""') == []
    assert problems("rules/eclipse/data.py", '"""sheet section 20"""') != []
    assert problems("rules/flotilla/data.py", '"""sheet Part 2"""') == []
    assert problems("rules/flotilla/data.py", '"""sheet Part 4"""') != []
    assert problems("rules/wayfinders/islands.py", '"""sheet §4"""') == []


def test_test_function_names_cite_too():
    src = "def test_r2_r30_r97_options():\n    pass\n\ndef test_s3_13_special_wounds():\n    pass\n"
    assert refs("tests/rules/test_robinson_x.py", src) == [
        ("robinson", "R2"), ("robinson", "R30"), ("robinson", "R97"), ("robinson", "§3.13")]
    # Robinson's scenario has S1-S10: `test_s13_...` was a wrong way to write §3.13.
    assert problems("tests/rules/test_robinson_x.py", "def test_s13_x():\n    pass\n") != []
    assert refs("tests/rules/test_flotilla_bot.py", "def test_greedy_builds_F41_F42():\n    pass\n") == [
        ("flotilla", "F41"), ("flotilla", "F42")]


def test_names_values_and_linter_codes_are_not_citations():
    src = (
        "import x  # noqa: E402,F401\n"
        "T0 = 1\n"
        's = game(2, C2="res04", E5="per02")\n'
        'cost = "W2"\n'
        "assert cells == {\"A1\", \"E5\"}\n"
    )
    assert refs("tests/local/test_now.py", src) == []
    assert refs("rules/robinson/data.py", '"""Precipice costs W2 and gives D3"""') == []  # wood, determination
    # On a Wayfinders line about cells, E1-E5 are cells; elsewhere they are rulings.
    assert refs("tests/rules/test_wayfinders_scoring.py", "x = 3  # A1, E5, E4 (C1, B2)") == []
    assert refs("tests/rules/test_wayfinders_turns.py", "# E5: a seat to act has a move") == [("wayfinders", "E5")]


def test_the_scan_of_a_whole_tree_fails_on_a_wrong_number(tmp_path):
    shutil.copytree(ROOT / "docs" / "rules", tmp_path / "docs" / "rules")
    (tmp_path / "rules" / "wayfinders").mkdir(parents=True)
    (tmp_path / "rules" / "wayfinders" / "turns.py").write_text('"""W11 and W12."""\n# W43\n', encoding="utf-8")
    (tmp_path / "README.md").write_text("Odds: E98.\n", encoding="utf-8")
    cites = scan(tmp_path)
    assert sorted((c.path, c.ref) for c in cites) == [
        ("README.md", "E98"), ("rules/wayfinders/turns.py", "W11"), ("rules/wayfinders/turns.py", "W12"),
        ("rules/wayfinders/turns.py", "W43")]
    bad = unresolved(cites, {g: load_sheet(g, tmp_path) for g in GAMES})
    assert bad == [
        "README.md:1: 'E98' is ambiguous here: write 'Eclipse E98'",
        "rules/wayfinders/turns.py:2: 'W43' has no entry in docs/rules/wayfinders.md",
    ]
    assert isinstance(cites[0], Citation)
