"""`bot.py split`, `bot.py merge` and `bot.py partitions`: converting between one database file and a cluster
layout of P partition files, and showing which partitions each shard process opens.

    bot.py split --db data/games.db --partitions 256 [--out data/cluster]
    bot.py merge --from data/cluster --db data/merged.db
    bot.py partitions --from data/cluster --shard-count 4 --processes 2

Both conversions keep the original, write a new output, and check it (row counts of every table, a digest
of every game) before printing the figures; a mismatch removes the output and exits 1.  Stop the bot first.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from storage.db import StoreError
from storage.layout_convert import ConvertError, Converted, merge, split
from storage.partitions import DEFAULT_PARTITIONS, Layout, check_shards, owned_partitions


def _print(what: str, done: Converted) -> None:
    rows = ", ".join(f"{name} {n}" for name, n in sorted(done.rows.items()))
    print(f"{what}: {done.games} games in {done.files} file(s); rows: {rows}")
    print(f"row counts and {done.games} game digests match the source; layout digest {done.digest[:16]}")
    if done.left_out:
        print(f"copied as they are (not the bot's tables): {', '.join(done.left_out)}")


def _run(what: str, job) -> int:
    try:
        _print(what, job())
    except ConvertError as exc:
        print(f"{what} failed, output removed: {exc}", file=sys.stderr)
        return 1
    except StoreError as exc:
        print(f"{what} failed: {exc}", file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"{what} failed: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    return 0


def split_main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    parser = argparse.ArgumentParser(prog="bot.py split", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=default_db, help=f"the database to split (kept; default: {default_db})")
    parser.add_argument("--partitions", type=int, default=DEFAULT_PARTITIONS,
                        help=f"partition count (default {DEFAULT_PARTITIONS}; a power of two lets any power-of-two "
                             "shard count up to it own whole partitions)")
    parser.add_argument("--out", help="the new layout folder (default: the database's folder/cluster)")
    args = parser.parse_args(argv)
    out = args.out or str(Path(args.db).parent / "cluster")
    code = _run("split", lambda: split(args.db, out, args.partitions))
    if code == 0:
        print(f"layout written to {out} (original {args.db} kept)")
    return code


def merge_main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    parser = argparse.ArgumentParser(prog="bot.py merge", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", required=True, help="the layout folder (kept)")
    parser.add_argument("--db", required=True, help="the new database file to write (must not exist)")
    args = parser.parse_args(argv)
    code = _run("merge", lambda: merge(args.source, args.db))
    if code == 0:
        print(f"database written to {args.db} (layout {args.source} kept)")
    return code


def partitions_main(argv: Optional[list[str]] = None, default_db: str = "") -> int:
    """Which partitions (files) each shard, and each of K processes with consecutive shard ranges, opens."""
    parser = argparse.ArgumentParser(prog="bot.py partitions", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", help="a layout folder (its partition count)")
    parser.add_argument("--partitions", type=int, default=DEFAULT_PARTITIONS)
    parser.add_argument("--shard-count", type=int, required=True)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        count = Layout.load(args.source).partitions if args.source else args.partitions
    except StoreError as exc:
        print(f"partitions: {exc}", file=sys.stderr)
        return 2
    problem = check_shards(count, args.shard_count)
    if problem or not 1 <= args.processes <= args.shard_count:
        print(f"partitions: {problem or 'the process count must be between 1 and the shard count'}", file=sys.stderr)
        return 2
    for process, shard_ids in enumerate(process_ranges(args.shard_count, args.processes)):
        owned = owned_partitions(count, args.shard_count, shard_ids)
        print(f"process {process}: --shard-count {args.shard_count} --shard-ids {','.join(map(str, shard_ids))}"
              f"  -> {len(owned)} of {count} partitions ({_ranges(owned, args.shard_count)})")
    return 0


def process_ranges(shard_count: int, processes: int) -> list[list[int]]:
    """Consecutive shard ranges, one per process, as even as they go."""
    size, extra = divmod(shard_count, processes)
    ranges, start = [], 0
    for index in range(processes):
        end = start + size + (1 if index < extra else 0)
        ranges.append(list(range(start, end)))
        start = end
    return ranges


def _ranges(owned: list[int], shard_count: int) -> str:
    firsts = sorted({p % shard_count for p in owned})
    return " ".join(f"part-{s:03d}+{shard_count}k" for s in firsts)


__all__ = ["merge_main", "partitions_main", "process_ranges", "split_main"]
