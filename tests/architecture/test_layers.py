"""The import contract (docs/architecture.md): which layer may import which.

rules → nothing of the project; render → rules; storage → nothing; host → rules, storage, render;
cogs → host and below; local and tools at the top (bot.py above all).  No import of a project module
inside a function (the old way of dodging a cycle).  No cycle at all: tests/architecture/test_no_cycles.py.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from .imports import externals, graph

ROOT = Path(__file__).resolve().parents[2]
EDGES, LOCAL = graph(ROOT)
EXTERNALS = externals(ROOT)

MAY_IMPORT = {
    "rules": {"rules"},
    "render": {"render", "rules"},
    "storage": {"storage"},
    "host": {"host", "rules", "render", "storage"},
    "cogs": {"cogs", "host", "rules", "render", "storage"},
    "local": {"local", "cogs", "host", "rules", "render", "storage"},
    "tools": {"tools", "local", "cogs", "host", "rules", "render", "storage"},
    "bot": {"tools", "local", "cogs", "host", "rules", "render", "storage"},
}

# Outside packages a layer must never touch: the engines are pure (no clock, no global randomness, no
# I/O), drawing knows nothing of Discord or SQLite, storage nothing of Discord or images, and the host
# nothing of Discord (cogs/ adapts it).
FORBIDDEN = {
    "rules": {"discord", "PIL", "sqlite3", "sqlite_utils", "random", "time", "datetime", "os", "socket", "asyncio"},
    "render": {"discord", "sqlite3", "sqlite_utils"},
    "storage": {"discord", "PIL"},
    "host": {"discord"},
}


def layer_of(module: str) -> str:
    return module.split(".")[0]


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_each_layer_imports_only_the_layers_below_it(layer):
    wrong = sorted(f"{m} imports {target}" for m, targets in EDGES.items() if layer_of(m) == layer
                   for target in targets if layer_of(target) not in MAY_IMPORT[layer])
    assert wrong == []


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_keeps_away_from_what_it_must_not_touch(layer):
    wrong = sorted(f"{m} imports {ext}" for m, found in EXTERNALS.items() if layer_of(m) == layer
                   for ext in found & FORBIDDEN[layer])
    assert wrong == []


def test_sql_only_under_storage():
    """Only storage/ speaks to the bot's database; every other layer goes through its stores.  The one
    exception is the local table's fake Discord, which keeps its own servers, channels and messages in a
    file of its own (local/registry.py): Discord's state, not the bot's."""
    wrong = sorted(m for m, found in EXTERNALS.items()
                   if layer_of(m) != "storage" and m != "local.registry" and found & {"sqlite3", "sqlite_utils"})
    assert wrong == []


def test_no_function_local_import_of_a_project_module():
    wrong = sorted(f"{m}: {', '.join(sorted({t for t, _ in found}))}" for m, found in LOCAL.items() if found)
    assert wrong == []


def test_the_reader_sees_real_imports():
    """The reader is not blind: known edges and outside packages are found (a blind one would pass all)."""
    assert "host.tables" in EDGES["cogs.actions"]
    assert "discord" in EXTERNALS["cogs.actions"] and "discord" not in EXTERNALS["host.tables"]
    assert "sqlite3" in EXTERNALS["storage.db"]
    assert layer_of("cogs.game_bot") == "cogs" and "bot" in EDGES
