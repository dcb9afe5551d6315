"""No import cycle between modules: every import counts, function-local ones too, so a
cycle cannot hide behind an import moved into a function.  Checked per part of the project; a part
still known to have cycles is marked xfail(strict=True), so the day its last cycle goes the test
fails until it is marked enforced here.  The figures: `python -m tests.architecture.report`."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from .imports import SKIP, cycles, graph, members, within

ROOT = Path(__file__).resolve().parents[2]

# Parts with cycles left: a part named here is marked xfail(strict=True) (none today); every other
# part must take part in no import cycle (a cycle through any module of the part fails it).
KNOWN: tuple[str, ...] = ()


def parts(root: Path) -> tuple[str, ...]:
    """The parts checked, read from the tree: every game package under rules/ (a new game is covered
    the day its folder appears), `rules:own` (rules/__init__.py and the plain modules beside the
    packages), and every other top-level package and module of the project."""
    games = sorted(f"rules.{p.parent.name}" for p in (root / "rules").glob("*/__init__.py"))
    tops = sorted({p.parent.name for p in root.glob("*/__init__.py")} - {"rules", "tests"} - SKIP
                  | {p.stem for p in root.glob("*.py")})
    return (*games, "rules:own", *tops)


ENFORCED = tuple(u for u in parts(ROOT) if u not in KNOWN)

_EDGES, _LOCAL = graph(ROOT)


def _cycles_in(unit: str, edges: dict[str, set[str]]) -> list[list[str]]:
    own = set(members(unit, edges))
    return [c for c in cycles(edges) if own & set(c)]


def _cycles_through(unit: str) -> list[list[str]]:
    return _cycles_in(unit, _EDGES)


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


def test_every_game_package_under_rules_is_a_part_of_its_own():
    games = {p.parent.name for p in (ROOT / "rules").glob("*/__init__.py")}
    assert games and {f"rules.{g}" for g in games} <= set(ENFORCED)
    assert {"rules:own", "host", "cogs", "storage", "render", "bot"} <= set(ENFORCED)


def test_no_import_cycle_anywhere_in_the_project():
    assert cycles(_EDGES) == []


def test_a_cycle_planted_inside_a_new_game_package_fails_the_check(tmp_path):
    """A game package the tests have never heard of is checked like the others."""
    clean = {
        "rules/__init__.py": "from .contract import Engine\n",
        "rules/contract.py": "class Engine:\n    pass\n",
        "rules/connect4/__init__.py": "from .engine import ENGINE\n",
        "rules/connect4/engine.py": "from ..contract import Engine\nfrom .board import drop\nENGINE = Engine()\n",
        "rules/connect4/board.py": "def drop():\n    pass\n",
        "host/__init__.py": "import rules\n",
    }
    root = _tree(tmp_path, clean)
    assert parts(root) == ("rules.connect4", "rules:own", "host")
    edges, _ = graph(root)
    assert all(not _cycles_in(u, edges) for u in parts(root))
    (root / "rules/connect4/board.py").write_text("from .engine import ENGINE\n\ndef drop():\n    pass\n")
    edges, _ = graph(root)
    assert _cycles_in("rules.connect4", edges) == [["rules.connect4.board", "rules.connect4.engine"]]
    assert [u for u in parts(root) if _cycles_in(u, edges)] == ["rules.connect4"]
