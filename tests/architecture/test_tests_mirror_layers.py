"""The tests mirror the layers: a test under tests/host/ tests the Discord-free service, so it reaches
nothing of Discord, the cogs, the local table or bot.py, directly or through what it imports (a tool it
benchmarks, a helper of another test folder).  Tests that need the bot live under tests/cogs/."""
from __future__ import annotations

import ast
from pathlib import Path

from .imports import externals, graph

ROOT = Path(__file__).resolve().parents[2]
EDGES, _ = graph(ROOT)
EXTERNALS = externals(ROOT)
ABOVE_HOST = ("cogs", "local", "bot")  # the project's layers above host/
TEST_FOLDERS_ABOVE_HOST = ("tests.cogs", "tests.local", "tests.protocol", "tests.e2e", "tests.ops")


def _under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def imported(path: Path, root: Path) -> set[str]:
    """The modules one file imports, by dotted name from `root` (relative imports resolved)."""
    package = ".".join(path.relative_to(root).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def reached_above_host(path: Path, root: Path, edges: dict[str, set[str]], outside: dict[str, set[str]]) -> list[str]:
    """What of the layers above host/ (or discord) the test file at `path` reaches, with the way it got there."""
    wrong: list[str] = []
    seen: set[str] = set()
    todo = [(name, name) for name in sorted(imported(path, root))]
    while todo:
        name, way = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        top = name.split(".")[0]
        if top == "discord" or _under(name, ABOVE_HOST) or _under(name, TEST_FOLDERS_ABOVE_HOST):
            wrong.append(way)
            continue
        test_file = root / Path(*name.split(".")).with_suffix(".py")
        if top == "tests" and test_file.is_file():  # a helper of another test folder: what it imports counts
            todo.extend((inner, f"{way} -> {inner}") for inner in imported(test_file, root))
        for target in edges.get(name, ()):
            todo.append((target, f"{way} -> {target}"))
        if "discord" in outside.get(name, set()):
            wrong.append(f"{way} -> discord")
    return sorted(wrong)


def test_host_tests_reach_nothing_above_the_host():
    wrong = {str(p.relative_to(ROOT)): found for p in sorted((ROOT / "tests" / "host").glob("*.py"))
             if (found := reached_above_host(p, ROOT, EDGES, EXTERNALS))}
    assert wrong == {}


def test_the_check_sees_a_cog_reached_through_a_helper(tmp_path):
    (tmp_path / "tests" / "host").mkdir(parents=True)
    (tmp_path / "tests" / "host" / "test_x.py").write_text("from .helper import thing\n", encoding="utf-8")
    (tmp_path / "tests" / "host" / "helper.py").write_text("from host import tables\nimport tools.bench\n",
                                                            encoding="utf-8")
    edges = {"host.tables": set(), "tools.bench": {"cogs.ops"}, "cogs.ops": set()}
    found = reached_above_host(tmp_path / "tests" / "host" / "test_x.py", tmp_path, edges, {"cogs.ops": {"discord"}})
    assert found == ["tests.host.helper -> tools.bench -> cogs.ops"]
    assert reached_above_host(tmp_path / "tests" / "host" / "helper.py", tmp_path,
                              {"host.tables": set(), "tools.bench": set()}, {}) == []
