"""`Refusal`: a clear, private "no" for the user (a translatable reason); it never changes anything.

Kept apart from host/tables.py so that small parsing helpers (host/numbers.py,
host/options.py) can refuse without importing the service.
"""
from __future__ import annotations

from typing import Any

from rules.text import msg


class Refusal(Exception):
    """A clear, private "no" for the user; nothing was changed."""

    def __init__(self, key: str, **args: Any):
        self.text = msg(key, **args)
        super().__init__(key)


__all__ = ["Refusal"]
