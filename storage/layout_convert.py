"""Converting between one database file and a cluster layout: `bot.py split` and `bot.py merge`.

Tables that are not the bot's (the local table keeps its fake Discord's servers in the same file) are copied
as they are into the layout's `extra.db` by a split and back by a merge; they are in no partition.

Both read a consistent snapshot (the online backup API, storage/backup.py, into a temporary file beside the
output, migrated there), write a new output and never touch the original.  Both then check what they wrote:
every table's row count and every game's digest (storage/table_roles.py) must equal the source's, else the
output is removed and `ConvertError` says what differed.  Stop the bot first: moves made after the snapshot
are not carried over.
"""
from __future__ import annotations

import shutil
import sqlite3
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .backup import backup
from .db import StoreError, explain, open_store
from .partitions import Layout, partition_of
from .table_roles import GAME, GAMES, GLOBAL, GUILD, USER, Digests, Table, count, foreign_tables, recency, rows, tables


class ConvertError(RuntimeError):
    """The output did not match the source; `str()` says how (the output was removed)."""


@dataclass
class Converted:
    games: int = 0
    rows: dict[str, int] = field(default_factory=dict)  # table -> rows in the output
    files: int = 0
    digest: str = ""
    left_out: list[str] = field(default_factory=list)  # tables not the bot's: kept as they are in `extra.db`


def _snapshot(src: Path, beside: Path) -> sqlite3.Connection:
    """A migrated, private copy of `src` (removed with its folder by the caller)."""
    copy = beside / f".source-{src.stem}.db"
    backup(src, copy)
    open_store(copy).close()  # the copy is brought to this bot's schema; the original is untouched
    return sqlite3.connect(copy)


def _insert(conn: sqlite3.Connection, table: Table, batch: list[tuple[Any, ...]]) -> None:
    if batch:
        cols = ", ".join(f'"{c}"' for c in table.columns)
        marks = ", ".join("?" for _ in table.columns)
        conn.executemany(f'INSERT INTO "{table.name}" ({cols}) VALUES ({marks})', batch)


def _digests(conns: list[sqlite3.Connection]) -> Digests:
    digests = Digests()
    for conn in conns:
        digests.add_file(conn)
    return digests


def _compare(source: Digests, output: Digests, what: str) -> None:
    want, got = source.games(), output.games()
    if want != got:
        differ = sorted(gid for gid in set(want) | set(got) if want.get(gid) != got.get(gid))
        raise ConvertError(f"{what}: {len(differ)} games differ from the source (ids {differ[:10]})")
    if source.other() != output.other():
        raise ConvertError(f"{what}: the rows outside games differ from the source")


def split(src: str | Path, out: str | Path, partitions: int) -> Converted:
    """Write the layout of `partitions` files in the new folder `out` from the database `src`."""
    src, out = Path(src), Path(out)
    if partitions < 1:
        raise ValueError("the partition count must be at least 1")
    if out.exists() and any(out.iterdir()):
        raise ValueError(f"{out} is not empty: split writes a new layout folder")
    out.mkdir(parents=True, exist_ok=True)
    try:
        return _split(src, out, partitions)
    except sqlite3.Error as exc:
        shutil.rmtree(out, ignore_errors=True)
        raise explain(str(src), exc) from None
    except BaseException:
        shutil.rmtree(out, ignore_errors=True)
        raise


def _split(src: Path, out: Path, partitions: int) -> Converted:
    source = _snapshot(src, out)
    try:
        (id_base,) = source.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()
        layout = Layout(out, partitions, int(id_base))
        schema = tables(source)
        left_out = foreign_tables(source)
        game_part = {int(gid): partition_of(guild, partitions)
                     for gid, guild in source.execute("SELECT id, guild_id FROM games")}
        user_parts: dict[Any, set[int]] = defaultdict(set)
        if any(t.name == "seats" for t in schema):
            for gid, user in source.execute("SELECT game_id, user_id FROM seats WHERE user_id IS NOT NULL"):
                user_parts[user].add(game_part.get(int(gid), 0))
        batches: dict[int, dict[str, list[tuple[Any, ...]]]] = defaultdict(lambda: defaultdict(list))
        expected: dict[str, int] = {}
        for table in schema:
            place = _placer(table, game_part, user_parts, partitions)
            n = 0
            for row in rows(source, table):
                for index in place(row):
                    batches[index][table.name].append(row)
                    n += 1
            expected[table.name] = n
        want = _digests([source])
        if left_out:
            copy_tables(source, layout.extra, left_out)
    finally:
        source.close()
        for leftover in out.glob(".source-*"):
            leftover.unlink(missing_ok=True)
    _write_partitions(layout, schema, batches)
    layout.save()
    done = _verify(layout, expected, want, "split")
    done.left_out = left_out
    return done


def _placer(table: Table, game_part: dict[int, int], user_parts: dict[Any, set[int]], partitions: int):
    """row -> the partitions it goes to."""
    def column(name: str) -> int:
        return table.columns.index(name)
    if table.role == GAMES:
        i = column("guild_id")
        return lambda row: (partition_of(row[i], partitions),)
    if table.role == GAME:
        i = column("game_id")
        return lambda row: (0 if row[i] is None else game_part.get(int(row[i]), 0),)
    if table.role == GUILD:
        i = column("guild_id")
        return lambda row: (partition_of(row[i], partitions),)
    if table.role == USER:
        i = column("user_id")
        return lambda row: tuple(sorted(user_parts.get(row[i]) or {0}))
    return lambda row: (0,)


