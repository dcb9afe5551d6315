"""Eclipse state, options and view (pydantic models; no rules here).

For speed the bulky parts are plain JSON data (dicts with string keys, lists,
ints, strings, bools, None; never tuples), so a state copies with marshal and
round-trips through JSON exactly.  Their shapes:

hexes: hex id -> {"q", "r", "rot", "owner" (seat or None), "pop": [0/1 per
    square of the hex's data], "orb": 0 none / 1 empty / 2 with a cube,
    "mono": bool, "ships": {seat: {ship type: count}}, "arrive": [seats in
    arrival order, E43], "anc": Ancients, "gcds": bool, "disc": Discovery tile
    name or None}
players: seat -> {"side", "species", "res": [money, science, materials],
    "track": discs on the influence track, "discs": discs owned, "acted":
    discs on action spaces, "pop": [cubes on the three tracks], "grave":
    [graveyard cubes], "col_up", "col": colony ships, "techs": {category:
    [names]}, "bp": {ship: [part or None per slot]}, "built": {ship: n},
    "rep": [values], "kept": [Discovery tiles kept for 2 VP], "parts":
    [ancient parts beside the board], "passed", "out" (collapsed), "frozen"}
stack: decision frames, the pending one last (see flow.py).
"""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ..contract import GameState

Phase = Literal["species", "action", "combat", "upkeep", "over"]


class EclipseOptions(BaseModel):
    """`/game new` options (E11)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    # E11: the rulebook's advice for a first game: Terran factions only.
    terrans_only: bool = False
    # E11 RULING: Draco and Planta are offered in 2-player games only with this.
    draco_planta_2p: bool = False


class EclipseState(GameState):
    game: Literal["eclipse"] = "eclipse"
    options: EclipseOptions = Field(default_factory=EclipseOptions)
    order: list[str]  # clockwise seating order (E10)
    phase: Phase = "species"
    round: int = 1
    start: str  # Start Player of the current round
    turn: Optional[str] = None  # whose Action-phase turn it is
    first_pass: Optional[str] = None  # first seat to pass this round (E27)
    stacks: dict[str, list[str]]  # ring -> hex ids, top of the stack last
    discards: dict[str, list[str]]  # ring -> face-up discarded hex ids
    tech_bag: list[str]
    supply: dict[str, int]  # tech -> tiles on the supply board
    rep_bag: list[int]
    disc_bag: list[str]  # face-down Discovery tiles, next one last
    hexes: dict[str, Any]
    players: dict[str, Any]
    stack: list[Any] = Field(default_factory=list)
    # battles the last move fought in (battle.py; reset by every apply like `events`): ended
    # ones as {"hex", "log": [event dumps], "over": True}, the one under way as {"hex", "live"}
    battles: list[Any] = Field(default_factory=list)


class HexView(BaseModel):
    id: str
    q: int
    r: int
    rot: int
    wormholes: list[int]  # directions (E12) after rotation
    vp: int
    squares: list[str]
    pop: list[int]
    owner: Optional[str]
    orbital: int
    monolith: bool
    ships: dict[str, dict[str, int]]
    ancients: int
    gcds: bool
    discovery: bool  # a face-down Discovery tile lies here
    damage: dict[str, dict[str, list[int]]] = Field(default_factory=dict)  # side -> type -> hits (E60)


class PlayerView(BaseModel):
    seat: str
    side: Optional[str]
    species: Optional[str]
    money: int
    science: int
    materials: int
    track: int
    upkeep: int
    pop: list[int]
    production: list[int]
    graveyard: list[int]
    colony_up: int
    colony: int
    techs: dict[str, list[str]]
    blueprints: dict[str, list[Optional[str]]]
    stats: dict[str, dict[str, int]]
    built: dict[str, int]
    reputation: int  # tiles held (public count)
    reputation_values: Optional[list[int]] = None  # owner only (E22)
    discoveries: int
    discovery_tiles: Optional[list[str]] = None  # owner only (E45)
    ancient_parts: list[str]
    passed: bool
    collapsed: bool
    trade: int
    ambassadors: int = 0  # Ambassadors held (E46)
    traitor: bool = False  # holds the Traitor card (E48)


class EclipseView(BaseModel):
    game: Literal["eclipse"] = "eclipse"
    viewer: Optional[str]
    phase: str
    round: int
    start: str
    turn: Optional[str]
    to_act: list[str]
    order: list[str]
    hexes: list[HexView]
    players: list[PlayerView]
    supply: dict[str, int]
    stacks: dict[str, int]
    tech_bag: int
    rep_bag: int
    log: list[Any] = Field(default_factory=list)
    # the battles this move fought in, each from its start: {"hex", "log", "over"} (battle.py)
    battles: list[Any] = Field(default_factory=list)
    # a pending Explore (E103, public): the positions offered at step 1, or the position being
    # explored and each drawn hex in each legal orientation (E35), as the placement options list them
    explore_targets: list[str] = Field(default_factory=list)
    explore_pos: Optional[str] = None
    explore_options: list[HexView] = Field(default_factory=list)
