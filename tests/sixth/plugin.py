"""`pytest -p tests.sixth.plugin ...`: registers Sixth Nim in rules.GAMES before any test module is
collected, as adding its key to rules.ENGINE_MODULES would."""
from __future__ import annotations

from rules import GAMES

from .engine import SIXTH

GAMES[SIXTH.key] = SIXTH
