"""The project's module import graph, read from the source with `ast` (nothing is imported).

Every import statement counts, wherever it stands: at the top of a module, inside a function (a
function-local import that dodges a cycle is still a cycle), under `if TYPE_CHECKING:`.  A module
is a dotted name from the repository root (`rules.robinson.asks.core`, `bot`); a package is its
`__init__.py`.  `from pkg import sub` depends on the submodule `sub`, not on `pkg`'s `__init__`
(the usual reading of import contracts: a package's `__init__` importing its own modules is no
cycle).  Only the project's own modules are nodes; the standard library and packages are left out.
"""
from __future__ import annotations

import ast
from pathlib import Path

SKIP = {".venv", ".git", "tests", "__pycache__", "docs"}


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def project_modules(root: Path) -> dict[str, Path]:
    """Every `.py` file of the project outside tests, by module name."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        if SKIP & set(path.relative_to(root).parts):
            continue
        out[module_name(root, path)] = path
    return out


def _resolve(name: str, mods: set[str]) -> str | None:
    """The longest known module that `name` is or lies in (`a.b.func` -> `a.b`)."""
    while name and name not in mods:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str, path: Path, mods: set[str]) -> list[tuple[str, int, bool]]:
    """(imported module, line, inside a function) for each project import of one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    in_function: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_function.update(id(inner) for inner in ast.walk(node) if inner is not node)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[:len(base) - (node.level - 1)]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            subs = [f"{origin}.{alias.name}" if origin else alias.name for alias in node.names]
            targets = subs if all(sub in mods for sub in subs) else [origin] + [s for s in subs if s in mods]
        else:
            continue
        for target in targets:
            found = _resolve(target, mods)
            if found and found != name:
                out.append((found, node.lineno, id(node) in in_function))
    return out


def graph(root: Path) -> tuple[dict[str, set[str]], dict[str, list[tuple[str, int]]]]:
    """The import graph {module: imported modules} and the function-local imports {module: [(to, line)]}."""
    files = project_modules(root)
    mods = set(files)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    local: dict[str, list[tuple[str, int]]] = {m: [] for m in mods}
    for name, path in files.items():
        for target, line, inside in imports_of(name, path, mods):
            edges[name].add(target)
            if inside:
                local[name].append((target, line))
    return edges, local


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def within(module: str, unit: str) -> bool:
    return module == unit or module.startswith(unit + ".")


def members(unit: str, modules: set[str] | dict) -> list[str]:
    """The modules of a part: a package with everything under it; for a package whose sub-packages
    are parts of their own (`rules` and its engines), name it with a trailing ":own" to get its
    `__init__` and its plain modules only."""
    if unit.endswith(":own"):
        base = unit[:-4]
        packages = {m.rpartition(".")[0] for m in modules}
        return sorted(m for m in modules if m == base or (m.rpartition(".")[0] == base and m not in packages))
    return sorted(m for m in modules if within(m, unit))


def externals(root: Path) -> dict[str, set[str]]:
    """The outside packages each module imports, by their top-level name (`discord`, `PIL`, `sqlite3`…),
    at any depth of the module (the layer rules forbid some of them)."""
    files = project_modules(root)
    out: dict[str, set[str]] = {}
    for name, path in files.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                found.add(node.module.split(".")[0])
        out[name] = {top for top in found if _resolve(top, set(files)) is None and top != "__future__"}
    return out
