"""`python bot.py backup PATH`: a consistent copy of the live database.

SQLite's online backup API copies the whole database in one step, inside one
read transaction: in WAL mode the bot keeps committing moves meanwhile (a
reader never blocks the writer), and the copy is the snapshot of the moment
the step began (a move is in it entirely or not at all).  Copying in small
steps instead restarts whenever the bot writes between two steps, so a busy
bot could keep a backup from ever finishing; one step takes a bounded time
(see the README for the figure on a 120 MB database under a stream of moves).

The copy is written to a hidden temporary file in the target folder, checked
(`PRAGMA integrity_check`), flushed to disk (fsync) and renamed over PATH; on
any failure the temporary file is removed: PATH is either the complete, checked
copy or untouched.  The copy is a single self-contained file (no -wal/-shm).

Restore: stop the bot, copy the backup over the database file, delete the
database's `-wal` and `-shm` files if present, start the bot.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Optional

from .db import StoreError, explain
from .partitions import Layout


def _open_source(src: Path) -> sqlite3.Connection:
    """The live database, read-only (the copy never writes it), its schema read (a corrupt file fails here)."""
    if not src.is_file():
        raise StoreError(f"cannot use the database {src}: there is no database file there")
    try:
        source = sqlite3.connect(src.resolve().as_uri() + "?mode=ro", uri=True, timeout=30)
        try:
            source.execute("PRAGMA busy_timeout=30000")
            source.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        except BaseException:
            source.close()
            raise
    except sqlite3.Error as exc:
        raise explain(str(src), exc) from None
    return source


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some systems cannot open a folder; the rename itself is atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def backup(src: str | Path, dest: str | Path) -> int:
    """Copy `src` into `dest` (a temporary file beside it, then renamed); returns the size in bytes.

    Raises StoreError (the live database cannot be read), OSError or sqlite3.Error (the copy cannot be
    written), ValueError (dest is the live database).  No temporary file survives a failure."""
    src, dest = Path(src), Path(dest)
    if dest.resolve() == src.resolve():
        raise ValueError("the backup must not overwrite the live database")
    source = _open_source(src)
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".tmp", dir=dest.parent)
        os.close(fd)
        temp = Path(name)
        try:
            target = sqlite3.connect(temp)
            try:
                source.backup(target, pages=-1)  # one step, one read transaction: never restarted by writes
                target.execute("PRAGMA journal_mode=DELETE")  # a single file, no -wal beside the copy
                (ok,) = target.execute("PRAGMA integrity_check").fetchone()
                if ok != "ok":
                    raise sqlite3.DatabaseError(f"the copy fails integrity_check: {ok}")
            finally:
                target.close()
            with open(temp, "rb") as fh:
                os.fsync(fh.fileno())
            os.replace(temp, dest)
        except BaseException:
            for leftover in (temp, Path(f"{temp}-journal")):
                leftover.unlink(missing_ok=True)
            raise
    finally:
        source.close()
    _fsync_folder(dest.parent)
    return dest.stat().st_size


def backup_layout(src: str | Path, dest: str | Path) -> int:
    """Back up every partition of the layout folder `src` into the folder `dest` (each file as `backup` does,
    then `layout.json`, written last: a folder without it is an unfinished copy); returns the total bytes."""
    layout = Layout.load(src)
    dest = Path(dest)
    if dest.resolve() == layout.folder.resolve():
        raise ValueError("the backup must not overwrite the live layout")
    copy = Layout(dest, layout.partitions, layout.id_base)
    total = sum(backup(layout.path(p), copy.path(p)) for p in range(layout.partitions))
    copy.save()
    _fsync_folder(dest)
    return total


def main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    parser = argparse.ArgumentParser(prog="bot.py backup", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", help="where to write the copy (replaced only once the copy is complete); "
                                     "for a layout, a folder")
    parser.add_argument("--db", default=default_db,
                        help=f"the live database, or a cluster layout folder (default: {default_db})")
    args = parser.parse_args(argv)
    try:
        size = backup_layout(args.db, args.path) if Layout.is_layout(args.db) else backup(args.db, args.path)
    except StoreError as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError, sqlite3.Error) as exc:
        reason = " ".join((getattr(exc, "strerror", None) or str(exc)).split())
        print(f"backup failed: cannot write the copy {args.path}: {reason}", file=sys.stderr)
        return 2
    print(f"backed up {args.db} to {args.path} ({size / 1024:.0f} KiB)")
    return 0


__all__ = ["backup", "backup_layout", "main"]
