"""The cluster layout: P fixed partitions, one SQLite file each, and the router over the ones a process owns.

A game belongs to one server, and Discord sends each server's events to one shard
(`shard = (guild_id >> 22) % shard_count`), so the data partitions by server: partition
`(guild_id >> 22) % P`, file `part-NNN.db` in the layout's folder, beside `layout.json` (the partition
count and the id base).  With a shard count S that divides P (a power of two), shard `s` owns exactly the
partitions `p` with `p % S == s`: resharding or moving shards between processes moves whole files and never
splits rows.

Where rows without a server live (the same rule `storage/layout_convert.py` uses to split a database):
- a row with a `game_id` lives with its game; a row with a `guild_id` in its server's partition;
- a game or row whose server is None (none are created today: games are refused outside a server) and
  every table with neither key nor `user_id` (what is global) live in partition 0, owned by shard 0;
- a table keyed by user only (`user_prefs`) is user-level: a split copies a user's row into each partition
  where the user has a seat, and the bot writes it in the partition of the server where the user acts; a
  merge keeps the newest row (`updated_at`).  A process therefore reads a user's preferences from its own
  partitions only: a language a user chose on a server served by another process is learnt again there.

Every partition is opened with `open_store`, so it runs the same migrations as `data/games.db`: a table
another branch adds is partitioned by the rule above without being named here.

Game ids stay unique across the layout: ids up to `id_base` (the largest id when the layout was made) keep
the partition they were split into; a new game in partition k takes the next id above both `id_base` and its
file's largest id with `id % P == k` (`GameIds`), so a merge never meets two games with one id and a new
game's partition is known from its id.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Iterator, Optional

from .db import Store, StoreError, open_reader, open_store

DEFAULT_PARTITIONS = 256
LAYOUT_FILE = "layout.json"


def partition_of(guild_id: Optional[int], partitions: int) -> int:
    """The partition of a server's rows: `(guild_id >> 22) % P`, the rule Discord uses for shards; None -> 0."""
    return 0 if guild_id is None else (int(guild_id) >> 22) % partitions


def check_shards(partitions: int, shard_count: int, shard_ids: Iterable[int] = ()) -> Optional[str]:
    """Why this shard plan cannot serve a layout of `partitions` (None: it can)."""
    if shard_count < 1 or shard_count & (shard_count - 1):
        return f"the shard count must be a power of two (got {shard_count})"
    if partitions % shard_count:
        return f"the shard count {shard_count} must divide the partition count {partitions}"
    bad = sorted(s for s in shard_ids if not 0 <= s < shard_count)
    if bad:
        return f"shard ids {bad} are outside 0..{shard_count - 1}"
    return None


def owned_partitions(partitions: int, shard_count: int, shard_ids: Iterable[int]) -> list[int]:
    """The partitions whose servers the shards `shard_ids` (of `shard_count`) receive: `p % S` in shard_ids."""
    problem = check_shards(partitions, shard_count, shard_ids)
    if problem:
        raise ValueError(problem)
    wanted = set(shard_ids)
    return [p for p in range(partitions) if p % shard_count in wanted]


@dataclass(frozen=True)
class GameIds:
    """New game ids for partition `index` of `partitions`: above `base` and the file's largest id, `id % P == index`."""
    partitions: int
    index: int
    base: int

    def __call__(self, conn: sqlite3.Connection) -> int:
        (largest,) = conn.execute("SELECT COALESCE(MAX(id), 0) FROM games").fetchone()
        candidate = max(int(largest), self.base) + 1
        return candidate + (self.index - candidate) % self.partitions


