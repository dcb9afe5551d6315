"""`python bot.py backup PATH`: a consistent copy of the live database.

SQLite's online backup API copies the database page by page while the bot
keeps running; the copy is one consistent snapshot (a move is in it entirely
or not at all).  The copy is a single self-contained file (no -wal/-shm).

Restore: stop the bot, copy the backup over the database file, delete the
database's `-wal` and `-shm` files if present, start the bot.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path
from typing import Optional


def backup(src: str | Path, dest: str | Path) -> int:
    """Copy `src` into a new file `dest` (written beside it, then renamed); returns the size in bytes."""
    src, dest = Path(src), Path(dest)
    if not src.exists():
        raise FileNotFoundError(f"no database at {src}")
    if dest.resolve() == src.resolve():
        raise ValueError("the backup must not overwrite the live database")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    source = sqlite3.connect(src, timeout=30)
    try:
        source.execute("PRAGMA busy_timeout=30000")
        target = sqlite3.connect(partial)
        try:
            source.backup(target, pages=1024)  # steps of 1024 pages let the bot write in between
            target.execute("PRAGMA journal_mode=DELETE")  # a single file, no -wal beside the copy
            (ok,) = target.execute("PRAGMA integrity_check").fetchone()
            if ok != "ok":
                raise sqlite3.DatabaseError(f"the copy fails integrity_check: {ok}")
        finally:
            target.close()
    finally:
        source.close()
    with open(partial, "rb") as fh:
        os.fsync(fh.fileno())
    os.replace(partial, dest)
    return dest.stat().st_size


def main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    parser = argparse.ArgumentParser(prog="bot.py backup", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", help="where to write the copy (a new file)")
    parser.add_argument("--db", default=default_db, help=f"the live database (default: {default_db})")
    args = parser.parse_args(argv)
    try:
        size = backup(args.db, args.path)
    except (OSError, ValueError, sqlite3.DatabaseError) as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 2
    print(f"backed up {args.db} to {args.path} ({size / 1024:.0f} KiB)")
    return 0


__all__ = ["backup", "main"]
