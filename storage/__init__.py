"""SQLite persistence through sqlite-utils: games, seats, move log, timers, results."""
from .db import BUSY_TIMEOUT, ReadStore, Store, StoreError, is_busy, open_reader, open_store
from .games import GameStore, SeatTaken, StaleVersion
from .models import GameRow, MoveRow, ResultRow, SeatRow, TimerRow
from .timers import TimerStore

__all__ = [
    "BUSY_TIMEOUT", "ReadStore", "Store", "StoreError", "is_busy", "open_reader", "open_store", "GameStore",
    "SeatTaken", "StaleVersion", "TimerStore",
    "GameRow", "MoveRow", "ResultRow", "SeatRow", "TimerRow",
]
