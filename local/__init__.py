"""The local table: the real bot, cogs and command tree in a terminal, with no Discord and no network.

See :mod:`local.table` (the in-process API) and :mod:`local.cli`
(``python bot.py local``).  The seam is discord.py's own and relies on the
version pinned in requirements.txt (guarded by tests/local/test_pin.py).
"""
from .messages import Completions, Replies, Sent
from .parser import LocalError, ParseError
from .table import LocalTable

__all__ = ["LocalTable", "Sent", "Replies", "Completions", "LocalError", "ParseError"]

