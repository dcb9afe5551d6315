"""The project's import graph, read from the source with `ast` (nothing is imported).

A module's imports are every `import` / `from … import` statement in it, at any depth (a function-local
import counts as much as one at the top), except those under `if TYPE_CHECKING:` (type hints only: they
never run).  Only imports of the project's own modules are kept as edges; the third-party and standard
library modules each module names are kept apart, for the layer rules that forbid some of them.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rules", "render", "storage", "host", "cogs", "local", "tools")


@dataclass
class Module:
    name: str
    path: Path
    is_package: bool
    imports: set[str] = field(default_factory=set)  # project modules, at any depth
    local_imports: set[str] = field(default_factory=set)  # project modules imported inside a function or class
    external: set[str] = field(default_factory=set)  # top-level names of other packages (discord, PIL, sqlite3…)


def _name_of(path: Path) -> tuple[str, bool]:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                ids.update(id(n) for n in ast.walk(inner))
    return ids


def _targets(module: Module, node: ast.Import | ast.ImportFrom, known: set[str]) -> list[str]:
    """The dotted names an import statement reaches (before they are resolved to project modules)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = module.name.split(".") if module.is_package else module.name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        pkg = ".".join(base + ([node.module] if node.module else []))
    else:
        pkg = node.module or ""
    subs = [f"{pkg}.{a.name}" for a in node.names if f"{pkg}.{a.name}" in known]
    return subs or [pkg]


@lru_cache(maxsize=1)
def graph() -> dict[str, Module]:
    files = [ROOT / "bot.py"] + [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    modules: dict[str, Module] = {}
    for path in files:
        name, is_package = _name_of(path)
        modules[name] = Module(name, path, is_package)
    known = set(modules)
    for module in modules.values():
        tree = ast.parse(module.path.read_text(encoding="utf-8"))
        hidden = _type_checking_nodes(tree)
        top = {id(n) for n in tree.body}
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or id(node) in hidden:
                continue
            for target in _targets(module, node, known):
                found = target
                while found and found not in known:
                    found = found.rpartition(".")[0]
                if found:
                    if found != module.name:
                        module.imports.add(found)
                        if id(node) not in top:
                            module.local_imports.add(found)
                elif target and not (isinstance(node, ast.ImportFrom) and node.level):
                    module.external.add(target.split(".")[0])
    return modules


def layer_of(module_name: str) -> str:
    return module_name.split(".")[0]


def cycles(modules: dict[str, Module]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(modules[v].imports):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(modules):
        if name not in index:
            visit(name)
    return found
