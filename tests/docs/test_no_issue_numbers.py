"""No text of the repository cites the project tracker's issue numbers (the word, then a number, with or
without "#" or a space between, in any case; the spellings are built in the test below).

A reader of the repository cannot look such a number up: a comment, docstring, test or Markdown page says
in plain words what the rule or feature is instead.  Rule codes of the rules sheets (E26, R30, W12, F17)
are citations a reader can follow (docs/rules/) and are not matched here.

Scanned: the tracked (and new, not ignored) .py, .md, .toml, .ini and .sh files, and the locale catalogues
(.json under host/locale/ and rules/<game>/locale/).  Other JSON (recorded digests, saved states) is data
and is not scanned.  This file is skipped: it has to spell the pattern out.
"""
from __future__ import annotations

import re
from pathlib import PurePosixPath

from .citations import ROOT, repo_files

ISSUE = re.compile(r"(?<![a-z])issues? ?#?[0-9]+", re.IGNORECASE)  # a test name too; not the end of a longer word
SUFFIXES = {".py", ".md", ".toml", ".ini", ".sh"}
THIS = "tests/docs/test_no_issue_numbers.py"


def scanned(path: str) -> bool:
    """Whether `path` (relative, with forward slashes) is one of the files this check reads."""
    p = PurePosixPath(path)
    if path == THIS or ".venv" in p.parts:
        return False
    if p.suffix in SUFFIXES:
        return True
    if p.suffix == ".json":
        return path.startswith("host/locale/") or (p.parts[0] == "rules" and len(p.parts) >= 4 and p.parts[2] == "locale")
    return False


def issue_citations(path: str, text: str) -> list[str]:
    """`path:line: 'issue N'` for each citation of an issue number in one file."""
    return [f"{path}:{n}: {m.group(0)!r}" for n, line in enumerate(text.splitlines(), 1) for m in ISSUE.finditer(line)]


def test_no_tracked_text_cites_an_issue_number():
    files = [f for f in repo_files() if scanned(f) and (ROOT / f).is_file()]
    assert "README.md" in files and "rules/eclipse/STATUS.md" in files and "host/locale/en.json" in files
    found = [c for f in files for c in issue_citations(f, (ROOT / f).read_text(encoding="utf-8", errors="replace"))]
    assert found == [], "issue numbers cited (say what they stood for instead):\n" + "\n".join(found)


def test_the_check_sees_every_spelling_and_spares_rule_codes():
    word = "iss" + "ue"  # written in pieces; this file is skipped anyway
    for text in (f"({word} 15 item 9)", f"{word.capitalize()} #6 checklist", f"def test_{word}15_x():", f"{word}s 5 and 6"):
        assert issue_citations("x.py", text) == [f"x.py:1: {ISSUE.search(text).group(0)!r}"], text
    assert issue_citations("x.md", "E26, R30, W12 and F17 rule; a t" + word + " 3 is tissue") == []
    assert scanned("rules/eclipse/locale/en.json") and scanned("host/locale/es.json")
    assert not scanned("tests/conformance/digests.json") and not scanned(THIS)
