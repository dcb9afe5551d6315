"""The repositories over the partitions a process owns: the same methods as GameStore, TimerStore, PrefsStore
and ResultStore, each call sent to the partition that holds its server or game, or asked of every owned
partition and combined when it names neither (start-up reconcile, due timers, a user's preferences).

`games_of`, `timers_of`, `prefs_of` and `results_of` give the plain repository for one `Store` (the default,
one file) and the routed one for `Partitions`, so the host is written once for both.

- A game or server of a partition this process does not own is not here: reads answer None or nothing,
  which the host turns into its usual "no such game" refusal.
- Timer ids are unique per file only; the routed store shows `local id * P + partition` so an id names
  one timer in the whole process.
- User-level rows (`user_prefs`) are written in the process's home partition (its lowest owned one) and
  read as the newest copy among the owned partitions (storage/partitions.py explains the policy).
"""
from __future__ import annotations

import heapq
from contextlib import nullcontext
from typing import Any, ContextManager, Iterable, Optional, Union

from .db import Store
from .games import GameStore
from .models import GameRow, MoveRow, ResultRow, SeatRow, TimerRow
from .partitions import Partitions, partition_of
from .prefs import PrefsStore
from .results import FinishedResult, ResultStore
from .timers import TimerStore
from .clocks import AwayStore, BankStore
from .notices import NoticeStore
from .private_threads import PrivateThreadStore
from .seats import SeatStore
from .waiting import Waiting, WaitingStore

Backend = Union[Store, Partitions]


class NotOwned(LookupError):
    """A write for a game no owned partition holds (another process's game)."""