def _write_partitions(layout: Layout, schema: list[Table], batches: dict[int, dict[str, list]]) -> None:
    for index in range(layout.partitions):
        store = layout.open_partition(index)
        try:
            with store.transaction() as conn:
                for table in schema:
                    _insert(conn, table, batches.get(index, {}).get(table.name, []))
        finally:
            store.close()


def _verify(layout: Layout, expected: dict[str, int], want: Digests, what: str) -> Converted:
    conns = [sqlite3.connect(path) for path in layout.paths()]
    try:
        got = {name: sum(count(c, name) for c in conns) for name in expected}
        if got != expected:
            differ = {k: (expected[k], got.get(k)) for k in expected if expected[k] != got.get(k)}
            raise ConvertError(f"{what}: row counts differ (table: source, output): {differ}")
        output = _digests(conns)
        _compare(want, output, what)
        return Converted(games=len(output.games()), rows=got, files=len(conns), digest=output.combined())
    finally:
        for conn in conns:
            conn.close()


def merge(layout_dir: str | Path, dest: str | Path) -> Converted:
    """Write the new database `dest` holding every partition of the layout in `layout_dir`."""
    layout, dest = Layout.load(layout_dir), Path(dest)
    if dest.exists():
        raise ValueError(f"{dest} exists: merge writes a new database file")
    missing = [str(p) for p in layout.paths() if not p.is_file()]
    if missing:
        raise StoreError(f"cannot merge {layout_dir}: partition files missing: {', '.join(missing[:5])}")
    work = dest.parent / f".merge-{dest.name}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        conns = [_snapshot(path, work) for path in layout.paths()]
        try:
            done = _merge(conns, dest)
        finally:
            for conn in conns:
                conn.close()
        if layout.extra.is_file():
            extra = sqlite3.connect(layout.extra)
            try:
                done.left_out = foreign_tables(extra)
                copy_tables(extra, dest, done.left_out)
            finally:
                extra.close()
        return done
    except sqlite3.Error as exc:
        for leftover in (dest, Path(f"{dest}-wal"), Path(f"{dest}-shm")):
            leftover.unlink(missing_ok=True)
        raise explain(str(dest), exc) from None
    except BaseException:
        for leftover in (dest, Path(f"{dest}-wal"), Path(f"{dest}-shm")):
            leftover.unlink(missing_ok=True)
        raise
    finally:
        shutil.rmtree(work, ignore_errors=True)


def copy_tables(source: sqlite3.Connection, dest: Path, names: list[str]) -> None:
    """Copy tables that are not the bot's (with their indexes) as they are, from `source` into the file `dest`."""
    target = sqlite3.connect(dest)
    try:
        for name in names:
            (sql,) = source.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                                    (name,)).fetchone()
            target.execute(sql)
            cur = source.execute(f'SELECT * FROM "{name}"')
            marks = ", ".join("?" for _ in cur.description)
            target.executemany(f'INSERT INTO "{name}" VALUES ({marks})', cur.fetchall())
            for (index_sql,) in source.execute("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?"
                                               " AND sql IS NOT NULL", (name,)).fetchall():
                target.execute(index_sql)
        target.commit()
    finally:
        target.close()


def _merge(conns: list[sqlite3.Connection], dest: Path) -> Converted:
    schema = tables(conns[0])
    want = _digests(conns)
    expected: dict[str, int] = {}
    store = open_store(dest)
    try:
        with store.transaction() as out:
            for table in schema:
                expected[table.name] = _merge_table(conns, out, table)
    finally:
        store.close()
    target = sqlite3.connect(dest)
    try:
        got = {name: count(target, name) for name in expected}
        if got != expected:
            differ = {k: (expected[k], got.get(k)) for k in expected if expected[k] != got.get(k)}
            raise ConvertError(f"merge: row counts differ (table: partitions, output): {differ}")
        output = _digests([target])
        _compare(want, output, "merge")
        return Converted(games=len(output.games()), rows=got, files=1, digest=output.combined())
    finally:
        target.close()


def _merge_table(conns: list[sqlite3.Connection], out: sqlite3.Connection, table: Table) -> int:
    """Copy one table from every partition; returns the rows it must hold."""
    if table.role in (USER, GLOBAL):  # copies of one row may sit in several partitions: keep the newest
        every = sorted((row for conn in conns for row in rows(conn, table)),
                       key=lambda row: recency(table, row, table.columns))
        unique = list(dict.fromkeys(every))
        cols = ", ".join(f'"{c}"' for c in table.columns)
        marks = ", ".join("?" for _ in table.columns)
        out.executemany(f'INSERT OR REPLACE INTO "{table.name}" ({cols}) VALUES ({marks})', unique)
        if table.primary_key:
            keys = [tuple(row[table.columns.index(c)] for c in table.primary_key) for row in unique]
            return len(set(keys))
        return len(unique)
    total = 0
    for conn in conns:
        batch = rows(conn, table)
        total += len(batch)
        if table.surrogate is None:
            _insert(out, table, batch)
            continue
        at = table.columns.index(table.surrogate)
        for row in batch:  # a surrogate key two partitions both took is renumbered (digests leave it out)
            try:
                _insert(out, table, [row])
            except sqlite3.IntegrityError:
                _insert(out, table, [row[:at] + (None,) + row[at + 1:]])
    return total


__all__ = ["ConvertError", "Converted", "merge", "split"]
