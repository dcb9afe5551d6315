"""No import cycle between modules (issue 17): every import counts, function-local ones too, so a
cycle cannot hide behind an import moved into a function.  Checked per part of the project; a part
still known to have cycles is marked xfail(strict=True), so the day its last cycle goes the test
fails until it is marked enforced here.  The figures: `python -m tests.architecture.report`."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from .imports import cycles, graph, members, within

ROOT = Path(__file__).resolve().parents[2]

# Parts whose modules take part in no import cycle (a cycle through any module of the part fails it).
# `rules:own` is rules/__init__.py and the plain modules beside the engines' packages.
ENFORCED = ("rules.robinson", "rules.wayfinders", "rules.flotilla", "rules.eclipse", "rules:own", "render", "storage",
            "host", "cogs", "local", "tools", "bot")
# Parts with cycles left: move a part to ENFORCED once its cycles are gone
# (its xfail then fails).
KNOWN: tuple[str, ...] = ()

_EDGES, _LOCAL = graph(ROOT)


def _cycles_through(unit: str) -> list[list[str]]:
    own = set(members(unit, _EDGES))
    return [c for c in cycles(_EDGES) if own & set(c)]


PARAMS = [pytest.param(u, id=u) for u in ENFORCED] + [
    pytest.param(u, id=u, marks=pytest.mark.xfail(strict=True, reason="import cycles left: see the report"))
    for u in KNOWN]


@pytest.mark.parametrize("unit", PARAMS)
def test_no_import_cycle_through_the_modules_of(unit):
    if not members(unit, _EDGES):
        pytest.skip(f"{unit} does not exist on this branch")
    assert _cycles_through(unit) == []


def test_robinson_has_no_function_local_import_of_its_own_modules():
    """Robinson's modules import one way, at the top: no import waits inside a function."""
    found = {m: v for m, v in _LOCAL.items() if within(m, "rules.robinson") and v}
    assert found == {}


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return tmp_path


def test_a_cycle_dodged_by_a_function_local_import_is_still_a_cycle(tmp_path):
    root = _tree(tmp_path, {
        "game/__init__.py": "from .engine import ENGINE\n",
        "game/engine.py": "from .effects import apply\nENGINE = 1\n",
        "game/effects.py": "def apply():\n    from .asks import ask\n    ask()\n",
        "game/asks.py": "from . import effects\n\ndef ask():\n    pass\n",
        "game/data.py": "X = 1\n",
    })
    edges, local = graph(root)
    assert cycles(edges) == [["game.asks", "game.effects"]]
    assert local["game.effects"] == [("game.asks", 2)]


def test_the_graph_reads_relative_absolute_and_type_checking_imports_and_skips_a_package_init(tmp_path):
    root = _tree(tmp_path, {
        "app/__init__.py": "from .sub import low\n",
        "app/sub/__init__.py": "",
        "app/sub/low.py": "import json\nfrom typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app.high import H\n",
        "app/high.py": "from .sub import low\nfrom .sub.low import json\nH = 1\n",
        "bot.py": "import app.high\n",
    })
    edges, _ = graph(root)
    assert edges["app.sub.low"] == {"app.high"}  # TYPE_CHECKING counts; json is not ours
    assert edges["app.high"] == {"app.sub.low"}  # `from .sub import low` is the module, not app.sub
    assert edges["bot"] == {"app.high"}
    assert cycles(edges) == [["app.high", "app.sub.low"]]