class RoutedGames:
    def __init__(self, parts: Partitions):
        self.parts = parts
        self._by_part = {index: GameStore(store) for index, store in parts}

    def _game(self, game_id: int) -> Optional[GameStore]:
        return self._by_part.get(self.parts.partition_of_game(game_id))

    def _must(self, game_id: int) -> GameStore:
        found = self._game(game_id)
        if found is None:
            raise NotOwned(f"game {game_id} is not in a partition this process owns")
        return found

    def _guild(self, guild_id: Optional[int]) -> Optional[GameStore]:
        return self._by_part.get(partition_of(guild_id, self.parts.layout.partitions))

    # ---- one game: its partition --------------------------------------------------------------------------
    def get(self, game_id: int) -> Optional[GameRow]:
        found = self._game(game_id)
        return None if found is None else found.get(game_id)

    def seats(self, game_id: int) -> list[SeatRow]:
        found = self._game(game_id)
        return [] if found is None else found.seats(game_id)

    def moves(self, game_id: int, after_seq: int = 0, limit: Optional[int] = None) -> list[MoveRow]:
        found = self._game(game_id)
        return [] if found is None else found.moves(game_id, after_seq, limit)

    def results(self, game_id: int) -> list[ResultRow]:
        found = self._game(game_id)
        return [] if found is None else found.results(game_id)

    def last_seq(self, game_id: int) -> int:
        return self._must(game_id).last_seq(game_id)

    def has_moved(self, game_id: int, seat: str) -> bool:
        return self._must(game_id).has_moved(game_id, seat)

    def last_standing_move_at(self, game_id: int) -> Optional[float]:
        return self._must(game_id).last_standing_move_at(game_id)

    def undo_point(self, game_id: int) -> Optional[tuple[int, str]]:
        return self._must(game_id).undo_point(game_id)

    def move_count(self, game_id: int) -> int:
        return self._must(game_id).move_count(game_id)

    def add_seat(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).add_seat(game_id, *args, **kw)

    def remove_seat(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).remove_seat(game_id, *args, **kw)

    def replace_seat(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).replace_seat(game_id, *args, **kw)

    def seat_to_bot(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).seat_to_bot(game_id, *args, **kw)

    def undo_moves(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).undo_moves(game_id, *args, **kw)

    def start(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).start(game_id, *args, **kw)

    def record_move(self, game_id: int, *args: Any, **kw: Any) -> Any:
        return self._must(game_id).record_move(game_id, *args, **kw)

    def end(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).end(game_id, *args, **kw)

    def update_settings(self, game_id: int, *args: Any, **kw: Any) -> GameRow:
        return self._must(game_id).update_settings(game_id, *args, **kw)

    def merge_settings(self, game_id: int, changes: dict[str, Any]) -> GameRow:
        return self._must(game_id).merge_settings(game_id, changes)

    def set_deadline(self, game_id: int, deadline: Optional[float]) -> None:
        self._must(game_id).set_deadline(game_id, deadline)

    def mark_unrated(self, game_id: int) -> None:
        self._must(game_id).mark_unrated(game_id)

    def set_thread(self, game_id: int, thread_id: Optional[int]) -> None:
        self._must(game_id).set_thread(game_id, thread_id)

    def set_board_message(self, game_id: int, message_id: Optional[int], version: Optional[int] = None,
                          notes_digest: Optional[str] = None) -> None:
        self._must(game_id).set_board_message(game_id, message_id, version, notes_digest)

    def set_posted(self, game_id: int, version: int) -> None:
        self._must(game_id).set_posted(game_id, version)

    def owed_since(self, game_id: int) -> Optional[float]:
        found = self._game(game_id)
        return None if found is None else found.owed_since(game_id)

    # ---- one server: its partition ------------------------------------------------------------------------
    def create(self, *, guild_id: Optional[int], **kw: Any) -> GameRow:
        games = self._guild(guild_id)
        if games is None:
            raise NotOwned(f"server {guild_id} is not in a partition this process owns")
        return games.create(guild_id=guild_id, **kw)

    def by_number(self, guild_id: int, number: int) -> Optional[GameRow]:
        games = self._guild(guild_id)
        return None if games is None else games.by_number(guild_id, number)

    def count_running(self, guild_id: Optional[int], creator_id: Optional[int] = None,
                      idle_before: Optional[float] = None) -> int:
        games = self._guild(guild_id)
        return 0 if games is None else games.count_running(guild_id, creator_id, idle_before)

    def moves_in_guild(self, guild_id: int) -> int:
        games = self._guild(guild_id)
        return 0 if games is None else games.moves_in_guild(guild_id)

    # ---- no server named: every owned partition ----------------------------------------------------------
    def find(self, *, guild_id: Optional[int] = None, limit: int = 100, **kw: Any) -> list[GameRow]:
        if guild_id is not None:
            games = self._guild(guild_id)
            return [] if games is None else games.find(guild_id=guild_id, limit=limit, **kw)
        found = [row for games in self._by_part.values() for row in games.find(limit=limit, **kw)]
        return sorted(found, key=lambda g: (g.updated_at, g.id), reverse=True)[:limit]

    def all_ids(self) -> list[int]:
        return sorted(i for games in self._by_part.values() for i in games.all_ids())

    def idle_lobbies(self, idle_before: float, guild_id: Optional[int] = None, limit: int = 500) -> list[GameRow]:
        if guild_id is not None:
            games = self._guild(guild_id)
            return [] if games is None else games.idle_lobbies(idle_before, guild_id, limit)
        found = [row for games in self._by_part.values() for row in games.idle_lobbies(idle_before, None, limit)]
        return sorted(found, key=lambda g: (g.updated_at, g.id))[:limit]

    def oldest_lobby_change(self) -> Optional[float]:
        found = [w for games in self._by_part.values() if (w := games.oldest_lobby_change()) is not None]
        return min(found) if found else None

    def latest_id(self) -> Optional[int]:
        ids = [i for games in self._by_part.values() if (i := games.latest_id()) is not None]
        return max(ids) if ids else None

    def unposted(self) -> list[int]:
        return sorted(i for games in self._by_part.values() for i in games.unposted())


