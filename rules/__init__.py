"""Game engines.  `GAMES` maps a game key to its engine (design.md contract).

`GAMES` is the one registry of games: the host, the tools and every shared test derive their list
of games from it, and read what they need to know about a game from its Engine class (seat range,
rule letters, test hints): docs/architecture.md "Adding a game"."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .contract import Engine, GameState, IllegalMove, Move, Outcome
from .text import CATALOG, Msg, msg, tr

CATALOG.add_dir(Path(__file__).parent / "locale")

import importlib  # noqa: E402

# One entry per game package (each exports ENGINE).  Add a game here only once
# it passes the shared conformance tests: main stays green.
ENGINE_MODULES = ("wayfinders", "flotilla", "robinson", "eclipse")

GAMES: dict[str, Engine[Any]] = {}
for _name in ENGINE_MODULES:
    _engine = importlib.import_module(f"{__name__}.{_name}").ENGINE
    GAMES[_engine.key] = _engine

__all__ = ["GAMES", "Engine", "GameState", "IllegalMove", "Move", "Outcome", "Msg", "msg", "tr"]
