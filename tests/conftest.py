"""Session-wide test settings.

Many tests start `python bot.py …` as child processes (tests/e2e plays a whole
game's opening and every fifth move one process per command).  Where the
environment forbids bytecode files (PYTHONDONTWRITEBYTECODE, common on CI), every
child would compile the whole code base again, about a second each; instead the
children share one bytecode cache outside the repository (PYTHONPYCACHEPREFIX),
so only the first compiles.
"""
from __future__ import annotations

import os
import tempfile

import pytest

os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "gamehost-test-pycache"))


@pytest.fixture(autouse=True)
def _virtual_pacing(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process bots pace their posts (cogs/pacing.py) on virtual time: a full channel moves the pacer's
    clock forward instead of sleeping, so tests never wait for Discord's rate limit."""
    from cogs import pacing
    monkeypatch.setattr(pacing, "make_clock", pacing.virtual_clock)
