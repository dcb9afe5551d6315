"""Where the tests find what belongs to a game, from the one registry (`rules.GAMES`) and what each
Engine declares (rule letters, seat range, test hints): no test lists the games by name."""
from __future__ import annotations

import sys
from pathlib import Path

from rules import Engine


def package_dir(engine: Engine) -> Path:
    """The folder of the package that defines the game (rules/<key>/ for a game of the bot)."""
    return Path(sys.modules[type(engine).__module__].__file__ or "").parent


def status_page(engine: Engine) -> Path:
    """What the game implements and what is left (rules/<key>/STATUS.md)."""
    return package_dir(engine) / "STATUS.md"


def data_dir(engine: Engine) -> Path:
    """Its component data (rules/<key>/data/), if it has any."""
    return package_dir(engine) / "data"
