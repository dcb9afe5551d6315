"""Nothing in the repository names a place outside it: a fresh clone has all it points at."""
from __future__ import annotations

from .paths import outside_paths, text_files

UP = "../"           # written in pieces so this file names no such path itself
SHARED = "shared/"
WORK = "/" + "work/"
SEEDS = "seeds/"


def test_no_text_file_names_a_path_outside_the_repository():
    files = text_files()
    assert "README.md" in files and "docs/rules/robinson.md" in files and "tests/docs/paths.py" in files
    found = [problem for path, text in files.items() for problem in outside_paths(path, text)]
    assert found == []


def test_the_old_homes_of_sheets_rulebooks_and_scripts_are_caught():
    assert outside_paths("CONTRIBUTING.md", f"Read `{UP}{SHARED}design.md` first") != []
    assert outside_paths("rules/flotilla/__init__.py", f'"""Rules: {SHARED}rules/flotilla.md"""') != []
    assert outside_paths("docs/rules/eclipse.md", f"copy `{UP}{SEEDS}003_c1e.txt`") != []
    assert outside_paths("rules/eclipse/STATUS.md", f"`{WORK}prompts/cov.py` reports") == [
        f"rules/eclipse/STATUS.md:1: '{WORK}prompts/cov.py' is outside the repository"]
    assert outside_paths("tests/x.py", f'Path("{WORK}{SHARED}rules/wayfinders.md")') != []
    assert outside_paths("README.md", "--db " + "/" + "tmp/me.db") != []
    assert outside_paths("README.md", "cd " + "/" + "home/me/bot") != []


def test_relative_paths_may_move_inside_the_repository_but_not_above_it():
    assert outside_paths("docs/rules/x.md", f"see {UP}design.md") == []
    assert outside_paths("docs/README.md", f"see {UP}{UP}elsewhere/x.md") != []
    assert outside_paths("tests/ops/hostile.py", f'NASTY = ["{UP}{UP}etc/passwd"]') == []  # hostile input, inside


def test_system_paths_and_urls_are_not_our_files():
    assert outside_paths("start.sh", "#!" + "/usr/bin/env bash") == []
    assert outside_paths("README.md", "https://example.org/home/page and /game new") == []
    assert outside_paths("local/server.py", '("GET", "/gateway/bot")') == []


def test_readme_and_contributing_point_to_the_docs():
    files = text_files()
    for name in ("README.md", "CONTRIBUTING.md"):
        assert "docs/rules/" in files[name] or "docs/README.md" in files[name], name
    assert "`docs/design.md`" in files["CONTRIBUTING.md"]
