"""Game engines.  `GAMES` maps a game key to its engine (design.md contract)."""
from __future__ import annotations

from pathlib import Path

from .contract import Engine, GameState, IllegalMove, Move, Outcome
from .text import CATALOG, Msg, msg, tr

CATALOG.add_dir(Path(__file__).parent / "locale")

from .wayfinders import ENGINE as _wayfinders  # noqa: E402

GAMES: dict[str, Engine] = {
    _wayfinders.key: _wayfinders,
}

__all__ = ["GAMES", "Engine", "GameState", "IllegalMove", "Move", "Outcome", "Msg", "msg", "tr"]
