"""Every component data file says whether it holds PROPOSED data (ours, not the publisher's).

The mark is a top-level `"_status"` field in a JSON file whose loader ignores it, or a line
``- `file`: STATUS`` in the README.md of the data folder (CSV files, and JSON files whose loader
reads every key).  The games whose sheets mark data PROPOSED are Wayfinders (the island tiles),
Flotilla (all component data) and Robinson (the entries tagged P); Eclipse's data is sourced.
"""
from __future__ import annotations

import json
import re

import pytest

from rules import GAMES as ENGINES

from ..games import data_dir
from .citations import GAMES
README_LINE = re.compile(r"^[-*] `(?P<file>[^`]+)`: (?P<status>.+)$", re.M)


def statuses(folder) -> dict[str, str]:
    """file name -> its status, from the files themselves and the folder's README.md."""
    readme = folder / "README.md"
    out = {m["file"]: m["status"] for m in README_LINE.finditer(readme.read_text(encoding="utf-8"))} \
        if readme.exists() else {}
    for f in folder.glob("*.json"):
        raw = json.loads(f.read_text(encoding="utf-8"))
        if isinstance(raw, dict) and "_status" in raw:
            out.setdefault(f.name, raw["_status"])
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_data_file_carries_its_proposed_mark(game):
    """A game's data/ folder (if it has one) marks every file; whether it is PROPOSED is what its
    Engine declares (`proposed_data`)."""
    engine = ENGINES[game]
    folder = data_dir(engine)
    if not folder.is_dir():
        assert not engine.proposed_data, f"{game} declares PROPOSED data but has no data/ folder"
        return
    files = sorted(f.name for f in folder.iterdir() if f.is_file() and f.name != "README.md")
    found = statuses(folder)
    assert files and sorted(set(files) & set(found)) == files, set(files) - set(found)
    for name in files:
        proposed = found[name].startswith("PROPOSED")
        assert proposed == engine.proposed_data, (game, name, found[name])
        assert found[name].startswith(("PROPOSED", "not PROPOSED")), found[name]


def test_the_marks_leave_the_loaders_data_intact():
    from rules.flotilla.data import BOARD, CARDS, TILES
    from rules.robinson.data import ADVENTURES, EVENTS, INVENTIONS, MYSTERY
    assert len(EVENTS) == 73 and len(ADVENTURES) == 87 and len(MYSTERY) == 20 and INVENTIONS
    assert len([c for c in CARDS.values() if c.tier > 0]) == 46 and len(TILES) == 92 and BOARD.round_limit


def test_a_file_without_a_mark_is_found(tmp_path):
    (tmp_path / "a.json").write_text('{"_status": "PROPOSED: ours", "x": 1}', encoding="utf-8")
    (tmp_path / "b.csv").write_text("id\n1\n", encoding="utf-8")
    assert statuses(tmp_path) == {"a.json": "PROPOSED: ours"}
    (tmp_path / "README.md").write_text("# data\n\n- `b.csv`: PROPOSED: ours too\n", encoding="utf-8")
    assert statuses(tmp_path) == {"a.json": "PROPOSED: ours", "b.csv": "PROPOSED: ours too"}
