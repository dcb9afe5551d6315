"""Images drawn once and kept between boards, pasted onto each board that shows them unchanged (a player's panel
or row, a cell of a grid): a move changes few of them.  Bounded by count; the least recently used is dropped."""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

Kept = TypeVar("Kept")


class PanelCache(Generic[Kept]):
    """The most recently drawn panels (or whatever `make` draws: an image, an image with what it marks), at most
    `size` of them (least recently used dropped first); thread-safe (boards may be drawn in threads)."""

    def __init__(self, size: int):
        self.size = size
        self.hits = self.misses = 0
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Kept]) -> Kept:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return found
            self.misses += 1
        made = make()
        with self._lock:
            self._items[key] = made
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return made

    def values(self) -> list[Kept]:
        with self._lock:
            return list(self._items.values())

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0


__all__ = ["PanelCache"]
