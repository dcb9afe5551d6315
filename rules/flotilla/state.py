"""Flotilla state, options and view (pydantic models only, no rules).

Cells are "q,r" strings (hexes.py).  A board entry is a list treated as an
immutable value (replace it, never change it in place):

    [tile id or "start", rotation, owner seat, depleted 0/1, outpost 0/1, side "sink"/"sky"]

The decision chain (`todo`) is a list of typed frames (frames.py), saved as lists `[kind, *args]`,
immutable values; frame 0 is the pending step (chain.py).
"""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ..contract import GameState
from .frames import FlotillaFrame

Side = Literal["sink", "sky"]

# Board entry indices
TILE, ROT, OWNER, DEPLETED, OUTPOST, FACE = range(6)


class FlotillaOptions(BaseModel):
    """`/game new` options.  F9: objective sets may be chosen instead of drawn at random."""

    model_config = ConfigDict(extra="forbid")

    objective_sets: Optional[list[str]] = None  # 2P set names: first P Sinkside, next P Skyside


class Skiff(BaseModel):
    cell: str
    cargo: list[str] = Field(default_factory=list)  # colours, at most 4 (F37)

    @classmethod
    def at(cls, cell: str, cargo: list[str] | None = None) -> "Skiff":
        """`Skiff(cell=cell, cargo=cargo)` without validation (hot path; trusted values)."""
        m = object.__new__(cls)
        object.__setattr__(m, "__dict__", {"cell": cell, "cargo": list(cargo or [])})
        object.__setattr__(m, "__pydantic_fields_set__", {"cell", "cargo"})
        object.__setattr__(m, "__pydantic_extra__", None)
        object.__setattr__(m, "__pydantic_private__", None)
        return m


class Player(BaseModel):
    seat: str
    home: str  # cell of the starting tile (D1 berth)
    side: Side = "sink"
    coins: int = 0
    vp: int = 0
    tox: int = 0
    barrels: dict[str, int]  # reserve, per colour
    skiffs: list[Skiff] = Field(default_factory=list)  # in play (F12)
    skiff_reserve: int = 3
    seals: dict[str, int]  # guild -> seals on its banner (F61)
    ring: dict[str, int]  # guild -> ring space 1..6 (D6: start on 6)
    outposts: int = 0  # built (F31), floating ones included
    floating: int = 0
    objectives: list[str] = Field(default_factory=list)  # "<set>:<side>:<value>"
    hand: list[str]
    discard: list[str] = Field(default_factory=list)  # last = topside card
    tiles: list[str] = Field(default_factory=list)  # reserve ocean tiles (Skyside face)


class FlotillaState(GameState):
    game: Literal["flotilla"] = "flotilla"
    options: FlotillaOptions = Field(default_factory=FlotillaOptions)
    order: list[str]  # seat 1..P (F2)
    players: dict[str, Player]
    board: dict[str, list[Any]]  # cell -> entry (see module doc)
    bag: list[str]  # ocean tiles (F10)
    artifact_bag: list[str]
    slotted: dict[str, list[str]]  # guild -> artifacts slotted at its dial (F56)
    stacks: dict[str, list[str]]  # guild -> crew stack, top first (F11)
    objectives: dict[str, dict[str, int]]  # side -> set -> tiles taken (F9)
    market: dict[str, int]  # colour -> value 1..10 (D4)
    dials: dict[str, int]  # guild -> 1..4 (F59)
    survivor: int = 0
    survivor_track: str = "II"
    sonar: int = 0
    supply: int  # VP supply (F8, F62)
    reserve_used: int = 0  # VP taken from the reserve (E11)
    turn: int = 0  # index into order
    round: int = 1
    end_round: Optional[int] = None  # the final round, once the end is triggered (F62, F67)
    by_limit: bool = False  # the end came from the round limit (E45)
    over: bool = False
    playing: Optional[str] = None  # the card being resolved
    copying: Optional[str] = None  # the card a Scholar copies (F22)
    todo: list[FlotillaFrame] = Field(default_factory=list)  # the decision chain (frames.py), pending first
    drawn: list[str] = Field(default_factory=list)  # tiles drawn and not yet placed/kept (F39)
    bought: dict[str, int] = Field(default_factory=dict)  # this card's buys/sells (F34)
    sold: dict[str, int] = Field(default_factory=dict)
    traded: dict[str, str] = Field(default_factory=dict)  # colour -> "buy"/"sell" this turn (F35)
    mods: dict[str, int] = Field(default_factory=dict)  # outpost_minus / cost_minus (D11)
    built: list[str] = Field(default_factory=list)  # cells built in this Build (F41.4)
    dice: list[int] = Field(default_factory=list)  # research dice faces (D10 index), F51
    wilds: list[str] = Field(default_factory=list)  # guild chosen for each wild so far (F52)


# ---- view --------------------------------------------------------------------

class TileView(BaseModel):
    cell: str
    tile: str  # id or "start"
    owner: str
    face: Side
    rot: int
    colour: Optional[str] = None
    depth: Optional[str] = None
    tox: int = 0
    island: bool = False
    wedge: Optional[str] = None
    craft: list[int] = Field(default_factory=list)  # rotated craft edges (Skyside)
    building: bool = False
    site: bool = False
    sonar: bool = False
    depleted: bool = False
    outpost: bool = False


class PlayerView(BaseModel):
    seat: str
    position: int
    side: Side
    coins: int
    vp: int
    tox: int
    penalty_space: int
    barrels: dict[str, int]
    skiffs: list[Skiff]
    skiff_reserve: int
    seals: dict[str, int]
    ring: dict[str, int]
    outposts: int
    floating: int
    objectives: list[str]
    hand_size: int
    hand: Optional[list[str]] = None  # only in the owner's own view (F17)
    discard_top: Optional[str] = None
    discard_size: int
    tiles: list[str]


class FlotillaView(BaseModel):
    game: Literal["flotilla"] = "flotilla"
    viewer: Optional[str] = None
    players: list[PlayerView]  # in seat order
    tiles: list[TileView]
    market: dict[str, int]
    dials: dict[str, int]
    slotted: dict[str, list[str]]
    stack_tops: dict[str, Optional[str]]
    stack_sizes: dict[str, int]
    objectives: dict[str, dict[str, list[int]]]  # side -> set -> values left, top first
    survivor: int
    survivor_track: str
    sonar: int
    supply: int
    bag: int
    artifact_bag: int
    round: int
    round_limit: int
    end_round: Optional[int]
    to_act: list[str]
    playing: Optional[str] = None
    copying: Optional[str] = None
    drawn: list[str] = Field(default_factory=list)
    over: bool = False
    # the pending decision, for the map: the cells a legal move chooses (a tile's cell, a
    # skiff's next cell, an outpost's site, a tile to deplete or clear), the tile being placed or
    # built with its offered rotations and, once its cell is chosen, that cell
    targets: list[str] = Field(default_factory=list)
    pending_tile: Optional[str] = None
    pending_face: Optional[Side] = None
    rotations: list[int] = Field(default_factory=list)
    chosen: Optional[str] = None
    # after the end: the final scores (F63, F64) and ranks (F65), as the outcome has them
    final_scores: dict[str, int] = Field(default_factory=dict)
    final_ranks: dict[str, int] = Field(default_factory=dict)
    final_breakdown: dict[str, dict[str, int]] = Field(default_factory=dict)
