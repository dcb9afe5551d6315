"""`bot.py invite --client-id ID`: print the URL that adds the bot to a server (cogs/invite.py)."""
from __future__ import annotations

import argparse
import sys
from typing import Optional

from cogs.invite import NEEDED, invite_url, needed_permissions


def main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    parser = argparse.ArgumentParser(prog="bot.py invite",
                                     description="Print the invite URL: scopes bot and applications.commands, and "
                                                 "exactly the permissions the bot needs.")
    parser.add_argument("--client-id", required=True,
                        help="the application's id (developer portal, General Information → Application ID)")
    args = parser.parse_args(argv)
    try:
        url = invite_url(args.client_id)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(url)
    print(f"permissions {needed_permissions().value}: {', '.join(NEEDED)}", file=sys.stderr)
    return 0


__all__ = ["main"]
