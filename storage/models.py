"""Row models: what the tables hold, typed."""
from __future__ import annotations

import json
from typing import Any, Literal, Optional

from pydantic import BaseModel, Field

Status = Literal["lobby", "active", "finished", "abandoned"]


class GameRow(BaseModel):
    id: int  # internal, global: custom ids and timers carry it
    game_key: str
    guild_id: Optional[int] = None
    number: int = 0  # what players see and type: #1, #2… within the game's own server
    channel_id: int
    thread_id: Optional[int] = None
    creator_id: int
    status: Status
    options: dict[str, Any] = Field(default_factory=dict)
    settings: dict[str, Any] = Field(default_factory=dict)
    seed: int
    version: int = 0
    state: Optional[str] = None
    to_act: list[str] = Field(default_factory=list)
    board_message_id: Optional[int] = None
    posted_version: Optional[int] = None  # the version the latest board post shows (None: never posted)
    notes_digest: Optional[str] = None  # the public notes the latest board post was made with (host/notes.py)
    owed_since: Optional[float] = None  # when the change the board owes began to wait (None: nothing owed)
    deadline: Optional[float] = None
    rated: bool = True  # false once a bot replaced a player: such games do not count in ratings
    created_at: float
    updated_at: float

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "GameRow":
        data = dict(row)
        for key in ("options", "settings", "to_act"):
            data[key] = json.loads(data[key]) if data.get(key) else ({} if key != "to_act" else [])
        return cls.model_validate(data)

    @property
    def post_channel_id(self) -> int:
        """Where the game's posts go: its thread, else the channel it was opened in."""
        return self.thread_id or self.channel_id


class SeatRow(BaseModel):
    game_id: int
    position: int  # 1-based; the engine seat is f"p{position}"
    user_id: Optional[int] = None
    name: str
    is_bot: bool = False
    joined_at: float
    notify: bool = False  # a DM when it becomes this player's turn
    autopass: bool = False  # the host passes for them where their game offers it (Engine.auto_pass)

    @property
    def seat(self) -> str:
        return f"p{self.position}"


class MoveRow(BaseModel):
    game_id: int
    seq: int
    seat: str
    user_id: Optional[int] = None
    move_id: str
    at: float
    summary: list[dict[str, Any]] = Field(default_factory=list)
    undone: bool = False  # taken back with /game undo: kept in the log, skipped on replay

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "MoveRow":
        data = dict(row)
        data["summary"] = json.loads(data.get("summary") or "[]")
        return cls.model_validate(data)


class TimerRow(BaseModel):
    id: int
    game_id: Optional[int] = None
    kind: str
    due_at: float
    payload: dict[str, Any] = Field(default_factory=dict)
    created_at: float

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> "TimerRow":
        data = dict(row)
        data["payload"] = json.loads(data.get("payload") or "{}")
        return cls.model_validate(data)


class ResultRow(BaseModel):
    game_id: int
    seat: str
    user_id: Optional[int] = None
    game_key: str
    guild_id: Optional[int] = None
    score: Optional[int] = None
    rank: Optional[int] = None
    won: bool
    is_bot: bool = False
    finished_at: float
