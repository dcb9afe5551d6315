"""Eclipse's modules import each other only at the top and form no cycle (issue 17 part 3: the
4-file cycle moves/flow/turns/battle_phase was dodged with function-local imports)."""
from __future__ import annotations

import ast
from pathlib import Path

import rules.eclipse

PACKAGE = Path(rules.eclipse.__file__).parent


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _targets(path: Path, node: ast.ImportFrom, modules: set[str]) -> set[str]:
    """The package modules a relative `from ... import` names (outside the package: none)."""
    if not node.level:
        return set()
    here = _module(path).split(".") if _module(path) else []
    base = here if path.name == "__init__.py" else here[:-1]
    if node.level - 1 > len(base):
        return set()
    base = base[:len(base) - (node.level - 1)] + (node.module.split(".") if node.module else [])
    out = set()
    for alias in node.names:
        full = ".".join(base + [alias.name])
        out.add(full if full in modules else ".".join(base))
    return out & modules


def _graph() -> tuple[dict[str, set[str]], list[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {_module(p) for p in paths}
    graph, local = {}, []
    for path in paths:
        tree = ast.parse(path.read_text())
        deps: set[str] = set()
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                deps |= _targets(path, node, modules)
        graph[_module(path)] = deps - {_module(path)}
        for fn in ast.walk(tree):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                local += [f"{path.name}:{n.lineno}" for n in ast.walk(fn)
                          if isinstance(n, (ast.Import, ast.ImportFrom))]
    return graph, local


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import cycle among the modules (empty when there is none)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str]:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                return stack[stack.index(d):] + [d]
            if d not in state and (found := visit(d)):
                return found
        state[m] = 2
        stack.pop()
        return []

    for m in sorted(graph):
        if m not in state and (found := visit(m)):
            return found
    return []


def test_no_function_local_imports():
    assert _graph()[1] == []


def test_no_import_cycle_between_eclipse_modules():
    graph = _graph()[0]
    graph.pop("", None)  # the package's __init__ gathers the engine; no module imports it
    assert _cycle(graph) == []


def test_the_cycle_finder_finds_one():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []


def test_the_battle_family_is_one_sub_package():
    graph = _graph()[0]
    assert {"battle.core", "battle.fight", "battle.hits", "battle.phase", "battle.odds"} <= set(graph)
    assert not [m for m in graph if m.startswith(("battle_", "combat_"))]
