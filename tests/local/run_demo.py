"""`python tests/local/run_demo.py [local table options] [command]`: the local table CLI on the demo bot."""
from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from local.cli import main  # noqa: E402
from tests.local.demo_bot import make_bot  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:], make_bot, default_db=os.path.join(os.getcwd(), "demo.db")))