class RoutedTimers:
    def __init__(self, parts: Partitions):
        self.parts = parts
        self.count = parts.layout.partitions
        self._by_part = {index: TimerStore(store) for index, store in parts}
        self.home = min(self._by_part)

    def _shown(self, index: int, rows: Iterable[TimerRow]) -> list[TimerRow]:
        return [row.model_copy(update={"id": row.id * self.count + index}) for row in rows]

    def _local(self, timer_id: int) -> tuple[Optional[TimerStore], int]:
        return self._by_part.get(timer_id % self.count), timer_id // self.count

    def _for(self, game_id: Optional[int]) -> tuple[int, TimerStore]:
        index = self.home if game_id is None else self.parts.partition_of_game(game_id)
        if index not in self._by_part:
            raise NotOwned(f"game {game_id} is not in a partition this process owns")
        return index, self._by_part[index]

    def add(self, *, kind: str, due_at: float, now: float, game_id: Optional[int] = None,
            payload: Optional[dict[str, Any]] = None) -> int:
        index, timers = self._for(game_id)
        return timers.add(kind=kind, due_at=due_at, now=now, game_id=game_id, payload=payload) * self.count + index

    def due(self, now: float) -> list[TimerRow]:
        return list(heapq.merge(*(self._shown(i, t.due(now)) for i, t in self._by_part.items()),
                                key=lambda r: (r.due_at, r.id)))

    def next_due(self) -> Optional[TimerRow]:
        first = [row for i, t in self._by_part.items() for row in self._shown(i, filter(None, [t.next_due()]))]
        return min(first, key=lambda r: (r.due_at, r.id)) if first else None

    def move_due(self, game_id: int, kind: str, due_at: float) -> int:
        return self._for(game_id)[1].move_due(game_id, kind, due_at)

    def of_kind(self, kind: str) -> list[TimerRow]:
        return list(heapq.merge(*(self._shown(i, t.of_kind(kind)) for i, t in self._by_part.items()),
                                key=lambda r: (r.due_at, r.id)))

    def clear_kind(self, kind: str) -> int:
        return sum(t.clear_kind(kind) for t in self._by_part.values())

    def games_missing(self, kind: str) -> list[int]:
        return sorted(g for t in self._by_part.values() for g in t.games_missing(kind))

    def for_game(self, game_id: int) -> list[TimerRow]:
        index = self.parts.partition_of_game(game_id)
        timers = self._by_part.get(index)
        return [] if timers is None else self._shown(index, timers.for_game(game_id))

    def delete(self, timer_id: int) -> bool:
        timers, local = self._local(timer_id)
        return timers is not None and timers.delete(local)

    def clear_game(self, game_id: int, kinds: Optional[list[str]] = None) -> int:
        return self._for(game_id)[1].clear_game(game_id, kinds)

    def update_payload(self, timer_id: int, payload: dict[str, Any]) -> bool:
        timers, local = self._local(timer_id)
        return timers is not None and timers.update_payload(local, payload)

    def delete_exact(self, timer: TimerRow) -> bool:
        timers, local = self._local(timer.id)
        return timers is not None and timers.delete_exact(timer.model_copy(update={"id": local}))


class RoutedPrefs:
    def __init__(self, parts: Partitions):
        self.parts = parts
        self._by_part = {index: PrefsStore(store) for index, store in parts}
        self.home = self._by_part[min(self._by_part)]

    def _game(self, game_id: int) -> Optional[PrefsStore]:
        return self._by_part.get(self.parts.partition_of_game(game_id))

    def set_notify(self, game_id: int, user_id: int, on: bool) -> bool:
        prefs = self._game(game_id)
        return prefs is not None and prefs.set_notify(game_id, user_id, on)

    def notify(self, game_id: int, user_id: int) -> bool:
        prefs = self._game(game_id)
        return prefs is not None and prefs.notify(game_id, user_id)

    def set_autopass(self, game_id: int, user_id: int, on: bool) -> bool:
        prefs = self._game(game_id)
        return prefs is not None and prefs.set_autopass(game_id, user_id, on)

    def newest_partition(self, user_id: int) -> Optional[int]:
        """The owned partition holding the user's newest row (None: no row in any)."""
        dated = [(when, index) for index, prefs in self._by_part.items()
                 if (when := prefs.updated_at(user_id)) is not None]
        return max(dated)[1] if dated else None

    def _newest(self, user_id: int) -> Optional[PrefsStore]:
        index = self.newest_partition(user_id)
        return None if index is None else self._by_part[index]

    def updated_at(self, user_id: int) -> Optional[float]:
        prefs = self._newest(user_id)
        return None if prefs is None else prefs.updated_at(user_id)

    def dm_closed(self, user_id: int) -> bool:
        prefs = self._newest(user_id)
        return prefs is not None and prefs.dm_closed(user_id)

    def locale(self, user_id: int) -> Optional[str]:
        prefs = self._newest(user_id)
        return None if prefs is None else prefs.locale(user_id)

    def carry_home(self, user_id: int, now: float) -> None:
        """Copy the user's newest row home first, so a write there keeps what it does not change."""
        index = self.newest_partition(user_id)
        if index is None or self._by_part[index] is self.home:
            return
        newest = self._by_part[index]
        self.home.set_dm_closed(user_id, newest.dm_closed(user_id), now)
        locale = newest.locale(user_id)
        if locale:
            self.home.remember_locale(user_id, locale, now)
        digest = WaitingStore(self.parts.stores[index]).digest(user_id)
        if digest:
            WaitingStore(self.home.store).set_digest(user_id, digest, now)

    def set_dm_closed(self, user_id: int, closed: bool, now: float) -> None:
        self.carry_home(user_id, now)
        self.home.set_dm_closed(user_id, closed, now)

    def remember_locale(self, user_id: int, locale: str, now: float) -> bool:
        if not locale or self.locale(user_id) == locale:
            return False
        self.carry_home(user_id, now)
        return self.home.remember_locale(user_id, locale, now)


