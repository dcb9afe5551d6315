"""Print the import cycles and function-local imports per part: `python -m tests.architecture.report`."""
from __future__ import annotations

from .imports import cycles, graph, members
from .test_no_cycles import ENFORCED, KNOWN, ROOT


def main() -> None:
    edges, local = graph(ROOT)
    found = cycles(edges)
    for unit in ENFORCED + KNOWN:
        mods = members(unit, edges)
        if not mods:
            continue
        mine = [c for c in found if set(mods) & set(c)]
        n_local = sum(len(local[m]) for m in mods)
        print(f"{unit}: {len(mods)} modules, {n_local} function-local imports, {len(mine)} cycles "
              f"{[len(c) for c in mine]}")
        for c in mine:
            print("   ", " ".join(c))


if __name__ == "__main__":
    main()