@dataclass(frozen=True)
class Layout:
    """A layout folder: `layout.json` and `part-NNN.db` for each of its `partitions`."""
    folder: Path
    partitions: int
    id_base: int = 0

    @staticmethod
    def is_layout(path: str | Path) -> bool:
        return (Path(path) / LAYOUT_FILE).is_file()

    @classmethod
    def load(cls, folder: str | Path) -> "Layout":
        meta = Path(folder) / LAYOUT_FILE
        try:
            data = json.loads(meta.read_text(encoding="utf-8"))
            count, base = int(data["partitions"]), int(data.get("id_base", 0))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise StoreError(f"cannot use the layout {folder}: {meta} is missing or unreadable ({exc})") from None
        if count < 1:
            raise StoreError(f"cannot use the layout {folder}: {meta} gives {count} partitions")
        return cls(Path(folder), count, base)

    def save(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        meta = {"format": 1, "partitions": self.partitions, "id_base": self.id_base,
                "rule": "partition = (guild_id >> 22) % partitions"}
        (self.folder / LAYOUT_FILE).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")

    def path(self, index: int) -> Path:
        width = max(3, len(str(self.partitions - 1)))
        return self.folder / f"part-{index:0{width}d}.db"

    @property
    def extra(self) -> Path:
        """Tables that are not the bot's, kept whole beside the partitions (storage/layout_convert.py)."""
        return self.folder / "extra.db"

    def paths(self) -> list[Path]:
        return [self.path(p) for p in range(self.partitions)]

    def open_partition(self, index: int) -> Store:
        """Partition `index`'s store, created and migrated if new, taking its own game ids."""
        return open_store(self.path(index), GameIds(self.partitions, index, self.id_base))


class Partitions:
    """The stores of the partitions one process owns, and which of them a server or a game lives in.

    Only the owned files are opened; a server or game of another partition is simply not here (None), which
    the host treats as "no such game", as it treats a game of another server."""

    def __init__(self, layout: Layout, owned: Iterable[int]):
        self.layout = layout
        self.stores: dict[int, Store] = {}
        self._games: dict[int, int] = {}
        try:
            for index in sorted(set(owned)):
                if not 0 <= index < layout.partitions:
                    raise StoreError(f"partition {index} is outside the layout's 0..{layout.partitions - 1}")
                store = layout.open_partition(index)
                self.stores[index] = store
                for (game_id,) in store.conn.execute("SELECT id FROM games WHERE id <= ?", (layout.id_base,)):
                    self._games[int(game_id)] = index
        except BaseException:
            self.close()
            raise

    @classmethod
    def for_shards(cls, layout: Layout, shard_count: int, shard_ids: Iterable[int]) -> "Partitions":
        problem = check_shards(layout.partitions, shard_count, shard_ids)
        if problem:
            raise StoreError(f"cannot serve the layout {layout.folder}: {problem}")
        return cls(layout, owned_partitions(layout.partitions, shard_count, shard_ids))

    def owned(self) -> list[int]:
        return sorted(self.stores)

    def __iter__(self) -> Iterator[tuple[int, Store]]:
        return iter(sorted(self.stores.items()))

    def for_guild(self, guild_id: Optional[int]) -> Optional[Store]:
        """The store holding this server's rows, or None when another process owns it."""
        return self.stores.get(partition_of(guild_id, self.layout.partitions))

    def partition_of_game(self, game_id: int) -> int:
        """The partition a game id lives in (new ids carry it; split ids were recorded when opened)."""
        if game_id > self.layout.id_base:
            return game_id % self.layout.partitions
        return self._games.get(game_id, -1)

    def for_game(self, game_id: int) -> Optional[Store]:
        """The store holding this game, or None when it is not in an owned partition."""
        return self.stores.get(self.partition_of_game(game_id))

    def readers(self) -> "Partitions":
        """The same partitions on read-only connections (`ReadStore`, one per owned file), for the reads that must
        never wait behind a write (autocomplete): a routed repository over them reads as it would over these."""
        twin = Partitions(self.layout, ())
        twin._games = self._games  # the split ids' partitions, read only
        try:
            for index, store in self:
                twin.stores[index] = open_reader(store)
        except BaseException:
            twin.close()
            raise
        return twin

    def close(self) -> None:
        for store in self.stores.values():
            store.close()
        self.stores.clear()


def open_readers(backend: Store | Partitions) -> Store | Partitions:
    """Read-only connections to what `open_backend` opened: `open_reader` of the one file, or of each owned
    partition (an in-memory store is its own reader)."""
    return backend.readers() if isinstance(backend, Partitions) else open_reader(backend)


def open_backend(db_path: str | Path, cluster_dir: Optional[str | Path] = None, shard_count: Optional[int] = None,
                 shard_ids: Optional[Iterable[int]] = None) -> Store | Partitions:
    """What a bot process stores into: the one file `db_path` (the default), or, given a layout folder, the
    partitions of its shards (every partition when no shard count is given).  A `db_path` that is a layout
    folder serves all of its partitions (the local table and the tools on a layout)."""
    if cluster_dir is None and Layout.is_layout(db_path):
        cluster_dir = db_path
    if cluster_dir is None:
        return open_store(db_path)
    count = shard_count or 1
    return Partitions.for_shards(Layout.load(cluster_dir), count,
                                 list(shard_ids) if shard_ids is not None else list(range(count)))


__all__ = ["DEFAULT_PARTITIONS", "GameIds", "LAYOUT_FILE", "Layout", "Partitions", "check_shards",
           "open_backend", "open_readers", "owned_partitions", "partition_of"]