class RoutedResults:
    def __init__(self, parts: Partitions):
        self.parts = parts
        self._by_part = {index: ResultStore(store) for index, store in parts}

    def finished(self, guild_id: Optional[int], game_key: Optional[str] = None) -> list[FinishedResult]:
        if guild_id is not None:
            store = self.parts.for_guild(guild_id)
            return [] if store is None else ResultStore(store).finished(guild_id, game_key)
        return [row for results in self._by_part.values() for row in results.finished(None, game_key)]

    def latest_names(self, user_ids: list[int]) -> dict[int, str]:
        names = {uid: str(uid) for uid in user_ids}  # as ResultStore: the id as text for a user who never sat
        for results in self._by_part.values():
            names.update((uid, name) for uid, name in results.latest_names(user_ids).items() if name != str(uid))
        return names


class _ByGame:
    """Every method takes the game id first and goes to that game's partition (SeatStore, BankStore)."""
    plain: Any = None

    def __init__(self, parts: Partitions):
        self.parts = parts
        self._by_part = {index: self.plain(store) for index, store in parts}

    def _for_game(self, game_id: int) -> Any:
        found = self._by_part.get(self.parts.partition_of_game(game_id))
        if found is None:
            raise NotOwned(f"game {game_id} is not in a partition this process owns")
        return found

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not callable(getattr(self.plain, name, None)):
            raise AttributeError(name)
        return lambda game_id, *args, **kw: getattr(self._for_game(game_id), name)(game_id, *args, **kw)


class RoutedSeats(_ByGame):
    plain = SeatStore


class RoutedBanks(_ByGame):
    plain = BankStore


class RoutedPrivateThreads(_ByGame):
    plain = PrivateThreadStore

    def game_of(self, thread_id: int) -> Optional[int]:
        for threads in self._by_part.values():
            found: Optional[int] = threads.game_of(thread_id)
            if found is not None:
                return found
        return None


class RoutedNotices(_ByGame):
    plain = NoticeStore

    def games_owing(self) -> list[int]:
        owing: list[int] = []
        for notices in self._by_part.values():
            owing.extend(notices.games_owing())
        return owing

    def count(self) -> int:
        return sum(notices.count() for notices in self._by_part.values())


class RoutedAway:
    """Away periods are a server's rows (guild + user): every call goes to the server's partition."""

    def __init__(self, parts: Partitions):
        self.parts = parts
        self._by_part = {index: AwayStore(store) for index, store in parts}

    def _for_guild(self, guild_id: int) -> AwayStore:
        found = self._by_part.get(partition_of(guild_id, self.parts.layout.partitions))
        if found is None:
            raise NotOwned(f"server {guild_id} is not in a partition this process owns")
        return found

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not callable(getattr(AwayStore, name, None)):
            raise AttributeError(name)
        return lambda guild_id, *args, **kw: getattr(self._for_guild(guild_id), name)(guild_id, *args, **kw)


