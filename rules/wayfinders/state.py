"""Wayfinders state and public view (pydantic models only, no rules).

Cells are named like the sheet (W2): columns A-E left to right, rows 1-5 top to
bottom, home island at C3.  Tokens are single letters B G R Y V (sheet §3);
a hand or the bag is a count per letter, so the bag carries no draw order.
"""
from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ..contract import GameState

COLOURS: tuple[str, ...] = ("B", "G", "R", "Y", "V")
COLUMNS = "ABCDE"
ROWS = "12345"
HOME = "C3"
CELLS: tuple[str, ...] = tuple(c + r for r in ROWS for c in COLUMNS)

Phase = Literal["action", "flybuild", "discard", "over"]


def empty_tokens() -> dict[str, int]:
    return {c: 0 for c in COLOURS}


class WayfindersOptions(BaseModel):
    """`/game new` options (W40, W41, W24).  All combinable."""

    model_config = ConfigDict(extra="forbid")

    # W40(a): custom mix of backs; r+b+y must be 24, each 0-15.
    mix: Optional[tuple[int, int, int]] = None
    # W40(b): 24 tiles at random from all 45, regardless of back.
    random_mix: bool = False
    # W40(c): fixed layout, cell -> island id for the 24 non-home cells.
    layout: Optional[dict[str, str]] = None
    # W41: face-down tiles, revealed by flying next to them.
    exploration: bool = False
    # W24: the earlier house ruling, the home island never counts for scoring effects.
    home_not_scored: bool = False


class Cell(BaseModel):
    island: Optional[str] = None  # island id; None for the home island
    face_up: bool = True
    slots: list[str] = Field(default_factory=list)  # seats, slot 1 first (max 4)


class Player(BaseModel):
    seat: str
    hand: dict[str, int] = Field(default_factory=empty_tokens)
    workers: int = 5  # in supply
    cubes: int = 9  # in supply (home cube already placed, W8)
    plane: str = HOME


class WayfindersState(GameState):
    game: Literal["wayfinders"] = "wayfinders"
    options: WayfindersOptions = Field(default_factory=WayfindersOptions)
    order: list[str]  # turn order = home slots 1..n (W8)
    board: dict[str, Cell]  # every cell of CELLS
    hangars: list[list[str]]  # hangars in use, each top -> bottom (W7)
    workers: list[list[str]]  # per hangar in use: seats in placement order (display only)
    bag: dict[str, int] = Field(default_factory=empty_tokens)
    players: dict[str, Player]
    turn: int = 0  # index into `order` of the seat whose turn it is
    round: int = 1
    phase: Phase = "action"
    final_round: bool = False
    trigger: Optional[str] = None  # seat that triggered the final round (W21)
    flown: list[str] = Field(default_factory=list)  # cells entered this return (for display)
    # Turns in a row that changed nothing on the board (not a rule: for the bots, rules/wayfinders/bot.py
    # `idle_return`): a return collecting nothing (E4) while nobody had a worker on the board, building nothing.
    idle: int = 0


class CellView(BaseModel):
    cell: str
    home: bool = False
    face_up: bool = True
    island: Optional[str] = None  # None when home or face down
    back: Optional[str] = None  # red / blue / yellow (known even face down? no: None when face down)
    colour: Optional[str] = None
    cost: Optional[str] = None
    vp: int = 0
    effect: Optional[str] = None
    n: Optional[int] = None
    unit: Optional[int] = None
    slots: list[str] = Field(default_factory=list)
    planes: list[str] = Field(default_factory=list)


class PlayerView(BaseModel):
    seat: str
    position: int  # 1 = first in turn order
    hand: dict[str, int]
    workers_supply: int
    workers_on_board: int
    cubes: int
    plane: str
    islands: list[str]  # cells holding this player's cube (home excluded)
    effects: list[str]  # permanent abilities held, e.g. "keep_extra", "free_passage:B", "wildcard:R"
    hand_limit: int
    score: int  # running score as if the game ended now (W23)


class WayfindersView(BaseModel):
    """Everything a seat may see (W42: all public except face-down tiles)."""

    game: Literal["wayfinders"] = "wayfinders"
    viewer: Optional[str] = None
    seats: list[str]  # seat order at the table: a seat's colour/shape is its index here
    cells: list[CellView]  # 25, in CELLS order
    hangars: list[list[str]]  # in use, top -> bottom
    workers: list[list[str]]  # per hangar, seats in placement order
    bag: dict[str, int]
    bag_total: int
    players: list[PlayerView]  # in turn order
    to_act: list[str]
    phase: Phase
    round: int
    final_round: bool
    last_hangar: int  # highest hangar number in use (4, 6 or 8)
    flown: list[str] = Field(default_factory=list)
