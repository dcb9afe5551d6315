"""One registry: a game added to `rules.GAMES` is picked up by the shared suites without editing them.

Sixth Nim (tests/sixth/) is registered by a pytest plugin, as adding its key to
`rules.ENGINE_MODULES` would register a game of the bot, and the conformance, privacy, citation and
data suites are run on it in a child pytest: each of them must collect and pass tests of the sixth
game.  The architecture suite reads the tree instead (every package under rules/ is a part of its
own): tests/architecture/test_no_cycles.py plants a cycle in a new game package to show it.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from rules import GAMES

ROOT = Path(__file__).resolve().parents[1]
SUITES = {
    "tests/conformance/test_contract.py": "test_identity[sixth]",
    "tests/conformance/test_privacy.py": "test_no_public_text_reveals_private_information[sixth]",
    "tests/conformance/test_engine_core.py": "test_the_guard_chain[sixth]",
    "tests/docs/test_citations.py": "test_each_sheet_numbers_its_entries_from_one_without_gaps[sixth]",
    "tests/docs/test_data_status.py": "test_every_data_file_carries_its_proposed_mark[sixth]",
}


def run_with_the_sixth_game(*args: str) -> str:
    env = dict(os.environ, PRIVACY_GAMES="20")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "tests.sixth.plugin", "-p", "no:cacheprovider",
                           "-p", "no:xdist", "-v", "-k", "sixth", *args, *SUITES],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    return done.stdout + done.stderr


def test_the_sixth_game_is_not_a_game_of_the_bot():
    assert "sixth" not in GAMES


def test_a_sixth_game_in_the_registry_is_picked_up_by_the_shared_suites():
    out = run_with_the_sixth_game()
    passed = set(re.findall(r"^(tests/\S+::\S+) PASSED", out, re.M))
    for path, test in SUITES.items():
        assert f"{path}::{test}" in passed, out[-3000:]
    assert len(passed) >= 25 and all("sixth" in p for p in passed)
    summary = out.strip().splitlines()[-1]
    assert "passed" in summary and "failed" not in summary and "error" not in summary, out[-3000:]