class RoutedWaiting:
    """A user's waiting games over the owned partitions (of one server: its partition), and the daily digest over
    every owned partition: the setting is the newest copy of the user's row among them (a split copies it into
    each partition where the user sits) and is written in the home partition as user preferences are; the
    digest timer (a timer of no game: partition 0 after a split, the home partition once planned here) is
    found, and cleared, in whichever owned partition holds it, so a process plans one digest per user."""

    def __init__(self, parts: Partitions):
        self.parts = parts
        self._by_part = {index: WaitingStore(store) for index, store in parts}
        self.home = self._by_part[min(self._by_part)]
        self.prefs = RoutedPrefs(parts)

    def waiting_for(self, user_id: int, guild_id: Optional[int] = None) -> list[Waiting]:
        if guild_id is not None:
            found = self._by_part.get(partition_of(guild_id, self.parts.layout.partitions))
            return [] if found is None else found.waiting_for(user_id, guild_id)
        rows = [w for waiting in self._by_part.values() for w in waiting.waiting_for(user_id)]
        return sorted(rows, key=lambda w: (w.since, w.game.id))

    def digest(self, user_id: int) -> Optional[str]:
        index = self.prefs.newest_partition(user_id)
        return None if index is None else self._by_part[index].digest(user_id)

    def set_digest(self, user_id: int, every: Optional[str], now: float) -> None:
        self.prefs.carry_home(user_id, now)
        self.home.set_digest(user_id, every, now)

    def clear_digest_timers(self, user_id: int) -> int:
        return sum(waiting.clear_digest_timers(user_id) for waiting in self._by_part.values())

    def digest_timer_due(self, user_id: int) -> Optional[float]:
        due = [when for waiting in self._by_part.values() if (when := waiting.digest_timer_due(user_id)) is not None]
        return min(due) if due else None

    def users_missing_digest(self) -> list[int]:
        candidates = {u for waiting in self._by_part.values() for u in waiting.users_missing_digest()}
        return sorted(u for u in candidates if self.digest(u) is not None and self.digest_timer_due(u) is None)


def game_transaction(backend: Backend, game_id: int) -> ContextManager[Any]:
    """One write transaction on the file holding the game (the file itself, or its owned partition); writes made
    inside it through any repository of that game join it (storage/db.py: a savepoint of the open one).  A game no
    owned partition holds gets no transaction: its first write raises NotOwned."""
    store = backend.for_game(game_id) if isinstance(backend, Partitions) else backend
    return nullcontext() if store is None else store.transaction()


def seats_of(backend: Backend) -> SeatStore | RoutedSeats:
    return RoutedSeats(backend) if isinstance(backend, Partitions) else SeatStore(backend)


def banks_of(backend: Backend) -> BankStore | RoutedBanks:
    return RoutedBanks(backend) if isinstance(backend, Partitions) else BankStore(backend)


def away_of(backend: Backend) -> AwayStore | RoutedAway:
    return RoutedAway(backend) if isinstance(backend, Partitions) else AwayStore(backend)


def private_threads_of(backend: Backend) -> PrivateThreadStore | RoutedPrivateThreads:
    return RoutedPrivateThreads(backend) if isinstance(backend, Partitions) else PrivateThreadStore(backend)


def notices_of(backend: Backend) -> NoticeStore | RoutedNotices:
    return RoutedNotices(backend) if isinstance(backend, Partitions) else NoticeStore(backend)


def waiting_of(backend: Backend) -> WaitingStore | RoutedWaiting:
    return RoutedWaiting(backend) if isinstance(backend, Partitions) else WaitingStore(backend)


def games_of(backend: Backend) -> GameStore | RoutedGames:
    return RoutedGames(backend) if isinstance(backend, Partitions) else GameStore(backend)


def timers_of(backend: Backend) -> TimerStore | RoutedTimers:
    return RoutedTimers(backend) if isinstance(backend, Partitions) else TimerStore(backend)


def prefs_of(backend: Backend) -> PrefsStore | RoutedPrefs:
    return RoutedPrefs(backend) if isinstance(backend, Partitions) else PrefsStore(backend)


def results_of(backend: Backend) -> ResultStore | RoutedResults:
    return RoutedResults(backend) if isinstance(backend, Partitions) else ResultStore(backend)


__all__ = ["Backend", "NotOwned", "RoutedAway", "RoutedBanks", "RoutedGames", "RoutedNotices", "RoutedPrefs", "RoutedPrivateThreads",
           "RoutedResults", "RoutedSeats", "RoutedTimers", "RoutedWaiting", "away_of", "banks_of", "game_transaction", "games_of",
           "notices_of", "prefs_of", "private_threads_of", "results_of", "seats_of", "timers_of", "waiting_of"]
